package dev.vkrules.runtime.corpus;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.runtime.engine.Diagnostic;
import dev.vkrules.runtime.engine.Oracle;
import dev.vkrules.runtime.engine.ReviewedFindings;
import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.engine.Validator;
import dev.vkrules.runtime.support.ModernCorpus;
import dev.vkrules.runtime.support.Oracles;
import dev.vkrules.runtime.support.Sources;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No false positives on real shaders, judged by the oracle: every module of the glslang corpus
 * ({@code examples/corpus/spv}) and of the modern corpus ({@code examples/modern}, compiled with
 * shaderc) that the SPIRV-Tools matching the pinned spec accepts for the newest target
 * environment vkrules knows must validate there with no error. Skipped, with the locator's
 * message, without that SPIRV-Tools.
 */
class CorpusOracleTest {
  record Input(String corpus, String name, byte[] bytes) {}

  record Verdict(Input input, boolean accepted, List<String> errors) {}

  @Test
  void everyModuleTheOracleAcceptsValidatesClean() throws IOException {
    Oracle oracle = Oracles.require();
    Target[] all = Target.values();
    Target newest = all[all.length - 1];
    List<Input> inputs = new ArrayList<>();
    Path glslang = Sources.root().resolve("examples/corpus/spv");
    try (Stream<Path> s = Files.list(glslang)) {
      for (Path p : s.filter(p -> p.toString().endsWith(".spv")).sorted().toList()) {
        inputs.add(new Input("glslang corpus", p.getFileName().toString(), Files.readAllBytes(p)));
      }
    }
    for (ModernCorpus.Module m : ModernCorpus.modules()) {
      if (m.bytes() != null) {
        inputs.add(new Input("modern corpus", m.entry().moduleName(), m.bytes()));
      }
    }
    ReviewedFindings reviewed = ReviewedFindings.load(Sources.root());
    List<Verdict> verdicts = inputs.parallelStream().map(i -> judge(oracle, newest, i, reviewed)).toList();

    Map<String, int[]> counts = new TreeMap<>();
    List<String> problems = new ArrayList<>();
    for (Verdict v : verdicts) {
      int[] c = counts.computeIfAbsent(v.input().corpus(), k -> new int[3]);
      c[0]++;
      c[1] += v.accepted() ? 1 : 0;
      c[2] += v.accepted() && !v.errors().isEmpty() ? 1 : 0;
      if (v.accepted()) {
        v.errors().forEach(e -> problems.add(v.input().corpus() + " " + v.input().name() + ": " + e));
      }
    }
    counts.forEach((corpus, c) -> System.out.println(corpus + ": " + c[0] + " modules, " + oracle.describe()
        + " accepts " + c[1] + " at " + newest.envName() + ", vkrules reports errors on " + c[2] + " of those"));
    problems.addAll(reviewed.stale());
    assertTrue(problems.isEmpty(), problems.size() + " errors on modules spirv-val accepts:\n"
        + String.join("\n", problems.subList(0, Math.min(60, problems.size()))));
  }

  private static Verdict judge(Oracle oracle, Target target, Input in, ReviewedFindings reviewed) {
    try {
      if (!oracle.validate(in.bytes(), target).accepted()) {
        return new Verdict(in, false, List.of());
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<String> errors = new ArrayList<>();
    Validator.ValidationResult r = Validator.validate(in.bytes(), target);
    for (Diagnostic d : r.diagnostics()) {
      // A reviewed true positive (spirv-val does not check that VUID) is expected, not an error here.
      if (d.isError() && !(in.corpus().equals("glslang corpus") && reviewed.covers(in.name(), d.vuid()))) {
        errors.add(d.headline() + " " + d.instruction() + " at word " + d.wordOffset());
      }
    }
    return new Verdict(in, true, errors);
  }
}
