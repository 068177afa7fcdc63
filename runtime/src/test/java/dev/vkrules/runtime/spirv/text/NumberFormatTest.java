package dev.vkrules.runtime.spirv.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
