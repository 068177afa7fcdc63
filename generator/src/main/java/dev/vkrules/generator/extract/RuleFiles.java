package dev.vkrules.generator.extract;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Renders one rule file ({@code rules/<section>/<VUID>.yaml}) from a {@link Vuid}, keeping the
 * authored part of an existing file byte for byte. Pure: text in, text out.
 *
 * <p>The file has two parts. Everything before the line {@code authored:} is extracted and
 * rewritten on every run; everything from that line on belongs to people and is never
 * touched. See {@code docs/rule-files.md}.
 */
public final class RuleFiles {
  /** The line that opens the authored part. */
  public static final String AUTHORED = "authored:";
  /** The authored part of a rule nobody has worked on yet. */
  public static final String NEW_AUTHORED = AUTHORED + "\n  status: todo\n";
  static final String BANNER = """
      # AUTO-GENERATED above the 'authored:' line by `vkrules extract` from spec-sources/%s.
      # Edit only the 'authored:' block; `./vkrules extract --spec spec-sources --out rules` rewrites the rest.
      """;

  private RuleFiles() {}

  /** A rendered rule file and whether its authored logic is stale. */
  public record Rendered(String content, boolean stale) {}

  /** Where the pipeline create infos' rules go ({@link PipelineValidUsage}). */
  public static final String PIPELINE = "pipeline";

  /**
   * The directory of a section's rules: {@code StandaloneSpirv} → {@code standalone}; an API
   * ref page ({@code VkGraphicsPipelineCreateInfo}) → {@value #PIPELINE}.
   */
  public static String directory(String section) {
    if (section.startsWith("Vk")) {
      return PIPELINE;
    }
    String lower = section.toLowerCase(Locale.ROOT);
    String dir = lower.endsWith("spirv") && lower.length() > "spirv".length()
        ? lower.substring(0, lower.length() - "spirv".length()) : lower;
    return dir;
  }

  /** The rule file's path relative to the rules directory. */
  public static String path(Vuid vuid) {
    return directory(vuid.section()) + "/" + vuid.id() + ".yaml";
  }

  /**
   * The file for {@code vuid}; {@code existing} is the current file's content, whose
   * authored part is kept. {@code where} names the file in error messages.
   */
  public static Rendered render(Vuid vuid, Optional<String> existing, String where) {
    String authored = existing.map(text -> authoredPart(text, where)).orElse(NEW_AUTHORED);
    Optional<String> reviewed = reviewedHash(authored, where, existing.map(RuleFiles::authoredLine).orElse(1));
    boolean stale = reviewed.isPresent() && !reviewed.get().equals(vuid.hash());
    return new Rendered(extractedPart(vuid, stale) + authored, stale);
  }

  /** The extracted part: banner, {@code vuid:} and the {@code extracted:} block. */
  static String extractedPart(Vuid vuid, boolean stale) {
    ObjectNode root = Yaml.object();
    root.put("vuid", vuid.id());
    ObjectNode x = root.putObject("extracted");
    x.put("section", vuid.section());
    x.put("condition", vuid.conditionKey());
    x.set("conditions", conditions(vuid.conditions()));
    if (!vuid.textConditions().isEmpty()) {
      ArrayNode fragments = x.putArray("text-conditions");
      for (Vuid.TextCondition t : vuid.textConditions()) {
        ObjectNode f = fragments.addObject();
        f.put("directive", t.condition().directive().keyword());
        f.put("expression", t.condition().expression());
        f.put("line", t.line());
        f.put("asciidoc", t.asciidoc());
      }
    }
    x.put("source", vuid.file() + ":" + vuid.line());
    x.put("hash", vuid.hash());
    x.put("asciidoc", vuid.asciidoc());
    x.put("text", vuid.text());
    if (stale) {
      x.put("stale", true);
    }
    return BANNER.formatted(vuid.file()) + Yaml.write(root);
  }

  static ArrayNode conditions(List<Condition> conditions) {
    ArrayNode array = Yaml.MAPPER.createArrayNode();
    for (Condition c : conditions) {
      ObjectNode o = array.addObject();
      o.put("directive", c.directive().keyword());
      o.put("expression", c.expression());
    }
    return array;
  }

  /** Everything from the {@code authored:} line on, verbatim. */
  static String authoredPart(String text, String where) {
    int at = authoredOffset(text);
    if (at < 0) {
      throw new SpecSyntaxException("no 'authored:' line; extraction will not guess where the authored part is",
          where, 1);
    }
    return text.substring(at);
  }

  private static int authoredOffset(String text) {
    if (text.startsWith(AUTHORED)) {
      return 0;
    }
    int at = text.indexOf("\n" + AUTHORED);
    while (at >= 0) {
      int end = at + 1 + AUTHORED.length();
      if (end == text.length() || text.charAt(end) == '\n' || text.charAt(end) == ' ' || text.charAt(end) == '\r') {
        return at + 1;
      }
      at = text.indexOf("\n" + AUTHORED, at + 1);
    }
    return -1;
  }

  private static int authoredLine(String text) {
    int at = authoredOffset(text);
    return at < 0 ? 1 : (int) text.substring(0, at).chars().filter(c -> c == '\n').count() + 1;
  }

  /** {@code authored.reviewed-hash}, if the authored part records one. */
  static Optional<String> reviewedHash(String authored, String where, int firstLine) {
    try {
      JsonNode node = Yaml.MAPPER.readTree(authored);
      JsonNode hash = node == null ? null : node.path("authored").get("reviewed-hash");
      return hash == null || hash.isNull() ? Optional.empty() : Optional.of(hash.asText());
    } catch (JsonProcessingException e) {
      int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
      throw new SpecSyntaxException("authored part is not valid YAML: " + e.getOriginalMessage().replace('\n', ' '),
          where, firstLine + Math.max(line, 1) - 1);
    }
  }
}
