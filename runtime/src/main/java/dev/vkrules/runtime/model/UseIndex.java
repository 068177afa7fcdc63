package dev.vkrules.runtime.model;

import dev.vkrules.runtime.spirv.SpirvModule;
import dev.vkrules.runtime.spirv.grammar.OperandKind;
import java.util.Arrays;

/**
 * Which instructions use each defined id as an operand (result types included), grouped by
 * the defining instruction with a counting sort: two passes over the operands, O(W), one int
 * per id operand. Uses of ids nothing defines are not indexed.
 */
final class UseIndex {
  private final int[] start;
  private final int[] users;

  private UseIndex(int[] start, int[] users) {
    this.start = start;
    this.users = users;
  }

  static UseIndex build(SpirvModule m) {
    int n = m.instructionCount();
    int[] start = new int[n + 1];
    for (int i = 0; i < n; i++) {
      int count = m.operandCount(i);
      for (int k = 0; k < count; k++) {
        if (isUse(m.operandKind(i, k))) {
          int def = m.definition(m.operandWord(i, k));
          if (def >= 0) {
            start[def + 1]++;
          }
        }
      }
    }
    for (int d = 0; d < n; d++) {
      start[d + 1] += start[d];
    }
    int[] fill = Arrays.copyOf(start, n);
    int[] users = new int[start[n]];
    for (int i = 0; i < n; i++) {
      int count = m.operandCount(i);
      for (int k = 0; k < count; k++) {
        if (isUse(m.operandKind(i, k))) {
          int def = m.definition(m.operandWord(i, k));
          if (def >= 0) {
            users[fill[def]++] = i;
          }
        }
      }
    }
    return new UseIndex(start, users);
  }

  private static boolean isUse(OperandKind kind) {
    return kind.isId() && kind.role() != OperandKind.Role.RESULT;
  }

  /** Instruction indices using the id defined by instruction {@code def}, in module order, distinct. */
  int[] users(int def) {
    int from = start[def];
    int to = start[def + 1];
    int[] out = new int[to - from];
    int k = 0;
    for (int i = from; i < to; i++) {
      if (k == 0 || out[k - 1] != users[i]) {
        out[k++] = users[i];
      }
    }
    return Arrays.copyOf(out, k);
  }
}
