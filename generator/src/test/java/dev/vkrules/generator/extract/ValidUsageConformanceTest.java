package dev.vkrules.generator.extract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The VUIDs extracted from spec-sources/ against Khronos' own validusage.json 1.3.239
 * (spec-sources/validusage-spirv.json): same ids, same condition keys, same text once HTML
 * and whitespace are normalized. Our side is read back from {@code --format validusage-json}.
 */
class ValidUsageConformanceTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  /** A link whose text is Asciidoctor's placeholder for a target it cannot resolve. */
  private static final Pattern UNRESOLVED = Pattern.compile("<a href=\"#([^\"]+)\">\\[\\1\\]</a>");

  private static Map<String, Entry> khronos;
  private static Map<String, Entry> ours;
  private static String appendix;

  record Entry(String section, String key, String html) {}

  @BeforeAll
  static void load() throws Exception {
    khronos = entries(JSON.readTree(Extraction.specSourcesDir().resolve("validusage-spirv.json").toFile()));
    ours = entries(JSON.readTree(ValidUsageJson.render(Extraction.specSources())));
    appendix = Files.readString(Extraction.specSourcesDir().resolve(SpecExtractor.APPENDIX));
  }

  private static Map<String, Entry> entries(JsonNode root) {
    Map<String, Entry> out = new LinkedHashMap<>();
    root.get("validation").fields().forEachRemaining(section ->
        section.getValue().fields().forEachRemaining(key -> {
          for (JsonNode e : key.getValue()) {
            Entry previous = out.put(e.get("vuid").asText(),
                new Entry(section.getKey(), key.getKey(), e.get("text").asText()));
            assertEquals(null, previous, "duplicate " + e.get("vuid").asText());
          }
        }));
    return out;
  }

  @Test
  void sameVuids() {
    assertEquals(new TreeSet<>(khronos.keySet()), new TreeSet<>(ours.keySet()));
    assertEquals(khronos.size(), Extraction.specSources().vuids().size());
    assertFalse(khronos.isEmpty());
  }

  @Test
  void sameSectionsAndConditionKeys() {
    List<String> differences = new ArrayList<>();
    khronos.forEach((vuid, k) -> {
      Entry o = ours.get(vuid);
      if (o == null || !o.section().equals(k.section()) || !o.key().equals(k.key())) {
        differences.add(vuid + ": khronos " + k.section() + " " + k.key() + ", ours " + o);
      }
    });
    assertEquals(List.of(), differences);
  }

  @Test
  void sameTextOnceNormalized() {
    List<String> differences = new ArrayList<>();
    Map<String, String> placeholders = new TreeMap<>();
    khronos.forEach((vuid, k) -> {
      Entry o = ours.get(vuid);
      String theirs = k.html();
      // Cross references into chapters outside the appendix have titles only the full spec
      // knows; ours keeps the target id. Compare those links by target, nothing else.
      Matcher m = UNRESOLVED.matcher(o.html());
      while (m.find()) {
        String target = m.group(1);
        assertFalse(appendix.contains("[[" + target + "]]") || appendix.contains("[[" + target + ","),
            vuid + ": " + target + " is defined in the appendix, so its title must resolve");
        Matcher link = Pattern.compile("<a href=\"#" + Pattern.quote(target) + "\">(.*?)</a>").matcher(theirs);
        assertTrue(link.find(), vuid + ": Khronos has no link to " + target);
        theirs = theirs.substring(0, link.start()) + "[" + target + "]" + theirs.substring(link.end());
        placeholders.put(vuid, target);
      }
      if (!normalize(theirs).equals(normalize(o.html()))) {
        differences.add(vuid + "\n  khronos: " + normalize(theirs) + "\n  ours:    " + normalize(o.html()));
      }
    });
    assertEquals(List.of(), differences, "text differences");
    System.out.println("links compared by target (title outside the appendix): " + placeholders);
  }

  @Test
  void plainTextIsTheRenderedHtml() {
    for (Vuid v : Extraction.specSources().vuids()) {
      String firstLine = v.text().split("\n", -1)[0];
      assertEquals(normalize(v.html()), firstLine, v.id());
      assertEquals(Hashing.sha256(v.text()), v.hash(), v.id());
    }
  }

  /** Independent of HtmlText: tags out, the entities Asciidoctor emits decoded, spaces collapsed. */
  static String normalize(String html) {
    String s = html.replaceAll("<[^>]*>", "");
    Matcher m = Pattern.compile("&#(\\d+);").matcher(s);
    StringBuilder sb = new StringBuilder();
    while (m.find()) {
      m.appendReplacement(sb, Matcher.quoteReplacement(new String(Character.toChars(Integer.parseInt(m.group(1))))));
    }
    m.appendTail(sb);
    s = sb.toString().replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&amp;", "&");
    return s.replace('\u00a0', ' ').replaceAll("\\s+", " ").trim();
  }
}
