package dev.vkrules.runtime.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * `vkrules validate DIR` checks modules in parallel with one shared engine: the verdicts must be
 * those of checking them one by one. (A device-facts object shared between threads once made a
 * module's "needs device information" name another module's fact, or vanish.)
 */
class ParallelValidationTest {
  @Test
  void parallelValidationGivesTheVerdictsOfSequentialValidation() throws IOException {
    List<byte[]> modules;
    try (Stream<Path> files = Files.list(CorpusNoFalsePositivesTest.CORPUS)) {
      modules = files.filter(p -> p.toString().endsWith(".spv")).sorted().map(p -> {
        try {
          return Files.readAllBytes(p);
        } catch (IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      }).toList();
    }
    assertTrue(modules.size() >= 1000, "corpus missing: " + modules.size() + " modules");
    List<String> sequential = modules.stream().map(ParallelValidationTest::verdict).toList();
    // a race shows only when two threads interleave at the wrong moment: a few rounds make that likely
    for (int round = 0; round < 4; round++) {
      List<String> parallel = modules.parallelStream().map(ParallelValidationTest::verdict).toList();
      for (int i = 0; i < modules.size(); i++) {
        assertEquals(sequential.get(i), parallel.get(i), "module " + i + " of the corpus, round " + round);
      }
    }
  }

  private static String verdict(byte[] module) {
    return Validator.validate(module, Target.VULKAN_1_4).diagnostics().stream()
        .map(d -> d.severity() + " " + d.vuid() + " " + d.wordOffset() + " " + d.message())
        .collect(Collectors.joining("\n"));
  }
}
