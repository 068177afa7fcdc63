package dev.vkrules.runtime.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.vkrules.runtime.profile.JsonValue.JsonNumber;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link JsonNumber#number()} reads plain forms without BigDecimal: it must give what BigDecimal gives. */
class JsonNumberTest {
  private static Number exact(String text) {
    BigDecimal d = new BigDecimal(text);
    try {
      return d.longValueExact();
    } catch (ArithmeticException e) {
      return d.doubleValue();
    }
  }

  @Test
  void plainAndExponentFormsGiveWhatBigDecimalGives() {
    List<String> texts = new ArrayList<>(List.of("0", "-0", "1", "-1", "4.0", "4.000", "-4.50", "0.5", "1e3", "1E+3",
        "1.5e-3", "-2E2", "9223372036854775807", "-9223372036854775808", "9223372036854775808",
        "18446744073709551615", "123456789012345678", "1234567890123456789", "99999999999999999999.0",
        "0.000", "3.14159265358979323846264338327950288", "65536.0000000000000000001", "1.0e0"));
    Random random = new Random(23);
    for (int i = 0; i < 20_000; i++) {
      StringBuilder t = new StringBuilder(random.nextBoolean() ? "-" : "");
      int digits = 1 + random.nextInt(22);
      for (int d = 0; d < digits; d++) {
        t.append((char) ('0' + (d == 0 && digits > 1 ? 1 + random.nextInt(9) : random.nextInt(10))));
      }
      if (random.nextInt(3) == 0) {
        t.append('.');
        int fraction = 1 + random.nextInt(6);
        for (int d = 0; d < fraction; d++) {
          t.append(random.nextInt(4) == 0 ? (char) ('0' + random.nextInt(10)) : '0');
        }
      }
      if (random.nextInt(8) == 0) {
        t.append('e').append(random.nextInt(40) - 20);
      }
      texts.add(t.toString());
    }
    for (String text : texts) {
      Number expected = exact(text);
      Number got = new JsonNumber(text, 1, 1).number();
      assertEquals(expected.getClass(), got.getClass(), text);
      assertEquals(expected, got, text);
      assertEquals(new BigDecimal(text), new JsonNumber(text, 1, 1).value(), text);
    }
  }
}
