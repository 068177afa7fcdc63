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

  record JsonNumber(BigDecimal value, int line, int column) implements JsonValue {
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
