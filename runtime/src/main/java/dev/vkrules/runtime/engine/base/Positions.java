package dev.vkrules.runtime.engine.base;

import java.util.Arrays;

/**
 * Where an operand sits, per opcode, as the generator computed it from the grammar.
 * Encoding: below 0x10000 a fixed word index; above, {@code stringWord << 16 | k}: k words
 * after the literal string starting at {@code stringWord}. 0 means "no such operand".
 */
public final class Positions {
  private static final int[] NONE = new int[0];
  private final int[] single;
  private final int[][] multi;

  private Positions(int[] single, int[][] multi) {
    this.single = single;
    this.multi = multi;
  }

  /** From pairs {@code opcode, position}. */
  public static Positions of(int... pairs) {
    int max = 0;
    for (int i = 0; i < pairs.length; i += 2) {
      max = Math.max(max, pairs[i]);
    }
    int[] single = new int[max + 1];
    for (int i = 0; i < pairs.length; i += 2) {
      single[pairs[i]] = pairs[i + 1];
    }
    return new Positions(single, null);
  }

  /** From pairs {@code opcode, position}, an opcode may repeat (several operands of one kind). */
  public static Positions multi(int... pairs) {
    int max = 0;
    for (int i = 0; i < pairs.length; i += 2) {
      max = Math.max(max, pairs[i]);
    }
    int[][] multi = new int[max + 1][];
    Arrays.fill(multi, NONE);
    for (int i = 0; i < pairs.length; i += 2) {
      int[] old = multi[pairs[i]];
      int[] grown = Arrays.copyOf(old, old.length + 1);
      grown[old.length] = pairs[i + 1];
      multi[pairs[i]] = grown;
    }
    return new Positions(null, multi);
  }

  /** The encoded position for an opcode, 0 when the opcode has no such operand. */
  public int get(int opcode) {
    return opcode < single.length ? single[opcode] : 0;
  }

  /** All encoded positions for an opcode. */
  public int[] at(int opcode) {
    return opcode < multi.length ? multi[opcode] : NONE;
  }
}
