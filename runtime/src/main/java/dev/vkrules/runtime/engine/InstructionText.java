package dev.vkrules.runtime.engine;

import java.nio.charset.StandardCharsets;

/**
 * One instruction as assembly-like text for diagnostics ({@code %7 = OpVariable %6 9}).
 * Ids print as {@code %n}, strings quoted, other words as numbers.
 */
final class InstructionText {
  private InstructionText() {}

  static String of(ModuleIndex m, int off) {
    int[] w = m.words;
    int count = w[off] >>> 16;
    int opcode = w[off] & 0xffff;
    String pattern = Opcodes.pattern(opcode);
    StringBuilder b = new StringBuilder();
    StringBuilder ops = new StringBuilder();
    int p = off + 1;
    int end = off + count;
    String result = null;
    for (int i = 0; i < pattern.length() && p < end; i++) {
      char c = pattern.charAt(i);
      char q = i + 1 < pattern.length() ? pattern.charAt(i + 1) : ' ';
      if (q == '?' || q == '*') {
        i++;
      }
      int repeat = q == '*' ? Integer.MAX_VALUE : 1;
      for (int r = 0; r < repeat && p < end; r++) {
        switch (c) {
          case 'R' -> result = "%" + Integer.toUnsignedString(w[p++]);
          case 'T', 'i' -> ops.append(" %").append(Integer.toUnsignedString(w[p++]));
          case 'p' -> {
            ops.append(" %").append(Integer.toUnsignedString(w[p++]));
            if (p < end) {
              ops.append(" %").append(Integer.toUnsignedString(w[p++]));
            }
          }
          case 's' -> {
            int e = m.stringEnd(p);
            ops.append(" \"").append(string(w, p, e)).append('"');
            p = e;
          }
          default -> {
            i = pattern.length();
            r = repeat;
          }
        }
      }
    }
    while (p < end) {
      ops.append(' ').append(Integer.toUnsignedString(w[p++]));
    }
    if (result != null) {
      b.append(result).append(" = ");
    }
    return b.append(Opcodes.name(opcode)).append(ops).toString();
  }

  private static String string(int[] w, int from, int to) {
    byte[] bytes = new byte[(to - from) * 4];
    int n = 0;
    for (int i = from; i < to; i++) {
      for (int k = 0; k < 4; k++) {
        byte c = (byte) (w[i] >>> (8 * k));
        if (c == 0) {
          return new String(bytes, 0, n, StandardCharsets.UTF_8);
        }
        bytes[n++] = c;
      }
    }
    return new String(bytes, 0, n, StandardCharsets.UTF_8);
  }
}
