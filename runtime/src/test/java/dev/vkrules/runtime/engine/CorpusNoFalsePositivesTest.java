package dev.vkrules.runtime.engine;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No false positives on real shaders: every module of {@code examples/corpus/spv} (compiled
 * with glslangValidator, each accepted by {@code spirv-val --target-env vulkan1.3}) validates
 * clean for vulkan1.3 through the library API, with every built checker, except the findings
 * reviewed as true positives in {@code examples/corpus/reviewed-findings.tsv}.
 */
class CorpusNoFalsePositivesTest {
  static final Path CORPUS = Path.of(System.getProperty("vkrules.root", "..")).resolve("examples/corpus/spv");
  /** The issue asks for a corpus of at least 100 modules; fewer means the corpus is missing. */
  static final int MINIMUM = 100;

  @Test
  void everyCorpusModuleValidatesClean() throws IOException {
    List<Path> modules;
    try (Stream<Path> s = Files.isDirectory(CORPUS) ? Files.list(CORPUS) : Stream.empty()) {
      modules = s.filter(p -> p.toString().endsWith(".spv")).sorted().toList();
    }
    assertTrue(modules.size() >= MINIMUM, "expected at least " + MINIMUM + " modules in " + CORPUS + ", found "
        + modules.size());
    List<String> problems = new ArrayList<>();
    ReviewedFindings reviewed = ReviewedFindings.load(CORPUS.getParent().getParent().getParent());
    for (Path p : modules) {
      Validator.ValidationResult r = Validator.validate(Files.readAllBytes(p), Target.VULKAN_1_3);
      // Findings that need device information are not verdicts; every error is a false positive.
      for (Diagnostic d : r.diagnostics().stream().filter(Diagnostic::isError).toList()) {
        if (reviewed.covers(p.getFileName().toString(), d.vuid())) {
          continue; // a reviewed true positive: spirv-val does not check that VUID
        }
        problems.add(p.getFileName() + ": " + d.headline() + " " + d.instruction() + " at word " + d.wordOffset());
      }
    }
    problems.addAll(reviewed.stale());
    assertTrue(problems.isEmpty(), problems.size() + " diagnostics on the corpus:\n"
        + String.join("\n", problems.subList(0, Math.min(40, problems.size()))));
  }
}
