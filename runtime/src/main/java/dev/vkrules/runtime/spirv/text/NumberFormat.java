package dev.vkrules.runtime.spirv.text;

import java.math.BigInteger;

/**
 * Number spellings of the SPIR-V assembly text as spirv-dis writes them: normal and zero
 * floats in C's {@code %.9g} / {@code %.17g} style (the shortest precision that round-trips
 * every value of the width), half floats and non-finite or subnormal values as hexadecimal
 * floats ({@code 0x1.8p+128}).
 */
final class NumberFormat {
  /** 10^0 to 10^18. */
  private static final long[] LONG_POWERS = new long[19];

  static {
    LONG_POWERS[0] = 1;
    for (int i = 1; i < LONG_POWERS.length; i++) {
      LONG_POWERS[i] = LONG_POWERS[i - 1] * 10;
    }
  }

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

  /**
   * C's {@code %.<precision>g} of a finite value, rounding the exact binary value half-even as glibc
   * does. Exact integer arithmetic on {@code mantissa * 2^e} scaled by a power of ten: BigInteger,
   * not BigDecimal, whose class initialisation alone costs more than a small module's whole
   * validation in a fresh JVM (friendly names spell every float constant of a module that has a
   * finding).
   */
  static String cStyleG(double value, int precision) {
    if (value == 0) {
      return (1 / value < 0) ? "-0" : "0";
    }
    long bits = Double.doubleToRawLongBits(value);
    int biased = (int) ((bits >>> 52) & 0x7ff);
    long mantissa = bits & ((1L << 52) - 1);
    int e2 = biased == 0 ? -1074 : biased - 1075;
    if (biased != 0) {
      mantissa |= 1L << 52;
    }
    long low = LONG_POWERS[precision - 1];
    long high = LONG_POWERS[precision];
    // value = mantissa * 2^e2 exactly; q = floor(|value| * 10^(precision - 1 - x)) must have
    // precision digits, where x, the decimal exponent, starts from log10's estimate.
    int x = (int) Math.floor(Math.log10(Math.abs(value)));
    long q;
    int half;
    while (true) {
      int s = precision - 1 - x;
      int r = -e2;
      if (s >= 0 && s < LONG_POWERS.length && r >= 0 && r < 128) {
        // The common case (a shader's constants): mantissa * 10^s in 128 bits, shifted right by r.
        long p = LONG_POWERS[s];
        long hi = Math.multiplyHigh(mantissa, p);
        long lo = mantissa * p;
        long remHi;
        long remLo;
        if (r == 0) {
          if (hi != 0 || lo < 0) {
            x++;
            continue;
          }
          q = lo;
          remHi = 0;
          remLo = 0;
        } else if (r < 64) {
          if ((hi >>> r) != 0) {
            x++;
            continue;
          }
          q = (lo >>> r) | (hi << (64 - r));
          remHi = 0;
          remLo = lo & ((1L << r) - 1);
        } else {
          q = hi >>> (r - 64);
          remHi = r == 64 ? 0 : hi & ((1L << (r - 64)) - 1);
          remLo = lo;
        }
        if (q < 0 || q >= high) {
          x++;
          continue;
        }
        if (q < low) {
          x--;
          continue;
        }
        if (r == 0) {
          half = -1; // exact: no remainder
        } else {
          // the remainder against half of 2^r, both 128-bit
          long halfHi = r <= 64 ? 0 : 1L << (r - 65);
          long halfLo = r <= 64 ? 1L << (r - 1) : 0;
          half = remHi != halfHi ? Long.compareUnsigned(remHi, halfHi) : Long.compareUnsigned(remLo, halfLo);
        }
        break;
      }
      BigInteger n = BigInteger.valueOf(mantissa).shiftLeft(Math.max(e2, 0));
      BigInteger d = BigInteger.ONE.shiftLeft(Math.max(r, 0));
      if (s >= 0) {
        n = n.multiply(BigInteger.TEN.pow(s));
      } else {
        d = d.multiply(BigInteger.TEN.pow(-s));
      }
      BigInteger[] qr = n.divideAndRemainder(d);
      if (qr[0].compareTo(BigInteger.valueOf(high)) >= 0) {
        x++;
        continue;
      }
      q = qr[0].longValueExact();
      if (q < low) {
        x--;
        continue;
      }
      half = qr[1].shiftLeft(1).compareTo(d);
      break;
    }
    if (half > 0 || (half == 0 && (q & 1) != 0)) {
      q++;
      if (q == high) {
        q = low;
        x++;
      }
    }
    String digits = Long.toString(q);
    StringBuilder out = new StringBuilder(precision + 8);
    if (value < 0) {
      out.append('-');
    }
    if (x < -4 || x >= precision) {
      out.append(digits.charAt(0)).append('.').append(digits, 1, precision);
      stripZeros(out);
      int a = Math.abs(x);
      return out.append('e').append(x < 0 ? '-' : '+').append(a < 10 ? "0" : "").append(a).toString();
    }
    if (x >= 0) {
      out.append(digits, 0, x + 1).append('.').append(digits, x + 1, precision);
    } else {
      out.append("0.");
      for (int i = -1; i > x; i--) {
        out.append('0');
      }
      out.append(digits);
    }
    stripZeros(out);
    return out.toString();
  }

  /** Drops a fraction's trailing zeros, and its point when nothing is left after it. */
  private static void stripZeros(StringBuilder s) {
    if (s.indexOf(".") < 0) {
      return;
    }
    int end = s.length();
    while (s.charAt(end - 1) == '0') {
      end--;
    }
    if (s.charAt(end - 1) == '.') {
      end--;
    }
    s.setLength(end);
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
