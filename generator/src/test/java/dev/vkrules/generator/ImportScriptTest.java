package dev.vkrules.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code spec-sources/import.sh} on a small fake release directory, into a copy of spec-sources/
 * holding the project's own files and a previous import: with and without validusage.json, and
 * with an input missing (exit 2, the target untouched). Skipped, saying so, without bash or jq.
 */
class ImportScriptTest {
  @TempDir Path tmp;

  record Run(int exit, String out, String err) {}

  private static Path root() {
    Path dir = Path.of("").toAbsolutePath();
    while (dir != null && !Files.isRegularFile(dir.resolve("spec-sources/import.sh"))) {
      dir = dir.getParent();
    }
    assertTrue(dir != null, "no spec-sources/import.sh above " + Path.of("").toAbsolutePath());
    return dir;
  }

  private static boolean has(String tool) {
    try {
      return new ProcessBuilder("sh", "-c", "command -v " + tool).start().waitFor() == 0;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  private static void write(Path f, String text) throws IOException {
    Files.createDirectories(f.getParent());
    Files.writeString(f, text, StandardCharsets.UTF_8);
  }

  /** A release laid out like ../shared/spec-sources/vulkan-X: the inputs import.sh reads. */
  private Path release(boolean validusage) throws IOException {
    Path r = tmp.resolve(validusage ? "release-with" : "release-without");
    write(r.resolve("spirvenv.adoc"), "= Appendix\n\nSee <<fake-section>>.\n");
    write(r.resolve("vk.xml"), "<registry><types>\n<type api=\"vulkan\" category=\"define\">\n"
        + "#define <name>VK_HEADER_VERSION</name> 999</type>\n<type category=\"define\">\n"
        + "#define <name>VK_HEADER_VERSION_COMPLETE</name> <type>VK_MAKE_API_VERSION</type>(0, 1, 9, VK_HEADER_VERSION)</type>\n"
        + "</types></registry>\n");
    write(r.resolve("spir-v.xml"), "<registry><ids type=\"vendor\"/></registry>\n");
    write(r.resolve("PROVENANCE.md"), "# fake release\n");
    write(r.resolve("spec/config/attribs.adoc"), ":StorageClass: Storage Class\n");
    write(r.resolve("spec/chapters/other.adoc"), "[[fake-section]]\n== Fake\n");
    write(r.resolve("spec/chapters/unrelated.adoc"), "[[unrelated]]\n== Not cross-referenced\n");
    write(r.resolve("spec/chapters/shaders.adoc"), ".Valid Usage\n****\ninclude::{chapters}/commonvalidity/fake_common.adoc[]\n****\n");
    write(r.resolve("spec/chapters/commonvalidity/fake_common.adoc"), "  * [[VUID-{refpage}-pCode-99999]]\n    text\n");
    write(r.resolve("spirv/spirv.core.grammar.json"), "{}\n");
    write(r.resolve("profiles/VP_FAKE.json"), "{}\n");
    write(r.resolve("profiles/devices/gpu.json"), "{}\n");
    if (validusage) {
      write(r.resolve("validusage.json"), """
          {"version info": {"api version": "1.9.999"}, "validation": {
            "StandaloneSpirv": {"core": [{"vuid": "VUID-StandaloneSpirv-A-00001", "text": "a"}]},
            "VkShaderModuleCreateInfo": {"core": [{"vuid": "VUID-VkShaderModuleCreateInfo-pCode-99999", "text": "b"}]},
            "VkOther": {"core": []}}}
          """);
    }
    return r;
  }

  /** A spec-sources/ copy: the script, the project's own files, and a previous import's leftovers. */
  private Path target() throws IOException {
    Path t = tmp.resolve("project/spec-sources");
    Files.createDirectories(t);
    Path real = root().resolve("spec-sources");
    for (String f : List.of("import.sh", "README.md", "extinst-import-names.tsv")) {
      Files.copy(real.resolve(f), t.resolve(f));
    }
    t.resolve("import.sh").toFile().setExecutable(true);
    write(t.resolve("validusage-spirv.json"), "{\"previous\": true}\n");
    write(t.resolve("validusage-shadermodule.json"), "{\"previous\": true}\n");
    write(t.resolve("spec/chapters/old.adoc"), "previous release\n");
    write(t.resolve("spirv/extinst.old.grammar.json"), "{}\n");
    write(t.resolve("spir-v.xml"), "<previous/>\n");
    return t;
  }

  private static Run run(Path target, Path release) throws IOException, InterruptedException {
    Path out = Files.createTempFile("import", ".out");
    Process p = new ProcessBuilder("bash", target.resolve("import.sh").toString(), release.toString())
        .redirectOutput(out.toFile()).start();
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    int exit = p.waitFor();
    String said = Files.readString(out, StandardCharsets.UTF_8);
    Files.delete(out);
    return new Run(exit, said, err);
  }

  /** Every file under {@code dir} with its content, relative path first. */
  private static Map<String, String> tree(Path dir) throws IOException {
    Map<String, String> out = new TreeMap<>();
    try (Stream<Path> s = Files.walk(dir)) {
      for (Path f : s.filter(Files::isRegularFile).toList()) {
        out.put(dir.relativize(f).toString(), Files.readString(f, StandardCharsets.ISO_8859_1));
      }
    }
    return out;
  }

  private void assumeTools() {
    assumeTrue(has("bash") && has("jq") && has("sha256sum"), "import.sh needs bash, jq and sha256sum; not all are here");
  }

  @Test
  void aReleaseWithValidusageJsonReplacesTheInputsAndKeepsTheProjectsFiles() throws Exception {
    assumeTools();
    Path t = target();
    Map<String, String> own = Map.of("README.md", Files.readString(t.resolve("README.md")),
        "extinst-import-names.tsv", Files.readString(t.resolve("extinst-import-names.tsv")));
    Run r = run(t, release(true));
    assertEquals(0, r.exit(), r.err());
    Map<String, String> after = tree(t);
    own.forEach((f, text) -> assertEquals(text, after.get(f), f + " is the project's own and must survive an import"));
    assertTrue(after.get("validusage-spirv.json").contains("VUID-StandaloneSpirv-A-00001"));
    assertFalse(after.get("validusage-spirv.json").contains("VkOther"));
    assertTrue(after.get("validusage-shadermodule.json").contains("VUID-VkShaderModuleCreateInfo-pCode-99999"));
    assertEquals("<registry><ids type=\"vendor\"/></registry>\n", after.get("spir-v.xml"));
    for (String f : List.of("spirvenv.adoc", "vk.xml", "PROVENANCE.md", "spec/config/attribs.adoc", "spec/chapters/other.adoc",
        "spec/chapters/shaders.adoc", "spec/chapters/commonvalidity/fake_common.adoc", "spirv/spirv.core.grammar.json",
        "profiles/VP_FAKE.json", "profiles/devices/gpu.json", "SHA256SUMS", "import.sh")) {
      assertTrue(after.containsKey(f), f + " missing after import: " + after.keySet());
    }
    // Only cross-referenced chapters; nothing of the previous release survives.
    for (String f : List.of("spec/chapters/unrelated.adoc", "spec/chapters/old.adoc", "spirv/extinst.old.grammar.json")) {
      assertFalse(after.containsKey(f), f + " should not be there: " + after.keySet());
    }
    // SHA256SUMS lists every imported file, the project's own files not.
    String sums = after.get("SHA256SUMS");
    assertTrue(sums.contains("  spir-v.xml\n") && sums.contains("  spec/chapters/commonvalidity/fake_common.adoc\n"), sums);
    assertFalse(sums.contains("README.md") || sums.contains("extinst-import-names.tsv") || sums.contains("import.sh"), sums);
    // the folder written is named, whichever it is (here a scratch copy, not spec-sources/)
    assertTrue(r.out().contains(t.toRealPath() + " now holds Vulkan 1.9.999"), r.out() + r.err());
  }

  @Test
  void aReleaseWithoutValidusageJsonImportsWithoutTheReducedFiles() throws Exception {
    assumeTools();
    Path t = target();
    Run r = run(t, release(false));
    assertEquals(0, r.exit(), r.err());
    Map<String, String> after = tree(t);
    // No conformance fixture and no reduced json (the previous release's are gone too): the
    // generator reads the VkShaderModuleCreateInfo VUIDs from spec/chapters/shaders.adoc.
    assertFalse(after.containsKey("validusage-spirv.json"), after.keySet().toString());
    assertFalse(after.containsKey("validusage-shadermodule.json"), after.keySet().toString());
    assertTrue(after.containsKey("spec/chapters/shaders.adoc") && after.containsKey("spec/chapters/commonvalidity/fake_common.adoc"));
    assertTrue(r.err().contains("no validusage.json"), r.err());
    assertTrue(r.err().contains(t.toRealPath().resolve("spec/chapters/shaders.adoc").toString()), r.err());
    // the folder written is named, whichever it is (here a scratch copy, not spec-sources/)
    assertTrue(r.out().contains(t.toRealPath() + " now holds Vulkan 1.9.999"), r.out() + r.err());
  }

  @Test
  void aMissingInputExitsTwoAndLeavesTheTargetAsItWas() throws Exception {
    assumeTools();
    Path t = target();
    Path release = release(true);
    Map<String, String> before = tree(t);
    for (String missing : List.of("vk.xml", "spec/chapters/commonvalidity/fake_common.adoc", "spirv/spirv.core.grammar.json")) {
      Path f = release.resolve(missing);
      String text = Files.readString(f);
      Files.delete(f);
      Run r = run(t, release);
      assertEquals(2, r.exit(), missing + ": " + r.err());
      assertEquals("", r.out(), missing);
      assertTrue(r.err().startsWith("import.sh: ") && r.err().strip().lines().count() == 1, missing + ": " + r.err());
      assertEquals(before, tree(t), missing + ": the target changed");
      try (Stream<Path> s = Files.list(t)) {
        assertEquals(List.of(), s.filter(p -> p.getFileName().toString().startsWith(".import")).toList(), "a work dir is left");
      }
      write(f, text);
    }
    // VALIDUSAGE naming a file that is not there is a missing input too.
    ProcessBuilder b = new ProcessBuilder("bash", t.resolve("import.sh").toString(), release.toString())
        .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD);
    b.environment().put("VALIDUSAGE", tmp.resolve("nothing.json").toString());
    assertEquals(2, b.start().waitFor());
    assertEquals(before, tree(t));
  }
}
