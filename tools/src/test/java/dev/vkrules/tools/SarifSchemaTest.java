package dev.vkrules.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Schema;
import dev.vkrules.generator.rules.RuleFile;
import dev.vkrules.generator.rules.RuleLoader;
import dev.vkrules.runtime.cli.Main;
import dev.vkrules.runtime.rules.RuleCatalog;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code validate --format sarif} on the example shaders, copied under names that need URI
 * encoding: valid against the official SARIF 2.1.0 schema, every result placed on its whole
 * instruction and on that instruction's line of {@code vkrules dis}, every rule described
 * with the spec's text of its rule file and linked into the specification.
 */
class SarifSchemaTest {
  private static final Path ROOT = Path.of(System.getProperty("vkrules.root", ".."));
  private static final ObjectMapper JSON = new ObjectMapper();
  private static Schema sarif;

  @TempDir static Path dir;

  private record Run(int exit, String out, String err) {}

  private static Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exit = Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
    return new Run(exit, out.toString(), err.toString());
  }

  @BeforeAll
  static void copyExamplesUnderAwkwardNames() throws IOException {
    sarif = JsonSchemas.load(Path.of("src/test/resources/sarif-schema-2.1.0.json"));
    Path target = Files.createDirectories(dir.resolve("shader dir #1/é"));
    try (Stream<Path> spv = Files.list(ROOT.resolve("examples/shaders"))) {
      for (Path p : spv.filter(p -> p.toString().endsWith(".spv")).toList()) {
        Files.copy(p, target.resolve("100% " + p.getFileName().toString().replace(".", " ?#.")));
      }
    }
  }

  private static JsonNode log() throws IOException {
    Run r = run("validate", "--format", "sarif", dir.toString());
    assertTrue(r.exit() <= 1, r.err());
    assertEquals(List.of(), JsonSchemas.violations(sarif, r.out()));
    return JSON.readTree(r.out());
  }

  @Test
  void validAgainstTheOfficialSchemaWithEncodedUris() throws IOException {
    JsonNode run = log().at("/runs/0");
    JsonNode results = run.at("/results");
    assertTrue(results.size() > 0, "the examples hold findings");
    // the inputs are outside the working directory: the base is the deepest folder holding them
    String base = run.at("/originalUriBaseIds/%SRCROOT%/uri").asText();
    assertTrue(base.startsWith("file:///") && base.endsWith("shader%20dir%20%231/%C3%A9/"), base);
    for (JsonNode result : results) {
      // the module: the primary location, or the related one of a finding placed on its source line
      JsonNode artifact = result.at(result.has("relatedLocations") ? "/relatedLocations/0/physicalLocation/artifactLocation"
          : "/locations/0/physicalLocation/artifactLocation");
      String uri = artifact.get("uri").asText();
      assertEquals("%SRCROOT%", artifact.get("uriBaseId").asText());
      assertTrue(uri.startsWith("100%25%20"), uri);
      assertFalse(uri.contains(" ") || uri.contains("#"), uri);
    }
  }

  /** {@code run.artifacts} lists every module read, clean ones too, under the names results use. */
  @Test
  void artifactsListEveryModuleRead() throws IOException {
    JsonNode run = log().at("/runs/0");
    List<String> modules;
    try (Stream<Path> spv = Files.list(dir.resolve("shader dir #1/é"))) {
      modules = spv.map(p -> p.getFileName().toString()).sorted().toList();
    }
    List<String> listed = new java.util.ArrayList<>();
    for (JsonNode a : run.at("/artifacts")) {
      assertEquals("%SRCROOT%", a.at("/location/uriBaseId").asText(), a.toString());
      assertEquals("analysisTarget", a.at("/roles/0").asText(), a.toString());
      listed.add(java.net.URLDecoder.decode(a.at("/location/uri").asText().replace("+", "%2B"),
          java.nio.charset.StandardCharsets.UTF_8));
    }
    assertEquals(modules, listed.stream().sorted().toList());
    java.util.Set<String> found = new java.util.TreeSet<>();
    run.at("/results").forEach(r -> found.add(r.at("/locations/0/physicalLocation/artifactLocation/uri").asText()));
    // more modules are listed than have results: the clean ones too
    assertTrue(modules.size() > found.size(), found + " of " + modules);
  }

  /** A verdict several pipeline stages share is valid SARIF, each of its results naming the stages. */
  @Test
  void aSharedVerdictNamesItsStages() throws IOException {
    Run r = run("validate", "--no-config", "--format", "sarif", "--pipeline",
        ROOT.resolve("examples/pipelines/graphics.json").toString());
    assertEquals(List.of(), JsonSchemas.violations(sarif, r.out()));
    boolean named = false;
    for (JsonNode res : JSON.readTree(r.out()).at("/runs/0/results")) {
      JsonNode users = res.at("/properties/usedBy");
      if (!users.isMissingNode()) {
        named = true;
        assertTrue(users.size() >= 2, res.toString());
        assertTrue(users.get(0).asText().startsWith("graphics.json pipelines["), res.toString());
      }
    }
    assertTrue(named, r.out());
  }

  /** Undecided findings asked for (notes) and the compiler-compatibility preset's warnings are valid SARIF too. */
  @Test
  void notesAndWarningsAreValid() throws IOException {
    Run shown = run("validate", "--format", "sarif", "--show-undecided", dir.toString());
    assertEquals(List.of(), JsonSchemas.violations(sarif, shown.out()));
    assertTrue(log().at("/runs/0/results").size() < JSON.readTree(shown.out()).at("/runs/0/results").size());
    Run warned = run("validate", "--format", "sarif",
        ROOT.resolve("examples/corpus/spv/nonuniform_storage_images.comp.spv").toString());
    assertEquals(0, warned.exit(), warned.err());
    assertEquals(List.of(), JsonSchemas.violations(sarif, warned.out()));
    JsonNode results = JSON.readTree(warned.out()).at("/runs/0/results");
    assertTrue(results.size() > 0, warned.out());
    for (JsonNode r : results) {
      assertEquals("warning", r.get("level").asText(), r.toString());
      assertTrue(r.at("/properties/references/0").asText().startsWith("https://"), r.toString());
    }
  }

  @Test
  void theSchemaCheckCatchesARawFileName() throws IOException {
    String raw = log().toString().replaceFirst("\"uri\":\"[^\"]*\"", "\"uri\":\"a b#c.spv#x\"");
    assertNotEquals(List.of(), JsonSchemas.violations(sarif, raw));
  }

  @Test
  void driverAndRulesCarryMetadata() throws IOException {
    JsonNode driver = log().at("/runs/0/tool/driver");
    assertEquals("vkrules", driver.get("name").asText());
    assertFalse(driver.get("version").asText().isEmpty());
    assertTrue(driver.get("informationUri").asText().startsWith("https://"));
    Map<String, String> specText = new TreeMap<>();
    for (RuleFile rule : RuleLoader.loadAll(ROOT.resolve("rules"))) {
      specText.put(rule.vuid(), rule.text());
    }
    for (JsonNode rule : driver.get("rules")) {
      String id = rule.get("id").asText();
      assertTrue(id.startsWith("VUID-"), id);
      // the registry's all-extensions build of the pinned release's minor version, anchored at the VUID
      String minor = RuleCatalog.SPEC_RELEASE.substring(0, RuleCatalog.SPEC_RELEASE.lastIndexOf('.'));
      assertEquals("https://registry.khronos.org/vulkan/specs/" + minor + "-extensions/html/vkspec.html#" + id,
          rule.get("helpUri").asText());
      assertEquals(RuleCatalog.name(id), rule.get("name").asText(), id);
      assertNotEquals(id, rule.get("name").asText());
      String full = rule.at("/fullDescription/text").asText();
      if (specText.containsKey(id)) {
        assertEquals(specText.get(id).strip(), full, id);
      }
      assertTrue(full.replaceAll("\\s+", " ").startsWith(rule.at("/shortDescription/text").asText()), id);
    }
  }

  /** Each result spans its whole instruction and names the line of that instruction in {@code vkrules dis}. */
  @Test
  void regionsSpanTheInstructionOnItsDisassemblyLine() throws IOException {
    JsonNode run = log().at("/runs/0");
    java.net.URI base = java.net.URI.create(run.at("/originalUriBaseIds/%SRCROOT%/uri").asText());
    for (JsonNode result : run.at("/results")) {
      JsonNode region = result.at("/locations/0/physicalLocation/region");
      assertTrue(region.has("startLine"), result.toString());
      if (!region.has("byteOffset")) {
        continue;
      }
      Path file = findCopy(base.resolve(result.at("/locations/0/physicalLocation/artifactLocation/uri").asText()));
      byte[] bytes = Files.readAllBytes(file);
      int offset = region.get("byteOffset").asInt();
      int firstWord = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).getInt(offset);
      assertEquals((firstWord >>> 16) * 4, region.get("byteLength").asInt(), result.toString());
      Run dis = run("dis", "--friendly-names", file.toString());
      String line = dis.out().lines().toList().get(region.get("startLine").asInt() - 1).strip();
      String message = result.at("/message/text").asText().lines().findFirst().orElse("");
      assertTrue(message.endsWith(" " + line), line + " | " + message);
    }
  }

  private static Path findCopy(java.net.URI uri) throws IOException {
    Path p = Path.of(uri);
    assertTrue(Files.isRegularFile(p), uri.toString());
    return p;
  }
}
