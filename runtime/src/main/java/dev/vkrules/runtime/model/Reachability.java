package dev.vkrules.runtime.model;

import java.util.ArrayDeque;
import java.util.Arrays;

/**
 * Which entry points reach each function through the static call graph.
 *
 * <p>With at most 64 entry points (every real module) each function gets a 64-bit mask,
 * computed by one worklist propagation over the call graph: a function is re-queued only
 * when its mask gains a bit, so at most 64 times, and the cost is O(64 (F + C)) for F
 * functions and C call edges, memory one long per function. With more entry points the sets
 * are computed per query by a backward traversal over callers, O(F + C) each, cached per
 * function; memory stays linear and nothing quadratic happens unless every function is queried.
 * Recursion (invalid for Vulkan, possible in input) only ends the propagation sooner.
 */
final class Reachability {
  private final int functionCount;
  private final int[][] callees;
  private final int[][] callers;
  private final int[] entryFunction;
  private final long[] masks;
  private final int[][] cache;

  /**
   * @param callees callee function indices per function index
   * @param callers caller function indices per function index
   * @param entryFunction function index per entry point (-1 when not a function)
   */
  Reachability(int[][] callees, int[][] callers, int[] entryFunction) {
    this.functionCount = callees.length;
    this.callees = callees;
    this.callers = callers;
    this.entryFunction = entryFunction;
    if (entryFunction.length <= 64) {
      masks = propagate();
      cache = null;
    } else {
      masks = null;
      cache = new int[functionCount][];
    }
  }

  private long[] propagate() {
    long[] m = new long[functionCount];
    ArrayDeque<Integer> work = new ArrayDeque<>();
    boolean[] queued = new boolean[functionCount];
    for (int e = 0; e < entryFunction.length; e++) {
      int f = entryFunction[e];
      if (f >= 0) {
        m[f] |= 1L << e;
        if (!queued[f]) {
          queued[f] = true;
          work.add(f);
        }
      }
    }
    while (!work.isEmpty()) {
      int f = work.poll();
      queued[f] = false;
      for (int g : callees[f]) {
        long merged = m[g] | m[f];
        if (merged != m[g]) {
          m[g] = merged;
          if (!queued[g]) {
            queued[g] = true;
            work.add(g);
          }
        }
      }
    }
    return m;
  }

  /** Entry point indices (sorted) whose call tree contains function {@code f}. */
  int[] entryPointsReaching(int f) {
    if (masks != null) {
      long m = masks[f];
      int[] out = new int[Long.bitCount(m)];
      for (int i = 0; m != 0; i++) {
        out[i] = Long.numberOfTrailingZeros(m);
        m &= m - 1;
      }
      return out;
    }
    if (cache[f] == null) {
      cache[f] = backward(f);
    }
    return cache[f].clone();
  }

  private int[] backward(int f) {
    boolean[] seen = new boolean[functionCount];
    ArrayDeque<Integer> work = new ArrayDeque<>();
    seen[f] = true;
    work.add(f);
    while (!work.isEmpty()) {
      for (int c : callers[work.poll()]) {
        if (!seen[c]) {
          seen[c] = true;
          work.add(c);
        }
      }
    }
    int[] out = new int[entryFunction.length];
    int n = 0;
    for (int e = 0; e < entryFunction.length; e++) {
      if (entryFunction[e] >= 0 && seen[entryFunction[e]]) {
        out[n++] = e;
      }
    }
    return Arrays.copyOf(out, n);
  }
}
