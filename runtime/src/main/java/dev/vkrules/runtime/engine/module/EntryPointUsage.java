package dev.vkrules.runtime.engine.module;

import dev.vkrules.runtime.engine.base.Opcodes;
import dev.vkrules.runtime.spirv.IdMap;
import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.Deque;

/**
 * Which entry points reach which functions through the static call graph, and which
 * module-scope variables (OpVariable, OpUntypedVariableKHR) each entry point statically uses
 * (listed in its interface or referenced by an instruction of a function it reaches), and which
 * no entry point uses. Computed once per module.
 */
public final class EntryPointUsage {
  private final ModuleIndex m;
  /** Per function index: the entry points (indices into m.entryPoints) that reach it. */
  public final BitSet[] reachingFunction;
  /** Per entry point: the function indices its call tree reaches (its own included), sorted. */
  public final int[][] reachedFunctions;
  /** Per entry point: the ids of module-scope variables it statically uses, sorted. */
  public final int[][] usedVariables;
  /** Per entry point: the ids of module-scope variables its call tree references (interface not counted), sorted. */
  public final int[][] referencedVariables;
  /** Word offsets of the module-scope variables no entry point statically uses, in module order. */
  public final int[] usedByNone;
  private final IdMap functionIndexById = IdMap.hashed();
  /**
   * Function id → the entry points (indices into m.entryPoints) naming it as their Entry Point
   * (what an execution mode of the function applies to); module-scope variable id → the entry
   * points that statically use it. Inverted once, so a question per execution mode or per
   * variable is a lookup, not a scan of every entry point.
   */
  private final IdMap functionSlots = IdMap.hashed();
  private final IdMap variableSlots = IdMap.hashed();
  private final java.util.List<BitSet> entryPointSets = new java.util.ArrayList<>();

  public EntryPointUsage(ModuleIndex m) {
    this.m = m;
    for (int i = 0; i < m.functionStarts.length; i++) {
      int id = m.words[m.functionStarts[i] + 2];
      if (m.validId(id)) {
        functionIndexById.putIfAbsent(id, i);
      }
    }
    reachingFunction = new BitSet[m.functionStarts.length];
    for (int i = 0; i < reachingFunction.length; i++) {
      reachingFunction[i] = new BitSet();
    }
    reachedFunctions = new int[m.entryPoints.length][];
    usedVariables = new int[m.entryPoints.length][];
    referencedVariables = new int[m.entryPoints.length][];
    for (int e = 0; e < m.entryPoints.length; e++) {
      int ep = m.entryPoints[e];
      BitSet reached = reach(functionIndex(m.words[ep + 2]));
      reachedFunctions[e] = reached.stream().toArray();
      BitSet vars = new BitSet();
      for (int f = reached.nextSetBit(0); f >= 0; f = reached.nextSetBit(f + 1)) {
        reachingFunction[f].set(e);
        for (int id : m.referenced[f]) {
          vars.set(id); // module-scope variables only (see ModuleIndex#referenced)
        }
      }
      referencedVariables[e] = vars.stream().toArray();
      int count = m.words[ep] >>> 16;
      for (int w = m.stringEnd(ep + 3); w < ep + count; w++) {
        if (isGlobalVariable(m.words[w])) {
          vars.set(m.words[w]);
        }
      }
      usedVariables[e] = vars.stream().toArray();
    }
    for (int e = 0; e < m.entryPoints.length; e++) {
      entryPointSet(functionSlots, m.words[m.entryPoints[e] + 2]).set(e);
      for (int id : usedVariables[e]) {
        entryPointSet(variableSlots, id).set(e);
      }
    }
    usedByNone = java.util.Arrays.stream(m.globalVariables)
        .filter(v -> variableSlots.get(m.words[v + 2]) < 0).toArray();
  }

  private BitSet entryPointSet(IdMap slots, int id) {
    int slot = slots.get(id);
    if (slot < 0) {
      slot = entryPointSets.size();
      slots.putIfAbsent(id, slot);
      entryPointSets.add(new BitSet());
    }
    return entryPointSets.get(slot);
  }

  /** The entry points whose Entry Point is function {@code id}; a new set. */
  public BitSet entryPointsOfFunction(int id) {
    int slot = functionSlots.get(id);
    return slot < 0 ? new BitSet() : (BitSet) entryPointSets.get(slot).clone();
  }

  /** The entry points that statically use module-scope variable {@code id}; a new set. */
  public BitSet entryPointsUsing(int id) {
    int slot = variableSlots.get(id);
    return slot < 0 ? new BitSet() : (BitSet) entryPointSets.get(slot).clone();
  }

  public int functionIndex(int id) {
    return functionIndexById.get(id);
  }

  /** Functions reachable from function {@code start} (itself included). */
  public BitSet reach(int start) {
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
    int def = m.def(id);
    int op = def >= 0 ? m.words[def] & 0xffff : -1;
    return (op == Opcodes.OP_VARIABLE || op == Opcodes.OP_UNTYPED_VARIABLE_KHR) && m.functionOf[m.indexOf(def)] < 0;
  }
}
