package dev.vkrules.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.networknt.schema.Schema;
import dev.vkrules.runtime.cli.Main;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JSON outputs of validate (findings, --matrix, --requirements, --write-baseline), profile-check, coverage, tables and diff, produced by the real commands on
 * the project's inputs, conform to their documented schemas (docs/schemas/*.schema.json),
 * and each carries its one schema version field.
 */
class OutputSchemasTest {
  private static final Path ROOT = Path.of(System.getProperty("vkrules.root", ".."));

  @TempDir Path dir;

  private static String run(int expectedMaxExit, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exit = Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
    assertTrue(exit <= expectedMaxExit, String.join(" ", args) + ": exit " + exit + ": " + err);
    return out.toString();
  }

  private static Schema schema(String name) {
    return JsonSchemas.load(ROOT.resolve("docs/schemas/" + name + ".schema.json"));
  }

  private static void assertConforms(String name, String json, String version) {
    Schema schema = schema(name);
    assertEquals(List.of(), JsonSchemas.violations(schema, json), name);
    assertTrue(json.contains("\"schema\" : \"" + version + "\"") || json.contains("\"schema\": \"" + version + "\"")
        || json.contains("\"schema\":\"" + version + "\""), json.substring(0, Math.min(200, json.length())));
    // the schema check is not vacuous: another version is rejected
    assertNotEquals(List.of(), JsonSchemas.violations(schema, json.replaceFirst(version, version + "9")), name);
  }

  @Test
  void validate() {
    String examples = ROOT.resolve("examples/shaders").toString();
    assertConforms("validate", run(1, "validate", "--format", "json", examples), "vkrules-validate/1");
    assertConforms("validate", run(1, "validate", "--format", "json", "--verbose", examples), "vkrules-validate/1");
    // warnings of the compiler-compatibility preset, with their review and references
    String warned = run(0, "validate", "--format", "json",
        ROOT.resolve("examples/corpus/spv/nonuniform_storage_images.comp.spv").toString());
    assertTrue(warned.contains("\"severity\" : \"warning\"") && warned.contains("\"references\""), warned);
    assertConforms("validate", warned, "vkrules-validate/1");
    // pipelines: a verdict several stages share lists them, and the totals count pipelines and distinct modules
    String pipelines = run(1, "validate", "--no-config", "--format", "json", "--pipeline",
        ROOT.resolve("examples/pipelines/graphics.json").toString(), examples);
    assertTrue(pipelines.contains("\"usedBy\" : [ \"graphics.json pipelines[0]"), pipelines);
    assertTrue(pipelines.contains("\"pipelines\" : 10,"), pipelines);
    assertConforms("validate", pipelines, "vkrules-validate/1");
  }

  @Test
  void matrix() {
    String examples = ROOT.resolve("examples/shaders").toString();
    String devices = ROOT.resolve("spec-sources/profiles/devices").toString();
    assertConforms("matrix", run(1, "validate", "--no-config", "--matrix", "json", "--profile", devices, examples),
        "vkrules-matrix/1");
  }

  @Test
  void requirements() {
    String examples = ROOT.resolve("examples/shaders").toString();
    assertConforms("requirements", run(1, "validate", "--no-config", "--requirements", "json", examples),
        "vkrules-requirements/1");
    assertConforms("requirements", run(1, "validate", "--no-config", "--requirements", "json", "--list-modules",
        "--profile", ROOT.resolve("spec-sources/profiles/VP_KHR_roadmap_2022.json").toString(), "--profile",
        ROOT.resolve("spec-sources/profiles/VP_ANDROID_baseline_2022.json").toString(), examples),
        "vkrules-requirements/1");
  }

  /** A baseline written to a file and to standard output, of the examples' findings. */
  @Test
  void baseline() throws IOException {
    String examples = ROOT.resolve("examples/shaders").toString();
    Path file = dir.resolve("vkrules-baseline.json");
    run(0, "validate", "--no-config", "--write-baseline", file.toString(), examples);
    String written = Files.readString(file);
    assertTrue(written.contains("\"count\""), "the examples have findings to accept: " + written);
    assertConforms("baseline", written, "vkrules-baseline/1");
    assertConforms("baseline", run(0, "validate", "--no-config", "--write-baseline", "-", examples), "vkrules-baseline/1");
    // what was written is read back: every finding baselined, nothing new
    String again = run(0, "validate", "--no-config", "--baseline", file.toString(), examples);
    assertTrue(again.contains("baselined"), again);
  }

  @Test
  void profileCheck() {
    for (String profile : List.of("VP_KHR_roadmap_2022.json", "VP_ANDROID_baseline_2022.json")) {
      assertConforms("profile-check", run(0, "profile-check", "--format", "json", "--profile",
          ROOT.resolve("spec-sources/profiles/" + profile).toString()), "vkrules-profile-check/1");
    }
  }

  /** Every schema under docs/schemas/ is one this test (or SarifSchemaTest, PipelineSchemaTest) checks output against. */
  @Test
  void everySchemaIsChecked() throws IOException {
    try (Stream<Path> files = Files.list(ROOT.resolve("docs/schemas"))) {
      assertEquals(List.of("baseline", "coverage", "diff", "matrix", "pipeline", "profile-check", "requirements", "tables",
          "validate"),
          files.map(f -> f.getFileName().toString().replace(".schema.json", "")).sorted().toList());
    }
  }

  @Test
  void coverage() {
    assertConforms("coverage", run(0, "coverage", "--rules", ROOT.resolve("rules").toString(),
        "--spec", ROOT.resolve("spec-sources").toString(), "--spirv-val-list",
        ROOT.resolve("peers/spirv-val-2025.5.vuids").toString(), "--format", "json"),
        "vkrules-coverage/1");
  }

  @Test
  void tables() {
    assertConforms("tables", run(0, "tables", "--rules", ROOT.resolve("rules").toString(), "--format", "json"),
        "vkrules-tables/3");
  }

  /** A diff between the spec sources and a copy with one VUID's sentence reworded. */
  @Test
  void diff() throws IOException {
    Path copy = Files.createDirectories(dir.resolve("new"));
    try (Stream<Path> files = Files.list(ROOT.resolve("spec-sources"))) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        Files.copy(f, copy.resolve(f.getFileName()));
      }
    }
    Path adoc = copy.resolve("spirvenv.adoc");
    String text = Files.readString(adoc);
    Files.writeString(adoc, text.replaceFirst("must not", "must never"));
    String json = run(1, "diff", "--format", "json", ROOT.resolve("spec-sources").toString(), copy.toString());
    assertConforms("diff", json, "vkrules-diff/1");
  }
}
