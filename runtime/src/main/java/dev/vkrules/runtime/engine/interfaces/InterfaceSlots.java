package dev.vkrules.runtime.engine.interfaces;

import dev.vkrules.runtime.engine.base.Opcodes;
import dev.vkrules.runtime.engine.base.Unknown;
import dev.vkrules.runtime.engine.module.ModuleIndex;
import dev.vkrules.runtime.spirv.IdMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The Input or Output interface of one entry point, as the Shader Interfaces chapter's
 * "Location and Component Assignment" lays it out: which (Location, Component) slots each
 * user-defined variable (or block member) consumes, and which built-ins each variable
 * carries. Backs the {@code interface:} predicate of the rule language.
 *
 * <p>Slots: a 32-bit (or narrower) scalar or vector takes one Component per component in one
 * Location; a 64-bit one takes two Components per component, running on into the next
 * Location; a matrix takes whole Locations like an array of its columns widened to four
 * components; an array of n elements of l Locations takes n times l Locations, each
 * element at the same Components; a struct lays its members out in order, from the
 * variable's Location or from each member's own. The per-vertex outer array level is
 * dropped where interface matching drops it: non-Patch inputs of tessellation control,
 * tessellation evaluation and geometry shaders, non-Patch outputs of tessellation control
 * shaders, outputs of mesh shaders, and PerVertexKHR inputs of fragment shaders. The
 * {@code Index} decoration (dual-source blending) is part of a slot, and so is
 * {@code Patch}: per-patch and per-vertex variables are counted against separate limits
 * (maxTessellationControlPerPatchOutputComponents), so they have separate Locations.
 *
 * <p>All work is linear in the interface: slots are hashed, never compared pairwise, and the
 * Locations of each type are counted once per module (a struct of N members that are one struct
 * of N members is 2N steps). A variable whose layout cannot be determined (no Location, an array
 * sized by a specialization constant, an undefined type) contributes nothing: other rules
 * report a missing Location. A variable of more than {@link #MAX_LOCATIONS} Locations has no
 * slots (they are not enumerated) but still counts, exactly, in the Locations the interface
 * spans and consumes ({@link #locationsSpanned}, {@link #distinctLocations}): the stage limits
 * see it.
 */
public final class InterfaceSlots {
  // Enumerant values of the SPIR-V grammar (the runtime carries no grammar).
  public static final long INPUT = 1;
  public static final long OUTPUT = 3;
  static final long TESSELLATION_CONTROL = 1;
  static final long TESSELLATION_EVALUATION = 2;
  static final long GEOMETRY = 3;
  static final long FRAGMENT = 4;
  static final long MESH_NV = 5268;
  static final long MESH_EXT = 5365;
  static final long PATCH = 15;
  static final long LOCATION = 30;
  static final long COMPONENT = 31;
  static final long INDEX = 32;
  static final long PER_VERTEX_KHR = 5285;

  /** Far above any device's interface limit; bounds the work for absurd array sizes. */
  static final int MAX_LOCATIONS = 4096;

  private InterfaceSlots() {}

  /**
   * One consumed slot: which variable (its offset) and which member of it, if any, and the
   * numeric type (scalar, vector or matrix column, by offset) whose component fills it.
   */
  public   record Slot(int variable, long location, long component, long index, int member, boolean patch, int type) {
    long key() {
      return (patch ? 1L << 50 : 0) | (index << 40) | (location << 2) | component;
    }
  }

  /**
   * No (Location, Component, Index) slot is consumed twice: by two variables
   * ({@code acrossVariables}), or by two members of one variable (otherwise).
   */
  public static boolean uniqueSlots(InterfaceView f, int ep, long storageClass, boolean acrossVariables) {
    Map<Long, Integer> owner = new HashMap<>();
    for (int v : interfaceVariables(f, ep, storageClass)) {
      if (!acrossVariables) {
        owner.clear();
      }
      for (Slot s : slots(f, ep, v)) {
        Integer prev = owner.putIfAbsent(s.key(), acrossVariables ? v : s.member());
        if (prev != null && prev != (acrossVariables ? v : s.member())) {
          return false;
        }
      }
    }
    return true;
  }

  /**
   * Every two different variables that share a Location carry the same subset of the given
   * decorations (on the variable, or on the member that consumes the Location).
   */
  public static boolean samePerLocation(InterfaceView f, int ep, long storageClass, long... decorations) {
    Map<Long, Set<Integer>> owners = new HashMap<>();
    Map<Long, Set<Integer>> signatures = new HashMap<>();
    for (int v : interfaceVariables(f, ep, storageClass)) {
      for (Slot s : slots(f, ep, v)) {
        long where = (s.patch() ? 1L << 50 : 0) | (s.index() << 40) | s.location();
        owners.computeIfAbsent(where, k -> new HashSet<>()).add(v);
        signatures.computeIfAbsent(where, k -> new HashSet<>()).add(signature(f, v, s.member(), decorations));
      }
    }
    // Two owners and two signatures at one Location always include a pair of different
    // variables with different decorations (if X and Y agree, the odd one out differs from one).
    for (Map.Entry<Long, Set<Integer>> e : owners.entrySet()) {
      if (e.getValue().size() > 1 && signatures.get(e.getKey()).size() > 1) {
        return false;
      }
    }
    return true;
  }

  /** No BuiltIn is used twice: on the interface's variables and their blocks' members. */
  public static boolean uniqueBuiltIns(InterfaceView f, int ep, long storageClass) {
    Set<Long> seen = new HashSet<>();
    for (int v : interfaceVariables(f, ep, storageClass)) {
      for (long b : builtIns(f, v)) {
        if (!seen.add(b)) {
          return false;
        }
      }
    }
    return true;
  }

  /**
   * The Locations the entry point's user-defined Input or Output interface spans: the
   * highest Location a non-Patch variable or block member consumes, plus one (0 when none).
   * Per-patch variables are left out: the stage limits of "Shader Input and Output
   * Locations" are the per-vertex ones (per-patch Locations have limits of their own).
   */
  public static long locationsSpanned(InterfaceView f, int ep, long storageClass) {
    // asked once per device a rule is judged on (the guaranteed minimums, each profile): made once
    Map<Long, Long> known = f.memo(SpansByEntryPoint.class, x -> new SpansByEntryPoint()).made;
    long key = ((long) ep << 32) | storageClass;
    Long made = known.get(key);
    if (made == null) {
      made = span(f, ep, storageClass);
      known.put(key, made);
    }
    if (f.device().counting()) {
      f.device().counted(CountedParts.ordered(CountedParts.locations(f, ep, storageClass)));
    }
    return made;
  }

  /** {@link #locationsSpanned} by entry point and storage class, for one module. */
  private static final class SpansByEntryPoint {
    final Map<Long, Long> made = new HashMap<>();
  }

  private static long span(InterfaceView f, int ep, long storageClass) {
    long span = 0;
    for (int v : interfaceVariables(f, ep, storageClass)) {
      Placed p = placed(f, ep, v);
      if (p.ranges != null) {
        for (int i = 1; i < p.ranges.length; i += 2) {
          span = Math.max(span, p.ranges[i]);
        }
      }
      for (Slot s : p.slots) {
        if (!s.patch()) {
          span = Math.max(span, s.location() + 1);
        }
      }
    }
    return span;
  }

  /** The number of distinct Locations the entry point's user-defined non-Patch variables of the storage class consume. */
  public static long distinctLocations(InterfaceView f, int ep, long storageClass) {
    Set<Long> locations = new HashSet<>();
    List<long[]> ranges = new ArrayList<>();
    for (int v : interfaceVariables(f, ep, storageClass)) {
      Placed p = placed(f, ep, v);
      if (p.ranges != null) {
        for (int i = 0; i < p.ranges.length; i += 2) {
          ranges.add(new long[] {p.ranges[i], p.ranges[i + 1]});
        }
      }
      for (Slot s : p.slots) {
        if (!s.patch()) {
          locations.add(s.location());
        }
      }
    }
    if (ranges.isEmpty()) {
      return locations.size();
    }
    // A variable too large to enumerate: the length of the union of every Location range.
    for (long l : locations) {
      ranges.add(new long[] {l, l + 1});
    }
    ranges.sort((a, b) -> Long.compare(a[0], b[0]));
    long total = 0;
    long end = Long.MIN_VALUE;
    for (long[] r : ranges) {
      long from = Math.max(r[0], end);
      if (r[1] > from) {
        total += r[1] - from;
      }
      end = Math.max(end, r[1]);
    }
    return total;
  }

  /** The distinct variables of the entry point's Interface operands in the storage class. */
  public static List<Integer> interfaceVariables(InterfaceView f, int ep, long storageClass) {
    ModuleIndex m = f.module();
    int end = ep + f.count(ep);
    Set<Integer> out = new LinkedHashSet<>();
    for (int p = m.stringEnd(ep + 3); p < end; p++) {
      int id = m.words[p];
      if (id <= 0 || id >= m.bound || m.def(id) < 0) {
        continue;
      }
      int v = m.def(id);
      try {
        if (f.opcode(v) == Opcodes.OP_VARIABLE && f.storageClass(v) == storageClass) {
          out.add(v);
        }
      } catch (Unknown u) {
        // not a variable whose storage class can be read: not part of this interface
      }
    }
    return new ArrayList<>(out);
  }

  /** BuiltIns decorating the variable or the members of its (arrays removed) struct type. */
  static List<Long> builtIns(InterfaceView f, int v) {
    List<Long> out = new ArrayList<>();
    collectBuiltIns(f, f.module().words[v + 2], -1, out);
    try {
      int t = f.base(f.pointee(v));
      if (f.opcode(t) == Opcodes.OP_TYPE_STRUCT) {
        collectBuiltIns(f, f.module().words[t + 1], -2, out);
      }
    } catch (Unknown u) {
      // an undefined type has no members
    }
    return out;
  }

  /** {@code member} -1: only decorations of the id itself; -2: only member decorations. */
  private static void collectBuiltIns(InterfaceView f, int id, int member, List<Long> out) {
    ModuleIndex m = f.module();
    if (id <= 0 || id >= m.bound) {
      return;
    }
    for (int d : m.decorationsOf(id, member == -2 ? -2 : -1, Opcodes.DECORATION_BUILTIN)) {
      out.add(f.decorationParam(d, 0));
    }
  }

  /**
   * The slots a user-defined variable consumes; empty for built-ins, undeterminable layouts and
   * variables of more than {@link #MAX_LOCATIONS} Locations. Made once per entry point and
   * variable of a module (several rules and their device re-evaluations ask for the same
   * interface: a 16,383-member block was walked member by member for each); the list is
   * unmodifiable.
   */
  public static List<Slot> slots(InterfaceView f, int ep, int v) {
    return placed(f, ep, v).slots;
  }

  /**
   * Whether the variable is user-defined and takes Locations: it has slots, or it is too large
   * to enumerate and takes Location ranges.
   */
  public static boolean takesLocations(InterfaceView f, int ep, int v) {
    Placed p = placed(f, ep, v);
    return !p.slots.isEmpty() || (p.ranges != null && p.ranges.length > 0);
  }

  /**
   * The non-Patch Location ranges ([from, to) pairs) of a variable too large to enumerate, or null
   * for one whose slots are enumerated ({@link #slots}).
   */
  static long[] locationRanges(InterfaceView f, int ep, int v) {
    return placed(f, ep, v).ranges;
  }

  /**
   * What one variable takes: its slots, and for a variable too large to enumerate ({@code slots}
   * empty) the non-Patch Location ranges it takes instead, as [from, to) pairs; null otherwise.
   */
  private record Placed(List<Slot> slots, long[] ranges) {}

  private static Placed placed(InterfaceView f, int ep, int v) {
    Map<Long, Placed> known = f.memo(SlotsByVariable.class, x -> new SlotsByVariable()).made;
    long key = ((long) ep << 32) | (v & 0xffffffffL);
    Placed out = known.get(key);
    if (out == null) {
      List<Slot> slots = new ArrayList<>();
      long[] ranges = null;
      try {
        walk(f, ep, v, slots);
      } catch (TooLarge e) {
        slots.clear();
        try {
          ranges = ranges(f, ep, v);
        } catch (Unknown u) {
          ranges = null; // an undeterminable layout: nothing, as for one of any size
        }
      } catch (Unknown e) {
        slots.clear();
      }
      out = new Placed(List.copyOf(slots), ranges);
      known.put(key, out);
    }
    return out;
  }

  /** {@link #placed} by entry point and variable, for one module. */
  private static final class SlotsByVariable {
    final Map<Long, Placed> made = new HashMap<>();
  }

  /** The type a variable's Locations are laid out from: its pointee, less a per-vertex outer array. */
  private static int laidOutType(InterfaceView f, int ep, int v, int varId) {
    int t = f.pointee(v);
    if (perVertexArrayed(f, ep, v, varId) && (f.opcode(t) == Opcodes.OP_TYPE_ARRAY
        || f.opcode(t) == Opcodes.OP_TYPE_RUNTIME_ARRAY)) {
      t = f.element(t);
    }
    return t;
  }

  /**
   * The Location ranges of a variable too large to enumerate, counted instead of placed: one
   * range for the variable, or one per member of a struct (members at their own Location or
   * after the previous one, as {@link #walk} places them). Empty for a built-in, a Patch
   * variable or one without a Location.
   */
  private static long[] ranges(InterfaceView f, int ep, int v) {
    int varId = f.module().words[v + 2];
    if (decoration(f, varId, -1, Opcodes.DECORATION_BUILTIN) >= 0 || decoration(f, varId, -1, PATCH) >= 0) {
      return new long[0];
    }
    int t = laidOutType(f, ep, v, varId);
    long location = decoration(f, varId, -1, LOCATION);
    if (f.opcode(t) != Opcodes.OP_TYPE_STRUCT) {
      return location < 0 ? new long[0] : new long[] {location, location + exactLocations(f, t)};
    }
    int members = f.count(t) - 2;
    MemberDecorations md = memberDecorations(f, t);
    LocationCounts counts = locationCounts(f);
    long[] out = new long[2 * Math.max(members, 0)];
    int filled = 0;
    // one call per member: this loop runs once per variable, in the interpreter; the call is compiled
    for (int i = 0; i < members; i++) {
      filled = memberRange(f, md, counts, t, i, filled == 0 ? location : out[filled - 1], out, filled);
    }
    return Arrays.copyOf(out, filled);
  }

  /**
   * Adds the Location range of member {@code i} of struct type {@code t}, placed at its own
   * Location or at {@code next}, to {@code out} at {@code filled}; returns the new fill (unchanged
   * for a member without a start).
   */
  private static int memberRange(InterfaceView f, MemberDecorations md, LocationCounts counts, int t, int i, long next,
      long[] out, int filled) {
    long at = memberStart(f, md, i, next);
    if (at < 0) {
      return filled;
    }
    long n = counts.of(f, f.def(f.module().words[t + 2 + i]), 0);
    out[filled] = at;
    out[filled + 1] = at + n;
    return filled + 2;
  }

  /** Adds the variable's slots to {@code out}; throws Unknown or TooLarge where they cannot be enumerated. */
  private static void walk(InterfaceView f, int ep, int v, List<Slot> out) {
    int varId = f.module().words[v + 2];
    if (decoration(f, varId, -1, Opcodes.DECORATION_BUILTIN) >= 0) {
      return;
    }
    int t = laidOutType(f, ep, v, varId);
    long location = decoration(f, varId, -1, LOCATION);
    long component = orZero(decoration(f, varId, -1, COMPONENT));
    long index = orZero(decoration(f, varId, -1, INDEX));
    boolean patch = decoration(f, varId, -1, PATCH) >= 0;
    if (f.opcode(t) == Opcodes.OP_TYPE_STRUCT) {
      MemberDecorations md = memberDecorations(f, t);
      long next = location;
      // one call per member: this loop runs once per variable, in the interpreter; the call is compiled
      for (int i = 0; i + 2 < f.count(t); i++) {
        next = placeMember(f, md, t, i, next, v, index, patch, out);
      }
    } else if (location >= 0) {
      place(f, t, location, component, v, index, patch, -1, out);
    }
  }

  /**
   * Adds the slots of member {@code i} of struct type {@code t}, placed at its own Location or at
   * {@code next}; returns the Location after it ({@code next} for a member without a start).
   */
  private static long placeMember(InterfaceView f, MemberDecorations md, int t, int i, long next, int v, long index,
      boolean patch, List<Slot> out) {
    long at = memberStart(f, md, i, next);
    if (at < 0) {
      return next;
    }
    long c = orZero(memberParam(f, md.component, i));
    return at + place(f, f.def(f.module().words[t + 2 + i]), at, c, v, index, patch, i, out);
  }

  /**
   * The Location member {@code i} of a struct starts at: its own Location, else {@code next} (the
   * Location after the member before it, or the variable's); -1 for a built-in member or where
   * neither is known (no Location: another rule's matter).
   */
  private static long memberStart(InterfaceView f, MemberDecorations md, int i, long next) {
    if (memberParam(f, md.builtIn, i) >= 0) {
      return -1;
    }
    long own = memberParam(f, md.location, i);
    return own >= 0 ? own : next;
  }

  /**
   * The BuiltIn, Location and Component decorations of a struct type's members, each the first of
   * its kind per member ({@link ModuleIndex#firstMemberDecorations}; null when no member has one).
   */
  private record MemberDecorations(int[] builtIn, int[] location, int[] component) {}

  /** {@link MemberDecorations} of a struct type (by offset), made once per struct and module. */
  private static MemberDecorations memberDecorations(InterfaceView f, int t) {
    Map<Integer, MemberDecorations> known = f.memo(MemberDecorationsByStruct.class,
        x -> new MemberDecorationsByStruct()).made;
    MemberDecorations out = known.get(t);
    if (out == null) {
      int structId = f.module().words[t + 1];
      int members = f.count(t) - 2;
      ModuleIndex m = f.module();
      out = new MemberDecorations(m.firstMemberDecorations(structId, Opcodes.DECORATION_BUILTIN, members),
          m.firstMemberDecorations(structId, LOCATION, members), m.firstMemberDecorations(structId, COMPONENT, members));
      known.put(t, out);
    }
    return out;
  }

  /** {@link #memberDecorations} by struct type offset, for one module. */
  private static final class MemberDecorationsByStruct {
    final Map<Integer, MemberDecorations> made = new HashMap<>();
  }

  /**
   * As {@link #decoration} for member {@code i}, from its first decoration of a kind
   * ({@code firsts}, per member; null: none): its first parameter, 0 without one, -1 without it.
   */
  private static long memberParam(InterfaceView f, int[] firsts, int i) {
    int d = firsts == null ? -1 : firsts[i];
    if (d < 0) {
      return -1;
    }
    return f.count(d) - 4 > 0 ? f.decorationParam(d, 0) : 0L;
  }

  private static final class TooLarge extends RuntimeException {
    TooLarge() {
      super(null, null, false, false);
    }
  }

  /** Adds the slots of a value of type {@code t} placed at (location, component); returns the Locations it takes. */
  private static long place(InterfaceView f, int t, long location, long component, int v, long index, boolean patch,
      int member, List<Slot> out) {
    long locations = locations(f, t);
    if (location + locations > MAX_LOCATIONS) {
      throw new TooLarge();
    }
    switch (f.opcode(t)) {
      case Opcodes.OP_TYPE_ARRAY -> {
        int e = f.element(t);
        long each = locations(f, e);
        long n = f.constant(f.def(f.module().words[t + 3]));
        for (long i = 0; i < n; i++) {
          place(f, e, location + i * each, component, v, index, patch, member, out);
        }
      }
      case Opcodes.OP_TYPE_STRUCT -> {
        // A nested struct: its members in order, each from Component 0 of its first Location.
        long at = location;
        for (int i = 0; i + 2 < f.count(t); i++) {
          at += place(f, f.def(f.module().words[t + 2 + i]), at, 0, v, index, patch, member, out);
        }
      }
      case Opcodes.OP_TYPE_MATRIX -> {
        // Like an array of its columns widened to four components: whole Locations.
        for (long l = 0; l < locations; l++) {
          for (long c = 0; c < 4; c++) {
            out.add(new Slot(v, location + l, c, index, member, patch, f.element(t)));
          }
        }
      }
      default -> {
        long width = f.width(t);
        long taken = f.components(t) * (width == 64 ? 2 : 1);
        // 64-bit values run on into the next Location; narrower ones stay in one (another
        // rule reports a vector that does not fit).
        long last = width == 64 ? component + taken : Math.min(component + taken, 4);
        for (long c = component; c < last; c++) {
          out.add(new Slot(v, location + c / 4, c % 4, index, member, patch, t));
        }
      }
    }
    return locations;
  }

  /** The Locations a type takes, at most {@link #MAX_LOCATIONS} (TooLarge beyond). */
  static long locations(InterfaceView f, int t) {
    long n = exactLocations(f, t);
    if (n > MAX_LOCATIONS) {
      throw new TooLarge();
    }
    return n;
  }

  /** Counts above this are kept as this (far above any device's limit in components). */
  private static final long SATURATED = 1L << 40;
  /** Deeper type nesting than this is not followed. */
  private static final int MAX_DEPTH = 64;

  /**
   * The Locations a type takes, counted once per type and module (up to {@link #SATURATED});
   * unknown for an array sized by a specialization constant, an undefined or non-numeric type,
   * or nesting deeper than {@link #MAX_DEPTH}.
   */
  static long exactLocations(InterfaceView f, int t) {
    return locationCounts(f).of(f, t, 0);
  }

  /** The module's {@link LocationCounts}. */
  private static LocationCounts locationCounts(InterfaceView f) {
    return f.memo(LocationCounts.class, x -> new LocationCounts());
  }

  /**
   * {@link #exactLocations} by type offset, for one module, with each type's nesting height (edges
   * down to its deepest element): a type reached {@code depth} levels below the question is unknown
   * when depth plus its height passes {@link #MAX_DEPTH}, memoised or not, so the answer does not
   * depend on which type was asked first (as {@code Layout}'s widths).
   */
  private static final class LocationCounts {
    private final IdMap slot = IdMap.hashed();
    private long[] counts = new long[16];
    private int[] heights = new int[16];
    private int n;

    long of(InterfaceView f, int t, int depth) {
      if (depth > MAX_DEPTH) {
        return Unknown.raise();
      }
      int known = slot.get(t);
      if (known >= 0) {
        return depth + heights[known] > MAX_DEPTH ? Unknown.raise() : counts[known];
      }
      int height = 0;
      long c;
      switch (f.opcode(t)) {
        case Opcodes.OP_TYPE_ARRAY -> {
          int e = f.element(t);
          c = times(f.constant(f.def(f.module().words[t + 3])), of(f, e, depth + 1));
          height = heightOf(e) + 1;
        }
        case Opcodes.OP_TYPE_MATRIX -> c = f.word(t, 3) * (f.width(t) == 64 && f.components(f.element(t)) > 2 ? 2 : 1);
        case Opcodes.OP_TYPE_STRUCT -> {
          long sum = 0;
          for (int i = 0; i + 2 < f.count(t); i++) {
            int m = f.def(f.module().words[t + 2 + i]);
            sum = Math.min(SATURATED, sum + of(f, m, depth + 1));
            height = Math.max(height, heightOf(m) + 1);
          }
          c = sum;
        }
        case Opcodes.OP_TYPE_VECTOR, Opcodes.OP_TYPE_VECTOR_ID_EXT -> c = f.width(t) == 64 && f.components(t) > 2 ? 2 : 1;
        case Opcodes.OP_TYPE_INT, Opcodes.OP_TYPE_FLOAT, Opcodes.OP_TYPE_BOOL -> c = 1;
        default -> c = Unknown.raise();
      }
      if (c < 0) {
        return Unknown.raise(); // a negative array length (a signed constant): no layout
      }
      if (n == counts.length) {
        counts = java.util.Arrays.copyOf(counts, n * 2);
        heights = java.util.Arrays.copyOf(heights, n * 2);
      }
      counts[n] = c;
      heights[n] = height;
      slot.putIfAbsent(t, n++);
      return c;
    }

    /** The height of a type {@link #of} has just counted. */
    private int heightOf(int t) {
      return heights[slot.get(t)];
    }

    private static long times(long a, long b) {
      if (a < 0 || b < 0) {
        return -1;
      }
      return b != 0 && a > SATURATED / b ? SATURATED : Math.min(SATURATED, a * b);
    }
  }

  private static boolean perVertexArrayed(InterfaceView f, int ep, int v, int varId) {
    long model = f.word(ep, 1);
    long sc = f.storageClass(v);
    boolean patch = decoration(f, varId, -1, PATCH) >= 0;
    if (sc == INPUT) {
      return (!patch && (model == TESSELLATION_CONTROL || model == TESSELLATION_EVALUATION || model == GEOMETRY))
          || (model == FRAGMENT && decoration(f, varId, -1, PER_VERTEX_KHR) >= 0);
    }
    return sc == OUTPUT && ((model == TESSELLATION_CONTROL && !patch) || model == MESH_NV || model == MESH_EXT);
  }

  /** The bit set of the given decorations on the variable, or on the member that consumes the slot. */
  private static int signature(InterfaceView f, int v, int member, long... decorations) {
    int varId = f.module().words[v + 2];
    int structId = -1;
    if (member >= 0) {
      int t = f.base(f.pointee(v));
      structId = f.module().words[t + 1];
    }
    int sig = 0;
    for (int i = 0; i < decorations.length; i++) {
      if (decoration(f, varId, -1, decorations[i]) >= 0
          || (structId > 0 && decoration(f, structId, member, decorations[i]) >= 0)) {
        sig |= 1 << i;
      }
    }
    return sig;
  }

  /**
   * The first parameter of the first decoration {@code decoration} of {@code id} at {@code member}
   * (-1: the id itself), 0 when it has none; -1 when there is no such decoration (parameters are
   * words, never negative).
   */
  private static long decoration(InterfaceView f, int id, int member, long decoration) {
    ModuleIndex m = f.module();
    if (id <= 0 || id >= m.bound) {
      return -1;
    }
    int d = m.firstDecoration(id, member, decoration);
    if (d < 0) {
      return -1;
    }
    int params = f.count(d) - (member >= 0 ? 4 : 3);
    return params > 0 ? f.decorationParam(d, 0) : 0L;
  }

  private static long orZero(long x) {
    return Math.max(x, 0);
  }
}
