package dev.vkrules.runtime.model;

/**
 * A basic block: from its {@code OpLabel} to its last instruction (the terminator, when the
 * module is valid). Successors are the label ids the terminator names.
 */
public final class Block {
  final int label;
  final int first;
  int last;
  int merge = -1;
  int[] successors = new int[0];

  Block(int label, int first) {
    this.label = label;
    this.first = first;
  }

  /** The label id. */
  public int label() {
    return label;
  }

  /** Index of the {@code OpLabel} instruction. */
  public int firstInstruction() {
    return first;
  }

  /** Index of the block's last instruction (its terminator in a valid module). */
  public int lastInstruction() {
    return last;
  }

  /** Index of its {@code OpSelectionMerge} / {@code OpLoopMerge}, or -1. */
  public int mergeInstruction() {
    return merge;
  }

  public int[] successors() {
    return successors.clone();
  }

  @Override
  public String toString() {
    return "block %" + label;
  }
}
