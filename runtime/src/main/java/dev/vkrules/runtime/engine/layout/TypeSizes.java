package dev.vkrules.runtime.engine.layout;

import dev.vkrules.runtime.engine.base.Opcodes;
import dev.vkrules.runtime.engine.base.Unknown;
import dev.vkrules.runtime.engine.module.ModuleView;
import java.util.HashMap;
import java.util.Map;

/**
 * The size of the largest scalar in a type, for alignment rules
 * (VUID-StandaloneSpirv-PhysicalStorageBuffer64-06314): integers and floats by their Width, a
 * pointer as 8 bytes (a PhysicalStorageBuffer pointer under PhysicalStorageBuffer64), and the
 * largest over a vector's or matrix's components, an array's element and a struct's members.
 * And the scalar alignment "Offset and Stride Assignment" defines, which is the same size where
 * that definition reaches: scalars, vectors, matrices, arrays and structs of them; unknown for a
 * type holding a pointer, a Boolean, an opaque type or an empty struct, which it does not define.
 * Each type is sized once per module, so checks that ask on every load stay linear.
 */
public final class TypeSizes {
  private static final int POINTER_BYTES = 8;
  private static final int MAX_DEPTH = 64;
  private final ModuleView f;
  private final Map<Integer, Long> memo = new HashMap<>();
  private final Map<Integer, Long> alignments = new HashMap<>();

  public TypeSizes(ModuleView f) {
    this.f = f;
  }

  public long largestScalar(int t) {
    return scalars(t, 0, false);
  }

  /** The scalar alignment (Offset and Stride Assignment): as the largest scalar, but a pointer or an empty struct has none. */
  public long scalarAlignment(int t) {
    return scalars(t, 0, true);
  }

  /**
   * The size of the largest scalar in {@code t}, through vectors, matrices, arrays and struct
   * members; a pointer counts as a 64-bit scalar, unless {@code alignment} (the scalar
   * alignment, which the spec defines for no pointer and no empty struct).
   */
  private long scalars(int t, int depth, boolean alignment) {
    Map<Integer, Long> known = alignment ? alignments : memo;
    Long value = known.get(t);
    if (value != null) {
      return value;
    }
    if (depth > MAX_DEPTH) {
      return Unknown.raise();
    }
    long size = switch (f.opcode(t)) {
      case Opcodes.OP_TYPE_INT, Opcodes.OP_TYPE_FLOAT -> f.word(t, 2) / 8;
      case Opcodes.OP_TYPE_POINTER, Opcodes.OP_TYPE_UNTYPED_POINTER_KHR, Opcodes.OP_TYPE_FORWARD_POINTER ->
          alignment ? Unknown.raise() : POINTER_BYTES;
      case Opcodes.OP_TYPE_VECTOR, Opcodes.OP_TYPE_VECTOR_ID_EXT, Opcodes.OP_TYPE_MATRIX, Opcodes.OP_TYPE_ARRAY,
          Opcodes.OP_TYPE_RUNTIME_ARRAY ->
          scalars(f.def((int) f.word(t, 2)), depth + 1, alignment);
      case Opcodes.OP_TYPE_STRUCT -> {
        long max = 0;
        for (int i = 2; i < f.count(t); i++) {
          max = Math.max(max, scalars(f.def((int) f.word(t, i)), depth + 1, alignment));
        }
        yield max > 0 || !alignment ? max : Unknown.raise();
      }
      default -> Unknown.raise();
    };
    known.put(t, size);
    return size;
  }
}
