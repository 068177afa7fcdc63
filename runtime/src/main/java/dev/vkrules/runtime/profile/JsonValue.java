package dev.vkrules.runtime.profile;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/**
 * A JSON value that remembers where it starts in its file, so that errors found after parsing
 * (an unknown capability block, a wrong type) can still name a line and column.
 */
public sealed interface JsonValue {
  /** Line of the value's first character, 1-based. */
  int line();

  /** Column of the value's first character, 1-based. */
  int column();

  /** {@code line:column}, the position suffix of error messages. */
  default String position() {
    return line() + ":" + column();
  }

  /** A short name of the value's type, for "expected ..., got ..." messages. */
  String typeName();

  /** An object; members keep file order, and a repeated key keeps its last value (as jsoncpp does). */
  record JsonObject(Map<String, JsonValue> members, Map<String, JsonString> keys, int line, int column)
      implements JsonValue {
    @Override
    public String typeName() {
      return "object";
    }
  }

  record JsonArray(List<JsonValue> elements, int line, int column) implements JsonValue {
    @Override
    public String typeName() {
      return "array";
    }
  }

  record JsonString(String value, int line, int column) implements JsonValue {
    @Override
    public String typeName() {
      return "string";
    }
  }

  /**
   * A number as its text (a JSON number's grammar), read into a value only when asked: the
   * bundled profiles are read at start-up, and {@link BigDecimal}'s own initialisation alone
   * costs several milliseconds there, so {@link #number()} reads plain forms without it.
   */
  record JsonNumber(String text, int line, int column) implements JsonValue {
    public JsonNumber(BigDecimal value, int line, int column) {
      this(value.toString(), line, column);
    }

    /** The exact value. */
    public BigDecimal value() {
      return new BigDecimal(text);
    }

    /**
     * The value when it is an integer of at most 21 digits (wider than any 64-bit value), else
     * null. The magnitude is read from precision and scale first, so {@code 1e1000000} or
     * {@code 1e-1000000} is refused without writing out a million digits.
     */
    public java.math.BigInteger integer() {
      BigDecimal d = value();
      if (d.signum() == 0) {
        return java.math.BigInteger.ZERO;
      }
      int digits = d.precision() - d.scale();
      if (digits <= 0 || digits > 21) {
        return null;
      }
      try {
        return d.toBigIntegerExact();
      } catch (ArithmeticException e) {
        return null;
      }
    }

    /**
     * The value as a {@code Long} when it is integral and fits in 64 bits (so {@code 4.0} is 4), else
     * a {@code Double}: exactly what {@code value().longValueExact()}, or failing that
     * {@code value().doubleValue()}, gives, without BigDecimal for plain forms ({@code -12}, {@code 0.5}).
     */
    public Number number() {
      int dot = -1;
      int start = text.startsWith("-") ? 1 : 0;
      boolean plain = text.length() > start;
      for (int i = start; i < text.length() && plain; i++) {
        char c = text.charAt(i);
        if (c == '.' && dot < 0 && i > start && i < text.length() - 1) {
          dot = i;
        } else if (c < '0' || c > '9') {
          plain = false;
        }
      }
      if (plain) {
        boolean integral = true;
        for (int i = dot + 1; dot >= 0 && i < text.length(); i++) {
          integral &= text.charAt(i) == '0';
        }
        // at most 18 digits always fits in a long; longer integral forms take the exact path below
        String whole = dot < 0 ? text : text.substring(0, dot);
        if (integral && whole.length() - start <= 18) {
          return Long.parseLong(whole);
        }
        if (!integral) {
          return Double.parseDouble(text);
        }
      }
      BigDecimal d = value();
      try {
        return d.longValueExact();
      } catch (ArithmeticException e) {
        return d.doubleValue();
      }
    }

    @Override
    public String typeName() {
      return "number";
    }
  }

  record JsonBoolean(boolean value, int line, int column) implements JsonValue {
    @Override
    public String typeName() {
      return "boolean";
    }
  }

  record JsonNull(int line, int column) implements JsonValue {
    @Override
    public String typeName() {
      return "null";
    }
  }
}
