package dev.vkrules.runtime.model;

import dev.vkrules.runtime.spirv.SpirvModule;
import java.util.Arrays;

/** Instruction indices grouped by opcode: a counting sort up to the largest opcode present, O(N + max opcode). */
final class OpcodeIndex {
  private final int[] start;
  private final int[] grouped;

  private OpcodeIndex(int[] start, int[] grouped) {
    this.start = start;
    this.grouped = grouped;
  }

  static OpcodeIndex build(SpirvModule m) {
    int n = m.instructionCount();
    int max = 0;
    for (int i = 0; i < n; i++) {
      max = Math.max(max, m.opcode(i));
    }
    int[] start = new int[max + 2];
    for (int i = 0; i < n; i++) {
      start[m.opcode(i) + 1]++;
    }
    for (int op = 0; op <= max; op++) {
      start[op + 1] += start[op];
    }
    int[] fill = Arrays.copyOf(start, max + 1);
    int[] grouped = new int[n];
    for (int i = 0; i < n; i++) {
      grouped[fill[m.opcode(i)]++] = i;
    }
    return new OpcodeIndex(start, grouped);
  }

  int[] get(int opcode) {
    if (opcode < 0 || opcode + 1 >= start.length) {
      return new int[0];
    }
    return Arrays.copyOfRange(grouped, start[opcode], start[opcode + 1]);
  }
}
