package dev.vkrules.runtime.engine.memory;

import dev.vkrules.runtime.engine.base.Opcodes;
import dev.vkrules.runtime.engine.base.Positions;
import dev.vkrules.runtime.engine.base.Unknown;
import dev.vkrules.runtime.engine.module.ModuleView;
import dev.vkrules.runtime.spirv.grammar.Op;

/**
 * ModuleView about what a pointer or an image instruction refers to: the memory object
 * declaration behind a pointer, the image type an image instruction works on, and the
 * built-ins a variable declares. {@code Facts} exposes them to generated checkers.
 */
public final class MemoryFacts {
  /** Longer chains of access chains than this are not followed (a cycle in a malformed module). */
  private static final int MAX_CHAIN = 256;

  private MemoryFacts() {}

  /**
   * The memory object declaration a pointer comes from: access chains (typed and untyped) and OpCopyObject are
   * followed through their base to the OpVariable (or the OpFunctionParameter, OpUndef, ...
   * that starts the chain). A value that is not derived from another pointer is its own root.
   */
  public static int root(ModuleView f, int x) {
    int[] w = f.module().words;
    for (int i = 0; i < MAX_CHAIN; i++) {
      switch (f.opcode(x)) {
        case Opcodes.OP_ACCESS_CHAIN, Opcodes.OP_IN_BOUNDS_ACCESS_CHAIN, Opcodes.OP_PTR_ACCESS_CHAIN,
            Opcodes.OP_IN_BOUNDS_PTR_ACCESS_CHAIN, Opcodes.OP_COPY_OBJECT -> x = f.def(w[x + 3]);
        // untyped chains (SPV_KHR_untyped_pointers) name their Base Type first, then the Base
        case Op.OpUntypedAccessChainKHR, Op.OpUntypedInBoundsAccessChainKHR, Op.OpUntypedPtrAccessChainKHR,
            Op.OpUntypedInBoundsPtrAccessChainKHR -> x = f.def(w[x + 4]);
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
  public static int imageType(ModuleView f, int x, Positions operand) {
    int[] w = f.module().words;
    int t = f.typeOf(f.ref(x, operand));
    if (f.opcode(t) == Opcodes.OP_TYPE_POINTER) {
      t = f.def(w[t + 3]);
    }
    if (f.opcode(t) == Opcodes.OP_TYPE_SAMPLED_IMAGE) {
      t = f.def(w[t + 2]);
    }
    return f.opcode(t) == Opcodes.OP_TYPE_IMAGE ? t : Unknown.raise();
  }

}
