package dev.vkrules.generator.extract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
 * <p>The spec directories: the 1.3.239 fixture (Khronos' extractor of the condition-bearing
 * era: condition keys, attributes as written), whatever {@code spec-sources/} pins, and every
 * other release directory under {@code ../shared/spec-sources/} (earlier and next pins, read
 * as Khronos ships it: full validusage.json, whole spec/; skipped, saying so, when that folder is
 * absent). The system property {@code vkrules.conformance.spec} replaces spec-sources/ by
 * another spec directory holding a {@code validusage-spirv.json} or a full {@code validusage.json}.
 * A spec directory without either (imported from a release without validusage.json) is skipped.
 *
 * <p>Khronos' extractor renders {@code ename:} names as {@code <code>VK_TRUE</code>} up to
 * 1.4.335 and as links ({@code <a href="#VK_TRUE">VK_TRUE</a>}, the anchor being the enum's type
 * where it has one) later. The comparison follows the release's own file: it learns from the
 * entries which form this file uses for the names the appendix writes {@code ename:X}, and
 * with which anchor, and renders ours that way before comparing (a file mixing both forms fails).
 */
class ValidUsageConformanceTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  record Entry(String section, String key, String html) {}

  private static final Pattern ENAME = Pattern.compile("ename:(\\w+)");

  static Stream<Path> specDirs() throws IOException {
    String other = System.getProperty("vkrules.conformance.spec");
    Path pinned = other == null || other.isBlank() ? Extraction.specSourcesDir() : Path.of(other);
    List<Path> dirs = new ArrayList<>(List.of(Extraction.fixture("vulkan-1.3.239"), pinned));
    dirs.addAll(otherSharedReleases(RegistryReader.read(pinned.resolve(SpecExtractor.REGISTRY), "vk.xml").apiVersion()));
    return dirs.stream();
  }

  /**
   * The release directories {@code ../shared/spec-sources/vulkan-X.Y.Z} other than {@code pinned}
   * (read from spec-sources/) and those kept as a test fixture (read from the fixture, the git
   * original: the shared 1.3.239 copy lost leading whitespace in transit), sorted: earlier pins and
   * the next ones; the folder itself when it is absent (the test then skips, saying so).
   */
  static List<Path> otherSharedReleases(String pinned) throws IOException {
    Path shared = Extraction.root().resolve("../shared/spec-sources").normalize();
    if (!Files.isDirectory(shared)) {
      return List.of(shared);
    }
    try (Stream<Path> s = Files.list(shared)) {
      return s.filter(d -> Files.isDirectory(d) && d.getFileName().toString().matches("vulkan-\\d+\\.\\d+\\.\\d+"))
          .filter(d -> compareVersions(d.getFileName().toString().substring("vulkan-".length()), pinned) != 0)
          // a release kept as a fixture is read from the fixture (the original appendix)
          .filter(d -> !Files.isDirectory(Extraction.fixture(d.getFileName().toString())))
          .sorted().toList();
    }
  }

  /** Compares dotted release numbers ({@code 1.4.335} before {@code 1.4.357}) numerically. */
  static int compareVersions(String a, String b) {
    String[] x = a.split("\\.");
    String[] y = b.split("\\.");
    for (int i = 0; i < Math.max(x.length, y.length); i++) {
      int c = Integer.compare(i < x.length && x[i].matches("\\d+") ? Integer.parseInt(x[i]) : 0,
          i < y.length && y[i].matches("\\d+") ? Integer.parseInt(y[i]) : 0);
      if (c != 0) {
        return c;
      }
    }
    return 0;
  }

  @ParameterizedTest
  @MethodSource("specDirs")
  void everyEntryEqualsKhronos(Path dir) throws Exception {
    assumeTrue(Files.isDirectory(dir), dir + " is absent: no release inputs to compare with");
    Path expected = expectedFile(dir);
    assumeTrue(Files.isRegularFile(expected), dir + " has no validusage-spirv.json or validusage.json"
        + " (imported from a release without validusage.json): nothing to compare with");
    // spec-sources/ pinned before 1.4.335 has no spec/: its cross-referenced titles are
    // unknown there, and the fixture of the same release covers it.
    assumeTrue(Files.isDirectory(dir.resolve(SpecContext.SPEC)), dir + " has no spec/ directory");
    Map<String, Entry> khronos = entries(JSON.readTree(expected.toFile()));
    ExtractedSpec spec = Extraction.extractor().extractFrom(dir);
    Map<String, Entry> ours = entries(JSON.readTree(ValidUsageJson.render(spec)));
    assertFalse(khronos.isEmpty(), expected + " has no SPIR-V entries");
    EnameRendering ename = EnameRendering.learn(khronos, spec.vuids(), expected);
    Map<String, Vuid> byId = new LinkedHashMap<>();
    spec.vuids().forEach(v -> byId.put(v.id(), v));
    ours.replaceAll((vuid, o) -> ename.apply(byId.get(vuid), o));
    assertEquals(new TreeSet<>(khronos.keySet()), new TreeSet<>(ours.keySet()), "VUIDs");
    List<String> differences = new ArrayList<>();
    khronos.forEach((vuid, k) -> {
      Entry o = ours.get(vuid);
      if (!o.equals(k)) {
        differences.add(vuid + "\n  khronos: " + k + "\n  ours:    " + o);
      }
    });
    assertEquals(List.of(), differences, dir + ": " + differences.size() + " of " + khronos.size()
        + " entries differ (" + ename + ")");
  }

  /**
   * How the release's validusage.json renders the names the appendix writes {@code ename:X}:
   * {@code <code>X</code>}, or a link {@code <a href="#A">X</a>} with an anchor per name.
   */
  record EnameRendering(boolean links, Map<String, String> anchors) {
    /** Learns the form from the Khronos entries of the VUIDs whose source has an {@code ename:}. */
    static EnameRendering learn(Map<String, Entry> khronos, List<Vuid> vuids, Path file) {
      int code = 0;
      Map<String, String> anchors = new TreeMap<>();
      for (Vuid v : vuids) {
        Entry k = khronos.get(v.id());
        if (k == null) {
          continue;
        }
        for (String name : enames(v)) {
          code += count(k.html(), "<code>" + name + "</code>");
          Matcher link = Pattern.compile("<a href=\"#([^\"]*)\">" + Pattern.quote(name) + "</a>").matcher(k.html());
          while (link.find()) {
            String previous = anchors.put(name, link.group(1));
            assertTrue(previous == null || previous.equals(link.group(1)),
                file + ": ename " + name + " links to both #" + previous + " and #" + link.group(1));
          }
        }
      }
      assertFalse(code > 0 && !anchors.isEmpty(), file + ": ename names rendered both as <code> (" + code
          + " times) and as links (" + anchors.keySet() + ")");
      return new EnameRendering(!anchors.isEmpty(), anchors);
    }

    /** {@code entry}, ours for {@code v}, with its ename names in this rendering. */
    Entry apply(Vuid v, Entry entry) {
      if (!links) {
        return entry;
      }
      String html = entry.html();
      for (String name : v == null ? List.<String>of() : enames(v)) {
        String anchor = anchors.get(name);
        if (anchor != null) {
          html = html.replace("<code>" + name + "</code>", "<a href=\"#" + anchor + "\">" + name + "</a>");
        }
      }
      return new Entry(entry.section(), entry.key(), html);
    }

    @Override
    public String toString() {
      return "ename rendered as " + (links ? "links (" + anchors.size() + " names)" : "<code>");
    }
  }

  private static List<String> enames(Vuid v) {
    List<String> out = new ArrayList<>();
    Matcher m = ENAME.matcher(v.asciidoc());
    while (m.find()) {
      if (!out.contains(m.group(1))) {
        out.add(m.group(1));
      }
    }
    return out;
  }

  private static int count(String s, String part) {
    int n = 0;
    for (int i = s.indexOf(part); i >= 0; i = s.indexOf(part, i + part.length())) {
      n++;
    }
    return n;
  }

  @ParameterizedTest
  @MethodSource("specDirs")
  void plainTextIsTheRenderedHtml(Path dir) {
    assumeTrue(Files.isDirectory(dir), dir + " is absent: no release inputs to read");
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
