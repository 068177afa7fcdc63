package dev.vkrules.generator.extract;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Writing rules/: deterministic, authored parts kept byte for byte, stale marking, no half-written output. */
class OutputWriterTest {
  @TempDir Path dir;

  static Map<String, byte[]> snapshot(Path root) throws IOException {
    Map<String, byte[]> files = new TreeMap<>();
    if (!Files.exists(root)) {
      return files;
    }
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path p : walk.filter(Files::isRegularFile).toList()) {
        files.put(root.relativize(p).toString(), Files.readAllBytes(p));
      }
    }
    return files;
  }

  static void assertSameTree(Map<String, byte[]> expected, Map<String, byte[]> actual) {
    assertEquals(expected.keySet(), actual.keySet());
    expected.forEach((k, v) -> assertArrayEquals(v, actual.get(k), k));
  }

  private Path rule(Path out, String vuid) {
    Vuid v = Extraction.specSources().vuid(vuid).orElseThrow();
    return out.resolve(RuleFiles.path(v));
  }

  /** The extracted part of a rule file: everything before the line {@code authored:}. */
  private static String head(String ruleFile) {
    return ruleFile.substring(0, ruleFile.indexOf("\nauthored:") + 1);
  }

  private static String firstVuid() {
    return Extraction.specSources().vuids().get(0).id();
  }

  @Test
  void extractingTwiceIsByteIdentical() throws IOException {
    Path a = dir.resolve("a");
    Path b = dir.resolve("b");
    OutputWriter.Report first = OutputWriter.writeRules(Extraction.specSources(), a);
    Map<String, byte[]> once = snapshot(a);
    OutputWriter.Report second = OutputWriter.writeRules(Extraction.specSources(), a);
    assertSameTree(once, snapshot(a));
    assertEquals(first.vuids(), first.written());
    assertEquals(0, second.written());
    assertEquals(second.vuids(), second.unchanged());
    // A fresh extraction (its own AsciidoctorJ document) writes the same bytes.
    OutputWriter.writeRules(Extraction.extractor().extractFrom(Extraction.specSourcesDir()), b);
    assertSameTree(once, snapshot(b));
    assertTrue(once.keySet().stream().allMatch(k -> k.startsWith("standalone/") || k.startsWith("runtime/")
        || k.startsWith("pipeline/") || k.startsWith("tables/")), once.keySet().toString());
    assertTrue(once.keySet().stream().anyMatch(k -> k.startsWith("pipeline/VUID-VkGraphicsPipelineCreateInfo-")),
        "the pipeline create infos' rules are written too");
    for (byte[] content : once.values()) {
      String text = new String(content, java.nio.charset.StandardCharsets.UTF_8);
      assertFalse(text.contains("\r") || text.contains(dir.toString()), "no CR, no absolute path");
    }
  }

  @Test
  void authoredPartIsKeptByteForByteAndExtractedPartRestored() throws IOException {
    Path out = dir.resolve("rules");
    OutputWriter.writeRules(Extraction.specSources(), out);
    Path file = rule(out, firstVuid());
    String original = Files.readString(file);
    String authored = "authored:\n  status: declarative   # odd spacing kept\n\n  check:\n    - {when: x}\n  message: 'M.'\n";
    String tampered = head(original).replace("text: ", "text: TAMPERED ")
        + authored;
    Files.writeString(file, tampered);
    OutputWriter.Report report = OutputWriter.writeRules(Extraction.specSources(), out);
    String now = Files.readString(file);
    assertTrue(now.endsWith(authored), now);
    assertEquals(head(original), head(now));
    assertEquals(1, report.written());
    assertEquals(List.of(), report.stale());
  }

  @Test
  void staleWhenTheReviewedHashDiffers() throws IOException {
    Path out = dir.resolve("rules");
    OutputWriter.writeRules(Extraction.specSources(), out);
    Vuid v = Extraction.specSources().vuids().get(1);
    Path file = out.resolve(RuleFiles.path(v));
    String head = head(Files.readString(file));
    Files.writeString(file, head + "authored:\n  status: native\n  reviewed-hash: " + "0".repeat(64) + "\n");
    OutputWriter.Report report = OutputWriter.writeRules(Extraction.specSources(), out);
    assertEquals(List.of(v.id()), report.stale());
    assertTrue(Files.readString(file).contains("\n  stale: true\nauthored:\n  status: native\n"));
    // Once reviewed against the current text, it is no longer stale.
    Files.writeString(file, head + "authored:\n  status: native\n  reviewed-hash: " + v.hash() + "\n");
    report = OutputWriter.writeRules(Extraction.specSources(), out);
    assertEquals(List.of(), report.stale());
    assertFalse(Files.readString(file).contains("stale: true"));
  }

  @Test
  void vuidsThatLeftTheSpec() throws IOException {
    Path out = dir.resolve("rules");
    OutputWriter.writeRules(Extraction.specSources(), out);
    Path kept = out.resolve("standalone/VUID-StandaloneSpirv-Gone-99998.yaml");
    Path dropped = out.resolve("standalone/VUID-StandaloneSpirv-Gone-99999.yaml");
    Files.writeString(kept, "vuid: VUID-StandaloneSpirv-Gone-99998\nextracted:\n  text: old\nauthored:\n  status: native\n");
    Files.writeString(dropped, "vuid: VUID-StandaloneSpirv-Gone-99999\nextracted:\n  text: old\n" + RuleFiles.NEW_AUTHORED);
    OutputWriter.Report report = OutputWriter.writeRules(Extraction.specSources(), out);
    assertEquals(List.of("VUID-StandaloneSpirv-Gone-99998"), report.removed());
    assertEquals(List.of("VUID-StandaloneSpirv-Gone-99999"), report.deleted());
    assertFalse(Files.exists(dropped));
    assertFalse(Files.exists(kept), "moved out of the rules the build compiles");
    assertEquals("vuid: VUID-StandaloneSpirv-Gone-99998\nextracted:\n  text: old\n  removed: true\nauthored:\n  status: native\n",
        Files.readString(out.resolve(OutputWriter.RETIRED).resolve(out.relativize(kept))));
  }

  @Test
  void aFailedWriteLeavesTheOutputUntouched() throws IOException {
    Path out = dir.resolve("rules");
    OutputWriter.writeRules(Extraction.specSources(), out);
    Path file = rule(out, firstVuid());
    String head = head(Files.readString(file));
    Files.writeString(file, head.replace("text: ", "text: CHANGED ") + "authored:\n  status: [unclosed\n");
    Map<String, byte[]> before = snapshot(out);
    SpecSyntaxException e = assertThrows(SpecSyntaxException.class,
        () -> OutputWriter.writeRules(Extraction.specSources(), out));
    assertTrue(e.getMessage().contains("authored part is not valid YAML"), e.getMessage());
    assertTrue(e.getMessage().matches(".* at " + java.util.regex.Pattern.quote(file.toString()) + ":\\d+"), e.getMessage());
    assertSameTree(before, snapshot(out));
    try (Stream<Path> siblings = Files.list(dir)) {
      assertEquals(List.of(out), siblings.toList(), "no staging directory left behind");
    }
  }

  @Test
  void validUsageJsonIsWrittenAtomicallyAndDeterministically() throws IOException {
    Path out = dir.resolve("json");
    OutputWriter.writeValidUsageJson(Extraction.specSources(), out);
    byte[] once = Files.readAllBytes(out.resolve(ValidUsageJson.FILE_NAME));
    OutputWriter.writeValidUsageJson(Extraction.specSources(), out);
    assertArrayEquals(once, Files.readAllBytes(out.resolve(ValidUsageJson.FILE_NAME)));
    try (Stream<Path> files = Files.list(out)) {
      assertEquals(List.of(out.resolve(ValidUsageJson.FILE_NAME)), files.toList());
    }
  }
}
