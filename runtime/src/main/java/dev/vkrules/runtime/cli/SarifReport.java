package dev.vkrules.runtime.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vkrules.runtime.engine.Diagnostic;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code validate --format sarif}: a SARIF 2.1.0 log that GitHub code scanning and other
 * viewers can place and explain. One rule per VUID met (its id, the spec's sentence and a
 * link into the Vulkan specification); one result per finding, placed on the whole
 * offending instruction: its bytes in the module, and its line in {@code vkrules dis} output.
 */
final class SarifReport {
  /** The OASIS schema of SARIF 2.1.0 (the same file is in the tools module's test resources). */
  static final String SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/os/schemas/sarif-schema-2.1.0.json";

  /** Where the Vulkan specification anchors each VUID. */
  static final String SPEC_URI = "https://registry.khronos.org/vulkan/specs/latest/html/vkspec.html";

  /** The appendix the rules come from: what the tool checks. */
  static final String INFORMATION_URI = SPEC_URI + "#spirvenv";

  /** The rule id of findings that are not a VUID: the module is not valid SPIR-V at all. */
  static final String MALFORMED = "malformed";

  private static final JsonNodeFactory F = JsonNodeFactory.instance;

  private SarifReport() {}

  static ObjectNode log(List<ValidateCommand.FileResult> results, boolean verbose) {
    ObjectNode root = F.objectNode();
    root.put("$schema", SCHEMA);
    root.put("version", "2.1.0");
    ObjectNode run = root.putArray("runs").addObject();
    ObjectNode driver = run.putObject("tool").putObject("driver");
    driver.put("name", "vkrules");
    driver.put("version", Version.get());
    driver.put("semanticVersion", Version.get());
    driver.put("informationUri", INFORMATION_URI);
    Map<String, Diagnostic> rules = new TreeMap<>();
    results.forEach(r -> r.diagnostics().forEach(d -> rules.putIfAbsent(ruleId(d), d)));
    ArrayNode ruleArray = driver.putArray("rules");
    List<String> ids = List.copyOf(rules.keySet());
    rules.forEach((id, d) -> ruleArray.add(rule(id, d)));
    ArrayNode out = run.putArray("results");
    for (ValidateCommand.FileResult r : results) {
      InstructionIndex index = InstructionIndex.of(r.module());
      for (Diagnostic d : r.diagnostics()) {
        out.add(result(r.name(), index, d, ids.indexOf(ruleId(d)), verbose));
      }
    }
    return root;
  }

  private static String ruleId(Diagnostic d) {
    return d.vuid().isEmpty() ? MALFORMED : d.vuid();
  }

  private static ObjectNode rule(String id, Diagnostic d) {
    ObjectNode rule = F.objectNode();
    rule.put("id", id);
    if (id.equals(MALFORMED)) {
      rule.putObject("shortDescription").put("text", "The module is not a valid SPIR-V binary.");
      rule.putObject("fullDescription").put("text",
          "The module could not be parsed as SPIR-V (header, word counts or operands), so no rule was run.");
      return rule;
    }
    String spec = d.specText().isBlank() ? d.message() : d.specText().strip();
    rule.put("name", id);
    rule.putObject("shortDescription").put("text", firstSentence(spec));
    rule.putObject("fullDescription").put("text", spec);
    rule.put("helpUri", SPEC_URI + "#" + id);
    rule.putObject("help").put("text", spec + "\n\n" + SPEC_URI + "#" + id);
    rule.putObject("defaultConfiguration").put("level", d.isError() ? "error" : "note");
    return rule;
  }

  private static ObjectNode result(String file, InstructionIndex index, Diagnostic d, int ruleIndex, boolean verbose) {
    ObjectNode res = F.objectNode();
    res.put("ruleId", ruleId(d));
    res.put("ruleIndex", ruleIndex);
    // SARIF has no "undecided" level; "note" keeps such findings visible without failing a gate.
    res.put("level", d.isError() || d.isInternalError() ? "error" : "note");
    if (!d.isError()) {
      res.putObject("properties").put("severity", Reports.severity(d));
    }
    String text = d.headline() + (d.instruction().isEmpty() ? "" : " " + d.instruction())
        + (verbose && !d.specText().isEmpty() ? "\n" + d.specText() : "");
    res.putObject("message").put("text", text);
    ObjectNode loc = res.putArray("locations").addObject().putObject("physicalLocation");
    loc.putObject("artifactLocation").put("uri", uriReference(file));
    InstructionIndex.Place place = d.wordOffset() >= 0 ? index.at(d.wordOffset()) : null;
    ObjectNode region = loc.putObject("region");
    if (place != null) {
      region.put("startLine", place.disLine());
      region.put("byteOffset", place.byteOffset());
      region.put("byteLength", place.byteLength());
    } else {
      // A finding about the module as a whole (or where the stream breaks off): the first
      // line of the disassembly, the "; SPIR-V" header, and the word it names if any.
      region.put("startLine", 1);
      if (d.wordOffset() >= 0) {
        region.put("byteOffset", d.wordOffset() * 4L);
        region.put("byteLength", 4);
      }
    }
    return res;
  }

  /** The spec text up to its first full stop that ends a sentence. */
  static String firstSentence(String text) {
    String oneLine = text.replaceAll("\\s+", " ").strip();
    int end = oneLine.indexOf(". ");
    return end < 0 ? oneLine : oneLine.substring(0, end + 1);
  }

  /**
   * A file name as a relative (or absolute-path) URI reference: '/' separators, and every
   * character a URI path may not hold (space, '#', '?', '%', non-ASCII) percent-encoded.
   */
  static String uriReference(String file) {
    String path = file.replace('\\', '/');
    // "c:x.spv" would read as a URI with scheme "c"; "./" keeps it a relative path.
    int colon = path.indexOf(':');
    if (colon >= 0 && (path.indexOf('/') < 0 || colon < path.indexOf('/'))) {
      path = "./" + path;
    }
    try {
      return new URI(null, null, path, null).toASCIIString();
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException("cannot write " + file + " as a URI: " + e.getMessage(), e);
    }
  }
}
