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
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The pipeline create infos' shader-interface VUIDs and VkGraphicsPipelineCreateInfo's graphics
 * create-info checks read from the AsciiDoc are exactly the entries of Khronos' validusage.json,
 * under the same ref pages, whose text says what the reader selects on, with the same plain text: on every release directory under
 * {@code ../shared/spec-sources/} that has validusage.json and the pipeline chapter (skipped,
 * saying so, when there is none). And the rule files of rules/pipeline/ are what the reader
 * gives for spec-sources/.
 */
class PipelineValidUsageTest {
  static Path root() {
    Path p = Path.of("").toAbsolutePath();
    while (p != null && !Files.isDirectory(p.resolve("spec-sources"))) {
      p = p.getParent();
    }
    return p;
  }

  static Stream<Path> releases() throws IOException {
    Path shared = root().resolve("../shared/spec-sources").normalize();
    if (!Files.isDirectory(shared)) {
      return Stream.of(shared);
    }
    try (Stream<Path> s = Files.list(shared)) {
      // releases imported before the pipeline chapter was kept have nothing to compare
      return s.filter(d -> Files.isRegularFile(d.resolve("validusage.json")) && PipelineValidUsage.present(d))
          .sorted().toList().stream();
    }
  }

  @ParameterizedTest
  @MethodSource("releases")
  void theAsciidocGivesValidusageJsonsEntries(Path dir) throws IOException {
    assumeTrue(Files.isDirectory(dir), dir + " is absent: no release inputs to compare");
    List<Vuid> ours = PipelineValidUsage.read(dir);
    Map<String, String> oursText = new TreeMap<>();
    ours.forEach(v -> oursText.put(v.id(), v.text()));
    JsonNode validation = new ObjectMapper().readTree(dir.resolve("validusage.json").toFile()).path("validation");
    Map<String, String> khronos = new TreeMap<>();
    for (String page : ours.stream().map(Vuid::section).distinct().toList()) {
      validation.path(page).forEach(byCondition -> byCondition.forEach(e -> {
        String text = plain(e.path("text").asText());
        // a whole page's explicit items: the implicit ones (-parameter, -sType, ...) come from the
        // generated validity includes, which are not part of the chapter
        boolean whole = PipelineValidUsage.WHOLE_PAGES.contains(page) && !e.path("vuid").asText().matches(".*-(parameter|sType|pNext|requiredbitmask)$");
        if (whole || text.contains(PipelineValidUsage.PHRASE) || page.equals(PipelineValidUsage.GRAPHICS)
            && PipelineValidUsage.GRAPHICS_PHRASES.stream().anyMatch(text::contains)) {
          khronos.put(e.path("vuid").asText(), text);
        }
      }));
    }
    assertFalse(khronos.isEmpty(), dir.toString());
    assertEquals(khronos, oursText, dir.toString());
  }

  @Test
  void theRuleFilesAreTheReadersOutput() throws IOException {
    Path rules = root().resolve("rules").resolve(RuleFiles.PIPELINE);
    List<Vuid> read = PipelineValidUsage.read(root().resolve("spec-sources"));
    assertTrue(read.size() >= 18, "at least graphics, compute and ray tracing: " + read.size());
    List<String> differences = new ArrayList<>();
    for (Vuid v : read) {
      Path file = rules.resolve(v.id() + ".yaml");
      String text = Files.isRegularFile(file) ? Files.readString(file) : "";
      String extracted = RuleFiles.extractedPart(v, false);
      String head = text.contains("\n" + RuleFiles.AUTHORED) ? text.substring(0, text.indexOf("\n" + RuleFiles.AUTHORED) + 1) : text;
      if (!head.equals(extracted)) {
        differences.add(v.id());
      }
    }
    assertEquals(List.of(), differences, "rerun ./vkrules extract --spec spec-sources --out rules");
  }

  @Test
  void anImportWithoutThePipelineChapterHasNone(@TempDir Path tmp) {
    assertEquals(List.of(), PipelineValidUsage.read(tmp));
  }

  @Test
  void itemsEndBeforeTheDirectivesThatGuardTheNextItem() {
    List<String> lines = List.of("  * [[VUID-{refpage}-a-1]]", "    If x declared in a shader,",
        "ifdef::VK_A[]", "    and y,", "endif::VK_A[]", "    z must: hold", "ifdef::VK_B[]", "  * [[VUID-{refpage}-b-2]]",
        "    w", "endif::VK_B[]");
    assertEquals(6, PipelineValidUsage.itemEnd(lines, 0));
    assertEquals(9, PipelineValidUsage.itemEnd(lines, 7));
  }

  private static String plain(String html) {
    return html.replaceAll("<[^>]*>", "").replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"")
        .replace("&#8217;", "\u2019").replace("&amp;", "&").replaceAll("\\s+", " ").strip();
  }
}
