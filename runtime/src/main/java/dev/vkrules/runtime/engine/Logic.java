package dev.vkrules.runtime.engine;

import dev.vkrules.runtime.engine.base.Unknown;
import dev.vkrules.runtime.engine.base.Values;
import java.util.function.BooleanSupplier;
import java.util.function.IntPredicate;
import java.util.function.IntToLongFunction;
import java.util.function.LongSupplier;

/**
 * The operators generated checkers call. Predicates may throw {@link Unknown}; the
 * connectives follow Kleene's three-valued logic (false wins in {@code all}, true wins in
 * {@code any}; otherwise unknown propagates), so an undeterminable fact never causes a
 * report on its own.
 */
public final class Logic {
  /** A table cell that matches every value ("Any", "N/A"); equals the generator's sentinel. */
  public static final long WILDCARD = Long.MIN_VALUE;

  private Logic() {}

  /** True when the subject is selected by {@code where} and {@code require} is definitely false. */
  public static boolean fails(BooleanSupplier where, BooleanSupplier require) {
    try {
      return where.getAsBoolean() && !require.getAsBoolean();
    } catch (Unknown u) {
      return false;
    }
  }

  public static boolean all(BooleanSupplier... parts) {
    boolean unknown = false;
    for (BooleanSupplier p : parts) {
      try {
        if (!p.getAsBoolean()) {
          return false;
        }
      } catch (Unknown u) {
        unknown = true;
      }
    }
    return unknown ? Unknown.raise() : true;
  }

  public static boolean any(BooleanSupplier... parts) {
    boolean unknown = false;
    for (BooleanSupplier p : parts) {
      try {
        if (p.getAsBoolean()) {
          return true;
        }
      } catch (Unknown u) {
        unknown = true;
      }
    }
    return unknown ? Unknown.raise() : false;
  }

  /** {@code if a then b}: true when a is false; b when a is true; unknown when a is unknown and b not true. */
  public static boolean implies(BooleanSupplier a, BooleanSupplier b) {
    return any(() -> !a.getAsBoolean(), b);
  }

  public static boolean every(int[] list, IntPredicate p) {
    boolean unknown = false;
    for (int x : list) {
      try {
        if (!p.test(x)) {
          return false;
        }
      } catch (Unknown u) {
        unknown = true;
      }
    }
    return unknown ? Unknown.raise() : true;
  }

  public static boolean some(int[] list, IntPredicate p) {
    boolean unknown = false;
    for (int x : list) {
      try {
        if (p.test(x)) {
          return true;
        }
      } catch (Unknown u) {
        unknown = true;
      }
    }
    return unknown ? Unknown.raise() : false;
  }

  public static boolean none(int[] list, IntPredicate p) {
    return !some(list, p);
  }

  // The quantifiers of a checker's fast form: an unknown element raises Unknown at once (the
  // checker then runs its exact form), so when they return, every element they looked at was known.

  public static boolean everyOrUnknown(int[] list, IntPredicate p) {
    for (int x : list) {
      if (!p.test(x)) {
        return false;
      }
    }
    return true;
  }

  public static boolean someOrUnknown(int[] list, IntPredicate p) {
    for (int x : list) {
      if (p.test(x)) {
        return true;
      }
    }
    return false;
  }

  public static boolean noneOrUnknown(int[] list, IntPredicate p) {
    return !someOrUnknown(list, p);
  }

  /**
   * A fast form's test of one element, given the facts and the check's subject as arguments rather
   * than captured: the generator makes it a static method of the checker and passes a lambda that
   * captures nothing, one object for the whole run. A capturing lambda was a new object per call of
   * the check, which with the C1 compiler is a native allocation each time (a rule that runs once
   * per decoration made 40,000 of them on a module of 40,000 decorations).
   */
  @FunctionalInterface
  public interface ElementTest {
    boolean test(Facts f, int subject, int element);
  }

  public static boolean everyOrUnknown(int[] list, Facts f, int subject, ElementTest p) {
    for (int x : list) {
      if (!p.test(f, subject, x)) {
        return false;
      }
    }
    return true;
  }

  public static boolean someOrUnknown(int[] list, Facts f, int subject, ElementTest p) {
    for (int x : list) {
      if (p.test(f, subject, x)) {
        return true;
      }
    }
    return false;
  }

  public static boolean noneOrUnknown(int[] list, Facts f, int subject, ElementTest p) {
    return !someOrUnknown(list, f, subject, p);
  }

  /** How many elements definitely satisfy {@code p}; unknown elements are not counted. */
  public static int count(int[] list, IntPredicate p) {
    int n = 0;
    for (int x : list) {
      try {
        if (p.test(x)) {
          n++;
        }
      } catch (Unknown u) {
        // not counted: a count bound then never fails because of an unknown element
      }
    }
    return n;
  }

  /**
   * The elements that definitely satisfy {@code p}, in order: what a {@code group} with a
   * {@code where} groups. Unknown elements are left out, as {@link #count} leaves them out.
   */
  public static int[] select(int[] list, IntPredicate p) {
    int[] out = new int[list.length];
    int n = 0;
    for (int x : list) {
      try {
        if (p.test(x)) {
          out[n++] = x;
        }
      } catch (Unknown u) {
        // left out: the group then never fails because of it
      }
    }
    return n == list.length ? list : java.util.Arrays.copyOf(out, n);
  }

  /** True when the value can be determined. */
  public static boolean present(BooleanSupplier value) {
    try {
      value.getAsBoolean();
      return true;
    } catch (Unknown u) {
      return false;
    }
  }

  /** Evaluates a value for {@link #present}. */
  public static boolean touch(long value) {
    return true;
  }

  // Fixed-arity forms of in and hasAny: Java picks them before the varargs form, so the short
  // lists of most rules cost no array per call.

  public static boolean in(long v, long a) {
    return v == a;
  }

  public static boolean in(long v, long a, long b) {
    return v == a || v == b;
  }

  public static boolean in(long v, long a, long b, long c) {
    return v == a || v == b || v == c;
  }

  public static boolean in(long v, long a, long b, long c, long d) {
    return v == a || v == b || v == c || v == d;
  }

  public static boolean hasAny(long[] set, long a) {
    for (long x : set) {
      if (x == a) {
        return true;
      }
    }
    return false;
  }

  public static boolean hasAny(long[] set, long a, long b) {
    for (long x : set) {
      if (x == a || x == b) {
        return true;
      }
    }
    return false;
  }

  public static boolean in(long v, long... values) {
    return Values.in(v, values);
  }

  public static boolean hasAll(long mask, long bits) {
    return (mask & bits) == bits;
  }

  public static boolean hasAny(long[] set, long... values) {
    for (long v : values) {
      if (in(v, set)) {
        return true;
      }
    }
    return false;
  }

  public static boolean hasAll(long[] set, long... values) {
    for (long v : values) {
      if (!in(v, set)) {
        return false;
      }
    }
    return true;
  }

  public static boolean subsetOf(long[] set, long... allowed) {
    for (long v : set) {
      if (!in(v, allowed)) {
        return false;
      }
    }
    return true;
  }

  /** A lookup table: rows of {@code key, cell...}. */
  public static long[][] rows(long[]... rows) {
    return rows;
  }

  /** True when the row for {@code key} matches every value (wildcard cells match all); unknown without a row. */
  public static boolean rowMatches(long[][] table, long key, LongSupplier... values) {
    for (long[] row : table) {
      if (row[0] == key) {
        boolean unknown = false;
        for (int i = 0; i < values.length; i++) {
          if (row[i + 1] == WILDCARD) {
            continue;
          }
          try {
            if (values[i].getAsLong() != row[i + 1]) {
              return false;
            }
          } catch (Unknown u) {
            unknown = true;
          }
        }
        return unknown ? Unknown.raise() : true;
      }
    }
    return Unknown.raise();
  }

  /**
   * Per-group agreement: elements whose key is the same must have the same value. Elements
   * whose key or value is unknown take no part; so a group never fails because of them.
   */
  public static boolean groupSame(int[] list, IntToLongFunction key, IntToLongFunction value) {
    java.util.Map<Long, Long> seen = new java.util.TreeMap<>();
    for (int x : list) {
      try {
        long k = key.applyAsLong(x);
        long v = value.applyAsLong(x);
        Long prior = seen.putIfAbsent(k, v);
        if (prior != null && prior != v) {
          return false;
        }
      } catch (Unknown u) {
        // not part of any group
      }
    }
    return true;
  }

  /**
   * Per-group ranges: elements whose key is the same must have ranges [start, start + size)
   * of integers (bytes, input attachment indices) that do not overlap (empty ranges never
   * overlap). Unknown elements take no part.
   */
  public static boolean groupDisjoint(int[] list, IntToLongFunction key, IntToLongFunction start,
      IntToLongFunction size) {
    java.util.Map<Long, java.util.TreeMap<Long, Long>> groups = new java.util.TreeMap<>();
    for (int x : list) {
      try {
        long k = key.applyAsLong(x);
        long s = start.applyAsLong(x);
        long n = size.applyAsLong(x);
        java.util.TreeMap<Long, Long> g = groups.computeIfAbsent(k, y -> new java.util.TreeMap<>());
        if (n > 0 && g.put(s, end(s, n)) != null) {
          return false; // two ranges start at the same value
        }
      } catch (Unknown u) {
        // not part of any group
      }
    }
    for (java.util.TreeMap<Long, Long> ranges : groups.values()) {
      long end = Long.MIN_VALUE;
      for (java.util.Map.Entry<Long, Long> r : ranges.entrySet()) {
        if (r.getKey() < end) {
          return false;
        }
        end = Math.max(end, r.getValue());
      }
    }
    return true;
  }

  /** The end of a non-empty range, held at the largest long (a huge array's indices). */
  private static long end(long start, long size) {
    return size > Long.MAX_VALUE - Math.max(start, 0) ? Long.MAX_VALUE : start + size;
  }

  /** True when {@code a} is a multiple of {@code b}; unknown when {@code b} is not positive. */
  public static boolean multipleOf(long a, long b) {
    return b > 0 ? a % b == 0 : Unknown.raise();
  }
}
