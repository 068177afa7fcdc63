package dev.vkrules.runtime.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vkrules.runtime.requirements.Alternative;
import dev.vkrules.runtime.requirements.AlternativeText;
import dev.vkrules.runtime.requirements.Outcome;
import dev.vkrules.runtime.requirements.RequirementEvaluator;
import dev.vkrules.runtime.requirements.SpirvRequirement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The answer of {@code profile-check}: one row per capability and SPIR-V extension, in table
 * order, with whether the profile supports it and why (or what would).
 */
record ProfileCheckReport(String profile, String label, String target, List<Row> rows, String summary) {
  /** {@code allowedBy} lists the alternatives that hold; {@code wouldNeed} the alternatives when none does. */
  record Row(String kind, String name, boolean supported, String allowedBy, String wouldNeed) {}

  static ProfileCheckReport of(RequirementEvaluator evaluator, Map<String, SpirvRequirement> capabilities,
      Map<String, SpirvRequirement> extensions) {
    List<Row> rows = new ArrayList<>();
    for (Map<String, SpirvRequirement> table : List.of(capabilities, extensions)) {
      for (SpirvRequirement r : table.values()) {
        boolean supported = evaluator.evaluate(r) == Outcome.SATISFIED;
        String kind = r.kind() == SpirvRequirement.Kind.CAPABILITY ? "capability" : "extension";
        List<Alternative> by = evaluator.satisfied(r);
        String allowed = !supported ? ""
            : by.isEmpty() ? "a different alternative in each choice of capability blocks"
            : String.join("; ", by.stream().map(AlternativeText::describe).toList());
        String need = supported ? "" : AlternativeText.anyOf(r.anyOf(), evaluator::requiresMet);
        rows.add(new Row(kind, r.name(), supported, allowed, need));
      }
    }
    var p = evaluator.profile().orElseThrow();
    return new ProfileCheckReport(p.name(), p.label(), evaluator.target().toString(), rows,
        summary(p.name(), evaluator.target().toString(), rows));
  }

  /** The same report listing only the unsupported rows; the summary still counts everything. */
  ProfileCheckReport unsupportedOnly() {
    return new ProfileCheckReport(profile, label, target, rows.stream().filter(r -> !r.supported()).toList(), summary);
  }

  private static long count(List<Row> rows, String kind, boolean supported) {
    return rows.stream().filter(r -> r.kind().equals(kind) && r.supported() == supported).count();
  }

  private static String summary(String profile, String target, List<Row> rows) {
    long caps = count(rows, "capability", true);
    long exts = count(rows, "extension", true);
    return profile + " at Vulkan " + target + ": supports " + caps + " of " + (caps + count(rows, "capability", false))
        + " capabilities and " + exts + " of " + (exts + count(rows, "extension", false)) + " SPIR-V extensions";
  }

  String text() {
    int nameWidth = Math.max(4, rows.stream().mapToInt(r -> r.name().length()).max().orElse(4));
    StringBuilder b = new StringBuilder();
    b.append(String.format("%-10s  %-" + nameWidth + "s  %-9s  %s%n", "KIND", "NAME", "SUPPORTED", "BY / WOULD NEED"));
    for (Row r : rows) {
      b.append(String.format("%-10s  %-" + nameWidth + "s  %-9s  %s%n", r.kind(), r.name(), r.supported() ? "yes" : "no",
          r.supported() ? r.allowedBy() : "needs " + r.wouldNeed()));
    }
    return b.append(summary).append('\n').toString().replace("\r\n", "\n");
  }

  String markdown() {
    StringBuilder b = new StringBuilder("| Kind | Name | Supported | By / would need |\n| --- | --- | --- | --- |\n");
    for (Row r : rows) {
      b.append("| ").append(r.kind()).append(" | ").append(r.name()).append(" | ").append(r.supported() ? "yes" : "no")
          .append(" | ").append((r.supported() ? r.allowedBy() : "needs " + r.wouldNeed()).replace("|", "\\|")).append(" |\n");
    }
    return b.append('\n').append(summary).append('\n').toString();
  }

  String csv() {
    StringBuilder b = new StringBuilder("kind,name,supported,allowed_by,would_need\n");
    for (Row r : rows) {
      b.append(r.kind()).append(',').append(r.name()).append(',').append(r.supported()).append(',')
          .append(quote(r.allowedBy())).append(',').append(quote(r.wouldNeed())).append('\n');
    }
    return b.toString();
  }

  private static String quote(String s) {
    return s.contains(",") || s.contains("\"") || s.contains("\n") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
  }

  /** The version of {@code profile-check --format json} (docs/schemas/profile-check.schema.json). */
  static final String JSON_SCHEMA = "vkrules-profile-check/1";

  String json() {
    ObjectMapper mapper = new ObjectMapper();
    ObjectNode root = mapper.createObjectNode();
    root.put("schema", JSON_SCHEMA);
    root.put("profile", profile);
    root.put("label", label);
    root.put("target", target);
    root.put("summary", summary);
    ArrayNode list = root.putArray("rows");
    for (Row r : rows) {
      ObjectNode o = list.addObject();
      o.put("kind", r.kind());
      o.put("name", r.name());
      o.put("supported", r.supported());
      o.put("allowed_by", r.allowedBy());
      o.put("would_need", r.wouldNeed());
    }
    try {
      DefaultPrettyPrinter printer = new DefaultPrettyPrinter()
          .withObjectIndenter(new DefaultIndenter("  ", "\n")).withArrayIndenter(new DefaultIndenter("  ", "\n"));
      return mapper.writer(printer).writeValueAsString(root) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }
}
