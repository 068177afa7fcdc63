package dev.vkrules.runtime.spirv.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Float spellings as C's %.9g / %.17g and hexadecimal floats write them. */
class NumberFormatTest {
  @Test
  void decimalFloats() {
    assertEquals("0.100000001", NumberFormat.float32(Float.floatToIntBits(0.1f)));
    assertEquals("-2.5", NumberFormat.float32(Float.floatToIntBits(-2.5f)));
    assertEquals("1.00000002e+20", NumberFormat.float32(Float.floatToIntBits(1e20f)));
    assertEquals("0.333333343", NumberFormat.float32(Float.floatToIntBits(1f / 3)));
    assertEquals("1.0000000000000001e-05", NumberFormat.float64(Double.doubleToLongBits(1e-5)));
    assertEquals("9.99999975e-06", NumberFormat.float32(Float.floatToIntBits(1e-5f)));
    assertEquals("0.0001", NumberFormat.float64(Double.doubleToLongBits(1e-4)));
    assertEquals("-0", NumberFormat.float32(Float.floatToIntBits(-0f)));
    assertEquals("123456792", NumberFormat.float32(Float.floatToIntBits(123456789f)));
    assertEquals("1.23456794e+09", NumberFormat.float32(Float.floatToIntBits(1234567890f)));
  }

  /**
   * The integer arithmetic against BigDecimal's exact value rounded half-even (the definition of
   * C's %g on glibc), on random and edge bit patterns of both widths.
   */
  @Test
  void decimalFloatsEqualTheExactValueRounded() {
    java.util.SplittableRandom random = new java.util.SplittableRandom(23);
    List<Double> floats = new ArrayList<>(List.of((double) Float.MAX_VALUE, (double) Float.MIN_NORMAL, 1e-4, 9.9999e-5,
        99999.9995, 0.5, 1e9, 999999999.5, Double.MIN_NORMAL, Double.MAX_VALUE, 1.0, 2.0, 16777216.0, 0.1,
        999999999.0, 1e17, 1e18, 123456789012345678.0));
    for (int i = 0; i < 20_000; i++) {
      float f = Float.intBitsToFloat(random.nextInt());
      if (Float.isFinite(f) && (f == 0 || Math.abs(f) >= Float.MIN_NORMAL)) {
        floats.add((double) f);
      }
      floats.add((double) (float) (random.nextInt(2_000_001) / 1000.0));
    }
    for (int i = 0; i < 20_000; i++) {
      double d = Double.longBitsToDouble(random.nextLong());
      if (Double.isFinite(d) && Math.abs(d) >= Double.MIN_NORMAL) {
        assertEquals(reference(d, 17), NumberFormat.cStyleG(d, 17), Double.toString(d));
      }
      // where the 128-bit path applies (the shift crosses 64 bits within this range)
      double near = random.nextDouble() * Math.pow(10, random.nextInt(14) - 4);
      if (near >= Double.MIN_NORMAL) {
        assertEquals(reference(near, 17), NumberFormat.cStyleG(near, 17), Double.toString(near));
        assertEquals(reference((float) near, 9), NumberFormat.cStyleG((float) near, 9), Float.toString((float) near));
      }
    }
    for (double f : floats) {
      assertEquals(reference(f, 9), NumberFormat.cStyleG(f, 9), Double.toString(f));
    }
  }

  /** %.Pg through BigDecimal: the exact binary value rounded half-even, style by its exponent, zeros stripped. */
  private static String reference(double value, int precision) {
    if (value == 0) {
      return (1 / value < 0) ? "-0" : "0";
    }
    BigDecimal rounded = new BigDecimal(value).round(new MathContext(precision, RoundingMode.HALF_EVEN));
    int exponent = rounded.precision() - rounded.scale() - 1;
    if (exponent < -4 || exponent >= precision) {
      String m = strip(rounded.movePointLeft(exponent).toPlainString());
      return m + "e" + (exponent < 0 ? "-" : "+") + (Math.abs(exponent) < 10 ? "0" : "") + Math.abs(exponent);
    }
    return strip(rounded.toPlainString());
  }

  private static String strip(String s) {
    return s.indexOf('.') < 0 ? s : s.replaceAll("0+$", "").replaceAll("\\.$", "");
  }

  @Test
  void hexFloats() {
    assertEquals("0x1p+128", NumberFormat.float32(Float.floatToRawIntBits(Float.POSITIVE_INFINITY)));
    assertEquals("-0x1p+128", NumberFormat.float32(Float.floatToRawIntBits(Float.NEGATIVE_INFINITY)));
    assertEquals("0x1.8p+128", NumberFormat.float32(0x7fc00000));
    assertEquals("0x1p-149", NumberFormat.float32(1));
    assertEquals("0x1p-1", NumberFormat.float16(0x3800));
    assertEquals("0x0p+0", NumberFormat.float16(0));
    assertEquals("0x1.ffcp+15", NumberFormat.float16(0x7bff));
    assertEquals("0x1p+1024", NumberFormat.float64(Double.doubleToRawLongBits(Double.POSITIVE_INFINITY)));
  }

  @Test
  void hexFloatsReadBackExactly() throws Literals.BadLiteral {
    for (int bits : new int[] {1, 0x7fc00000, 0x7f800000, 0xff800001, 0x00400000}) {
      assertEquals(bits & 0xffffffffL, Literals.floating(NumberFormat.float32(bits), FloatFormat.SINGLE));
    }
    for (FloatFormat f : new FloatFormat[] {FloatFormat.HALF, FloatFormat.BFLOAT16, FloatFormat.FP8_E4M3,
        FloatFormat.FP8_E5M2}) {
      for (long bits = 0; bits < 1L << f.width; bits++) {
        assertEquals(bits, Literals.floating(NumberFormat.floating(bits, f), f), f + " " + bits);
      }
    }
  }

  @Test
  void decimalsRoundToTheNearestSmallFloat() throws Literals.BadLiteral {
    // bfloat16 keeps float's exponent and 7 fraction bits; fp8 E4M3 has bias 7, E5M2 bias 15.
    assertEquals(0x3fc0, Literals.floating("1.5", FloatFormat.BFLOAT16));
    assertEquals(0x3f80, Literals.floating("1.001", FloatFormat.BFLOAT16));
    assertEquals(0xc0, Literals.floating("-2", FloatFormat.FP8_E4M3));
    assertEquals(0x34, Literals.floating("0.25", FloatFormat.FP8_E5M2));
    assertEquals(0x01, Literals.floating("0.001953125", FloatFormat.FP8_E4M3), "smallest subnormal, 2^-9");
    assertEquals(0x7e, Literals.floating("448", FloatFormat.FP8_E4M3), "E4M3's largest finite value");
    assertThrows(Literals.BadLiteral.class, () -> Literals.floating("480", FloatFormat.FP8_E4M3));
    assertThrows(Literals.BadLiteral.class, () -> Literals.floating("1e6", FloatFormat.FP8_E5M2));
  }
}
