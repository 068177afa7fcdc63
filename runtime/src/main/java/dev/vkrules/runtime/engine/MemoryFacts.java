package dev.vkrules.runtime.engine;

import java.util.Arrays;

/**
 * Facts about what a pointer or an image instruction refers to: the memory object
 * declaration behind a pointer, the image type an image instruction works on, and the
 * built-ins a variable declares. {@link Facts} exposes them to generated checkers.
 */
final class MemoryFacts {
  /** Longer chains of access chains than this are not followed (a cycle in a malformed module). */
  private static final int MAX_CHAIN = 256;

  private MemoryFacts() {}

  /**
   * The memory object declaration a pointer comes from: access chains and OpCopyObject are
   * followed through their base to the OpVariable (or the OpFunctionParameter, OpUndef, ...
   * that starts the chain). A value that is not derived from another pointer is its own root.
   */
  static int root(Facts f, int x) {
    int[] w = f.m.words;
    for (int i = 0; i < MAX_CHAIN; i++) {
      switch (f.opcode(x)) {
        case Opcodes.OP_ACCESS_CHAIN, Opcodes.OP_IN_BOUNDS_ACCESS_CHAIN, Opcodes.OP_PTR_ACCESS_CHAIN,
            Opcodes.OP_IN_BOUNDS_PTR_ACCESS_CHAIN, Opcodes.OP_COPY_OBJECT -> x = f.def(w[x + 3]);
        default -> {
          return x;
        }
      }
    }
    return Unknown.raise();
  }

  /**
   * The OpTypeImage an image instruction works on: the type of its operand at the given
   * position (its Image or Sampled Image operand), through a pointer (OpImageTexelPointer's
   * Image) and through OpTypeSampledImage to its Image Type.
   */
  static int imageType(Facts f, int x, Positions operand) {
    int[] w = f.m.words;
    int t = f.typeOf(f.ref(x, operand));
    if (f.opcode(t) == Opcodes.OP_TYPE_POINTER) {
      t = f.def(w[t + 3]);
    }
    if (f.opcode(t) == Opcodes.OP_TYPE_SAMPLED_IMAGE) {
      t = f.def(w[t + 2]);
    }
    return f.opcode(t) == Opcodes.OP_TYPE_IMAGE ? t : Unknown.raise();
  }

  /**
   * The BuiltIn values decorating an instruction's result id and, for a variable, the
   * members of the struct it points to (arrays removed): the built-ins a variable
   * declaration "includes" in the spec's words.
   */
  static long[] builtins(Facts f, int x) {
    int[] w = f.m.words;
    int op = f.opcode(x);
    if (!Opcodes.hasResult(op)) {
      return Unknown.raise();
    }
    long[] own = builtinsOfId(f, w[x + (Opcodes.hasResultType(op) ? 2 : 1)], false);
    if (op != Opcodes.OP_VARIABLE) {
      return own;
    }
    int t = f.base(f.pointee(x));
    if (f.opcode(t) != Opcodes.OP_TYPE_STRUCT) {
      return own;
    }
    long[] members = builtinsOfId(f, w[t + 1], true);
    return Arrays.stream(concat(own, members)).distinct().sorted().toArray();
  }

  private static long[] builtinsOfId(Facts f, int id, boolean members) {
    if (id <= 0 || id >= f.m.bound) {
      return new long[0];
    }
    return Arrays.stream(f.m.decorationsOf(id))
        .filter(d -> Facts.isMemberDecoration(f.opcode(d)) == members && f.opcode(d) != Opcodes.OP_DECORATE_ID)
        .filter(d -> f.decoration(d) == Opcodes.DECORATION_BUILTIN)
        .mapToLong(d -> f.decorationParam(d, 0)).distinct().sorted().toArray();
  }

  private static long[] concat(long[] a, long[] b) {
    long[] out = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
