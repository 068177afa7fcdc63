package dev.vkrules.runtime.profile;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import dev.vkrules.runtime.profile.JsonValue.JsonArray;
import dev.vkrules.runtime.profile.JsonValue.JsonBoolean;
import dev.vkrules.runtime.profile.JsonValue.JsonNull;
import dev.vkrules.runtime.profile.JsonValue.JsonNumber;
import dev.vkrules.runtime.profile.JsonValue.JsonObject;
import dev.vkrules.runtime.profile.JsonValue.JsonString;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads JSON as leniently as the Khronos profiles layer (jsoncpp) does, and no more.
 *
 * <p>Accepted beyond RFC 8259: {@code //} and {@code /* *}{@code /} comments wherever whitespace
 * may stand, a trailing comma before {@code ]} or {@code }}, a UTF-8 byte order mark, and a
 * repeated object key (the last one wins). Everything else (single quotes, unquoted keys, NaN,
 * leading zeros, trailing garbage) is rejected with {@code line:column}.
 */
public final class LenientJsonReader {
  /** Deeper nesting than any profile needs; bounds the recursion on hostile input. */
  static final int MAX_DEPTH = 256;

  /** Digits in one number: no Vulkan value needs more than 20, a double's exact decimal a few hundred. */
  static final int MAX_NUMBER_LENGTH = 1000;
  /**
   * Characters in one string: as many as the largest file read ({@link dev.vkrules.runtime.InputFiles}),
   * so a capture's embedded module (base64) is bounded by the file's size, not by a smaller limit.
   */
  static final int MAX_STRING_LENGTH = (int) dev.vkrules.runtime.InputFiles.MAX_DESCRIPTION;

  private static final JsonFactory FACTORY = JsonFactory.builder()
      .enable(JsonReadFeature.ALLOW_JAVA_COMMENTS)
      .enable(JsonReadFeature.ALLOW_TRAILING_COMMA)
      .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_DEPTH)
          .maxNumberLength(MAX_NUMBER_LENGTH).maxStringLength(MAX_STRING_LENGTH).build())
      .build();

  private LenientJsonReader() {}

  /** Parses one JSON document; {@code bytes} may be UTF-8 (with or without BOM), UTF-16 or UTF-32. */
  public static JsonValue read(byte[] bytes) throws ProfileException {
    try (JsonParser parser = FACTORY.createParser(bytes)) {
      JsonToken first = parser.nextToken();
      if (first == null) {
        throw ProfileException.at("1:1", "empty document");
      }
      JsonValue root = value(parser, first);
      JsonToken extra = parser.nextToken();
      if (extra != null) {
        throw ProfileException.at(position(parser.currentTokenLocation()), "unexpected content after the document");
      }
      return root;
    } catch (JacksonException e) {
      throw ProfileException.at(position(e.getLocation()), describe(e));
    } catch (IOException e) {
      throw ProfileException.at("1:1", "cannot read json: " + e.getMessage());
    }
  }

  private static JsonValue value(JsonParser parser, JsonToken token) throws IOException {
    JsonLocation at = parser.currentTokenLocation();
    int line = at.getLineNr();
    int column = at.getColumnNr();
    switch (token) {
      case START_OBJECT: {
        Map<String, JsonValue> members = new LinkedHashMap<>();
        Map<String, JsonString> keys = new LinkedHashMap<>();
        for (JsonToken t = parser.nextToken(); t != JsonToken.END_OBJECT; t = parser.nextToken()) {
          JsonLocation keyAt = parser.currentTokenLocation();
          String name = parser.currentName();
          JsonValue member = value(parser, parser.nextToken());
          members.remove(name);  // a repeated key moves to its last position, like a map assignment
          members.put(name, member);
          keys.put(name, new JsonString(name, keyAt.getLineNr(), keyAt.getColumnNr()));
        }
        return new JsonObject(Collections.unmodifiableMap(members), Collections.unmodifiableMap(keys), line, column);
      }
      case START_ARRAY: {
        List<JsonValue> elements = new ArrayList<>();
        for (JsonToken t = parser.nextToken(); t != JsonToken.END_ARRAY; t = parser.nextToken()) {
          elements.add(value(parser, t));
        }
        return new JsonArray(List.copyOf(elements), line, column);
      }
      case VALUE_STRING:
        return new JsonString(parser.getText(), line, column);
      case VALUE_NUMBER_INT:
      case VALUE_NUMBER_FLOAT:
        // the text as written (a JSON number), so -0.0 keeps its sign; read into a value when asked
        return new JsonNumber(parser.getText(), line, column);
      case VALUE_TRUE:
        return new JsonBoolean(true, line, column);
      case VALUE_FALSE:
        return new JsonBoolean(false, line, column);
      case VALUE_NULL:
        return new JsonNull(line, column);
      default:
        throw new IllegalStateException("unexpected token " + token + " at " + line + ":" + column);
    }
  }

  private static String position(JsonLocation location) {
    if (location == null) {
      return "1:1";
    }
    return Math.max(1, location.getLineNr()) + ":" + Math.max(1, location.getColumnNr());
  }

  private static final java.util.regex.Pattern SOURCE =
      java.util.regex.Pattern.compile("\\[Source: .*?; line: (\\d+), column: (\\d+)\\]");

  /** Jackson's message, cut to its first sentence and written as a lower-case fragment. */
  static String describe(JacksonException e) {
    String message = e.getOriginalMessage();
    if (message == null || message.isBlank()) {
      return "malformed json";
    }
    // Jackson's own location ("[Source: REDACTED (...); line: 1, column: 20]") as LINE:COLUMN
    message = SOURCE.matcher(message.strip()).replaceAll("$1:$2");
    int newline = message.indexOf('\n');
    if (newline >= 0) {
      message = message.substring(0, newline).strip();
    }
    // Jackson suggests enabling its own features; our users cannot, so drop the advice.
    int hint = message.indexOf(" (for Object entries)");
    if (hint >= 0) {
      message = message.substring(0, hint);
    }
    for (String advice : new String[] {"; enable ", ": enable "}) {
      int at = message.indexOf(advice);
      if (at >= 0) {
        message = message.substring(0, at);
      }
    }
    while (message.endsWith(".") || message.endsWith(":")) {
      message = message.substring(0, message.length() - 1).strip();
    }
    return message.isEmpty() ? "malformed json" : message.substring(0, 1).toLowerCase(Locale.ROOT) + message.substring(1);
  }
}
