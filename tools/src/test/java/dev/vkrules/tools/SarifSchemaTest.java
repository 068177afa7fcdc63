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
    JsonNode results = log().at("/runs/0/results");
    assertTrue(results.size() > 0, "the examples hold findings");
    for (JsonNode result : results) {
      String uri = result.at("/locations/0/physicalLocation/artifactLocation/uri").asText();
      assertTrue(uri.contains("shader%20dir%20%231/%C3%A9/100%25%20"), uri);
      assertFalse(uri.contains(" ") || uri.contains("#"), uri);
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
      assertEquals("https://registry.khronos.org/vulkan/specs/latest/html/vkspec.html#" + id,
          rule.get("helpUri").asText());
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
    JsonNode results = log().at("/runs/0/results");
    for (JsonNode result : results) {
      JsonNode region = result.at("/locations/0/physicalLocation/region");
      assertTrue(region.has("startLine"), result.toString());
      if (!region.has("byteOffset")) {
        continue;
      }
      Path file = findCopy(result.at("/locations/0/physicalLocation/artifactLocation/uri").asText());
      byte[] bytes = Files.readAllBytes(file);
      int offset = region.get("byteOffset").asInt();
      int firstWord = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).getInt(offset);
      assertEquals((firstWord >>> 16) * 4, region.get("byteLength").asInt(), result.toString());
      Run dis = run("dis", "--friendly-names", file.toString());
      String line = dis.out().lines().toList().get(region.get("startLine").asInt() - 1).strip();
      String message = result.at("/message/text").asText();
      assertTrue(message.endsWith(" " + line), line + " | " + message);
    }
  }

  private static Path findCopy(String uri) throws IOException {
    String name = java.net.URI.create(uri).getPath();
    Path p = Path.of(name);
    assertTrue(Files.isRegularFile(p), name);
    return p;
  }
}
