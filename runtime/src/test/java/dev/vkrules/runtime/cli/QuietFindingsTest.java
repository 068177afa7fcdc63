package dev.vkrules.runtime.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Errors first, the undecided summarised: the text report lists errors (and warnings) in full and
 * names each module's undecided VUIDs in one line; --show-undecided and --verbose list them,
 * --quiet prints errors and the summary; SARIF has no result for an undecided finding unless asked;
 * JSON keeps everything; --fail-on takes several levels, and what fails is always listed. The
 * expected VUIDs come from the JSON report of the same modules, never from this file.
 */
class QuietFindingsTest {
  @TempDir Path dir;

  private static final String EXAMPLES = FastValidateTest.EXAMPLES.toString();

  private static JsonNode json(String text) throws Exception {
    return new ObjectMapper().readTree(text);
  }

  /** Per module (its name as the report prints it), the VUIDs of each severity, from the JSON report. */
  private static Map<String, Map<String, Set<String>>> bySeverity(String... args) throws Exception {
    List<String> all = new ArrayList<>(List.of("validate", "--format", "json"));
    all.addAll(List.of(args));
    Map<String, Map<String, Set<String>>> out = new TreeMap<>();
    for (JsonNode f : json(ValidateCommandTest.run(all.toArray(String[]::new)).out()).at("/files")) {
      Map<String, Set<String>> m = out.computeIfAbsent(f.get("file").asText(), k -> new TreeMap<>());
      f.at("/diagnostics").forEach(d -> m.computeIfAbsent(d.get("severity").asText(), k -> new TreeSet<>())
          .add(d.get("vuid").asText()));
    }
    return out;
  }

  @Test
  void errorsAreListedAndEachModulesUndecidedVuidsAreOneLine() throws Exception {
    Map<String, Map<String, Set<String>>> expected = bySeverity(EXAMPLES);
    ValidateCommandTest.Run run = ValidateCommandTest.run("validate", EXAMPLES);
    assertEquals(1, run.exit(), run.err());
    List<String> lines = run.out().lines().toList();
    int undecidedModules = 0;
    for (Map.Entry<String, Map<String, Set<String>>> e : expected.entrySet()) {
      String module = e.getKey();
      Set<String> device = e.getValue().getOrDefault("needs-device-information", Set.of());
      Set<String> pipeline = e.getValue().getOrDefault("needs-pipeline-description", Set.of());
      for (String vuid : e.getValue().getOrDefault("error", Set.of())) {
        assertTrue(lines.contains(headline(module, finding(module, vuid))), run.out());
      }
      // no undecided finding in full; one line per module names them, each kind with what decides it
      assertFalse(run.out().contains(module + ": needs device information: ["), run.out());
      assertFalse(run.out().contains(module + ": needs a pipeline description: ["), run.out());
      List<String> mine = lines.stream().filter(l -> l.startsWith(module + ": undecided: ")).toList();
      if (device.isEmpty() && pipeline.isEmpty()) {
        assertEquals(List.of(), mine);
        continue;
      }
      undecidedModules++;
      assertEquals(1, mine.size(), run.out());
      List<String> parts = new ArrayList<>();
      if (!device.isEmpty()) {
        parts.add("needs device information (--profile): " + String.join(", ", device));
      }
      if (!pipeline.isEmpty()) {
        parts.add("needs a pipeline description (--pipeline): " + String.join(", ", pipeline));
      }
      assertEquals(module + ": undecided: " + String.join("; ", parts) + " (--show-undecided lists each)", mine.get(0));
    }
    assertTrue(undecidedModules >= 2, "the examples have undecided findings: " + expected);
    JsonNode totals = json(ValidateCommandTest.run("validate", "--format", "json", EXAMPLES).out()).at("/totals");
    assertTrue(lines.get(lines.size() - 1).startsWith(totals.get("modules").asInt() + " modules: "
        + totals.get("clean").asInt() + " clean, " + totals.get("invalid").asInt() + " invalid, 0 malformed, "), run.out());
  }

  /** {@code vuid}'s first finding in {@code module}, from the JSON report. */
  private static JsonNode finding(String module, String vuid) throws Exception {
    for (JsonNode d : json(ValidateCommandTest.run("validate", "--format", "json", module).out()).at("/files/0/diagnostics")) {
      if (d.get("vuid").asText().equals(vuid)) {
        return d;
      }
    }
    throw new AssertionError(vuid + " not in " + module);
  }

  /**
   * The first line text output gives a finding of the JSON report: {@code FILE:LINE:COLUMN: error: [VUID]
   * object: message} when it has a source location, else {@code MODULE: [VUID] message}.
   */
  static String headline(String module, JsonNode d) {
    String undecided = switch (d.get("severity").asText()) {
      case "needs-device-information" -> "needs device information: ";
      case "needs-pipeline-description" -> "needs a pipeline description: ";
      default -> "";
    };
    if (!d.has("source")) {
      return module + ": " + undecided + "[" + d.get("vuid").asText() + "] " + d.get("message").asText();
    }
    JsonNode src = d.get("source");
    String level = d.get("severity").asText().equals("error") ? "error: " : "note: " + undecided;
    return src.get("file").asText() + ":" + src.get("line").asInt() + ":" + src.get("column").asInt() + ": " + level
        + "[" + d.get("vuid").asText() + "] "
        + (d.has("object") ? d.at("/object/kind").asText() + " '" + d.at("/object/name").asText() + "': " : "")
        + d.get("message").asText();
  }

  @Test
  void showUndecidedAndVerboseListEachInFullAsBefore() throws Exception {
    ValidateCommandTest.Run summarised = ValidateCommandTest.run("validate", EXAMPLES);
    ValidateCommandTest.Run listed = ValidateCommandTest.run("validate", "--show-undecided", EXAMPLES);
    assertEquals(summarised.exit(), listed.exit());
    assertFalse(listed.out().contains(": undecided: "), listed.out());
    JsonNode all = json(ValidateCommandTest.run("validate", "--format", "json", EXAMPLES).out());
    int findings = 0;
    for (JsonNode f : all.at("/files")) {
      for (JsonNode d : f.at("/diagnostics")) {
        assertTrue(listed.out().contains(headline(f.get("file").asText(), d) + "\n"), d.toString());
        findings++;
      }
    }
    assertEquals(findings, listed.out().lines().filter(l -> !l.startsWith(" ")).count() - 1, listed.out());
    // --verbose lists them too, with the spec's text
    ValidateCommandTest.Run verbose = ValidateCommandTest.run("validate", "--verbose", EXAMPLES);
    assertFalse(verbose.out().contains(": undecided: "), verbose.out());
    assertTrue(verbose.out().contains(": needs a pipeline description: [") && verbose.out().contains("\n  | "), verbose.out());
  }

  @Test
  void quietPrintsErrorsAndTheSummaryOnly() throws Exception {
    ValidateCommandTest.Run full = ValidateCommandTest.run("validate", EXAMPLES);
    ValidateCommandTest.Run quiet = ValidateCommandTest.run("validate", "--quiet", EXAMPLES);
    assertEquals(full.exit(), quiet.exit());
    String expected = full.out().lines().filter(l -> !l.contains(": undecided: ")).map(l -> l + "\n")
        .reduce("", String::concat);
    assertEquals(expected, quiet.out());
    // one module: the summary line is printed too, so a quiet run always ends with its verdict
    String clean = FastValidateTest.EXAMPLES.resolve("pbr_metallic_roughness.frag.spv").toString();
    assertEquals("1 module: 0 clean, 0 invalid, 0 malformed, 1 need a pipeline description (--pipeline)\n",
        ValidateCommandTest.run("validate", "-q", clean).out());
    // what fails the run is listed even so
    ValidateCommandTest.Run strict = ValidateCommandTest.run("validate", "-q", "--fail-on", "needs-pipeline-description", clean);
    assertEquals(1, strict.exit());
    // (the module has debug information: the finding is placed at its source line, an error as it fails the run)
    assertTrue(strict.out().contains(": error: needs a pipeline description: [VUID-"), strict.out());
    assertTrue(strict.out().contains("  " + clean + ": word "), strict.out());
    for (String other : List.of("--show-undecided", "--verbose")) {
      ValidateCommandTest.Run both = ValidateCommandTest.run("validate", "--quiet", other, clean);
      assertEquals(Main.EXIT_USAGE, both.exit());
      assertTrue(both.err().startsWith("vkrules: --quiet excludes " + other + "\n"), both.err());
    }
  }

  @Test
  void sarifResultsAreTheErrorsUnlessUndecidedAreAskedFor() throws Exception {
    JsonNode all = json(ValidateCommandTest.run("validate", "--format", "json", EXAMPLES).out());
    int errors = all.at("/totals/findings/error").asInt();
    int undecided = all.at("/totals/findings/needs-device-information").asInt()
        + all.at("/totals/findings/needs-pipeline-description").asInt();
    assertTrue(errors > 0 && undecided > 0, all.at("/totals").toString());
    JsonNode plain = json(ValidateCommandTest.run("validate", "--format", "sarif", EXAMPLES).out()).at("/runs/0");
    assertEquals(errors, plain.at("/results").size(), plain.toString());
    Set<String> ruleIds = new TreeSet<>();
    plain.at("/tool/driver/rules").forEach(r -> ruleIds.add(r.get("id").asText()));
    Set<String> resultIds = new TreeSet<>();
    plain.at("/results").forEach(r -> {
      resultIds.add(r.get("ruleId").asText());
      assertEquals("error", r.get("level").asText());
      assertEquals(r.get("ruleId").asText(), plain.at("/tool/driver/rules/" + r.get("ruleIndex").asInt() + "/id").asText());
    });
    assertEquals(resultIds, ruleIds, "only the rules results use");
    JsonNode shown = json(ValidateCommandTest.run("validate", "--format", "sarif", "--show-undecided", EXAMPLES).out())
        .at("/runs/0");
    assertEquals(errors + undecided, shown.at("/results").size());
    shown.at("/results").forEach(r -> assertEquals(r.has("properties") && r.at("/properties/severity").asText()
        .startsWith("needs-") ? "note" : "error", r.get("level").asText(), r.toString()));
    // a level --fail-on names fails the gate: its results are errors
    JsonNode strict = json(ValidateCommandTest.run("validate", "--format", "sarif", "--fail-on",
        "needs-pipeline-description", EXAMPLES).out()).at("/runs/0");
    strict.at("/results").forEach(r -> assertEquals("error", r.get("level").asText(), r.toString()));
    assertEquals(errors + all.at("/totals/findings/needs-pipeline-description").asInt(), strict.at("/results").size());
  }

  @Test
  void jsonKeepsEverythingWhateverIsShown() throws Exception {
    String plain = ValidateCommandTest.run("validate", "--format", "json", EXAMPLES).out();
    assertEquals(plain, ValidateCommandTest.run("validate", "--format", "json", "--quiet", EXAMPLES).out());
    assertEquals(plain, ValidateCommandTest.run("validate", "--format", "json", "--show-undecided", EXAMPLES).out());
  }

  @Test
  void undecidedLinesFollowTheMaxFindingsLimitAndIgnores() throws Exception {
    Map<String, Map<String, Set<String>>> expected = bySeverity(EXAMPLES);
    String mesh = FastValidateTest.EXAMPLES.resolve("meshlet_render.mesh.spv").toString();
    Set<String> device = expected.get(mesh).get("needs-device-information");
    String ignored = device.iterator().next();
    ValidateCommandTest.Run run = ValidateCommandTest.run("validate", "--ignore", ignored, "--max-findings-per-rule", "1", mesh);
    String line = run.out().lines().filter(l -> l.startsWith(mesh + ": undecided: ")).findFirst().orElseThrow();
    assertFalse(line.contains(ignored), line);
    device.stream().filter(v -> !v.equals(ignored)).forEach(v -> assertTrue(line.contains(v), v + ": " + line));
    assertTrue(run.out().contains("findings: 1 ignored"), run.out());
  }

  @Test
  void failOnLevelsComeFromTheConfigurationUnlessTheCommandLineNamesThem() throws Exception {
    Path project = dir.resolve("p");
    Files.createDirectories(project);
    Path m = project.resolve("m.spv");
    Files.copy(FastValidateTest.EXAMPLES.resolve("pbr_metallic_roughness.frag.spv"), m);
    assertEquals(0, ValidateCommandTest.run("validate", m.toString()).exit());
    Files.writeString(project.resolve(ProjectConfig.FILE_NAME), "fail-on: [warning, needs-pipeline-description]\n");
    ValidateCommandTest.Run configured = ValidateCommandTest.run("validate", m.toString());
    assertEquals(1, configured.exit(), configured.out());
    assertTrue(configured.out().contains(": needs a pipeline description: [VUID-"), configured.out());
    assertEquals(0, ValidateCommandTest.run("validate", "--fail-on", "error", m.toString()).exit());
    Files.writeString(project.resolve(ProjectConfig.FILE_NAME), "fail-on: needs-pipeline-description,warning\n");
    assertEquals(1, ValidateCommandTest.run("validate", m.toString()).exit());
    Files.writeString(project.resolve(ProjectConfig.FILE_NAME), "fail-on: [warning, pipeline]\n");
    ValidateCommandTest.Run bad = ValidateCommandTest.run("validate", m.toString());
    assertEquals(Main.EXIT_USAGE, bad.exit());
    assertTrue(bad.err().startsWith("vkrules: " + project.resolve(ProjectConfig.FILE_NAME) + ":1:20: unknown fail-on level"
        + " 'pipeline', expected one or more of error, warning,"), bad.err());
    assertEquals(1, bad.err().lines().count(), bad.err());
  }
}
