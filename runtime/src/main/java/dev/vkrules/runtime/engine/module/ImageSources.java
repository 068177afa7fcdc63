package dev.vkrules.runtime.engine.module;

import dev.vkrules.runtime.engine.base.Opcodes;
import dev.vkrules.runtime.engine.base.Unknown;
import dev.vkrules.runtime.spirv.grammar.Op;

/**
 * The resource variable an image, sampler or sampled image value comes from: backs the
 * {@code image-variable} path field. Rules on image operands (QCOM image processing, tile
 * attachments) speak of "the parameter" being decorated or living in a storage class, which
 * is a fact of the module-scope variable the operand was loaded from.
 */
public final class ImageSources {
  /** Longer chains than this are not followed (a cycle in a malformed module). */
  private static final int MAX_CHAIN = 256;

  private ImageSources() {}

  /**
   * The OpVariable behind {@code x}: OpSampledImage is followed through its Image, OpImage
   * through its Sampled Image, OpLoad through its Pointer, OpCopyObject through its operand,
   * and a pointer through access chains ({@link MemoryFacts#root}). Unknown when the chain
   * ends elsewhere (a function parameter, OpPhi, OpSelect): which variable reaches such a
   * value is a data-flow question the rule does not judge.
   */
  public static int variable(ModuleView f, int x) {
    int[] w = f.module().words;
    for (int i = 0; i < MAX_CHAIN; i++) {
      switch (f.opcode(x)) {
        case Opcodes.OP_VARIABLE, Opcodes.OP_UNTYPED_VARIABLE_KHR -> {
          return x;
        }
        case Opcodes.OP_LOAD, Opcodes.OP_COPY_OBJECT, Op.OpSampledImage, Op.OpImage,
            Opcodes.OP_ACCESS_CHAIN, Opcodes.OP_IN_BOUNDS_ACCESS_CHAIN -> x = f.def(w[x + 3]);
        case Op.OpUntypedAccessChainKHR, Op.OpUntypedInBoundsAccessChainKHR -> x = f.def(w[x + 4]);
        default -> {
          return Unknown.raise();
        }
      }
    }
    return Unknown.raise();
  }

  /**
   * The component count of the VkFormat that corresponds to the Image Format of an
   * OpTypeImage ({@code components[format]}, from vk.xml at build time); unknown for Unknown,
   * a format without a VkFormat, or another instruction.
   */
  public static long formatComponents(ModuleView f, int imageType, int[] components) {
    if (f.opcode(imageType) != Opcodes.OP_TYPE_IMAGE) {
      return Unknown.raise();
    }
    long format = f.word(imageType, 8);
    return format < components.length && components[(int) format] > 0 ? components[(int) format] : Unknown.raise();
  }
}
