package dev.vkrules.generator.requirements;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.vkrules.generator.GeneratorException;
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
 * The VkShaderModuleCreateInfo VUIDs read from the spec's AsciiDoc equal those of Khronos'
 * validusage.json, condition and plain text, for every VUID the AsciiDoc writes (the implicit
 * ones, {@code -sType-sType} and the like, Khronos generates from vk.xml): on spec-sources/ and
 * on every release directory under {@code ../shared/spec-sources/} that has the spec's chapters,
 * from 1.3.255 on (skipped, saying so, when that folder is absent).
 */
class ShaderModuleValidUsageTest {
  static Stream<Path> specDirs() throws IOException {
    List<Path> dirs = new ArrayList<>(List.of(RequirementSourcesTest.root().resolve("spec-sources")));
    Path shared = RequirementSourcesTest.root().resolve("../shared/spec-sources").normalize();
    if (Files.isDirectory(shared)) {
      try (Stream<Path> s = Files.list(shared)) {
        // Khronos' extractor before 1.3.255 filed VUIDs under their conditions (the 1.3.239 release):
        // the AsciiDoc reader gives the all-extensions form of later releases.
        s.filter(d -> Files.isRegularFile(d.resolve(ShaderModuleValidUsage.FILE)))
            .filter(d -> !d.getFileName().toString().matches("vulkan-1\\.([0-2]\\.\\d+|3\\.([0-9]|[0-9][0-9]|1\\d\\d|2[0-4]\\d|25[0-4]))"))
            .sorted().forEach(dirs::add);
      }
    } else {
      dirs.add(shared);
    }
    return dirs.stream();
  }

  @ParameterizedTest
  @MethodSource("specDirs")
  void theAsciidocGivesValidusageJsonsEntries(Path dir) {
    assumeTrue(Files.isDirectory(dir), dir + " is absent: no release inputs to compare");
    Path json = Files.isRegularFile(dir.resolve(ShaderModuleVuidsEmitter.FILE))
        ? dir.resolve(ShaderModuleVuidsEmitter.FILE) : dir.resolve("validusage.json");
    assumeTrue(Files.isRegularFile(json), dir + " has no validusage json to compare with");
    Map<String, String[]> khronos = new TreeMap<>(ShaderModuleVuidsEmitter.read(json));
    khronos.keySet().removeIf(v -> !v.matches(".*-\\d{5}"));
    Map<String, String[]> ours = ShaderModuleValidUsage.read(dir);
    assertEquals(khronos.keySet(), ours.keySet(), dir.toString());
    List<String> differences = new ArrayList<>();
    khronos.forEach((v, k) -> {
      if (!List.of(k).equals(List.of(ours.get(v)))) {
        differences.add(v + "\n  khronos: " + List.of(k) + "\n  ours:    " + List.of(ours.get(v)));
      }
    });
    assertEquals(List.of(), differences, dir.toString());
    // The capability and extension checks find their roles in either.
    assertEquals(ShaderModuleVuidsEmitter.roles(khronos), ShaderModuleVuidsEmitter.roles(ours));
  }

  @Test
  void withoutTheJsonTheGeneratorReadsTheAsciidoc(@TempDir Path tmp) throws IOException {
    Path spec = RequirementSourcesTest.root().resolve("spec-sources");
    Path copy = tmp.resolve("spec-sources");
    for (String f : List.of(ShaderModuleValidUsage.FILE, "spec/config/attribs.adoc")) {
      Files.createDirectories(copy.resolve(f).getParent());
      Files.copy(spec.resolve(f), copy.resolve(f));
    }
    Path common = spec.resolve("spec/chapters/commonvalidity");
    if (Files.isDirectory(common)) {
      Files.createDirectories(copy.resolve("spec/chapters/commonvalidity"));
      try (Stream<Path> s = Files.list(common)) {
        for (Path f : s.toList()) {
          Files.copy(f, copy.resolve("spec/chapters/commonvalidity").resolve(f.getFileName()));
        }
      }
    }
    Map<String, String[]> read = ShaderModuleVuidsEmitter.vuids(copy);
    assertTrue(read.containsKey("VUID-VkShaderModuleCreateInfo-pCode-08740"), read.keySet().toString());
    // Neither file: one line naming what is missing.
    Files.delete(copy.resolve(ShaderModuleValidUsage.FILE));
    GeneratorException e = assertThrows(GeneratorException.class, () -> ShaderModuleVuidsEmitter.vuids(copy));
    assertTrue(e.getMessage().startsWith("cannot read ") && e.getMessage().contains("shaders.adoc: no such file")
        && !e.getMessage().contains("\n"), e.getMessage());
  }
}
