package dev.vkrules.runtime.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vkrules.generator.rules.RuleFile;
import dev.vkrules.generator.rules.RuleLoader;
import dev.vkrules.runtime.engine.Diagnostic;
import dev.vkrules.runtime.support.ExampleAssembler;
import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.rules.RuleCatalog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code validate --ignore}, {@code vkrules.yaml}, baselines, the compilers-emit review line and
 * the CI shape of SARIF and JSON (rule names, %SRCROOT%, invocations, baselineState, totals).
 */
class SuppressionsTest {
  static final Path ROOT = Path.of(System.getProperty("vkrules.root", ".."));

  @TempDir Path dir;

  /** A rule with a compilers-emit review (from the catalog, not typed here) and its first invalid example. */
  record Reviewed(String vuid, String note, byte[] module) {}

  static Reviewed reviewed() throws Exception {
    for (String vuid : RuleCatalog.vuids()) {
      String note = RuleCatalog.compilersEmit(vuid);
      if (note == null) {
        continue;
      }
      for (String section : List.of("standalone", "runtime")) {
        Path file = ROOT.resolve("rules").resolve(section).resolve(vuid + ".yaml");
        if (Files.isRegularFile(file)) {
          RuleFile rule = RuleLoader.load(file, Path.of(vuid + ".yaml"));
          RuleFile.Example e = rule.authored().invalid().get(0);
          Target t = e.targetEnv() == null ? Target.VULKAN_1_4 : Target.parse(e.targetEnv());
          return new Reviewed(vuid, note, ExampleAssembler.assemble(e.asm(), t));
        }
      }
    }
    throw new AssertionError("no rule has a compilers-emit review");
  }

  private Path module(Path folder, String name, byte[] bytes) throws Exception {
    Files.createDirectories(folder);
    Path p = folder.resolve(name);
    Files.write(p, bytes);
    return p;
  }

  private static JsonNode json(String text) throws Exception {
    return new ObjectMapper().readTree(text);
  }

  private static Set<String> vuids(JsonNode report) {
    Set<String> out = new HashSet<>();
    report.at("/files").forEach(f -> f.at("/diagnostics").forEach(d -> out.add(d.get("vuid").asText())));
    return out;
  }

  @Test
void reviewedFindingsSayWhyInTextJsonAndSarif() throws Exception {
    Reviewed r = reviewed();
    String file = module(dir, "reviewed.spv", r.module()).toString();
    List<String> references = RuleCatalog.compilersEmitReferences(r.vuid());
    assertFalse(references.isEmpty(), r.vuid());
    // the spec's words first: the rule's own anchor in the specification
    assertTrue(references.get(0).endsWith("#" + r.vuid()), references.toString());
    for (String preset : List.of("compiler-compatibility", "none")) {
      boolean warns = preset.equals("compiler-compatibility");
      ValidateCommandTest.Run text = ValidateCommandTest.run("validate", "--preset", preset, file);
      assertEquals(warns ? 0 : 1, text.exit(), text.out() + text.err());
      assertTrue(text.out().contains(": " + (warns ? "warning: " : "") + "[" + r.vuid() + "]"), text.out());
      assertTrue(text.out().contains("\n  " + Reports.REVIEWED + r.note() + "\n  " + Reports.REFERENCES
          + String.join(" ", references) + "\n"), text.out());
      JsonNode j = json(ValidateCommandTest.run("validate", "--preset", preset, "--format", "json", file).out());
      boolean found = false;
      for (JsonNode d : j.at("/files/0/diagnostics")) {
        if (d.get("vuid").asText().equals(r.vuid())) {
          assertEquals(warns ? "warning" : "error", d.get("severity").asText());
          assertEquals(r.note(), d.path("reviewed").asText());
          List<String> listed = new ArrayList<>();
          d.path("references").forEach(x -> listed.add(x.asText()));
          assertEquals(references, listed);
          found = true;
        }
      }
      assertTrue(found, j.toString());
      JsonNode s = json(ValidateCommandTest.run("validate", "--preset", preset, "--format", "sarif", file).out());
      JsonNode res = null;
      for (JsonNode x : s.at("/runs/0/results")) {
        if (x.get("ruleId").asText().equals(r.vuid())) {
          res = x;
        }
      }
      assertNotNull(res, s.toString());
      assertEquals(warns ? "warning" : "error", res.get("level").asText());
      assertEquals(r.note(), res.at("/properties/reviewed").asText());
      assertEquals(references.get(0), res.at("/properties/references/0").asText());
      assertTrue(res.at("/message/text").asText().contains("\n" + Reports.REVIEWED + r.note()));
    }
  }

  @Test
  void theMatrixDropsIgnoredVuidsFromItsCellsAsTheReportDoes() throws Exception {
    Reviewed r = reviewed();
    String file = module(dir, "reviewed.spv", r.module()).toString();
    String profile = ROOT.resolve("spec-sources/profiles/VP_ANDROID_baseline_2022.json").toString();
    ValidateCommandTest.Run plain = ValidateCommandTest.run("validate", "--preset", "none", "--matrix", "csv", "--profile", profile, file);
    assertTrue(plain.out().contains(r.vuid()), plain.out());
    ValidateCommandTest.Run ignored = ValidateCommandTest.run("validate", "--preset", "none", "--matrix", "csv", "--profile", profile,
        "--ignore", r.vuid(), file);
    assertFalse(ignored.out().contains(r.vuid()), ignored.out());
    // the same through the configuration file found above the module
    Files.writeString(dir.resolve("vkrules.yaml"), "ignore:\n  - " + r.vuid() + "\n");
    ValidateCommandTest.Run configured = ValidateCommandTest.run("validate", "--preset", "none", "--matrix", "csv", "--profile", profile, file);
    assertFalse(configured.out().contains(r.vuid()), configured.out());
    ValidateCommandTest.Run baseline = ValidateCommandTest.run("validate", "--preset", "none", "--matrix", "csv", "--profile", profile,
        "--baseline", dir.resolve("none.json").toString(), file);
    assertEquals(2, baseline.exit(), baseline.err());
  }

  @Test
  void reviewedFindingsSayWhyInTheMatrixCells() throws Exception {
    Reviewed r = reviewed();
    String file = module(dir, "reviewed.spv", r.module()).toString();
    String profile = ROOT.resolve("spec-sources/profiles/VP_ANDROID_baseline_2022.json").toString();
    for (String format : List.of("text", "md", "html", "csv")) {
      ValidateCommandTest.Run run = ValidateCommandTest.run("validate", "--preset", "none", "--matrix", format, "--profile", profile, file);
      String expected = format.equals("html") ? Reports.REVIEWED + r.note().replace("'", "&#39;") : Reports.REVIEWED + r.note();
      assertTrue(run.out().contains(expected) || run.out().contains(Reports.REVIEWED + r.note()),
          format + ": " + run.out());
    }
    JsonNode j = json(ValidateCommandTest.run("validate", "--preset", "none", "--matrix", "json", "--profile", profile, file).out());
    assertTrue(j.toString().contains("\"reviewed\":" + new ObjectMapper().writeValueAsString(r.note())), j.toString());
  }

  @Test
  void configurationSetsTargetAndProfilesUnlessTheCommandLineDoes() throws Exception {
    Reviewed r = reviewed();
    Path project = dir.resolve("p");
    Path m = module(project, "m.spv", r.module());
    Files.writeString(project.resolve(ProjectConfig.FILE_NAME), "target-env: vulkan9.9\n");
    // the file's target is read (and rejected), the command line's wins over it
    assertEquals(Main.EXIT_USAGE, ValidateCommandTest.run("validate", m.toString()).exit());
    Files.writeString(project.resolve(ProjectConfig.FILE_NAME), "profiles: [missing.json]\n");
    ValidateCommandTest.Run missing = ValidateCommandTest.run("validate", m.toString());
    assertTrue(missing.err().contains(":1:12: no such profile file or directory"), missing.err());
    Files.writeString(project.resolve(ProjectConfig.FILE_NAME), "target-env: vulkan1.0\n");
    ValidateCommandTest.Run cli = ValidateCommandTest.run("validate", "--target-env", "vulkan1.4", "--format", "json",
        m.toString());
    ValidateCommandTest.Run fromFile = ValidateCommandTest.run("validate", "--format", "json", m.toString());
    assertNotEquals(cli.out(), fromFile.out(), "vulkan1.0 (SPIR-V 1.0 only) and vulkan1.4 differ on this module");
  }

  @Test
  void inputsUnderTwoConfigurationsAreAUsageError() throws Exception {
    Reviewed r = reviewed();
    Path a = module(dir.resolve("a"), "m.spv", r.module());
    Path b = module(dir.resolve("b"), "m.spv", r.module());
    Files.writeString(dir.resolve("a").resolve(ProjectConfig.FILE_NAME), "ignore: []\n");
    Files.writeString(dir.resolve("b").resolve(ProjectConfig.FILE_NAME), "ignore: []\n");
    ValidateCommandTest.Run run = ValidateCommandTest.run("validate", a.toString(), b.toString());
    assertEquals(Main.EXIT_USAGE, run.exit());
    assertTrue(run.err().contains("two configurations"), run.err());
    ValidateCommandTest.Run matrix = ValidateCommandTest.run("validate", "--no-config", "--matrix", "text", "--ignore",
        r.vuid(), "--profile", ROOT.resolve("spec-sources/profiles/VP_ANDROID_baseline_2022.json").toString(), a.toString());
    // the matrix applies --ignore too: the module's only error is ignored, so no cell fails
    assertFalse(matrix.out().contains(r.vuid()), matrix.out());
    assertNotEquals(Main.EXIT_INVALID, matrix.exit(), matrix.out() + matrix.err());
  }

  @Test
  void ignoreDropsAndCountsFindingsAndRejectsUnknownVuids() throws Exception {
    Reviewed r = reviewed();
    String file = module(dir, "m.spv", r.module()).toString();
    ValidateCommandTest.Run ignored = ValidateCommandTest.run("validate", "--ignore", r.vuid(), "--format", "json", file);
    JsonNode j = json(ignored.out());
    assertFalse(vuids(j).contains(r.vuid()), ignored.out());
    assertTrue(j.at("/totals/ignored").asInt() >= 1, ignored.out());
    assertEquals(j.at("/totals/ignored").asInt(), j.at("/files/0/ignored").asInt());
    ValidateCommandTest.Run unknown = ValidateCommandTest.run("validate", "--ignore", r.vuid() + "9", file);
    assertEquals(Main.EXIT_USAGE, unknown.exit());
    assertTrue(unknown.err().contains("unknown VUID '" + r.vuid() + "9'"), unknown.err());
    // the VUID it was one keystroke away from is named first
    assertTrue(unknown.err().contains("; near: " + r.vuid()), unknown.err());
    assertFalse(unknown.err().contains("Exception"), unknown.err());
  }

  @Test
  void configurationIsFoundUpwardAndAppliesItsIgnoresPerPath() throws Exception {
    Reviewed r = reviewed();
    Path project = dir.resolve("project");
    Path legacy = module(project.resolve("shaders/legacy"), "old.spv", r.module());
    Path fresh = module(project.resolve("shaders/new"), "new.spv", r.module());
    Files.writeString(project.resolve(ProjectConfig.FILE_NAME), String.join("\n",
        "target-env: vulkan1.3",
        "per-path:",
        "  - paths: [\"shaders/legacy/**\"]",
        "    ignore: [" + r.vuid() + "]",
        "    reason: vendored, fixed upstream",
        ""));
    JsonNode legacyReport = json(ValidateCommandTest.run("validate", "--format", "json", legacy.toString()).out());
    assertFalse(vuids(legacyReport).contains(r.vuid()));
    assertTrue(legacyReport.at("/totals/ignored").asInt() >= 1);
    JsonNode freshReport = json(ValidateCommandTest.run("validate", "--format", "json", fresh.toString()).out());
    assertTrue(vuids(freshReport).contains(r.vuid()), freshReport.toString());
    JsonNode noConfig = json(ValidateCommandTest.run("validate", "--no-config", "--format", "json", legacy.toString()).out());
    assertTrue(vuids(noConfig).contains(r.vuid()));
    // an explicit --config wins over the one found upward
    Path other = dir.resolve("other.yaml");
    Files.writeString(other, "ignore: [" + r.vuid() + "]\n");
    JsonNode explicit = json(ValidateCommandTest.run("validate", "--config", other.toString(), "--format", "json",
        fresh.toString()).out());
    assertFalse(vuids(explicit).contains(r.vuid()));
  }

  @Test
  void badConfigurationsAreOneLineWithTheirPosition() throws Exception {
    Reviewed r = reviewed();
    Path project = dir.resolve("bad");
    Path m = module(project, "m.spv", r.module());
    Path cfg = project.resolve(ProjectConfig.FILE_NAME);
    String[][] cases = {
        {"target-env: vulkan1.3\nignor: [" + r.vuid() + "]\n", ":2:1: unknown key 'ignor'"},
        {"ignore:\n  - VUID-Nothing-Here-1\n", ":2:5: unknown VUID 'VUID-Nothing-Here-1'"},
        {"target-env: vulkan9\n", ":1:13: unknown target-env 'vulkan9'"},
        {"ignore: " + r.vuid() + "\n", ":1:9: 'ignore' is a list"},
        {"per-path:\n  - paths: [a]\n    ignore: [" + r.vuid() + "]\n", ":2:5: a per-path entry needs 'reason'"},
        {"ignore: [\n", ":1:10: not valid YAML"},
    };
    for (String[] c : cases) {
      Files.writeString(cfg, c[0]);
      ValidateCommandTest.Run run = ValidateCommandTest.run("validate", m.toString());
      assertEquals(Main.EXIT_USAGE, run.exit(), c[0]);
      assertTrue(run.err().startsWith("vkrules: " + cfg + c[1]), c[0] + " -> " + run.err());
      assertEquals(1, run.err().strip().lines().count(), run.err());
    }
  }

  @Test
  void baselineAcceptsKnownFindingsAndFailsOnlyNewOnes() throws Exception {
    Reviewed r = reviewed();
    Path shaders = dir.resolve("shaders");
    module(shaders, "a.spv", r.module());
    Path baseline = dir.resolve("baseline.json");
    ValidateCommandTest.Run write = ValidateCommandTest.run("validate", "--preset", "none", "--write-baseline", baseline.toString(),
        shaders.toString());
    assertEquals(0, write.exit(), write.out() + write.err());
    String written = Files.readString(baseline);
    assertTrue(written.contains("\"file\" : \"shaders/a.spv\""), written);
    assertEquals(written, Files.readString(baseline), "deterministic");
    ValidateCommandTest.Run again = ValidateCommandTest.run("validate", "--preset", "none", "--baseline", baseline.toString(), "--format",
        "json", shaders.toString());
    assertEquals(0, again.exit(), again.out() + again.err());
    assertTrue(json(again.out()).at("/totals/baselined").asInt() >= 1);
    // the same module under a new name is new: it fails, and SARIF marks new and unchanged
    module(shaders, "b.spv", r.module());
    ValidateCommandTest.Run grown = ValidateCommandTest.run("validate", "--preset", "none", "--baseline", baseline.toString(), "--format",
        "sarif", shaders.toString());
    assertEquals(1, grown.exit());
    Set<String> states = new HashSet<>();
    json(grown.out()).at("/runs/0/results").forEach(x -> states.add(x.path("baselineState").asText()));
    assertEquals(Set.of("new", "unchanged"), states);
    // the baselined module gone: its findings are absent
    Files.delete(shaders.resolve("a.spv"));
    JsonNode gone = json(ValidateCommandTest.run("validate", "--preset", "none", "--baseline", baseline.toString(), "--format", "sarif",
        shaders.toString()).out());
    java.net.URI base = java.net.URI.create(gone.at("/runs/0/originalUriBaseIds/%SRCROOT%/uri").asText());
    List<Path> absent = new ArrayList<>();
    gone.at("/runs/0/results").forEach(x -> {
      if (x.path("baselineState").asText().equals("absent")) {
        absent.add(Path.of(base.resolve(x.at("/locations/0/physicalLocation/artifactLocation/uri").asText())));
      }
    });
    assertFalse(absent.isEmpty());
    Path a = shaders.resolve("a.spv").toAbsolutePath().normalize();
    assertTrue(absent.stream().allMatch(a::equals), absent.toString());
  }

  @Test
  void baselineKeysSurviveRenumberedIdsButNotOtherInstructions() {
    Baseline b = Baseline.forWriting(dir.resolve("b.json"));
    String vuid = RuleCatalog.vuids().get(0);
    Baseline.Key k1 = b.key(dir.resolve("x.spv").toString(), new Diagnostic(vuid, "m", "%12 = OpLoad %_ptr_Uniform_7 %42", 30, ""));
    Baseline.Key k2 = b.key(dir.resolve("x.spv").toString(), new Diagnostic(vuid, "m", "%13 = OpLoad %_ptr_Uniform_8 %43", 99, ""));
    Baseline.Key k3 = b.key(dir.resolve("x.spv").toString(), new Diagnostic(vuid, "m", "%13 = OpLoad %color %43", 99, ""));
    assertEquals(k1, k2);
    assertNotEquals(k1, k3);
    assertEquals("x.spv", k1.file());
  }

  @Test
  void badBaselinesAreOneLine() throws Exception {
    Reviewed r = reviewed();
    Path m = module(dir, "m.spv", r.module());
    Path baseline = dir.resolve("b.json");
    for (String text : List.of("{", "[]", "{\"schema\": \"vkrules-baseline/1\", \"findings\": [{\"file\": 1}]}")) {
      Files.writeString(baseline, text);
      ValidateCommandTest.Run run = ValidateCommandTest.run("validate", "--baseline", baseline.toString(), m.toString());
      assertEquals(Main.EXIT_USAGE, run.exit(), text);
      assertTrue(run.err().startsWith("vkrules: " + baseline), run.err());
      assertEquals(1, run.err().strip().lines().count(), run.err());
    }
  }

  @Test
  void sarifNamesRulesAndPlacesFilesUnderSrcroot() throws Exception {
    Reviewed r = reviewed();
    Path m = module(dir.resolve("deep"), "m.spv", r.module());
    Path broken = module(dir.resolve("deep"), "broken.spv", new byte[] {3, 2, 35, 7, 0, 0, 1, 0});
    JsonNode s = json(ValidateCommandTest.run("validate", "--format", "sarif", m.toAbsolutePath().toString(),
        broken.toAbsolutePath().toString()).out());
    JsonNode run = s.at("/runs/0");
    for (JsonNode rule : run.at("/tool/driver/rules")) {
      String name = rule.path("name").asText();
      assertTrue(name.matches("[A-Z][A-Za-z0-9]*"), name);
      assertNotEquals(rule.get("id").asText(), name);
      if (rule.get("id").asText().startsWith("VUID-")) {
        assertEquals(RuleCatalog.name(rule.get("id").asText()), name);
        assertTrue(rule.get("helpUri").asText().startsWith("https://registry.khronos.org/vulkan/specs/"));
        assertTrue(rule.get("helpUri").asText().endsWith("#" + rule.get("id").asText()));
      }
    }
    String base = run.at("/originalUriBaseIds/%SRCROOT%/uri").asText();
    assertTrue(base.startsWith("file:///") && base.endsWith("/"), base);
    for (JsonNode x : run.at("/results")) {
      JsonNode a = x.at("/locations/0/physicalLocation/artifactLocation");
      assertEquals("%SRCROOT%", a.get("uriBaseId").asText());
      assertFalse(a.get("uri").asText().startsWith("/"), a.toString());
      assertTrue(Path.of(java.net.URI.create(base).resolve(a.get("uri").asText())).toFile().isFile(), a.toString());
    }
    JsonNode inv = run.at("/invocations/0");
    assertTrue(inv.get("executionSuccessful").asBoolean());
    assertEquals("malformed", inv.at("/toolExecutionNotifications/0/descriptor/id").asText());
  }

  @Test
  void jsonTotalsCountModulesAndFindings() throws Exception {
    Reviewed r = reviewed();
    Path m = module(dir, "m.spv", r.module());
    JsonNode j = json(ValidateCommandTest.run("validate", "--preset", "none", "--format", "json", m.toString()).out());
    int errors = 0;
    for (JsonNode d : j.at("/files/0/diagnostics")) {
      errors += d.get("severity").asText().equals("error") ? 1 : 0;
    }
    assertEquals(1, j.at("/totals/modules").asInt());
    assertEquals(1, j.at("/totals/invalid").asInt());
    assertEquals(errors, j.at("/totals/findings/error").asInt());
    assertEquals(0, j.at("/totals/ignored").asInt());
    assertEquals(0, j.at("/totals/baselined").asInt());
  }
}
