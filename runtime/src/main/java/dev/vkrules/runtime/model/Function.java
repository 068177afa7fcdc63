package dev.vkrules.runtime.model;

import java.util.List;

/** An {@code OpFunction} ... {@code OpFunctionEnd} with its parameters, blocks and calls. */
public final class Function {
  final int index;
  final int id;
  final int inst;
  final int resultType;
  final int control;
  final int functionType;
  int end;
  int[] parameters = new int[0];
  List<Block> blocks = List.of();
  List<Variable> variables = List.of();
  int[] callSites = new int[0];
  int[] callees = new int[0];
  int[] callers = new int[0];

  Function(int index, int id, int inst, int resultType, int control, int functionType) {
    this.index = index;
    this.id = id;
    this.inst = inst;
    this.resultType = resultType;
    this.control = control;
    this.functionType = functionType;
  }

  /** Position among the module's functions (0-based, module order). */
  public int index() {
    return index;
  }

  public int id() {
    return id;
  }

  /** Index of the {@code OpFunction} instruction. */
  public int instruction() {
    return inst;
  }

  /** Index of the {@code OpFunctionEnd} (or of the module's last instruction when missing). */
  public int endInstruction() {
    return end;
  }

  public int resultType() {
    return resultType;
  }

  /** The FunctionControl mask. */
  public int control() {
    return control;
  }

  public int functionType() {
    return functionType;
  }

  /** {@code OpFunctionParameter} result ids, in order. */
  public int[] parameters() {
    return parameters.clone();
  }

  /** Blocks in module order; empty for a declaration (imported function). */
  public List<Block> blocks() {
    return blocks;
  }

  public boolean isDeclaration() {
    return blocks.isEmpty();
  }

  /** The function's {@code OpVariable}s (storage class Function). */
  public List<Variable> variables() {
    return variables;
  }

  /** Indices of its {@code OpFunctionCall} instructions. */
  public int[] callSites() {
    return callSites.clone();
  }

  /** Ids of the functions it calls, distinct, in order of first call. */
  public int[] callees() {
    return callees.clone();
  }

  /** Ids of the functions calling it, distinct, in module order. */
  public int[] callers() {
    return callers.clone();
  }

  @Override
  public String toString() {
    return "function %" + id;
  }
}
