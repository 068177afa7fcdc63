package dev.vkrules.generator.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code vkrules coverage} over rule directories whose statuses are known independently. */
class CoverageCommandTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static List<RuleFixtures.Entry> entries;
  private static String peer;

  @TempDir static Path tmp;
  private static Path rules;

  @BeforeAll
  static void fixtures() throws IOException {
    entries = RuleFixtures.validusage();
    rules = RuleFixtures.write(tmp.resolve("rules"), entries, 239);
    peer = Cli.root().resolve("peers/spirv-val-2023.1.vuids").toString();
  }

  private static Cli.Result coverage(String... args) {
    List<String> all = new ArrayList<>(List.of("--spirv-val-list", peer,
        "--test-reports", tmp.resolve("no-reports").toString()));
    if (!List.of(args).contains("--spec")) {
      // the fixture rules carry 1.3.239 conditions: read which attributes are versions from its registry
      all.addAll(List.of("--spec", RuleFixtures.fixture().toString()));
    }
    all.addAll(List.of(args));
    return Cli.run(new CoverageCommand(), all.toArray(String[]::new));
  }

  private static JsonNode json(String... args) throws IOException {
    Cli.Result r = coverage(args);
    assertEquals(0, r.exit(), r.err());
    return JSON.readTree(r.out());
  }

  /** The authored check block of a rule file: its lines up to the next authored key. */
  private static final Pattern CHECK = Pattern.compile("(?ms)^  check:\\n(.*?)(?=^  \\S|\\z)");

  /** Counts statuses by reading the rule files as text, without the coverage code. */
  static Map<String, Integer> countByText(Path dir) throws IOException {
    Pattern status = Pattern.compile("(?m)^authored:\\n(?:.*\\n)*?  status: (\\S+)$");
    Map<String, Integer> counts = new TreeMap<>();
    try (Stream<Path> walk = Files.walk(dir)) {
      // Rule files are named after their VUID (docs/rule-files.md); tables and overrides are not.
      for (Path p : walk.filter(f -> f.getFileName().toString().matches("VUID-.*\\.yaml")).toList()) {
        String text = Files.readString(p, StandardCharsets.UTF_8);
        // A VUID that left the spec: extract moves its rule under retired/ and marks it removed.
        if (dir.relativize(p).startsWith("retired") || text.contains("\n  removed: true\n")) {
          counts.merge("retired", 1, Integer::sum);
          continue;
        }
        Matcher m = status.matcher(text);
        String s = m.find() ? m.group(1) : "todo";
        counts.merge(s, 1, Integer::sum);
        counts.merge("total", 1, Integer::sum);
        counts.merge("section:" + p.getParent().getFileName(), 1, Integer::sum);
        if (s.equals("declarative") || s.equals("native")) {
          // pipeline reach: a rule of the pipeline create infos (rules/pipeline/) or a check with a
          // pipeline: predicate (comments left out); every other checked rule is module reach
          Matcher check = CHECK.matcher(text);
          String body = check.find() ? check.group(1).replaceAll("(?m)^\\s*#.*$", "") : "";
          boolean pipeline = p.getParent().getFileName().toString().equals("pipeline")
              || Pattern.compile("\\bpipeline:").matcher(body).find()
              // a runtime rule decided by the pass over a pipeline's linked stages (no check of its own)
              || (!check.reset().find() && text.contains("\n  native: PipelineLinks\n"));
          counts.merge(pipeline ? "reach:pipeline" : "reach:module", 1, Integer::sum);
        }
        if (text.contains("\n  stale: true\n")) {
          counts.merge("stale", 1, Integer::sum);
        }
      }
    }
    return counts;
  }

  static void assertFiguresMatch(Path dir, JsonNode report) throws IOException {
    Map<String, Integer> expected = countByText(dir);
    JsonNode s = report.get("summary");
    assertEquals(expected.get("total"), s.get("total").asInt());
    assertEquals(expected.getOrDefault("declarative", 0), s.get("declarative").asInt());
    assertEquals(expected.getOrDefault("native", 0), s.get("native").asInt());
    assertEquals(expected.getOrDefault("not-checkable", 0), s.get("notCheckable").asInt());
    assertEquals(expected.getOrDefault("todo", 0), s.get("todo").asInt());
    assertEquals(expected.getOrDefault("declarative", 0) + expected.getOrDefault("native", 0),
        s.get("checked").asInt());
    assertEquals(expected.getOrDefault("stale", 0), s.get("stale").asInt());
    assertEquals(expected.getOrDefault("reach:module", 0), s.get("moduleReach").asInt(), "module reach");
    assertEquals(expected.getOrDefault("reach:pipeline", 0), s.get("pipelineReach").asInt(), "pipeline reach");
    assertEquals(expected.getOrDefault("section:standalone", 0),
        report.at("/sections/StandaloneSpirv/total").asInt(0));
    assertEquals(expected.getOrDefault("section:runtime", 0),
        report.at("/sections/RuntimeSpirv/total").asInt(0));
    assertEquals(expected.get("total"), report.get("vuids").size());
  }

  @Test
  void figuresMatchAnIndependentCountOfTheRuleFiles() throws IOException {
    JsonNode report = json("--rules", rules.toString(), "--format", "json");
    assertEquals(entries.size(), report.at("/summary/total").asInt());
    assertFiguresMatch(rules, report);
    double percent = 100.0 * report.at("/summary/checked").asInt() / entries.size();
    assertEquals(Math.round(percent * 10) / 10.0, report.at("/summary/checkedPercent").asDouble(), 1e-9);
  }

  @Test
  void figuresOfTheProjectRulesMatchAnIndependentCount() throws IOException {
    Path projectRules = Cli.root().resolve("rules");
    JsonNode report = json("--rules", projectRules.toString(), "--spec", Cli.root().resolve("spec-sources").toString(),
        "--format", "json");
    String adoc = Files.readString(Cli.root().resolve("spec-sources/spirvenv.adoc"));
    long anchors = java.util.regex.Pattern.compile("\\[\\[VUID-").matcher(adoc).results().count();
    // and one per shader-interface VUID of the pipeline create infos (rules/pipeline/)
    long pipeline = dev.vkrules.generator.extract.PipelineValidUsage.read(Cli.root().resolve("spec-sources")).size();
    assertEquals(anchors + pipeline, report.at("/summary/total").asInt(),
        "one rule file per VUID anchor of the pinned appendix and per pipeline shader-interface VUID");
    assertFiguresMatch(projectRules, report);
    // the native layout checks of rules/pipeline/ are pipeline reach, never module reach
    for (JsonNode v : report.get("vuids")) {
      if (v.get("file").asText().startsWith("pipeline/") && v.hasNonNull("reach")) {
        assertEquals("pipeline", v.get("reach").asText(), v.get("vuid").asText());
      }
    }
    assertTrue(report.at("/summary/pipelineReach").asInt() > report.at("/sections/VkGraphicsPipelineCreateInfo/native")
        .asInt(), "the pipeline reach counts both the pipeline-state rules and the layout checks");
  }

  @Test
  void textCountsTheTwoReachesApart() throws IOException {
    Path projectRules = Cli.root().resolve("rules");
    JsonNode report = json("--rules", projectRules.toString(), "--spec", Cli.root().resolve("spec-sources").toString(),
        "--format", "json");
    Cli.Result r = coverage("--rules", projectRules.toString(), "--spec", Cli.root().resolve("spec-sources").toString());
    assertEquals(0, r.exit(), r.err());
    JsonNode s = report.get("summary");
    assertEquals(s.get("checked").asInt(), s.get("moduleReach").asInt() + s.get("pipelineReach").asInt());
    assertTrue(r.out().contains("\nreach: " + s.get("moduleReach").asInt() + " from the module alone, "
        + s.get("pipelineReach").asInt() + " with a pipeline description"), r.out());
  }

  @Test
  void retiredRulesAreListedApartAndNeverCounted(@TempDir Path dir) throws IOException {
    Path copy = dir.resolve("rules");
    copyTree(rules, copy);
    // Retired as extract retires them (removed: true ends the extracted part, the file moves
    // under retired/); one marked in place only; one active rule with a leftover retired copy.
    RuleFixtures.Entry movedAway = entries.get(0);
    RuleFixtures.Entry markedInPlace = entries.get(1);
    RuleFixtures.Entry leftover = entries.get(2);
    retire(copy, movedAway, true, true);
    retire(copy, markedInPlace, false, true);
    retire(copy, leftover, true, false);
    JsonNode report = json("--rules", copy.toString(), "--format", "json");
    assertEquals(entries.size() - 2, report.at("/summary/total").asInt());
    assertFiguresMatch(copy, report);
    assertEquals(3, countByText(copy).get("retired"));
    Set<String> counted = vuids(report);
    assertFalse(counted.contains(movedAway.vuid()));
    assertFalse(counted.contains(markedInPlace.vuid()));
    assertTrue(counted.contains(leftover.vuid()), "the active copy counts, once");
    List<String> retired = new ArrayList<>();
    report.get("retired").forEach(r -> retired.add(r.get("vuid").asText()));
    assertEquals(new TreeSet<>(List.of(movedAway.vuid(), markedInPlace.vuid(), leftover.vuid())), new TreeSet<>(retired));
    Cli.Result text = coverage("--rules", copy.toString());
    assertEquals(0, text.exit(), text.err());
    assertTrue(text.out().contains("\nretired: 3 rule files of VUIDs no longer in the spec (not counted)\n"), text.out());
    assertTrue(text.out().contains("\nRetired (VUIDs no longer in the spec; not counted)\n"), text.out());
    assertTrue(text.out().contains("rules/retired/"), text.out());
    for (String format : List.of("text", "md", "html", "json", "csv")) {
      Cli.Result r = coverage("--rules", copy.toString(), "--format", format);
      assertFalse(r.out().contains(dir.toString()), format + " names no absolute path");
    }
    assertEquals(report.at("/summary/total").asInt() + 1, csv(copy).size(), "CSV: header and the counted VUIDs");
  }

  /** Marks a fixture rule removed as extract does; moves it under retired/, or copies it there. */
  private static void retire(Path dir, RuleFixtures.Entry e, boolean toRetired, boolean move) throws IOException {
    Path rel = Path.of(e.section().equals("StandaloneSpirv") ? "standalone" : "runtime", e.vuid() + ".yaml");
    Path file = dir.resolve(rel);
    String text = Files.readString(file, StandardCharsets.UTF_8);
    String removed = text.replace("\nauthored:\n", "\n  removed: true\nauthored:\n");
    Path target = toRetired ? dir.resolve("retired").resolve(rel) : file;
    Files.createDirectories(target.getParent());
    Files.writeString(target, removed, StandardCharsets.UTF_8);
    if (toRetired && move) {
      Files.delete(file);
    }
  }

  private static List<String> csv(Path dir) {
    Cli.Result r = coverage("--rules", dir.toString(), "--format", "csv");
    assertEquals(0, r.exit(), r.err());
    return r.out().lines().toList();
  }

  private static void copyTree(Path from, Path to) throws IOException {
    try (Stream<Path> files = Files.walk(from)) {
      for (Path f : files.toList()) {
        Path target = to.resolve(from.relativize(f).toString());
        if (Files.isDirectory(f)) {
          Files.createDirectories(target);
        } else {
          Files.copy(f, target);
        }
      }
    }
  }

  @Test
  void spirvValColumnMatchesThePeerFile() throws IOException {
    Set<String> known = new TreeSet<>();
    for (String line : Files.readAllLines(Path.of(peer))) {
      if (!line.startsWith("#")) {
        known.add(line.strip());
      }
    }
    JsonNode report = json("--rules", rules.toString(), "--format", "json");
    int count = 0;
    for (JsonNode row : report.get("vuids")) {
      boolean k = known.contains(row.get("vuid").asText());
      assertEquals(k, row.get("spirvVal").asBoolean(), row.get("vuid").asText());
      count += k ? 1 : 0;
    }
    assertEquals(88, count, "spirv-val 2023.1 knows 88 StandaloneSpirv VUIDs and no RuntimeSpirv one");
    assertEquals(count, report.at("/summary/spirvVal").asInt());
  }

  @Test
  void csvHasOneRowPerVuidWithTheSameStatuses() throws IOException {
    Cli.Result r = coverage("--rules", rules.toString(), "--format", "csv");
    assertEquals(0, r.exit(), r.err());
    List<String> lines = r.out().lines().toList();
    assertEquals(CoverageJson.CSV_HEADER, lines.get(0));
    assertEquals(311, lines.size());
    Map<String, Integer> byStatus = new TreeMap<>();
    for (String line : lines.subList(1, lines.size())) {
      List<String> cells = csvCells(line);
      assertEquals(12, cells.size(), line);
      byStatus.merge(cells.get(3), 1, Integer::sum);
    }
    Map<String, Integer> expected = countByText(rules);
    for (Status s : Status.values()) {
      assertEquals(expected.getOrDefault(s.label(), 0), byStatus.getOrDefault(s.label(), 0), s.label());
    }
  }

  @Test
  void targetEnvKeepsOnlyTheVuidsThatApply() throws IOException {
    // VUIDs picked by their validusage.json condition key, not by name.
    String onlyBefore11 = vuidWithCondition("!(VK_VERSION_1_1)");
    String from11 = vuidWithCondition("(VK_VERSION_1_1)");
    String memoryModel = vuidWithCondition("(VK_VERSION_1_2,VK_KHR_vulkan_memory_model)");
    String floatNot2 = vuidWithCondition("(VK_EXT_shader_atomic_float)+!(VK_EXT_shader_atomic_float2)");
    String core = vuidWithCondition("core");

    Set<String> v10 = vuids(json("--rules", rules.toString(), "--format", "json", "--target-env", "vulkan1.0"));
    assertTrue(v10.contains(onlyBefore11));
    assertFalse(v10.contains(from11));
    assertTrue(v10.contains(memoryModel), "all extension attributes are set by default");
    assertFalse(v10.contains(floatNot2), "ifndef of a set extension attribute excludes");
    assertTrue(v10.contains(core));

    Set<String> v11 = vuids(json("--rules", rules.toString(), "--format", "json", "--target-env", "vulkan1.1"));
    assertFalse(v11.contains(onlyBefore11));
    assertTrue(v11.contains(from11));

    Set<String> named = vuids(json("--rules", rules.toString(), "--format", "json", "--target-env", "vulkan1.0",
        "--extension", "VK_EXT_shader_atomic_float"));
    assertTrue(named.contains(floatNot2));
    assertFalse(named.contains(memoryModel));
    Set<String> named12 = vuids(json("--rules", rules.toString(), "--format", "json", "--target-env", "vulkan1.2",
        "--extension", "VK_EXT_shader_atomic_float"));
    assertTrue(named12.contains(memoryModel));
  }

  @Test
  void slicesAgreeWithFilteredReports() throws IOException {
    JsonNode all = json("--rules", rules.toString(), "--format", "json");
    for (String env : AttributeSet.ENVIRONMENTS) {
      JsonNode filtered = json("--rules", rules.toString(), "--format", "json", "--target-env", env);
      assertEquals(filtered.at("/summary/total").asInt(), all.at("/slices/targets/" + env + "/total").asInt(), env);
      assertEquals(filtered.at("/summary/checked").asInt(), all.at("/slices/targets/" + env + "/checked").asInt(), env);
    }
    int byCondition = 0;
    for (JsonNode t : all.at("/slices/conditions")) {
      byCondition += t.get("total").asInt();
    }
    assertEquals(entries.size(), byCondition);
    // The extension that enables the ifndef'd atomic-float VUIDs takes them away again.
    JsonNode float2 = all.at("/slices/extensions/VK_EXT_shader_atomic_float2");
    assertEquals(count("(VK_EXT_shader_atomic_float2)"), float2.at("/adds/total").asInt());
    assertEquals(0, float2.at("/removes/total").asInt(), "relative to no extensions nothing is removed");
  }

  @Test
  void failUnderExitsOneBelowTheThreshold() throws IOException {
    JsonNode report = json("--rules", rules.toString(), "--format", "json");
    double percent = 100.0 * report.at("/summary/checked").asInt() / report.at("/summary/total").asInt();
    Cli.Result pass = coverage("--rules", rules.toString(), "--fail-under", Double.toString(Math.floor(percent)));
    assertEquals(0, pass.exit(), pass.err());
    Cli.Result fail = coverage("--rules", rules.toString(), "--fail-under", Double.toString(Math.floor(percent) + 1));
    assertEquals(1, fail.exit());
    assertTrue(fail.err().startsWith("vkrules: checked coverage "), fail.err());
    assertEquals(1, fail.err().lines().count());
  }

  @Test
  void testOutcomesComeFromSurefireReports() throws IOException {
    JsonNode report = json("--rules", rules.toString(), "--format", "json");
    List<String> withExamples = new ArrayList<>();
    String noExamples = null;
    for (JsonNode row : report.get("vuids")) {
      int n = row.at("/examples/valid").asInt() + row.at("/examples/invalid").asInt();
      assertEquals(n > 0 ? "not-run" : "none", row.get("tests").asText());
      if (n > 0) {
        withExamples.add(row.get("vuid").asText());
      } else if (noExamples == null) {
        noExamples = row.get("vuid").asText();
      }
    }
    assertFalse(report.get("testsRun").asBoolean());
    Path reports = Files.createDirectories(tmp.resolve("reports"));
    surefire(reports, withExamples.get(0), false);
    surefire(reports, withExamples.get(1), true);
    Cli.Result r = Cli.run(new CoverageCommand(), "--spec", RuleFixtures.fixture().toString(),
        "--spirv-val-list", peer, "--test-reports", reports.toString(),
        "--rules", rules.toString(), "--format", "json");
    JsonNode run = JSON.readTree(r.out());
    assertTrue(run.get("testsRun").asBoolean());
    Map<String, String> outcome = new TreeMap<>();
    run.get("vuids").forEach(row -> outcome.put(row.get("vuid").asText(), row.get("tests").asText()));
    assertEquals("passed", outcome.get(withExamples.get(0)));
    assertEquals("failed", outcome.get(withExamples.get(1)));
    assertEquals("not-run", outcome.get(withExamples.get(2)));
    assertEquals("none", outcome.get(noExamples));
    assertEquals(1, run.at("/summary/testsPassed").asInt());
    assertEquals(1, run.at("/summary/testsFailed").asInt());
  }

  @Test
  void htmlIsOnePageThatListsEveryVuid() throws IOException {
    Cli.Result r = coverage("--rules", rules.toString(), "--format", "html");
    assertEquals(0, r.exit(), r.err());
    String html = r.out();
    assertTrue(html.startsWith("<!DOCTYPE html>"));
    assertFalse(html.contains("src=\""), "no external scripts or images");
    assertFalse(html.contains("href=\"http") || html.contains("<link"), "no external style sheets or links");
    assertTrue(html.contains("<script>") && html.contains("addEventListener('click'"));
    JsonNode report = json("--rules", rules.toString(), "--format", "json");
    for (JsonNode v : report.get("vuids")) {
      String vuid = v.get("vuid").asText();
      // the VUID links to its rule file, and the row carries the spec's text of that file
      assertTrue(html.contains("<td><a href=\"rules/" + v.get("file").asText() + "\" title=\"rule file\">" + vuid
          + "</a></td>"), vuid);
      assertTrue(html.contains("<td class=\"text\">" + org.jsoup.nodes.Entities.escape(v.get("text").asText())
          + "</td>"), vuid);
    }
    assertEquals(entries.size(), html.split("<tr data-section=", -1).length - 1);
    // one progress bar per section, its segments in proportion to the section's tally
    for (String section : List.of("StandaloneSpirv", "RuntimeSpirv")) {
      JsonNode t = report.at("/sections/" + section);
      assertTrue(html.contains("aria-label=\"" + section + ": " + t.get("checked").asInt() + " checked, "
          + t.get("notCheckable").asInt() + " not checkable, " + t.get("todo").asInt() + " to do\""), section);
    }
  }

  @Test
  void everyFormatIsDeterministic() {
    for (String format : List.of("text", "md", "html", "json", "csv")) {
      Cli.Result a = coverage("--rules", rules.toString(), "--format", format);
      Cli.Result b = coverage("--rules", rules.toString(), "--format", format);
      assertEquals(0, a.exit(), a.err());
      assertEquals(a.out(), b.out(), format);
      assertFalse(a.out().contains("\r"), format);
      assertFalse(a.out().contains(tmp.toAbsolutePath().getRoot() + "tmp/"), "no absolute paths: " + format);
    }
  }

  @Test
  void markdownAndTextCarryTheTotals() throws IOException {
    JsonNode report = json("--rules", rules.toString(), "--format", "json");
    String checked = "checked: " + report.at("/summary/checked").asInt() + " ("
        + report.at("/summary/checkedPercent").asText() + "%)";
    assertTrue(coverage("--rules", rules.toString()).out().contains(checked));
    assertTrue(coverage("--rules", rules.toString(), "--format", "md").out().contains("- " + checked));
  }

  @Test
  void badInputIsOneLineAndExitTwo(@TempDir Path bad) throws IOException {
    RuleFixtures.Entry e = entries.get(0);
    RuleFixtures.writeRule(bad, e, Status.TODO, null, 0, 0, false);
    Path file;
    try (Stream<Path> walk = Files.walk(bad)) {
      file = walk.filter(p -> p.toString().endsWith(".yaml")).findFirst().orElseThrow();
    }
    Files.writeString(file, Files.readString(file).replace("status: todo", "status: sometimes"));
    Cli.Result r = coverage("--rules", bad.toString());
    assertEquals(2, r.exit());
    assertEquals(1, r.err().lines().count(), r.err());
    assertTrue(r.err().matches("(?s).*" + e.vuid() + "\\.yaml:\\d+:\\d+: authored.status 'sometimes' is not one of.*"), r.err());

    Files.writeString(file, "vuid: [unclosed\n");
    Cli.Result yaml = coverage("--rules", bad.toString());
    assertEquals(2, yaml.exit());
    assertTrue(yaml.err().matches("vkrules: .*\\.yaml:\\d+:\\d+: invalid yaml: .*\\n"), yaml.err());

    Cli.Result env = coverage("--rules", rules.toString(), "--target-env", "vulkan9");
    assertEquals(2, env.exit());
    assertTrue(env.err().contains("unknown target environment 'vulkan9'"), env.err());
    assertEquals(2, coverage("--rules", rules.toString(), "--format", "pdf").exit());
  }

  /** One CSV record (no embedded line breaks in these reports), RFC 4180 quoting. */
  static List<String> csvCells(String line) {
    List<String> cells = new ArrayList<>();
    StringBuilder cell = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (quoted) {
        if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
          cell.append('"');
          i++;
        } else if (c == '"') {
          quoted = false;
        } else {
          cell.append(c);
        }
      } else if (c == '"') {
        quoted = true;
      } else if (c == ',') {
        cells.add(cell.toString());
        cell.setLength(0);
      } else {
        cell.append(c);
      }
    }
    cells.add(cell.toString());
    return cells;
  }

  private static String vuidWithCondition(String key) {
    return entries.stream().filter(e -> e.condition().equals(key)).findFirst().orElseThrow().vuid();
  }

  private static int count(String key) {
    return (int) entries.stream().filter(e -> e.condition().equals(key)).count();
  }

  private static Set<String> vuids(JsonNode report) {
    Set<String> s = new TreeSet<>();
    report.get("vuids").forEach(r -> s.add(r.get("vuid").asText()));
    return s;
  }

  private static void surefire(Path dir, String vuid, boolean fail) throws IOException {
    String cls = "dev.vkrules.tests." + AuditRule.derivedName(vuid) + "Test";
    String xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite name=\"" + cls + "\" tests=\"2\">\n"
        + "<testcase name=\"valid\" classname=\"" + cls + "\"/>\n"
        + "<testcase name=\"invalid\" classname=\"" + cls + "\">"
        + (fail ? "<failure message=\"expected exactly one diagnostic\"/>" : "") + "</testcase>\n</testsuite>\n";
    Files.writeString(dir.resolve("TEST-" + cls + ".xml"), xml);
  }
}
