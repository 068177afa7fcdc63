package dev.vkrules.runtime.engine.module;

import dev.vkrules.runtime.engine.base.Opcodes;
import dev.vkrules.runtime.engine.base.Positions;
import dev.vkrules.runtime.engine.base.Unknown;
import java.util.Map;
import java.util.function.Function;

/**
 * What the engine's parts may ask of one module: its index, the analyses kept with it, and the
 * queries on instructions, ids, types, constants, decorations and entry points they are built
 * from. {@code Facts} extends it; the parts take this view, never {@code Facts}, so they depend
 * on the module and not on the facade above them (docs/module-model.md, "Who may know whom").
 * Instructions are word offsets; a fact that cannot be determined throws {@link Unknown}.
 *
 * <p>An abstract class, not an interface: the word-level queries the parts call in their loops
 * are final methods here, bound statically as they were on {@code Facts}; through an interface
 * every such call checks the receiver's class under C1, which the launcher runs, and the engine
 * pass was measurably slower (docs/benchmarks.md, "The engine's views"). The other queries have
 * one implementation, which the JIT binds without a check.
 */
public abstract class ModuleView {
  /** The module's index. */
  public final ModuleIndex m;
  /** Its words. */
  protected final int[] w;

  protected ModuleView(ModuleIndex m) {
    this.m = m;
    this.w = m.words;
  }

  /** The module's index. */
  public final ModuleIndex module() {
    return m;
  }

  /** A module-wide analysis made on the first call and kept with the module's facts. */
  public abstract <T> T memo(Class<T> key, Function<ModuleView, T> make);

  /** {@code TypeTree.contained}'s results, by type offset (never modified). */
  public abstract Map<Integer, int[]> containedTypesMemo();

  /** Which entry points reach which functions and use which variables (made once). */
  public abstract EntryPointUsage reach();

  /** The specializer, or null without specialization. */
  public abstract Specializer specializer();

  // ---- an instruction's words (the encoded positions: Positions); final, so bound statically

  public final int opcode(int x) {
    return w[x] & 0xffff;
  }

  public final int count(int x) {
    return w[x] >>> 16;
  }

  /** The word count of the instruction at {@code x} (the path field {@code word-count}). */
  public final long wordCount(int x) {
    return count(x);
  }

  /** The definition of an id; unknown when undefined. */
  public final int def(int id) {
    int d = m.def(id);
    return d < 0 ? Unknown.raise() : d;
  }

  /** The word offset of an operand from its encoded position ({@link Positions}); unknown when absent. */
  public final int position(int x, int enc) {
    if (enc == 0) {
      return Unknown.raise();
    }
    int p = enc < 0x10000 ? x + enc : m.stringEnd(x + (enc >>> 16)) + (enc & 0xffff);
    return p < x + count(x) ? p : Unknown.raise();
  }

  public final long word(int x, Positions t) {
    return Integer.toUnsignedLong(w[position(x, t.get(opcode(x)))]);
  }

  public final long word(int x, int index) {
    return index < count(x) ? Integer.toUnsignedLong(w[x + index]) : Unknown.raise();
  }

  public final long wordAt(int x, int enc) {
    return Integer.toUnsignedLong(w[position(x, enc)]);
  }

  public final int ref(int x, Positions t) {
    return def(w[position(x, t.get(opcode(x)))]);
  }

  public final int refAt(int x, int enc) {
    return def(w[position(x, enc)]);
  }

  public final int typeOf(int x) {
    return Opcodes.hasResultType(opcode(x)) ? def(w[x + 1]) : Unknown.raise();
  }

  // ---- constants

  public abstract long constant(int def);

  /** The value a constant has unless a pipeline specializes the module ({@link SpecConstantDefaults}). */
  public abstract long defaultValue(int def);

  // ---- types

  public abstract int pointee(int x);

  public abstract long storageClass(int x);

  public abstract int base(int t);

  public abstract int element(int t);

  public abstract int scalar(int t);

  public abstract long width(int t);

  public abstract long components(int t);

  // ---- decorations

  public abstract long decoration(int x);

  public abstract int target(int x);

  public abstract long decorationParam(int x, int index);

  /** Whether the module applies decoration {@code kind} anywhere. */
  public abstract boolean anyDecoration(long kind);

  public abstract boolean decorated(int x, long... decorations);

  public abstract long[] builtins(int x);

  /** Every BuiltIn some decoration uses, sorted (made once; do not modify). */
  public abstract long[] builtins();

  /** The variables decoration {@code x} applies to (do not modify the array: it may be the module's). */
  public abstract int[] variables(int x);

  /** {@link Decorations#variablesByBaseType}, made once per module (never modified). */
  public abstract Decorations.VariablesByType variablesByBaseType();

  public abstract int dataType(int x);

  /** The first decoration BuiltIn WorkgroupSize of an id (not a member), or -1 (found once). */
  public abstract int workgroupSizeDecoration();

  // ---- entry points and variables

  public abstract int[] executionModes(int ep);

  /** The module-scope variables an entry point lists in its interface or references in its call tree. */
  public abstract int[] usedVariables(int ep);

  /** The module-scope variables referenced in an entry point's call tree; its interface list is not counted. */
  public abstract int[] referencedVariables(int ep);

  /** The module-scope variables, in module order (callers get a copy). */
  public abstract int[] globalVariables();
}
