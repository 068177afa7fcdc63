package dev.vkrules.runtime.model;

import java.util.List;

/** An {@code OpEntryPoint} with its execution modes. */
public final class EntryPoint {
  final int index;
  final int inst;
  final int executionModel;
  final int function;
  final String name;
  final int[] interfaceIds;
  List<ExecutionModeInfo> modes = List.of();

  EntryPoint(int index, int inst, int executionModel, int function, String name, int[] interfaceIds) {
    this.index = index;
    this.inst = inst;
    this.executionModel = executionModel;
    this.function = function;
    this.name = name;
    this.interfaceIds = interfaceIds;
  }

  /** Position among the module's entry points (0-based, module order). */
  public int index() {
    return index;
  }

  public int instruction() {
    return inst;
  }

  /** The ExecutionModel value. */
  public int executionModel() {
    return executionModel;
  }

  /** The entry point's function id. */
  public int function() {
    return function;
  }

  public String name() {
    return name;
  }

  /** The interface variable ids, in order. */
  public int[] interfaceIds() {
    return interfaceIds.clone();
  }

  /** The execution modes declared for this entry point's function. */
  public List<ExecutionModeInfo> executionModes() {
    return modes;
  }

  /** The first execution mode with this value, or null. */
  public ExecutionModeInfo executionMode(int mode) {
    for (ExecutionModeInfo m : modes) {
      if (m.mode() == mode) {
        return m;
      }
    }
    return null;
  }

  public boolean hasExecutionMode(int mode) {
    return executionMode(mode) != null;
  }

  @Override
  public String toString() {
    return "entry point \"" + name + "\" %" + function;
  }
}
