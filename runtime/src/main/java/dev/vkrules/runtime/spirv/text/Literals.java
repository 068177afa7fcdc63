package dev.vkrules.runtime.spirv.text;

import java.math.BigInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads numeric literals of the assembly text into the bits of a given width. */
final class Literals {
  private Literals() {}

  private static final Pattern HEX_FLOAT =
      Pattern.compile("([-+]?)0[xX]([01])(?:\\.([0-9a-fA-F]*))?[pP]([-+]?\\d+)");

  /** Thrown with a fragment that the assembler completes with the token's position. */
  static final class BadLiteral extends Exception {
    private static final long serialVersionUID = 1L;

    BadLiteral(String message) {
      super(message);
    }
  }

  /** An integer of {@code width} bits (two's complement for negative values of signed types). */
  static long integer(String text, int width, boolean signed, boolean allowNegative) throws BadLiteral {
    BigInteger v;
    try {
      String t = text.startsWith("+") ? text.substring(1) : text;
      boolean negative = t.startsWith("-");
      String digits = negative ? t.substring(1) : t;
      if (digits.startsWith("0x") || digits.startsWith("0X")) {
        v = new BigInteger(digits.substring(2), 16);
      } else {
        v = new BigInteger(digits);
      }
      if (negative) {
        v = v.negate();
      }
    } catch (NumberFormatException e) {
      throw new BadLiteral("expected an integer, got '" + text + "'");
    }
    BigInteger max = BigInteger.ONE.shiftLeft(signed ? width - 1 : width).subtract(BigInteger.ONE);
    BigInteger min = signed || allowNegative ? BigInteger.ONE.shiftLeft(width - 1).negate() : BigInteger.ZERO;
    if (!signed && allowNegative) {
      max = BigInteger.ONE.shiftLeft(width).subtract(BigInteger.ONE);
    }
    if (v.compareTo(min) < 0 || v.compareTo(max) > 0) {
      throw new BadLiteral("integer " + text + " does not fit in " + width + (signed ? " signed" : " unsigned")
          + " bits");
    }
    long bits = v.longValue();
    return width < 64 ? bits & ((1L << width) - 1) : bits;
  }

  /** A float of the given format, written in decimal or as a hexadecimal float. */
  static long floating(String text, FloatFormat format) throws BadLiteral {
    int fractionBits = format.fractionBits;
    int exponentBits = format.exponentBits;
    Matcher hex = HEX_FLOAT.matcher(text);
    if (hex.matches()) {
      return hexFloat(text, hex, fractionBits, exponentBits);
    }
    double d;
    try {
      d = Double.parseDouble(text);
    } catch (NumberFormatException e) {
      throw new BadLiteral("expected a floating-point number, got '" + text + "'");
    }
    if (text.contains("Infinity") || text.contains("NaN") || text.endsWith("f") || text.endsWith("d")
        || text.endsWith("F") || text.endsWith("D")) {
      throw new BadLiteral("expected a floating-point number, got '" + text + "'");
    }
    return switch (format) {
      case DOUBLE -> Double.doubleToRawLongBits(d);
      case SINGLE -> Float.floatToRawIntBits(Float.parseFloat(text)) & 0xffffffffL;
      case HALF -> floatToHalf(Float.parseFloat(text));
      default -> roundToSmall(text, d, format);
    };
  }

  private static long hexFloat(String text, Matcher hex, int fractionBits, int exponentBits) throws BadLiteral {
    boolean negative = hex.group(1).equals("-");
    boolean leadingOne = hex.group(2).equals("1");
    String digits = hex.group(3) == null ? "" : hex.group(3);
    int exponent;
    try {
      exponent = Integer.parseInt(hex.group(4).startsWith("+") ? hex.group(4).substring(1) : hex.group(4));
    } catch (NumberFormatException e) {
      throw new BadLiteral("exponent out of range in '" + text + "'");
    }
    BigInteger f = digits.isEmpty() ? BigInteger.ZERO : new BigInteger(digits, 16);
    int given = digits.length() * 4;
    BigInteger fraction = given <= fractionBits ? f.shiftLeft(fractionBits - given) : f.shiftRight(given - fractionBits);
    if (given > fractionBits && !fraction.shiftLeft(given - fractionBits).equals(f)) {
      throw new BadLiteral("'" + text + "' has more precision than a " + (fractionBits + exponentBits + 1)
          + "-bit float");
    }
    long sign = negative ? 1L << (fractionBits + exponentBits) : 0;
    int bias = (1 << (exponentBits - 1)) - 1;
    long frac = fraction.longValue();
    if (!leadingOne) {
      if (frac != 0) {
        throw new BadLiteral("hexadecimal float '" + text + "' must start with 0x1 unless it is zero");
      }
      return sign;
    }
    if (exponent == bias + 1) {
      return sign | (((1L << exponentBits) - 1) << fractionBits) | frac;
    }
    if (exponent > bias) {
      throw new BadLiteral("'" + text + "' is too large for a " + (fractionBits + exponentBits + 1) + "-bit float");
    }
    if (exponent >= 1 - bias) {
      return sign | ((long) (exponent + bias) << fractionBits) | frac;
    }
    int shift = (1 - bias) - exponent;
    long full = (1L << fractionBits) | frac;
    if (shift > fractionBits + 1 || ((full >>> shift) << shift) != full) {
      throw new BadLiteral("'" + text + "' is too small for a " + (fractionBits + exponentBits + 1) + "-bit float");
    }
    return sign | (full >>> shift);
  }

  /**
   * Round-to-nearest-even conversion of a double to a small binary format (bfloat16, fp8).
   * A value beyond the largest finite one is an error rather than an infinity, since the
   * fp8 formats differ in whether they have one.
   */
  static long roundToSmall(String text, double d, FloatFormat format) throws BadLiteral {
    int fractionBits = format.fractionBits;
    int exponentBits = format.exponentBits;
    long sign = Double.doubleToRawLongBits(d) < 0 ? 1L << (fractionBits + exponentBits) : 0;
    double a = Math.abs(d);
    if (a == 0) {
      return sign;
    }
    int bias = (1 << (exponentBits - 1)) - 1;
    int q = Math.max(Math.getExponent(a), 1 - bias) - fractionBits;
    long m = (long) Math.rint(Math.scalb(a, -q));
    if (m == 1L << (fractionBits + 1)) {
      m >>= 1;
      q++;
    }
    long field = m >= 1L << fractionBits ? q + fractionBits + bias : 0;
    long top = (1L << exponentBits) - 1;
    long fraction = m & ((1L << fractionBits) - 1);
    // E4M3 has no infinity: its top exponent holds finite values up to 448, all-ones is NaN.
    boolean finiteTop = format == FloatFormat.FP8_E4M3 && fraction != (1L << fractionBits) - 1;
    if (field > top || (field == top && !finiteTop)) {
      throw new BadLiteral("'" + text + "' is too large for a " + (fractionBits + exponentBits + 1) + "-bit float");
    }
    return sign | (field << fractionBits) | fraction;
  }

  /** Round-to-nearest-even conversion of a float to IEEE binary16 bits. */
  static long floatToHalf(float value) {
    int bits = Float.floatToRawIntBits(value);
    int sign = (bits >>> 16) & 0x8000;
    int exp = (bits >>> 23) & 0xff;
    int mant = bits & 0x7fffff;
    if (exp == 0xff) {
      return sign | 0x7c00 | (mant != 0 ? 0x200 | (mant >>> 13) : 0);
    }
    int e = exp - 127 + 15;
    if (e >= 0x1f) {
      return sign | 0x7c00;
    }
    if (e <= 0) {
      if (e < -10) {
        return sign;
      }
      int m = mant | 0x800000;
      int shift = 14 - e;
      int half = m >>> shift;
      int rest = m & ((1 << shift) - 1);
      int mid = 1 << (shift - 1);
      if (rest > mid || (rest == mid && (half & 1) != 0)) {
        half++;
      }
      return sign | half;
    }
    int half = (e << 10) | (mant >>> 13);
    int rest = mant & 0x1fff;
    if (rest > 0x1000 || (rest == 0x1000 && (half & 1) != 0)) {
      half++;
    }
    return sign | half;
  }
}
