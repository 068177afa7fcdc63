package dev.vkrules.runtime.engine.interfaces;

import dev.vkrules.runtime.engine.base.Opcodes;
import dev.vkrules.runtime.engine.base.Unknown;
import dev.vkrules.runtime.engine.module.ModuleView;

/**
 * Which resource a module-scope variable is (see {@link ResourceType}) and which indexes of
 * an access chain select one descriptor out of an array of them.
 */
public final class ShaderResources {
  private static final int OP_TYPE_IMAGE = 25;
  private static final int OP_TYPE_SAMPLER = 26;
  private static final int OP_TYPE_SAMPLED_IMAGE = 27;
  private static final int OP_TYPE_TENSOR_ARM = 4163;
  private static final int OP_TYPE_ACCELERATION_STRUCTURE_KHR = 5341;
  private static final int OP_ACCESS_CHAIN = 65;
  private static final int OP_IN_BOUNDS_ACCESS_CHAIN = 66;
  private static final long STORAGE_CLASS_UNIFORM_CONSTANT = 0;
  private static final long STORAGE_CLASS_UNIFORM = 2;
  private static final long STORAGE_CLASS_STORAGE_BUFFER = 12;
  private static final long STORAGE_CLASS_TILE_ATTACHMENT_QCOM = 4491;
  private static final long DIM_BUFFER = 5;
  private static final long DIM_SUBPASS_DATA = 6;
  private static final long DECORATION_BLOCK = 2;
  private static final long DECORATION_BUFFER_BLOCK = 3;
  private static final long DECORATION_WEIGHT_TEXTURE_QCOM = 4487;
  private static final long DECORATION_BLOCK_MATCH_TEXTURE_QCOM = 4488;

  private ShaderResources() {}

  /**
   * {@code Facts.resource}: true when a module-scope variable is a resource of one of the types;
   * for a pointer that is no variable, false when its storage class rules out every type, else unknown.
   */
  public static boolean resource(ModuleView f, int x, ResourceType... types) {
    int op = f.opcode(x);
    if (op != Opcodes.OP_VARIABLE && op != Opcodes.OP_UNTYPED_VARIABLE_KHR) {
      // a pointer that is no variable: which variable it points into is unknown, but its storage
      // class may rule out every type asked for (an access chain into a uniform buffer is no sampler)
      java.util.Set<ResourceType> could = possible(f, x);
      for (ResourceType type : types) {
        if (could.contains(type)) {
          return Unknown.raise();
        }
      }
      return false;
    }
    ResourceType t = of(f, x);
    if (t != null) {
      for (ResourceType type : types) {
        if (type.equals(t)) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * The resource type of a variable ({@code OpVariable}, or {@code OpUntypedVariableKHR} by
   * its Data Type), null when no row of the table fits (an untyped variable without a Data
   * Type fits none); for a pointer that is no variable (a function parameter, a loaded pointer),
   * null when its storage class holds no resource (Function, Private, PhysicalStorageBuffer, ...)
   * and unknown otherwise. This is the one classification of
   * descriptor kinds: the {@code resource:} test of the rule language and the engine's
   * measures (written resources) all ask it.
   *
   * <ul>
   *   <li>UniformConstant (or TileAttachmentQCOM) {@code OpTypeImage}: by Dim and Sampled (see
   *       {@link #image}): input attachment (SubpassData, Sampled 2), uniform / storage texel
   *       buffer (Buffer, Sampled 1 / 2), sampled / storage image (any other Dim, Sampled 1 / 2;
   *       weight and block-matching images by their QCOM decorations);</li>
   *   <li>{@code OpTypeSampledImage}: combined image sampler; UniformConstant {@code
   *       OpTypeSampler}, {@code OpTypeAccelerationStructureKHR}, {@code OpTypeTensorARM}:
   *       sampler, acceleration structure, storage tensor;</li>
   *   <li>{@code OpTypeStruct} in Uniform: Block a uniform buffer (inline uniform blocks have its
   *       shape), BufferBlock a storage buffer; in StorageBuffer, Block: a storage buffer.</li>
   * </ul>
   */
  public static ResourceType of(ModuleView f, int variable) {
    int vop = f.opcode(variable);
    if (vop != Opcodes.OP_VARIABLE && vop != Opcodes.OP_UNTYPED_VARIABLE_KHR) {
      // a pointer that is no variable (a function parameter, a loaded or selected pointer): which
      // variable it points into is not known, but a storage class no resource has rules them all out
      long sc = f.storageClass(variable);
      return sc == STORAGE_CLASS_UNIFORM_CONSTANT || sc == STORAGE_CLASS_UNIFORM || sc == STORAGE_CLASS_STORAGE_BUFFER
          || sc == STORAGE_CLASS_TILE_ATTACHMENT_QCOM ? Unknown.raise() : null;
    }
    if (vop == Opcodes.OP_UNTYPED_VARIABLE_KHR && f.count(variable) <= 4) {
      return null;
    }
    long sc = f.storageClass(variable);
    int t = f.base(f.pointee(variable));
    int op = f.opcode(t);
    boolean imageClass = sc == STORAGE_CLASS_UNIFORM_CONSTANT || sc == STORAGE_CLASS_TILE_ATTACHMENT_QCOM;
    if (imageClass && op == OP_TYPE_IMAGE) {
      return image(f, variable, t, sc == STORAGE_CLASS_TILE_ATTACHMENT_QCOM);
    }
    if (imageClass && op == OP_TYPE_SAMPLED_IMAGE) {
      return ResourceType.COMBINED_IMAGE_SAMPLER;
    }
    if (sc == STORAGE_CLASS_UNIFORM_CONSTANT) {
      switch (op) {
        case OP_TYPE_SAMPLER -> { return ResourceType.SAMPLER; }
        case OP_TYPE_ACCELERATION_STRUCTURE_KHR -> { return ResourceType.ACCELERATION_STRUCTURE; }
        case OP_TYPE_TENSOR_ARM -> { return ResourceType.STORAGE_TENSOR; }
        default -> { }
      }
    }
    if (op == Opcodes.OP_TYPE_STRUCT && sc == STORAGE_CLASS_UNIFORM) {
      if (f.decorated(t, DECORATION_BLOCK)) {
        return ResourceType.UNIFORM_BUFFER;
      }
      if (f.decorated(t, DECORATION_BUFFER_BLOCK)) {
        return ResourceType.STORAGE_BUFFER;
      }
    }
    if (op == Opcodes.OP_TYPE_STRUCT && sc == STORAGE_CLASS_STORAGE_BUFFER && f.decorated(t, DECORATION_BLOCK)) {
      return ResourceType.STORAGE_BUFFER;
    }
    return null;
  }

  /**
   * The resource types a pointer that is no variable (a function parameter, an access chain, a
   * loaded pointer) may point into, by its storage class: a UniformConstant (or TileAttachmentQCOM)
   * pointer any but the buffers, a Uniform one a uniform or storage buffer, a StorageBuffer one a
   * storage buffer, any other none. Unknown when {@code pointer} is no pointer.
   */
  public static java.util.Set<ResourceType> possible(ModuleView f, int pointer) {
    long sc = f.storageClass(pointer);
    if (sc == STORAGE_CLASS_UNIFORM_CONSTANT || sc == STORAGE_CLASS_TILE_ATTACHMENT_QCOM) {
      return java.util.EnumSet.complementOf(java.util.EnumSet.of(ResourceType.UNIFORM_BUFFER, ResourceType.STORAGE_BUFFER));
    }
    if (sc == STORAGE_CLASS_UNIFORM) {
      return java.util.EnumSet.of(ResourceType.UNIFORM_BUFFER, ResourceType.STORAGE_BUFFER);
    }
    return sc == STORAGE_CLASS_STORAGE_BUFFER ? java.util.EnumSet.of(ResourceType.STORAGE_BUFFER)
        : java.util.EnumSet.noneOf(ResourceType.class);
  }

  /** The image rows: Dim Buffer and SubpassData only where the table names them (its footnote 1). */
  private static ResourceType image(ModuleView f, int variable, int image, boolean tileAttachment) {
    long dim = f.word(image, 3);
    long sampled = f.word(image, 7);
    if (dim == DIM_SUBPASS_DATA) {
      return sampled == 2 ? ResourceType.INPUT_ATTACHMENT : null;
    }
    if (dim == DIM_BUFFER) {
      if (tileAttachment) {
        return null;
      }
      return sampled == 1 ? ResourceType.UNIFORM_TEXEL_BUFFER
          : sampled == 2 ? ResourceType.STORAGE_TEXEL_BUFFER : null;
    }
    if (sampled == 1 && f.decorated(variable, DECORATION_WEIGHT_TEXTURE_QCOM)) {
      return ResourceType.SAMPLE_WEIGHT_IMAGE;
    }
    if (sampled == 1 && f.decorated(variable, DECORATION_BLOCK_MATCH_TEXTURE_QCOM)) {
      return ResourceType.BLOCK_MATCHING_IMAGE;
    }
    return sampled == 1 ? ResourceType.SAMPLED_IMAGE
        : sampled == 2 ? ResourceType.STORAGE_IMAGE : null;
  }

  /**
   * The Indexes of an OpAccessChain or OpInBoundsAccessChain that step through the array
   * layers of its Base variable's type: together they choose which descriptor of an array
   * of resources is accessed. Unknown when the base is not a variable (a function
   * parameter, a copied pointer): which array it points into is then not known here.
   */
  public static int[] descriptorIndexes(ModuleView f, int chain) {
    int op = f.opcode(chain);
    if (op != OP_ACCESS_CHAIN && op != OP_IN_BOUNDS_ACCESS_CHAIN) {
      return Unknown.raise();
    }
    int base = f.def((int) f.word(chain, 3));
    if (f.opcode(base) != Opcodes.OP_VARIABLE) {
      return Unknown.raise();
    }
    int layers = 0;
    for (int t = f.pointee(base); isArray(f, t) && layers < 64; t = f.element(t)) {
      layers++;
    }
    int count = Math.min(layers, (int) (f.word(chain, 0) >>> 16) - 4);
    int[] out = new int[Math.max(0, count)];
    for (int i = 0; i < out.length; i++) {
      out[i] = f.def((int) f.word(chain, 4 + i));
    }
    return out;
  }

  private static boolean isArray(ModuleView f, int t) {
    int op = f.opcode(t);
    return op == Opcodes.OP_TYPE_ARRAY || op == Opcodes.OP_TYPE_RUNTIME_ARRAY;
  }
}
