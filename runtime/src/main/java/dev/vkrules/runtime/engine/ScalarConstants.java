package dev.vkrules.runtime.engine;

import dev.vkrules.runtime.spirv.grammar.Op;
import java.util.ArrayList;
import java.util.List;

/**
 * The scalar constants an integer operand is made of: backs the {@code scalar-constants},
 * {@code signed-value} and {@code constituent(N)} path fields, for rules on an operand's value
 * (texel offsets against the device's minTexelOffset, a Block Size). As in
 * {@link ConstantValues}, a specialization constant counts with its default value (what the
 * module runs with unless a pipeline specializes it); anything computed at run time is unknown.
 */
public final class ScalarConstants {
  /** Constituents nested deeper than this are not followed (a malformed module). */
  private static final int MAX_DEPTH = 8;

  private ScalarConstants() {}

  /**
   * The scalar constants of {@code x}: an OpConstant or OpConstantNull itself (a null composite
   * stands for its zero components), and the constituents of an OpConstantComposite, in order,
   * through nested composites. Unknown for anything else.
   */
  public static int[] scalars(Facts f, int x) {
    List<Integer> out = new ArrayList<>();
    collect(f, x, out, 0);
    return out.stream().mapToInt(Integer::intValue).toArray();
  }

  private static void collect(Facts f, int x, List<Integer> out, int depth) {
    switch (f.opcode(x)) {
      case Opcodes.OP_CONSTANT, Opcodes.OP_CONSTANT_NULL, Op.OpSpecConstant -> out.add(x);
      case Op.OpConstantComposite, Op.OpSpecConstantComposite -> {
        if (depth >= MAX_DEPTH) {
          Unknown.raise();
        }
        for (int i = 3; i < f.count(x); i++) {
          collect(f, f.def(f.m.words[x + i]), out, depth + 1);
        }
      }
      default -> Unknown.raise();
    }
  }

  /** An integer constant's bits read as a two's-complement number of its type's width. */
  public static long signedValue(Facts f, int x) {
    int t = f.typeOf(x);
    if (f.opcode(t) != Opcodes.OP_TYPE_INT) {
      return f.opcode(x) == Opcodes.OP_CONSTANT_NULL ? 0 : Unknown.raise();
    }
    long bits = ConstantValues.integer(f, x);
    long width = f.word(t, 2);
    return width >= 64 ? bits : (bits << (64 - width)) >> (64 - width);
  }

  /** Constituent {@code n} of an OpConstantComposite; an OpConstantNull stands for its zero constituents. */
  public static int constituent(Facts f, int x, int n) {
    return switch (f.opcode(x)) {
      case Opcodes.OP_CONSTANT_NULL -> x;
      case Op.OpConstantComposite, Op.OpSpecConstantComposite -> 3 + n < f.count(x) ? f.def(f.m.words[x + 3 + n]) : Unknown.raise();
      default -> Unknown.raise();
    };
  }
}
