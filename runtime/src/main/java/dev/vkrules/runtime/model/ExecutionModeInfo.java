package dev.vkrules.runtime.model;

import dev.vkrules.runtime.spirv.SpirvModule;

/** An {@code OpExecutionMode} or {@code OpExecutionModeId}. */
public final class ExecutionModeInfo {
  private final SpirvModule module;
  private final int inst;

  ExecutionModeInfo(SpirvModule module, int inst) {
    this.module = module;
    this.inst = inst;
  }

  public int instruction() {
    return inst;
  }

  /** {@code OpExecutionMode} or {@code OpExecutionModeId}. */
  public int opcode() {
    return module.opcode(inst);
  }

  /** The entry point function id it applies to. */
  public int function() {
    return module.operandWord(inst, 0);
  }

  /** The ExecutionMode value. */
  public int mode() {
    return module.operandWord(inst, 1);
  }

  /** Operands after the mode: literals, or ids for {@code OpExecutionModeId}. */
  public int operandCount() {
    return module.operandCount(inst) - 2;
  }

  public int operand(int i) {
    return module.operandWord(inst, 2 + i);
  }

  @Override
  public String toString() {
    return "mode " + mode() + " of %" + function();
  }
}
