package dev.vkrules.runtime.model;

/**
 * A constant or specialization constant. For scalars the value is kept as raw bits
 * ({@link #bits()}); a spec constant's value is its default, which specialization may change.
 */
public final class Constant {
  /** What the defining opcode makes. */
  public enum Kind { SCALAR, TRUE, FALSE, NULL, COMPOSITE, SAMPLER, SPEC_OP, OTHER }

  final int id;
  final int inst;
  final int opcode;
  final int type;
  final Kind kind;
  final boolean spec;
  long bits;
  int width;
  boolean signedType;
  boolean floatType;
  int[] constituents = new int[0];
  int specOpcode = -1;

  Constant(int id, int inst, int opcode, int type, Kind kind, boolean spec) {
    this.id = id;
    this.inst = inst;
    this.opcode = opcode;
    this.type = type;
    this.kind = kind;
    this.spec = spec;
  }

  public int id() {
    return id;
  }

  public int instruction() {
    return inst;
  }

  public int opcode() {
    return opcode;
  }

  /** The result type id. */
  public int type() {
    return type;
  }

  public Kind kind() {
    return kind;
  }

  /** True for {@code OpSpecConstant*}: the value can be changed at pipeline creation. */
  public boolean isSpec() {
    return spec;
  }

  /** Raw bits of a scalar (zero-extended to 64); 1/0 for true/false; 0 for null. */
  public long bits() {
    return bits;
  }

  /** Width in bits of a scalar's type; 0 when not a numeric scalar. */
  public int width() {
    return width;
  }

  public boolean isInteger() {
    return kind == Kind.SCALAR && !floatType && width > 0;
  }

  public boolean isFloat() {
    return kind == Kind.SCALAR && floatType;
  }

  /** An integer scalar's value: sign-extended for signed types, zero-extended otherwise. */
  public long integerValue() {
    if (signedType && width > 0 && width < 64) {
      return (bits << (64 - width)) >> (64 - width);
    }
    return bits;
  }

  /** A float scalar's value (16, 32 or 64 bits). */
  public double floatValue() {
    return switch (width) {
      case 16 -> halfToFloat((int) bits & 0xffff);
      case 32 -> Float.intBitsToFloat((int) bits);
      default -> Double.longBitsToDouble(bits);
    };
  }

  /** IEEE binary16 to float (Java 17 has no Float.float16ToFloat). */
  static float halfToFloat(int h) {
    int sign = (h >>> 15) & 1;
    int exp = (h >>> 10) & 0x1f;
    int mant = h & 0x3ff;
    float magnitude;
    if (exp == 0x1f) {
      magnitude = mant == 0 ? Float.POSITIVE_INFINITY : Float.NaN;
    } else if (exp == 0) {
      magnitude = mant * 0x1p-24f;
    } else {
      magnitude = (1 + mant / 1024f) * (float) Math.scalb(1.0, exp - 15);
    }
    return sign == 1 ? -magnitude : magnitude;
  }

  /** Constituent ids of a composite (and of {@code OpSpecConstantOp}: its operand ids). */
  public int[] constituents() {
    return constituents.clone();
  }

  /** The operation of {@code OpSpecConstantOp}; -1 otherwise. */
  public int specOpcode() {
    return specOpcode;
  }

  @Override
  public String toString() {
    return "%" + id + " " + kind + (spec ? " spec" : "") + (kind == Kind.SCALAR ? " " + bits : "");
  }
}
