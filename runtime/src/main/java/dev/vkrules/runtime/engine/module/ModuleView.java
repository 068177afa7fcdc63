package dev.vkrules.runtime.engine.module;

import dev.vkrules.runtime.engine.base.Positions;
import dev.vkrules.runtime.engine.base.Unknown;
import java.util.Map;
import java.util.function.Function;

/**
 * What the engine's parts may ask of one module: its index, the analyses kept with it, and the
 * queries on instructions, ids, types, constants, decorations and entry points they are built
 * from. {@code Facts} implements it; the parts take this view, never {@code Facts}, so they depend
 * on the module and not on the facade above them (docs/module-model.md, "Who may know whom").
 * Instructions are word offsets; a fact that cannot be determined throws {@link Unknown}.
 */
public interface ModuleView {
  /** The module's index. */
  ModuleIndex module();

  /** A module-wide analysis made on the first call and kept with the module's facts. */
  <T> T memo(Class<T> key, Function<ModuleView, T> make);

  /** {@code TypeTree.contained}'s results, by type offset (never modified). */
  Map<Integer, int[]> containedTypesMemo();

  /** Which entry points reach which functions and use which variables (made once). */
  EntryPointUsage reach();

  /** The specializer, or null without specialization. */
  Specializer specializer();

  // ---- an instruction's words

  int opcode(int x);

  int count(int x);

  /** The definition of an id; unknown when undefined. */
  int def(int id);

  /** The word offset of an operand from its encoded position ({@link Positions}); unknown when absent. */
  int position(int x, int enc);

  long word(int x, int index);

  int ref(int x, Positions t);

  // ---- constants

  long constant(int def);

  /** The value a constant has unless a pipeline specializes the module ({@link SpecConstantDefaults}). */
  long defaultValue(int def);

  // ---- types

  int typeOf(int x);

  int pointee(int x);

  long storageClass(int x);

  int base(int t);

  int element(int t);

  int scalar(int t);

  long width(int t);

  long components(int t);

  // ---- decorations

  long decoration(int x);

  int target(int x);

  long decorationParam(int x, int index);

  /** Whether the module applies decoration {@code kind} anywhere. */
  boolean anyDecoration(long kind);

  boolean decorated(int x, long... decorations);

  long[] builtins(int x);

  /** Every BuiltIn some decoration uses, sorted (made once; do not modify). */
  long[] builtins();

  /** The variables decoration {@code x} applies to (do not modify the array: it may be the module's). */
  int[] variables(int x);

  /** {@link Decorations#variablesByBaseType}, made once per module (never modified). */
  Decorations.VariablesByType variablesByBaseType();

  int dataType(int x);

  /** The first decoration BuiltIn WorkgroupSize of an id (not a member), or -1 (found once). */
  int workgroupSizeDecoration();

  // ---- entry points and variables

  int[] executionModes(int ep);

  /** The module-scope variables an entry point lists in its interface or references in its call tree. */
  int[] usedVariables(int ep);

  /** The module-scope variables referenced in an entry point's call tree; its interface list is not counted. */
  int[] referencedVariables(int ep);

  /** The module-scope variables, in module order (callers get a copy). */
  int[] globalVariables();
}
