package dev.vkrules.generator.extract;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;

/** The one YAML dialect vkrules writes: no document marker, minimal quotes, literal blocks, no folding. */
final class Yaml {
  static final ObjectMapper MAPPER = new YAMLMapper(YAMLFactory.builder()
      .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
      .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
      .enable(YAMLGenerator.Feature.LITERAL_BLOCK_STYLE)
      .disable(YAMLGenerator.Feature.SPLIT_LINES)
      // "32" in a table cell is text; unquoted it would read back as a number.
      .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
      .build());

  private Yaml() {}

  static ObjectNode object() {
    return MAPPER.createObjectNode();
  }

  /** {@code node} as YAML text ending with one newline. */
  static String write(JsonNode node) {
    try {
      String text = MAPPER.writeValueAsString(node);
      return text.endsWith("\n") ? text : text + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a tree of strings always serializes", e);
    }
  }
}
