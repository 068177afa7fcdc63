package dev.vkrules.runtime.engine.module;

import dev.vkrules.runtime.engine.base.Opcodes;
import dev.vkrules.runtime.engine.base.Unknown;
import dev.vkrules.runtime.spirv.grammar.ImageOperands;
import dev.vkrules.runtime.spirv.grammar.Op;

/**
 * What a module's type instructions say, for the checkers' type queries ({@code Facts.pointee},
 * {@code Facts.storageClass}, {@code Facts.scalar}, ...): the type a pointer or variable points
 * to and its storage class, an array's element type and length, a vector's or matrix's scalar,
 * widths, signedness and component counts, and the image type behind an image operand. Each
 * reads a few words of the instructions involved; a fact the module does not give raises
 * {@link Unknown}.
 */
public final class Types {
  private Types() {}

  /** {@code Facts.pointee}. */
  public static int pointee(ModuleView f, int x) {
    int[] w = f.module().words;
    if (f.opcode(x) == Opcodes.OP_TYPE_POINTER) {
      return f.def(w[x + 3]);
    }
    if (f.opcode(x) == Opcodes.OP_UNTYPED_VARIABLE_KHR) {
      // an untyped variable's memory object has the type of its optional Data Type operand
      return f.count(x) > 4 ? f.def(w[x + 4]) : Unknown.raise();
    }
    int t = f.typeOf(x);
    return f.opcode(t) == Opcodes.OP_TYPE_POINTER ? f.def(w[t + 3]) : Unknown.raise();
  }

  /** {@code Facts.storageClass}. */
  public static long storageClass(ModuleView f, int x) {
    return switch (f.opcode(x)) {
      case Opcodes.OP_VARIABLE, Opcodes.OP_UNTYPED_VARIABLE_KHR -> f.word(x, 3);
      case Opcodes.OP_TYPE_POINTER, Opcodes.OP_TYPE_FORWARD_POINTER, Opcodes.OP_TYPE_UNTYPED_POINTER_KHR -> f.word(x, 2);
      default -> {
        int t = f.typeOf(x);
        int op = f.opcode(t);
        yield op == Opcodes.OP_TYPE_POINTER || op == Opcodes.OP_TYPE_UNTYPED_POINTER_KHR ? f.word(t, 2) : Unknown.raise();
      }
    };
  }

  /** {@code Facts.base}: a type with its array layers removed. */
  public static int base(ModuleView f, int t) {
    int[] w = f.module().words;
    int guard = 0;
    while ((f.opcode(t) == Opcodes.OP_TYPE_ARRAY || f.opcode(t) == Opcodes.OP_TYPE_RUNTIME_ARRAY) && guard++ < 64) {
      t = f.def(w[t + 2]);
    }
    return t;
  }

  /**
   * {@code Facts.arrayLength}: the number of elements a type's array layers hold: the product of
   * their Lengths, 1 for a type that is no array. Unknown for a runtime array, a Length given by a
   * specialization constant (a pipeline may change it) and a product past the range of a long.
   */
  public static long arrayLength(ModuleView f, int t) {
    int[] w = f.module().words;
    long n = 1;
    int guard = 0;
    while (f.opcode(t) == Opcodes.OP_TYPE_ARRAY && guard++ < 64) {
      long length = f.constant(f.def(w[t + 3]));
      if (length < 0) {
        return Unknown.raise(); // a 64-bit Length past the range of a long
      }
      try {
        n = Math.multiplyExact(n, length);
      } catch (ArithmeticException e) {
        return Unknown.raise();
      }
      t = f.def(w[t + 2]);
    }
    return f.opcode(t) == Opcodes.OP_TYPE_ARRAY || f.opcode(t) == Opcodes.OP_TYPE_RUNTIME_ARRAY ? Unknown.raise() : n;
  }

  /** {@code Facts.element}. */
  public static int element(ModuleView f, int t) {
    return switch (f.opcode(t)) {
      case Opcodes.OP_TYPE_ARRAY, Opcodes.OP_TYPE_RUNTIME_ARRAY, Opcodes.OP_TYPE_VECTOR, Opcodes.OP_TYPE_VECTOR_ID_EXT,
          Opcodes.OP_TYPE_MATRIX -> f.def(f.module().words[t + 2]);
      default -> Unknown.raise();
    };
  }

  /** {@code Facts.scalar}. */
  public static int scalar(ModuleView f, int t) {
    int[] w = f.module().words;
    return switch (f.opcode(t)) {
      case Opcodes.OP_TYPE_VECTOR, Opcodes.OP_TYPE_VECTOR_ID_EXT -> f.def(w[t + 2]);
      case Opcodes.OP_TYPE_MATRIX -> {
        int column = f.def(w[t + 2]);
        // Read the column's component only when the column is a vector: never past its words.
        yield f.opcode(column) == Opcodes.OP_TYPE_VECTOR ? f.def(w[column + 2]) : Unknown.raise();
      }
      case Opcodes.OP_TYPE_INT, Opcodes.OP_TYPE_FLOAT, Opcodes.OP_TYPE_BOOL -> t;
      default -> Unknown.raise();
    };
  }

  /** {@code Facts.width}: the width of a type's scalar; unknown for a Boolean. */
  public static long width(ModuleView f, int t) {
    int s = scalar(f, t);
    return f.opcode(s) == Opcodes.OP_TYPE_BOOL ? Unknown.raise() : f.word(s, 2);
  }

  /** {@code Facts.components}. */
  public static long components(ModuleView f, int t) {
    return switch (f.opcode(t)) {
      case Opcodes.OP_TYPE_VECTOR -> f.word(t, 3);
      // A long vector's count is a constant id: unknown when a specialization constant gives it.
      case Opcodes.OP_TYPE_VECTOR_ID_EXT -> f.constant(f.def(f.module().words[t + 3]));
      case Opcodes.OP_TYPE_INT, Opcodes.OP_TYPE_FLOAT, Opcodes.OP_TYPE_BOOL -> 1;
      default -> Unknown.raise();
    };
  }

  /**
   * The type a module-scope variable holds: an OpVariable's pointee, an
   * OpUntypedVariableKHR's Data Type (unknown when it has none).
   */
  public static int variableType(ModuleView f, int v) {
    if (f.opcode(v) == Opcodes.OP_UNTYPED_VARIABLE_KHR) {
      return f.count(v) > 4 ? f.def(f.module().words[v + 4]) : Unknown.raise();
    }
    return pointee(f, v);
  }

  /** {@code Facts.imageType(int)}: the OpTypeImage of an image operand, through OpTypeSampledImage or a pointer. */
  public static int imageType(ModuleView f, int value) {
    int[] w = f.module().words;
    int t = f.typeOf(value);
    if (f.opcode(t) == Opcodes.OP_TYPE_POINTER) {
      t = f.def(w[t + 3]);
    }
    if (f.opcode(t) == Op.OpTypeSampledImage) {
      t = f.def(w[t + 2]);
    }
    return f.opcode(t) == Op.OpTypeImage ? t : Unknown.raise();
  }

  /**
   * {@code Facts.accessSignedness}: the signedness of an image access (appendix "Signedness of
   * SPIR-V Image Accesses"): 1 when the Image Operands contain SignExtend, 0 when they contain
   * ZeroExtend, otherwise the Signedness of the image's Sampled Type (unknown when that is not an
   * integer type).
   */
  public static long accessSignedness(ModuleView f, long imageOperands, int image) {
    if ((imageOperands & ImageOperands.SignExtend) != 0) {
      return 1;
    }
    if ((imageOperands & ImageOperands.ZeroExtend) != 0) {
      return 0;
    }
    int sampled = f.def(f.module().words[image + 2]);
    return f.opcode(sampled) == Opcodes.OP_TYPE_INT ? f.word(sampled, 3) : Unknown.raise();
  }
}
