package dev.vkrules.runtime.spirv.text;

import dev.vkrules.runtime.spirv.grammar.FPEncoding;

/**
 * The bit layout of an {@code OpTypeFloat}: IEEE binary16/32/64 when the type has no
 * encoding operand, else the layout its {@code FPEncoding} names (bfloat16, the two fp8
 * formats). Literals of each are read and printed with these widths.
 */
enum FloatFormat {
  HALF(16, 10, 5, "half"),
  SINGLE(32, 23, 8, "float"),
  DOUBLE(64, 52, 11, "double"),
  BFLOAT16(16, 7, 8, "bfloat16"),
  FP8_E4M3(8, 3, 4, "fp8e4m3"),
  FP8_E5M2(8, 2, 5, "fp8e5m2");

  /** Marks "no FPEncoding operand". */
  static final int IEEE = -1;

  final int width;
  final int fractionBits;
  final int exponentBits;
  /** The type name spirv-dis derives friendly names from. */
  final String typeName;

  FloatFormat(int width, int fractionBits, int exponentBits, String typeName) {
    this.width = width;
    this.fractionBits = fractionBits;
    this.exponentBits = exponentBits;
    this.typeName = typeName;
  }

  /** The format of a float type, or null when vkrules cannot spell its literals. */
  static FloatFormat of(int width, int encoding) {
    if (encoding == IEEE) {
      return switch (width) {
        case 16 -> HALF;
        case 32 -> SINGLE;
        case 64 -> DOUBLE;
        default -> null;
      };
    }
    FloatFormat f = switch (encoding) {
      case FPEncoding.BFloat16KHR -> BFLOAT16;
      case FPEncoding.Float8E4M3EXT -> FP8_E4M3;
      case FPEncoding.Float8E5M2EXT -> FP8_E5M2;
      default -> null;
    };
    return f != null && f.width == width ? f : null;
  }

  /** Formats small enough to hold in a type table next to the width: encoding index in bits 18..21. */
  int code() {
    return ordinal();
  }

  static FloatFormat fromCode(int code) {
    return values()[code];
  }
}
