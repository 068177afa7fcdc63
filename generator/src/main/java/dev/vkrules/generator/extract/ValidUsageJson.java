package dev.vkrules.generator.extract;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Renders the VUIDs in the shape of Khronos' validusage.json, so its consumers can read them:
 * {@code validation.<Section>.<conditionKey>[]} of {@code {vuid, text}}, text as HTML.
 * Sections and condition keys appear in document order of their first VUID, as in Khronos'
 * file; the version info carries no date.
 */
public final class ValidUsageJson {
  /** The file written into the output directory. */
  public static final String FILE_NAME = "validusage.json";

  private static final ObjectMapper JSON = new ObjectMapper();

  private ValidUsageJson() {}

  public static String render(ExtractedSpec spec) {
    ObjectNode root = JSON.createObjectNode();
    ObjectNode info = root.putObject("version info");
    info.put("schema version", 2);
    info.put("api version", spec.registry().apiVersion());
    info.put("comment", "from vkrules extract: the VUIDs of " + SpecExtractor.APPENDIX);
    ObjectNode validation = root.putObject("validation");
    for (Vuid vuid : spec.vuids()) {
      ObjectNode section = validation.has(vuid.section())
          ? (ObjectNode) validation.get(vuid.section()) : validation.putObject(vuid.section());
      ArrayNode entries = section.has(vuid.conditionKey())
          ? (ArrayNode) section.get(vuid.conditionKey()) : section.putArray(vuid.conditionKey());
      ObjectNode entry = entries.addObject();
      entry.put("vuid", vuid.id());
      entry.put("text", vuid.html());
    }
    DefaultPrettyPrinter printer = new DefaultPrettyPrinter()
        .withObjectIndenter(new DefaultIndenter("  ", "\n"))
        .withArrayIndenter(new DefaultIndenter("  ", "\n"));
    try {
      return JSON.writer(printer).writeValueAsString(root) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a tree of strings always serializes", e);
    }
  }
}
