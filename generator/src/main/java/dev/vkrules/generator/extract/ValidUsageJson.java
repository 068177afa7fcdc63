package dev.vkrules.generator.extract;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Set;

/**
 * Renders the VUIDs in the shape of Khronos' validusage.json, so its consumers can read them:
 * {@code validation.<Section>.<conditionKey>[]} of {@code {vuid, text}}, text as HTML.
 * Sections and condition keys appear in document order of their first VUID, as in Khronos'
 * file; the version info carries no date.
 *
 * <p>Khronos changed its extractor ({@code vu-to-json}) in release 1.3.255, and this file
 * follows whichever one built the release's own validusage.json:
 * <ul>
 *   <li>before 1.3.255, every VUID under the key of the conditions guarding it, the text
 *       the item's principal text with its leading space, the spec's document attributes
 *       ({@code {ExecutionModel}}) left as written;
 *   <li>from 1.3.255, the VUIDs an all-extensions build keeps (every Vulkan version and
 *       extension defined, Vulkan SC not), all under {@code core}, the text without leading
 *       space, attributes resolved, nested blocks appended.
 * </ul>
 */
public final class ValidUsageJson {
  /** The file written into the output directory. */
  public static final String FILE_NAME = "validusage.json";

  private static final ObjectMapper JSON = new ObjectMapper();

  private ValidUsageJson() {}

  /** Whether release {@code apiVersion} ({@code 1.3.239}) predates Khronos' 1.3.255 extractor. */
  static boolean legacy(String apiVersion) {
    String[] parts = apiVersion.split("\\.");
    if (parts.length != 3) {
      return false;
    }
    try {
      int[] v = {Integer.parseInt(parts[0]), Integer.parseInt(parts[1]), Integer.parseInt(parts[2])};
      return v[0] == 1 && (v[1] < 3 || v[1] == 3 && v[2] < 255);
    } catch (NumberFormatException e) {
      return false;
    }
  }

  /** An ifeval cannot be decided from attributes; Khronos' build keeps what it cannot rule out. */
  private static boolean holds(Condition c, Set<String> defined) {
    return c.directive() == Directive.IFEVAL || c.holds(defined);
  }

  public static String render(ExtractedSpec spec) {
    ObjectNode root = JSON.createObjectNode();
    ObjectNode info = root.putObject("version info");
    info.put("schema version", 2);
    info.put("api version", spec.registry().apiVersion());
    info.put("comment", "from vkrules extract: the VUIDs of " + SpecExtractor.APPENDIX);
    ObjectNode validation = root.putObject("validation");
    boolean legacy = legacy(spec.registry().apiVersion());
    for (Vuid vuid : spec.vuids()) {
      if (!legacy && !vuid.conditions().stream().allMatch(c -> holds(c, spec.registry().buildAttributes()))) {
        continue;
      }
      String key = legacy ? vuid.conditionKey() : Condition.key(List.of());
      ObjectNode section = validation.has(vuid.section())
          ? (ObjectNode) validation.get(vuid.section()) : validation.putObject(vuid.section());
      ArrayNode entries = section.has(key) ? (ArrayNode) section.get(key) : section.putArray(key);
      ObjectNode entry = entries.addObject();
      entry.put("vuid", vuid.id());
      entry.put("text", legacy ? vuid.htmlAsWritten() : vuid.html().stripLeading() + vuid.blocksHtml());
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
