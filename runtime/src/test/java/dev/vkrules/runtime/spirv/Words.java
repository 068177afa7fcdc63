package dev.vkrules.runtime.spirv;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Builds small binary modules word by word for parser tests. */
public final class Words {
  private final List<int[]> parts = new ArrayList<>();

  public static Words header(int version, int bound) {
    Words w = new Words();
    w.parts.add(new int[] {SpirvParser.MAGIC, version, 0, bound, 0});
    return w;
  }

  /** An instruction; each argument is an int, an int[] or a String (packed literal string). */
  public Words op(int opcode, Object... operands) {
    List<Integer> body = new ArrayList<>();
    for (Object o : operands) {
      if (o instanceof Integer i) {
        body.add(i);
      } else if (o instanceof int[] a) {
        for (int v : a) {
          body.add(v);
        }
      } else if (o instanceof String s) {
        for (int v : string(s)) {
          body.add(v);
        }
      } else {
        throw new IllegalArgumentException(String.valueOf(o));
      }
    }
    int[] inst = new int[body.size() + 1];
    inst[0] = (inst.length << 16) | opcode;
    for (int i = 0; i < body.size(); i++) {
      inst[i + 1] = body.get(i);
    }
    parts.add(inst);
    return this;
  }

  /** Raw words, for malformed input. */
  public Words raw(int... words) {
    parts.add(words);
    return this;
  }

  public static int[] string(String s) {
    byte[] b = s.getBytes(StandardCharsets.UTF_8);
    int[] out = new int[b.length / 4 + 1];
    for (int i = 0; i < b.length; i++) {
      out[i / 4] |= (b[i] & 0xff) << (8 * (i % 4));
    }
    return out;
  }

  public int[] words() {
    int n = 0;
    for (int[] p : parts) {
      n += p.length;
    }
    int[] out = new int[n];
    int at = 0;
    for (int[] p : parts) {
      System.arraycopy(p, 0, out, at, p.length);
      at += p.length;
    }
    return out;
  }
}
