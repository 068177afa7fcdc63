package dev.vkrules.runtime.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vkrules.runtime.rules.RuleCatalog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The compiler-compatibility preset: the rules with a compilers-emit review report warnings (a
 * severity of their own in text, JSON and SARIF, counted, failing nothing unless --fail-on
 * warning), by default and with {@code preset: compiler-compatibility}; {@code --preset none}
 * or {@code preset: none} makes them errors. The module is a reviewed rule's own invalid example.
 */
class CompilerCompatibilityTest {
  @TempDir Path dir;

  private static JsonNode json(String text) throws Exception {
    return new ObjectMapper().readTree(text);
  }

  private Path module(String name) throws Exception {
    Files.createDirectories(dir.resolve("p"));
    Path p = dir.resolve("p").resolve(name);
    Files.write(p, SuppressionsTest.reviewed().module());
    return p;
  }

  @Test
  void thePresetIsTheRulesWithACompilersEmitReview() {
    long reviewed = RuleCatalog.vuids().stream().filter(v -> RuleCatalog.compilersEmit(v) != null).count();
    assertTrue(reviewed >= 1);
    for (String vuid : RuleCatalog.vuids()) {
      boolean review = RuleCatalog.compilersEmit(vuid) != null;
      assertEquals(review, RunPolicy.DEFAULT.warns(vuid), vuid);
      assertEquals(review, !RuleCatalog.compilersEmitReferences(vuid).isEmpty(), vuid);
      assertFalse(new RunPolicy(false, RunPolicy.DEFAULT.failing()).warns(vuid), vuid);
    }
  }

  @Test
  void warningsAreCountedAndFailOnlyWhenAsked() throws Exception {
    SuppressionsTest.Reviewed r = SuppressionsTest.reviewed();
    String m = module("m.spv").toString();
    JsonNode warned = json(ValidateCommandTest.run("validate", "--format", "json", m).out());
    int warnings = warned.at("/totals/findings/warning").asInt();
    assertTrue(warnings >= 1, warned.toString());
    JsonNode strict = json(ValidateCommandTest.run("validate", "--preset", "none", "--format", "json", m).out());
    assertEquals(warnings, strict.at("/totals/findings/error").asInt() - warned.at("/totals/findings/error").asInt());
    assertEquals(0, strict.at("/totals/findings/warning").asInt());
    // the example breaks only the reviewed rule: a module with warnings only
    assertEquals(1, warned.at("/totals/warningsOnly").asInt(), warned.toString());
    assertEquals(0, warned.at("/totals/invalid").asInt());
    assertEquals(1, strict.at("/totals/invalid").asInt());
    // the module at two paths: validated once, reported at each (a path named twice is reported once)
    String copy = java.nio.file.Files.copy(java.nio.file.Path.of(m), java.nio.file.Path.of(m + ".copy.spv")).toString();
    ValidateCommandTest.Run text = ValidateCommandTest.run("validate", m, copy, m);
    assertEquals(0, text.exit(), text.out());
    assertTrue(text.out().endsWith("2 modules: 0 clean, 0 invalid, 0 malformed, 2 with warnings only; findings: "
        + 2 * warnings + (2 * warnings == 1 ? " warning" : " warnings") + "; seen: 0 pipelines, 1 distinct module\n"),
        text.out());
    ValidateCommandTest.Run failing = ValidateCommandTest.run("validate", "--fail-on", "warning", "--format", "sarif", m);
    assertEquals(1, failing.exit());
    json(failing.out()).at("/runs/0/results").forEach(x -> assertEquals("error", x.get("level").asText()));
    // quiet: warnings are not listed, but counted in the summary
    ValidateCommandTest.Run quiet = ValidateCommandTest.run("validate", "--quiet", m);
    assertFalse(quiet.out().contains("[" + r.vuid() + "]"), quiet.out());
    assertTrue(quiet.out().contains("1 with warnings only; findings: " + warnings), quiet.out());
    JsonNode quietSarif = json(ValidateCommandTest.run("validate", "--quiet", "--format", "sarif", m).out());
    assertEquals(0, quietSarif.at("/runs/0/results").size(), quietSarif.toString());
  }

  @Test
  void theConfigurationChoosesThePresetAndTheCommandLineWins() throws Exception {
    SuppressionsTest.Reviewed r = SuppressionsTest.reviewed();
    String m = module("m.spv").toString();
    Path cfg = dir.resolve("p").resolve(ProjectConfig.FILE_NAME);
    Files.writeString(cfg, "preset: none\n");
    ValidateCommandTest.Run none = ValidateCommandTest.run("validate", m);
    assertEquals(1, none.exit(), none.out());
    assertTrue(none.out().contains(": [" + r.vuid() + "]"), none.out());
    ValidateCommandTest.Run cli = ValidateCommandTest.run("validate", "--preset", "compiler-compatibility", m);
    assertEquals(0, cli.exit(), cli.out());
    assertTrue(cli.out().contains(": warning: [" + r.vuid() + "]"), cli.out());
    Files.writeString(cfg, "preset: compiler-compatibility\n");
    assertEquals(0, ValidateCommandTest.run("validate", m).exit());
    for (String[] c : new String[][] {{"preset: strict\n", ":1:9: unknown preset 'strict', expected one of "
        + RunPolicy.PRESETS}, {"preset: [none]\n", ":1:9: preset must be text"}}) {
      Files.writeString(cfg, c[0]);
      ValidateCommandTest.Run bad = ValidateCommandTest.run("validate", m);
      assertEquals(Main.EXIT_USAGE, bad.exit());
      assertEquals("vkrules: " + cfg + c[1] + "\n", bad.err());
    }
    ValidateCommandTest.Run badOption = ValidateCommandTest.run("validate", "--no-config", "--preset", "strict", m);
    assertEquals(Main.EXIT_USAGE, badOption.exit());
    assertTrue(badOption.err().startsWith("vkrules: " + Choices.invalid("--preset", "strict", RunPolicy.PRESETS) + "\n"),
        badOption.err());
  }

  @Test
  void aBaselineMatchesWhateverThePreset() throws Exception {
    Path shaders = dir.resolve("p");
    module("a.spv");
    Path baseline = dir.resolve("baseline.json");
    assertEquals(0, ValidateCommandTest.run("validate", "--preset", "none", "--write-baseline", baseline.toString(),
        shaders.toString()).exit());
    for (String preset : List.of("none", "compiler-compatibility")) {
      JsonNode j = json(ValidateCommandTest.run("validate", "--preset", preset, "--baseline", baseline.toString(),
          "--format", "json", shaders.toString()).out());
      assertEquals(0, j.at("/totals/findings/error").asInt() + j.at("/totals/findings/warning").asInt(), j.toString());
      assertTrue(j.at("/totals/baselined").asInt() >= 1, j.toString());
    }
  }

  @Test
  void theMatrixLeavesThePresetsWarningsOutOfItsCellsUnlessTheyFail() throws Exception {
    SuppressionsTest.Reviewed r = SuppressionsTest.reviewed();
    String m = module("m.spv").toString();
    String profile = SuppressionsTest.ROOT.resolve("spec-sources/profiles/VP_ANDROID_baseline_2022.json").toString();
    ValidateCommandTest.Run preset = ValidateCommandTest.run("validate", "--matrix", "csv", "--profile", profile, m);
    assertFalse(preset.out().contains(r.vuid()), preset.out());
    assertEquals(0, preset.exit(), preset.out());
    for (String[] args : new String[][] {{"--preset", "none"}, {"--fail-on", "warning"}}) {
      ValidateCommandTest.Run run = ValidateCommandTest.run("validate", args[0], args[1], "--matrix", "csv", "--profile",
          profile, m);
      assertTrue(run.out().contains(r.vuid()), run.out());
      assertTrue(run.out().contains(Reports.REVIEWED), run.out());
      assertEquals(1, run.exit(), run.out());
    }
  }
}
