package dev.vkrules.runtime.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vkrules.runtime.support.ModernCorpus;
import dev.vkrules.runtime.support.Shaderc;
import dev.vkrules.runtime.support.Sources;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Findings placed in the shader's source, on real compiler output: shaderc (glslang) with
 * {@code -g} for GLSL and HLSL, compiled here, with an {@code #include}d file, {@code #line} and a
 * global declaration; and glslang's NonSemantic.Shader.DebugInfo.100 form (committed fixtures,
 * src/test/resources/debuginfo/build.sh), with functions spirv-opt inlined. Text, JSON and SARIF.
 * The VUIDs are the rule files' own (by their anchor names), never typed out.
 */
class SourceLocationsTest {
  static final Path FIXTURES = Sources.root().resolve("runtime/src/test/resources/debuginfo");
  static final Path RULES = Sources.root().resolve("rules");
  static final ObjectMapper JSON = new ObjectMapper();

  @TempDir static Path dir;
  static Path shadeG;
  static Path shadePlain;
  static Path tileHlsl;

  /** The VUID of the one rule file whose name starts {@code VUID-<section>-<anchor>-}. */
  static String vuid(String section, String anchor) {
    return vuid(section, anchor, "");
  }

  /** The VUID of the one rule file whose name starts {@code VUID-<section>-<anchor>-} and whose text has {@code words}. */
  static String vuid(String section, String anchor, String words) {
    try (Stream<Path> files = Files.walk(RULES)) {
      List<String> ids = files.filter(p -> p.getFileName().toString().startsWith("VUID-" + section + "-" + anchor + "-")
              && p.getFileName().toString().endsWith(".yaml") && !p.toString().contains("/retired/") && has(p, words))
          .map(p -> p.getFileName().toString())
          .map(n -> n.substring(0, n.length() - ".yaml".length())).distinct().toList();
      assertEquals(1, ids.size(), ids.toString());
      return ids.get(0);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  private static boolean has(Path p, String words) {
    try {
      return Files.readString(p, StandardCharsets.UTF_8).replaceAll("\\s+", " ").contains(words);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  /** A file as findings show it: relative to the working directory. */
  static String shown(Path file) {
    return Path.of("").toAbsolutePath().relativize(file.toAbsolutePath()).toString();
  }

  @BeforeAll
  static void compile() throws IOException {
    Shaderc shaderc = ModernCorpus.compiler();
    String shade = Files.readString(FIXTURES.resolve("shade.frag"), StandardCharsets.UTF_8);
    Map<String, String> includes = Map.of("lights.glsl",
        Files.readString(FIXTURES.resolve("lights.glsl"), StandardCharsets.UTF_8));
    shadeG = write("shade.frag.g.spv", shaderc.compile("shade.frag", shade, "frag", false, "main", List.of(), true,
        includes));
    shadePlain = write("shade.frag.spv", shaderc.compile("shade.frag", shade, "frag", false, "main", List.of(), false,
        includes));
    String hlsl = Files.readString(FIXTURES.resolve("tile.comp.hlsl"), StandardCharsets.UTF_8);
    tileHlsl = write("tile.comp.g.spv", shaderc.compile("tile.comp.hlsl", hlsl, "comp", true, "main", List.of(), true,
        Map.of()));
  }

  private static Path write(String name, Shaderc.Result r) throws IOException {
    assertNotNull(r.module(), r.error());
    return Files.write(dir.resolve(name), r.module());
  }

  /**
   * A validate run with the reviewed "compilers emit" kinds as errors ({@code --preset none}): the
   * shaders here are made of them, as real shaders are.
   */
  static ValidateCommandTest.Run run(String... args) {
    List<String> all = new ArrayList<>(List.of(args));
    if (all.get(0).equals("validate")) {
      all.add(1, "--preset");
      all.add(2, "none");
    }
    return ValidateCommandTest.run(all.toArray(String[]::new));
  }

  /** The finding's block in text output: its first error line starting with {@code head}, and the lines under it. */
  static List<String> block(String out, String head) {
    List<String> lines = out.lines().toList();
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).startsWith(head) && (lines.get(i).contains(": error: ") || !out.contains(": error: "))) {
        List<String> b = new ArrayList<>(List.of(lines.get(i)));
        for (int j = i + 1; j < lines.size() && lines.get(j).startsWith(" "); j++) {
          b.add(lines.get(j));
        }
        return b;
      }
    }
    throw new AssertionError("no line starting " + head + " in\n" + out);
  }

  @Test
  void opLineFormPlacesFindingsInFunctionsIncludesAndAfterLineDirectives() {
    String dynamic = vuid("StandaloneSpirv", "SampledImageArrayDynamicIndexing");
    String specArray = vuid("StandaloneSpirv", "Function", "an array sized with a specialization constant");
    ValidateCommandTest.Run r = run("validate", "--target-env", "vulkan1.3", shadeG.toString());
    assertEquals(1, r.exit(), r.err());
    // in a function: the line the compiler recorded, the column of the variable it indexes
    List<String> albedo = block(r.out(), "shade.frag:10:");
    assertEquals("shade.frag:10:20: error: [" + dynamic + "] variable 'textures': ", albedo.get(0).substring(0,
        ("shade.frag:10:20: error: [" + dynamic + "] variable 'textures': ").length()));
    assertEquals(" 10 |     return texture(textures[m], uv);", albedo.get(1));
    assertEquals("    |                    ^", albedo.get(2));
    assertTrue(albedo.get(3).matches("  .*shade\\.frag\\.g\\.spv: word \\d+: %\\S+ = OpAccessChain .*%textures .*"),
        albedo.get(3));
    // after "#line 100": the logical line, and the text of the physical line it numbers
    List<String> after = block(r.out(), "shade.frag:100:");
    assertTrue(after.get(0).startsWith("shade.frag:100:23: error: [" + dynamic + "] variable 'textures': "), after.get(0));
    assertEquals(" 100 |     colour += texture(textures[material + 1], uv);", after.get(1));
    // a global declared in the #included file (glslang -g records no line for globals: its declaration by name)
    List<String> lights = block(r.out(), "lights.glsl:");
    assertTrue(lights.get(0).startsWith("lights.glsl:4:3: error: [" + specArray + "] variable 'lights': "), lights.get(0));
    assertEquals(" 4 | } lights;", lights.get(1));
    assertEquals("   |   ^", lights.get(2));
    assertTrue(lights.get(3).contains("OpVariable"), lights.get(3));
  }

  @Test
  void thePresetsWarningsArePlacedToo() {
    String dynamic = vuid("StandaloneSpirv", "SampledImageArrayDynamicIndexing");
    ValidateCommandTest.Run r = ValidateCommandTest.run("validate", "--target-env", "vulkan1.3", shadeG.toString());
    assertEquals(0, r.exit(), r.err());
    assertTrue(r.out().lines().anyMatch(l -> l.startsWith("shade.frag:10:20: warning: [" + dynamic + "] variable 'textures': ")),
        r.out());
  }

  @Test
  void colourOnlyWhenTheStyleAsksForIt() {
    String vuid = vuid("StandaloneSpirv", "SampledImageArrayDynamicIndexing");
    dev.vkrules.runtime.spirv.debug.SourceLocation at = new dev.vkrules.runtime.spirv.debug.SourceLocation(
        "a.frag", 3, 5, null, List.of(), "    x = textures[i];");
    dev.vkrules.runtime.engine.Diagnostic d = new dev.vkrules.runtime.engine.Diagnostic(vuid, "Sentence.",
        "%1 = OpAccessChain %p %textures %i", 20, "", dev.vkrules.runtime.engine.Diagnostic.Severity.ERROR,
        new dev.vkrules.runtime.engine.Diagnostic.Source(at, null), List.of());
    List<ValidateCommand.FileResult> results = List.of(new ValidateCommand.FileResult("m.spv", List.of(d), false,
        new byte[0]));
    Reports.Shown shown = new Reports.Shown(false, false);
    String plain = Reports.text(results, false, false, null, shown, Style.PLAIN);
    String colour = Reports.text(results, false, false, null, shown, new Style(true));
    String expected = "a.frag:3:5: error: [" + vuid + "] Sentence.\n 3 |     x = textures[i];\n   |     ^\n"
        + "  m.spv: word 20: %1 = OpAccessChain %p %textures %i\n";
    assertTrue(plain.startsWith(expected), plain);
    assertFalse(plain.contains("\u001b"));
    assertEquals("\u001b[1ma.frag:3:5:\u001b[0m \u001b[1;31merror:\u001b[0m [" + vuid + "] Sentence.",
        colour.lines().findFirst().orElseThrow());
    assertTrue(colour.contains("\u001b[1;32m^\u001b[0m"), colour);
    // what the tests run under is no terminal: no colour
    assertEquals(Style.PLAIN, Style.forTerminal());
  }

  @Test
  void aModuleWithoutDebugInformationReportsAsBefore() {
    ValidateCommandTest.Run r = run("validate", "--target-env", "vulkan1.3", shadePlain.toString());
    assertEquals(1, r.exit(), r.err());
    String dynamic = vuid("StandaloneSpirv", "SampledImageArrayDynamicIndexing");
    List<String> f = block(r.out(), shadePlain + ": [" + dynamic + "]");
    assertTrue(f.get(1).matches("  %\\S+ = OpAccessChain .*%textures .*\\(word \\d+\\)"), f.get(1));
    assertFalse(r.out().contains("shade.frag:"), r.out());
    assertFalse(r.out().contains(" | "), r.out());
  }

  @Test
  void hlslEntryPointFindingTakesTheEntryPointsLineAndTheDeviceLimit() {
    String shared = vuid("RuntimeSpirv", "Workgroup");
    Path device = Sources.root().resolve("spec-sources/profiles/devices")
        .resolve("vp_gpuinfo_amd_radeon_pro_560_0_2_2010_osx_12_6.json");
    ValidateCommandTest.Run r = run("validate", "--target-env", "vulkan1.3", "--profile", device.toString(),
        tileHlsl.toString());
    assertEquals(1, r.exit(), r.out() + r.err());
    List<String> f = block(r.out(), "tile.comp.hlsl:7:");
    assertTrue(f.get(0).contains(": error: [" + shared + "] entry point 'main': "), f.get(0));
    assertEquals(" 7 | void main(uint3 id : SV_DispatchThreadID) {", f.get(1));
    int column = Integer.parseInt(f.get(0).split(":")[2]);
    assertEquals("   | " + " ".repeat(column - 1) + "^", f.get(2));
    // what the sum counted, largest first, each at its declaration (glslang -g records none for globals: by name)
    assertEquals("  counted: 'tile' 80000 bytes (tile.comp.hlsl:2), 'counts' 16384 bytes (tile.comp.hlsl:3)", f.get(4));
  }

  @Test
  void nonSemanticHlslEntryPointFindingTakesTheFunctionsLine() {
    String shared = vuid("RuntimeSpirv", "Workgroup");
    Path device = Sources.root().resolve("spec-sources/profiles/devices")
        .resolve("vp_gpuinfo_amd_radeon_pro_560_0_2_2010_osx_12_6.json");
    ValidateCommandTest.Run r = run("validate", "--target-env", "vulkan1.3", "--profile", device.toString(),
        FIXTURES.resolve("tile.comp.hlsl.gVS.spv").toString());
    assertEquals(1, r.exit(), r.out() + r.err());
    // glslang 12 writes DebugFunction with line 0 (unknown): the OpLine before the function gives it
    List<String> f = block(r.out(), shown(FIXTURES.resolve("tile.comp.hlsl")) + ":7:");
    assertTrue(f.get(0).contains(": error: [" + shared + "] entry point 'main': "), f.get(0));
    assertEquals(" 7 | void main(uint3 id : SV_DispatchThreadID) {", f.get(1));
  }

  @Test
  void nonSemanticFormGivesTheInlinedCallChain() {
    String dynamic = vuid("StandaloneSpirv", "SampledImageArrayDynamicIndexing");
    Path module = FIXTURES.resolve("inline.frag.gVS-inlined.spv");
    ValidateCommandTest.Run r = run("validate", "--target-env", "vulkan1.3", module.toString());
    assertEquals(1, r.exit(), r.err());
    // the source is found on disk beside the module, and shown relative to the working directory
    String source = shown(FIXTURES.resolve("inline.frag"));
    List<String> f = block(r.out(), source + ":8:20: error: [" + dynamic + "] variable 'textures': ");
    assertEquals(" 8 |     return texture(textures[m], uv);", f.get(1));
    assertEquals("  in function 'albedo'", f.get(3));
    assertEquals("  inlined into 'shade' at " + source + ":12", f.get(4));
    assertEquals("  inlined into 'main' at " + source + ":16", f.get(5));
    assertTrue(f.get(6).matches("  \\S*inline\\.frag\\.gVS-inlined\\.spv: word \\d+: %\\S+ = OpAccessChain .*"), f.get(6));
  }

  @Test
  void nonSemanticFormReadsDebugSourceAndDebugGlobalVariable() {
    String dynamic = vuid("StandaloneSpirv", "SampledImageArrayDynamicIndexing");
    String specArray = vuid("StandaloneSpirv", "Function", "an array sized with a specialization constant");
    Path module = FIXTURES.resolve("shade.frag.gVS.spv");
    ValidateCommandTest.Run r = run("validate", "--target-env", "vulkan1.3", module.toString());
    assertEquals(1, r.exit(), r.err());
    // the global's line is DebugGlobalVariable's (glslang 12 records the line it was at when it emitted
    // the variable: taken as given), its column the name's on that line
    String source = shown(FIXTURES.resolve("shade.frag"));
    List<String> lights = block(r.out(), source + ":14:33: error: [" + specArray + "] variable 'lights': ");
    assertEquals(" 14 |     colour = albedo(material) * lights.colour[0];", lights.get(1));
    // DebugLine after "#line 100": the logical line, the text of the physical line
    List<String> after = block(r.out(), source + ":100:23: error: [" + dynamic + "] variable 'textures': ");
    assertEquals(" 100 |     colour += texture(textures[material + 1], uv);", after.get(1));
    assertEquals("     |                       ^", after.get(2));
  }

  @Test
  void jsonCarriesSourceAndObject() throws IOException {
    String dynamic = vuid("StandaloneSpirv", "SampledImageArrayDynamicIndexing");
    Path module = FIXTURES.resolve("inline.frag.gVS-inlined.spv");
    JsonNode root = JSON.readTree(run("validate", "--format", "json", "--target-env", "vulkan1.3", module.toString()).out());
    JsonNode d = first(root.path("files").get(0).path("diagnostics"), dynamic);
    assertEquals("variable", d.path("object").path("kind").asText());
    assertEquals("textures", d.path("object").path("name").asText());
    JsonNode src = d.path("source");
    assertEquals(shown(FIXTURES.resolve("inline.frag")), src.path("file").asText());
    assertEquals(8, src.path("line").asInt());
    assertEquals(20, src.path("column").asInt());
    assertEquals("albedo", src.path("function").asText());
    assertEquals("    return texture(textures[m], uv);", src.path("text").asText());
    assertEquals(2, src.path("inlinedAt").size());
    assertEquals(12, src.path("inlinedAt").get(0).path("line").asInt());
    assertEquals("shade", src.path("inlinedAt").get(0).path("function").asText());
    assertEquals(16, src.path("inlinedAt").get(1).path("line").asInt());
    assertEquals("main", src.path("inlinedAt").get(1).path("function").asText());
    // without debug information: no source, the object still named
    JsonNode plain = first(JSON.readTree(run("validate", "--format", "json", "--target-env", "vulkan1.3",
        shadePlain.toString()).out()).path("files").get(0).path("diagnostics"), dynamic);
    assertTrue(plain.path("source").isMissingNode(), plain.toString());
    assertEquals("textures", plain.path("object").path("name").asText());
  }

  @Test
  void jsonOfTheOpLineFormNamesTheIncludedFile() throws IOException {
    String specArray = vuid("StandaloneSpirv", "Function", "an array sized with a specialization constant");
    JsonNode d = first(JSON.readTree(run("validate", "--format", "json", "--target-env", "vulkan1.3", shadeG.toString())
        .out()).path("files").get(0).path("diagnostics"), specArray);
    assertEquals("lights", d.path("object").path("name").asText());
    assertEquals("lights.glsl", d.path("source").path("file").asText());
    assertEquals(4, d.path("source").path("line").asInt());
    assertEquals(3, d.path("source").path("column").asInt());
    assertEquals("} lights;", d.path("source").path("text").asText());
  }

  private static JsonNode first(JsonNode diagnostics, String vuid) {
    for (JsonNode d : diagnostics) {
      if (d.path("vuid").asText().equals(vuid)) {
        return d;
      }
    }
    throw new AssertionError("no " + vuid + " in " + diagnostics);
  }

  @Test
  void sarifPutsTheSourceLineFirstAndTheModuleBeside() throws IOException {
    String dynamic = vuid("StandaloneSpirv", "SampledImageArrayDynamicIndexing");
    // the source on disk beside the module: found, and given relative to the run's base
    Path tree = Files.createDirectories(dir.resolve("tree"));
    Files.copy(FIXTURES.resolve("inline.frag"), tree.resolve("inline.frag"));
    Path module = Files.copy(FIXTURES.resolve("inline.frag.gVS-inlined.spv"), tree.resolve("inline.spv"));
    JsonNode log = JSON.readTree(run("validate", "--format", "sarif", "--target-env", "vulkan1.3", module.toString())
        .out());
    JsonNode result = null;
    for (JsonNode x : log.path("runs").get(0).path("results")) {
      if (x.path("ruleId").asText().equals(dynamic)) {
        result = x;
        break;
      }
    }
    assertNotNull(result, log.toString());
    JsonNode primary = result.path("locations").get(0).path("physicalLocation");
    assertEquals("inline.frag", primary.path("artifactLocation").path("uri").asText());
    assertEquals("%SRCROOT%", primary.path("artifactLocation").path("uriBaseId").asText());
    assertEquals(8, primary.path("region").path("startLine").asInt());
    assertEquals(20, primary.path("region").path("startColumn").asInt());
    assertEquals("textures", result.path("locations").get(0).path("logicalLocations").get(0).path("name").asText());
    JsonNode related = result.path("relatedLocations").get(0).path("physicalLocation");
    assertEquals("inline.spv", related.path("artifactLocation").path("uri").asText());
    assertTrue(related.path("region").path("byteOffset").asLong() > 0);
    String print = result.path("partialFingerprints").path(SarifReport.FINGERPRINT).asText();
    assertEquals(64, print.length());

    // the fingerprint survives a moved line: the source recompiled with a line added above
    String source = Files.readString(FIXTURES.resolve("inline.frag"), StandardCharsets.UTF_8);
    String moved = source.replaceFirst("\n", "\n// a comment moves every line below it\n");
    Path before = write("before.spv", ModernCorpus.compiler().compile("inline.frag", source, "frag", false, "main",
        List.of(), true, Map.of()));
    Path after = write("after.spv", ModernCorpus.compiler().compile("inline.frag", moved, "frag", false, "main",
        List.of(), true, Map.of()));
    JsonNode a = sarifResult(before, dynamic);
    JsonNode b = sarifResult(after, dynamic);
    assertEquals(a.path("locations").get(0).path("physicalLocation").path("region").path("startLine").asInt() + 1,
        b.path("locations").get(0).path("physicalLocation").path("region").path("startLine").asInt());
    assertEquals(a.path("partialFingerprints"), b.path("partialFingerprints"));
    // and tells apart two findings of one rule on different lines
    Path other = write("other.spv", ModernCorpus.compiler().compile("inline.frag",
        source.replace("texture(textures[m], uv)", "texture(textures[m + 1], uv)"), "frag", false, "main", List.of(),
        true, Map.of()));
    assertNotEquals(a.path("partialFingerprints"), sarifResult(other, dynamic).path("partialFingerprints"));
  }

  private static JsonNode sarifResult(Path module, String vuid) throws IOException {
    JsonNode log = JSON.readTree(run("validate", "--format", "sarif", "--target-env", "vulkan1.3", module.toString())
        .out());
    for (JsonNode x : log.path("runs").get(0).path("results")) {
      if (x.path("ruleId").asText().equals(vuid)) {
        return x;
      }
    }
    throw new AssertionError("no " + vuid + " in " + log);
  }
}
