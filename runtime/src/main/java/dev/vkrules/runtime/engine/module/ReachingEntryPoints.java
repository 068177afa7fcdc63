package dev.vkrules.runtime.engine.module;

import dev.vkrules.runtime.engine.base.Opcodes;
import dev.vkrules.runtime.engine.base.Unknown;
import java.util.Arrays;
import java.util.BitSet;

/**
 * Which entry points reach an instruction, and with which execution models, for the checkers'
 * {@code Facts.entryPoints}, {@code Facts.executionModels(int)} and the variables an entry point
 * uses: an instruction of a function is reached by the entry points whose call trees reach the
 * function, a module-scope variable by those that statically use it, an execution mode by those
 * naming its function, a decoration by those reaching its target. The call graph and the uses
 * come from {@link EntryPointUsage}, made once per module ({@code Facts.reach}).
 */
public final class ReachingEntryPoints {
  private ReachingEntryPoints() {}

  /**
   * The module-scope variables (both kinds) an entry point lists in its interface or references
   * in its call tree ({@code withInterface}), or only those its call tree references.
   */
  public static int[] variables(ModuleView f, int ep, boolean withInterface) {
    ModuleIndex m = f.module();
    int e = Arrays.binarySearch(m.entryPoints, ep);
    if (e < 0) {
      return Unknown.raise();
    }
    int[] ids = withInterface ? f.reach().usedVariables[e] : f.reach().referencedVariables[e];
    // both kinds of variable: an untyped variable's pointee is its Data Type (see pointee)
    int[] out = new int[ids.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = m.def(ids[i]);
    }
    return out;
  }

  /** {@code Facts.entryPoints}: the OpEntryPoint offsets of the entry points that reach {@code x}. */
  public static int[] entryPoints(ModuleView f, int x) {
    BitSet eps = reaching(f, x);
    int[] out = new int[eps.cardinality()];
    int n = 0;
    for (int e = eps.nextSetBit(0); e >= 0; e = eps.nextSetBit(e + 1)) {
      out[n++] = f.module().entryPoints[e];
    }
    return out;
  }

  /**
   * {@code Facts.executionModels(int)}: the distinct execution models of the entry points that
   * reach {@code x}, sorted. Every instruction of a function is reached by the same entry points:
   * one answer per function, kept in {@code perFunction} (the facts' memo, by function index).
   */
  public static long[] executionModels(ModuleView f, int x, long[][] perFunction) {
    ModuleIndex m = f.module();
    int op = f.opcode(x);
    if (op == Opcodes.OP_ENTRY_POINT || op == Opcodes.OP_EXECUTION_MODE || op == Opcodes.OP_EXECUTION_MODE_ID
        || Decorations.isDecoration(op)) {
      return models(f, reaching(f, x));
    }
    int fn = m.functionOf[m.indexOf(x)];
    if (fn < 0) {
      return models(f, reaching(f, x));
    }
    if (perFunction[fn] == null) {
      perFunction[fn] = models(f, f.reach().reachingFunction[fn]);
    }
    return perFunction[fn];
  }

  /** {@code Facts.executionModels()}: the distinct execution models of the module's entry points, sorted. */
  public static long[] moduleModels(ModuleView f) {
    BitSet all = new BitSet();
    all.set(0, f.module().entryPoints.length);
    return models(f, all);
  }

  /** The distinct execution models of a set of entry points, sorted. */
  private static long[] models(ModuleView f, BitSet eps) {
    long[] out = new long[eps.cardinality()];
    int n = 0;
    for (int e = eps.nextSetBit(0); e >= 0; e = eps.nextSetBit(e + 1)) {
      out[n++] = f.word(f.module().entryPoints[e], 1);
    }
    Arrays.sort(out);
    int distinct = 0;
    for (int i = 0; i < n; i++) {
      if (distinct == 0 || out[distinct - 1] != out[i]) {
        out[distinct++] = out[i];
      }
    }
    return distinct == out.length ? out : Arrays.copyOf(out, distinct);
  }

  /** The entry points (indices into the module's entry points) that reach {@code x}. */
  private static BitSet reaching(ModuleView f, int x) {
    ModuleIndex m = f.module();
    int op = f.opcode(x);
    if (op == Opcodes.OP_ENTRY_POINT) {
      BitSet b = new BitSet();
      b.set(Arrays.binarySearch(m.entryPoints, x));
      return b;
    }
    if (op == Opcodes.OP_EXECUTION_MODE || op == Opcodes.OP_EXECUTION_MODE_ID) {
      // the entry points whose Entry Point is the mode's function
      return f.reach().entryPointsOfFunction(m.words[x + 1]);
    }
    if (Decorations.isDecoration(op)) {
      int id = m.words[x + 1];
      int d = m.def(id);
      return d >= 0 ? reaching(f, d) : new BitSet();
    }
    int fn = m.functionOf[m.indexOf(x)];
    if (fn >= 0) {
      return (BitSet) f.reach().reachingFunction[fn].clone();
    }
    if (op == Opcodes.OP_VARIABLE || op == Opcodes.OP_UNTYPED_VARIABLE_KHR) {
      // the entry points that statically use it
      return f.reach().entryPointsUsing(m.words[x + 2]);
    }
    return new BitSet();
  }
}
