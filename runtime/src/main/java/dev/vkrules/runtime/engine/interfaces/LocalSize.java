package dev.vkrules.runtime.engine.interfaces;

import dev.vkrules.runtime.engine.base.Opcodes;
import dev.vkrules.runtime.engine.base.Unknown;
import dev.vkrules.runtime.engine.module.ConstantValues;
import dev.vkrules.runtime.engine.module.ModuleView;

/**
 * An entry point's local workgroup size, wherever rules read it: the {@code local-size-x|y|z}
 * path fields, {@code local-size-invocations}, and the {@code x size} / {@code y size} /
 * {@code z size} parameters of a LocalSize or LocalSizeId execution mode ({@code Facts.modeParam}).
 *
 * <p>The Vulkan spec (interfaces.adoc, "WorkgroupSize"): "If an object is decorated with the
 * WorkgroupSize decoration, this takes precedence over any LocalSize or LocalSizeId execution
 * mode." So when the module has an object decorated BuiltIn WorkgroupSize (directly or through a
 * decoration group) the size in dimension {@code i} is constituent {@code i} of that object, an
 * {@code OpConstantComposite} or {@code OpSpecConstantComposite}; else it is the execution
 * mode's operand. A specialization constant (a constituent, or a LocalSizeId operand) counts with
 * its default value, as elsewhere in vkrules ({@link ConstantValues}): that is the size the module
 * runs with unless a pipeline specializes it. Unknown when the size is computed
 * ({@code OpSpecConstantOp}), the WorkgroupSize object is no composite constant, or no size is given.
 */
public final class LocalSize {
  static final long LOCAL_SIZE = 17;
  static final long LOCAL_SIZE_ID = 38;
  public static final long WORKGROUP_SIZE = 25;
  static final int OP_CONSTANT_COMPOSITE = 44;
  static final int OP_SPEC_CONSTANT_COMPOSITE = 51;

  private LocalSize() {}

  /**
   * {@code Facts.modeParam}: parameter {@code index} of an execution mode. The x, y and z sizes of
   * LocalSize and LocalSizeId are the entry point's local size ({@link #ofMode}); an id parameter
   * (OpExecutionModeId) is read as a constant, a literal as it is.
   */
  public static long modeParam(ModuleView f, int x, int index) {
    if (index < 3 && f.count(x) > 2 && isLocalSize(f, x)) {
      return ofMode(f, x, index);
    }
    long raw = f.word(x, 3 + index);
    return f.opcode(x) == Opcodes.OP_EXECUTION_MODE_ID ? f.constant(f.def((int) raw)) : raw;
  }

  /** Dimension {@code i} (0 = x, 1 = y, 2 = z) of the entry point {@code ep}. */
  public static long dimension(ModuleView f, int ep, int i) {
    if (f.workgroupSizeDecoration() >= 0) {
      return workgroupSize(f, i);
    }
    for (int mode : f.executionModes(ep)) {
      long kind = f.word(mode, 2);
      if (kind == LOCAL_SIZE || kind == LOCAL_SIZE_ID) {
        return operand(f, mode, i);
      }
    }
    return Unknown.raise();
  }

  /**
   * Size parameter {@code i} of a LocalSize or LocalSizeId execution mode {@code mode} as the
   * entry point has it: the WorkgroupSize object's when there is one, else the mode's own.
   */
  public static long ofMode(ModuleView f, int mode, int i) {
    return f.workgroupSizeDecoration() >= 0 ? workgroupSize(f, i) : operand(f, mode, i);
  }

  /** Whether an execution mode instruction is LocalSize or LocalSizeId. */
  public static boolean isLocalSize(ModuleView f, int mode) {
    long kind = f.word(mode, 2);
    return kind == LOCAL_SIZE || kind == LOCAL_SIZE_ID;
  }

  /** The mode's own operand: a literal (LocalSize) or a constant's value, a spec constant's default (LocalSizeId). */
  private static long operand(ModuleView f, int mode, int i) {
    long raw = f.word(mode, 3 + i);
    return f.opcode(mode) == Opcodes.OP_EXECUTION_MODE_ID ? ConstantValues.integer(f, f.def((int) raw)) : raw;
  }

  private static long workgroupSize(ModuleView f, int i) {
    int c = f.target(f.workgroupSizeDecoration());
    int op = f.opcode(c);
    if ((op != OP_CONSTANT_COMPOSITE && op != OP_SPEC_CONSTANT_COMPOSITE) || f.count(c) <= 3 + i) {
      return Unknown.raise();
    }
    return ConstantValues.integer(f, f.def(f.module().words[c + 3 + i]));
  }
}
