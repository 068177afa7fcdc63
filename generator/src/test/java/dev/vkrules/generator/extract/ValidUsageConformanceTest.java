package dev.vkrules.generator.extract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code extract --format validusage-json} against Khronos' own validusage.json, entry by
 * entry: the same VUIDs, under the same section and condition key, with the same text, byte
 * for byte. The expected side is each spec directory's {@code validusage-spirv.json} (the
 * StandaloneSpirv and RuntimeSpirv entries of the release's validusage.json); counts come
 * from it, never from this file.
 *
 * <p>Two spec directories: the 1.3.239 fixture (Khronos' extractor of the condition-bearing
 * era: condition keys, attributes as written) and whatever {@code spec-sources/} pins. The
 * system property {@code vkrules.conformance.spec} replaces spec-sources/ by another spec
 * directory holding a {@code validusage-spirv.json} or a full {@code validusage.json}.
 */
class ValidUsageConformanceTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  record Entry(String section, String key, String html) {}

  static Stream<Path> specDirs() {
    String other = System.getProperty("vkrules.conformance.spec");
    Path pinned = other == null || other.isBlank() ? Extraction.specSourcesDir() : Path.of(other);
    return Stream.of(Extraction.fixture("vulkan-1.3.239"), pinned);
  }

  @ParameterizedTest
  @MethodSource("specDirs")
  void everyEntryEqualsKhronos(Path dir) throws Exception {
    Path expected = expectedFile(dir);
    // spec-sources/ pinned before 1.4.335 has no spec/: its cross-referenced titles are
    // unknown there, and the fixture of the same release covers it.
    assumeTrue(Files.isDirectory(dir.resolve(SpecContext.SPEC)), dir + " has no spec/ directory");
    Map<String, Entry> khronos = entries(JSON.readTree(expected.toFile()));
    ExtractedSpec spec = Extraction.extractor().extractFrom(dir);
    Map<String, Entry> ours = entries(JSON.readTree(ValidUsageJson.render(spec)));
    assertFalse(khronos.isEmpty(), expected + " has no SPIR-V entries");
    assertEquals(new TreeSet<>(khronos.keySet()), new TreeSet<>(ours.keySet()), "VUIDs");
    List<String> differences = new ArrayList<>();
    khronos.forEach((vuid, k) -> {
      Entry o = ours.get(vuid);
      if (!o.equals(k)) {
        differences.add(vuid + "\n  khronos: " + k + "\n  ours:    " + o);
      }
    });
    assertEquals(List.of(), differences, dir + ": " + differences.size() + " of " + khronos.size() + " entries differ");
  }

  @ParameterizedTest
  @MethodSource("specDirs")
  void plainTextIsTheRenderedHtml(Path dir) {
    for (Vuid v : Extraction.extractor().extractFrom(dir).vuids()) {
      String firstLine = v.text().split("\n", -1)[0];
      assertEquals(normalize(v.html()), firstLine, v.id());
      assertEquals(Hashing.sha256(v.text()), v.hash(), v.id());
    }
  }

  /** Independent of HtmlText: tags out, the entities Asciidoctor emits decoded, spaces collapsed. */
  static String normalize(String html) {
    String s = html.replaceAll("<[^>]*>", "");
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("&#(\\d+);").matcher(s);
    StringBuilder sb = new StringBuilder();
    while (m.find()) {
      m.appendReplacement(sb, java.util.regex.Matcher.quoteReplacement(
          new String(Character.toChars(Integer.parseInt(m.group(1))))));
    }
    m.appendTail(sb);
    s = sb.toString().replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&amp;", "&");
    return s.replace('\u00a0', ' ').replaceAll("\\s+", " ").trim();
  }

  /** The reduced file when there is one, else Khronos' whole validusage.json. */
  private static Path expectedFile(Path dir) {
    Path reduced = dir.resolve("validusage-spirv.json");
    return Files.isRegularFile(reduced) ? reduced : dir.resolve("validusage.json");
  }

  /** The StandaloneSpirv and RuntimeSpirv entries, by VUID. */
  private static Map<String, Entry> entries(JsonNode root) {
    Map<String, Entry> out = new LinkedHashMap<>();
    for (String section : List.of("StandaloneSpirv", "RuntimeSpirv")) {
      JsonNode keys = root.get("validation").get(section);
      if (keys == null) {
        continue;
      }
      keys.fields().forEachRemaining(key -> {
        for (JsonNode e : key.getValue()) {
          Entry previous = out.put(e.get("vuid").asText(), new Entry(section, key.getKey(), e.get("text").asText()));
          assertEquals(null, previous, "duplicate " + e.get("vuid").asText());
        }
      });
    }
    return out;
  }
}
