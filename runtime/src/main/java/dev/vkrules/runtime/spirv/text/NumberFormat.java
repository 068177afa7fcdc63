package dev.vkrules.runtime.spirv.text;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Number spellings of the SPIR-V assembly text as spirv-dis writes them: normal and zero
 * floats in C's {@code %.9g} / {@code %.17g} style (the shortest precision that round-trips
 * every value of the width), half floats and non-finite or subnormal values as hexadecimal
 * floats ({@code 0x1.8p+128}).
 */
final class NumberFormat {
  private NumberFormat() {}

  static String float32(int bits) {
    int exp = (bits >>> 23) & 0xff;
    int frac = bits & 0x7fffff;
    if (exp == 0xff || (exp == 0 && frac != 0)) {
      return hexFloat(bits & 0xffffffffL, 23, 8);
    }
    return cStyleG(Float.intBitsToFloat(bits), 9);
  }

  static String float64(long bits) {
    long exp = (bits >>> 52) & 0x7ff;
    long frac = bits & 0xfffffffffffffL;
    if (exp == 0x7ff || (exp == 0 && frac != 0)) {
      return hexFloat(bits, 52, 11);
    }
    return cStyleG(Double.longBitsToDouble(bits), 17);
  }

  static String float16(int bits) {
    return hexFloat(bits & 0xffffL, 10, 5);
  }

  /** A literal of any float format: 32 and 64 bits as decimals where exact, the rest as hexadecimal floats. */
  static String floating(long bits, FloatFormat format) {
    return switch (format) {
      case SINGLE -> float32((int) bits);
      case DOUBLE -> float64(bits);
      default -> hexFloat(bits & ((1L << format.width) - 1), format.fractionBits, format.exponentBits);
    };
  }

  /** C's {@code %.<precision>g} of a finite value, rounding the exact binary value half-even as glibc does. */
  static String cStyleG(double value, int precision) {
    if (value == 0) {
      return (1 / value < 0) ? "-0" : "0";
    }
    BigDecimal rounded = new BigDecimal(value).round(new MathContext(precision, RoundingMode.HALF_EVEN));
    int exponent = rounded.precision() - rounded.scale() - 1;
    if (exponent < -4 || exponent >= precision) {
      BigDecimal mantissa = rounded.movePointLeft(exponent);
      String m = stripZeros(mantissa.toPlainString());
      return m + "e" + (exponent < 0 ? "-" : "+") + (Math.abs(exponent) < 10 ? "0" : "") + Math.abs(exponent);
    }
    return stripZeros(rounded.toPlainString());
  }

  private static String stripZeros(String s) {
    if (s.indexOf('.') < 0) {
      return s;
    }
    int end = s.length();
    while (s.charAt(end - 1) == '0') {
      end--;
    }
    if (s.charAt(end - 1) == '.') {
      end--;
    }
    return s.substring(0, end);
  }

  /**
   * A hexadecimal float: sign, {@code 0x1.} then the fraction in whole nibbles without trailing
   * zeros, then the unbiased binary exponent. Subnormals are normalized; infinities and NaNs
   * print with the maximum exponent ({@code 0x1p+128}, {@code 0x1.8p+128}).
   */
  static String hexFloat(long bits, int fractionBits, int exponentBits) {
    int nibbles = (fractionBits + 3) / 4;
    int overflow = nibbles * 4 - fractionBits;
    long signMask = 1L << (fractionBits + exponentBits);
    int bias = (1 << (exponentBits - 1)) - 1;
    long exponentField = (bits >>> fractionBits) & ((1L << exponentBits) - 1);
    long fraction = (bits & ((1L << fractionBits) - 1)) << overflow;
    boolean zero = exponentField == 0 && fraction == 0;
    int exponent = zero ? 0 : (int) exponentField - bias;
    if (exponentField == 0 && !zero) {
      long top = 1L << (nibbles * 4 - 1);
      while ((fraction & top) == 0) {
        fraction <<= 1;
        exponent--;
      }
      fraction = (fraction << 1) & ((1L << (nibbles * 4)) - 1);
    }
    while (nibbles > 0 && (fraction & 0xf) == 0) {
      fraction >>>= 4;
      nibbles--;
    }
    StringBuilder sb = new StringBuilder();
    if ((bits & signMask) != 0) {
      sb.append('-');
    }
    sb.append("0x").append(zero ? '0' : '1');
    if (nibbles > 0) {
      String hex = Long.toHexString(fraction);
      sb.append('.');
      for (int i = hex.length(); i < nibbles; i++) {
        sb.append('0');
      }
      sb.append(hex);
    }
    sb.append('p').append(exponent >= 0 ? "+" : "").append(exponent);
    return sb.toString();
  }
}
