package dev.vkrules.runtime.model;

import dev.vkrules.runtime.spirv.SpirvModule;
import java.util.Arrays;

/** Instruction indices grouped by opcode: a counting sort over the 16-bit opcode space, O(N + 65536). */
final class OpcodeIndex {
  private final int[] start;
  private final int[] grouped;

  private OpcodeIndex(int[] start, int[] grouped) {
    this.start = start;
    this.grouped = grouped;
  }

  static OpcodeIndex build(SpirvModule m) {
    int n = m.instructionCount();
    int[] start = new int[0x10001];
    for (int i = 0; i < n; i++) {
      start[m.opcode(i) + 1]++;
    }
    for (int op = 0; op < 0x10000; op++) {
      start[op + 1] += start[op];
    }
    int[] fill = Arrays.copyOf(start, 0x10000);
    int[] grouped = new int[n];
    for (int i = 0; i < n; i++) {
      grouped[fill[m.opcode(i)]++] = i;
    }
    return new OpcodeIndex(start, grouped);
  }

  int[] get(int opcode) {
    if (opcode < 0 || opcode > 0xffff) {
      return new int[0];
    }
    return Arrays.copyOfRange(grouped, start[opcode], start[opcode + 1]);
  }
}
