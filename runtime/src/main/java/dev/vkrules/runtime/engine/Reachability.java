package dev.vkrules.runtime.engine;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Deque;

/**
 * Which entry points reach which functions through the static call graph, and which
 * module-scope variables each entry point statically uses (listed in its interface or
 * referenced by an instruction of a function it reaches). Computed once per module.
 */
final class Reachability {
  private final ModuleIndex m;
  /** Per function index: the entry points (indices into m.entryPoints) that reach it. */
  final BitSet[] reachingFunction;
  /** Per entry point: the ids of module-scope variables it statically uses, sorted. */
  final int[][] usedVariables;
  private final int[] functionIndexById;

  Reachability(ModuleIndex m) {
    this.m = m;
    functionIndexById = new int[m.bound];
    Arrays.fill(functionIndexById, -1);
    for (int i = 0; i < m.functionStarts.length; i++) {
      int id = m.words[m.functionStarts[i] + 2];
      if (id > 0 && id < m.bound) {
        functionIndexById[id] = i;
      }
    }
    reachingFunction = new BitSet[m.functionStarts.length];
    for (int i = 0; i < reachingFunction.length; i++) {
      reachingFunction[i] = new BitSet();
    }
    usedVariables = new int[m.entryPoints.length][];
    for (int e = 0; e < m.entryPoints.length; e++) {
      int ep = m.entryPoints[e];
      BitSet reached = reach(functionIndex(m.words[ep + 2]));
      BitSet vars = new BitSet();
      for (int f = reached.nextSetBit(0); f >= 0; f = reached.nextSetBit(f + 1)) {
        reachingFunction[f].set(e);
        for (int id : m.referenced[f]) {
          if (isGlobalVariable(id)) {
            vars.set(id);
          }
        }
      }
      int count = m.words[ep] >>> 16;
      for (int w = m.stringEnd(ep + 3); w < ep + count; w++) {
        if (isGlobalVariable(m.words[w])) {
          vars.set(m.words[w]);
        }
      }
      usedVariables[e] = vars.stream().toArray();
    }
  }

  int functionIndex(int id) {
    return id > 0 && id < m.bound ? functionIndexById[id] : -1;
  }

  /** Functions reachable from function {@code start} (itself included). */
  BitSet reach(int start) {
    BitSet seen = new BitSet();
    if (start < 0) {
      return seen;
    }
    Deque<Integer> todo = new ArrayDeque<>();
    todo.push(start);
    seen.set(start);
    while (!todo.isEmpty()) {
      int f = todo.pop();
      for (int callee : m.callees[f]) {
        int c = functionIndex(callee);
        if (c >= 0 && !seen.get(c)) {
          seen.set(c);
          todo.push(c);
        }
      }
    }
    return seen;
  }

  boolean isGlobalVariable(int id) {
    if (id <= 0 || id >= m.bound) {
      return false;
    }
    int def = m.defs[id];
    return def >= 0 && (m.words[def] & 0xffff) == Opcodes.OP_VARIABLE && m.functionOf[m.indexOf(def)] < 0;
  }
}
