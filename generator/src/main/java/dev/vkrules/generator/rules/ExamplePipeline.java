package dev.vkrules.generator.rules;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.util.Map;

/**
 * An example's {@code pipeline:}: a pipeline description in vkrules' own form
 * (docs/pipelines.md), written in YAML, turned into the JSON the runtime's reader reads. In it, a
 * stage's {@code module: example} is the example's own module, and a {@code module} holding SPIR-V
 * assembly is assembled (another stage of the same pipeline).
 */
final class ExamplePipeline {
  private static final ObjectMapper JSON = new ObjectMapper();

  private ExamplePipeline() {}

  static String toJson(YNode pipeline) {
    try {
      return JSON.writeValueAsString(node(pipeline));
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  private static JsonNode node(YNode n) {
    JsonNodeFactory f = JsonNodeFactory.instance;
    if (n instanceof YNode.Map m) {
      ObjectNode o = f.objectNode();
      for (Map.Entry<String, YNode> e : m.entries().entrySet()) {
        o.set(e.getKey(), node(e.getValue()));
      }
      return o;
    }
    if (n instanceof YNode.Seq s) {
      ArrayNode a = f.arrayNode();
      s.items().forEach(i -> a.add(node(i)));
      return a;
    }
    String text = ((YNode.Scalar) n).text();
    if (text.equals("true") || text.equals("false")) {
      return f.booleanNode(text.equals("true"));
    }
    if (text.matches("-?\\d+(\\.\\d+)?([eE][-+]?\\d+)?")) {
      return f.numberNode(new BigDecimal(text));
    }
    return f.textNode(text);
  }
}
