package dev.vkrules.runtime.corpus;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.runtime.engine.Diagnostic;
import dev.vkrules.runtime.support.Oracle;
import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.engine.Validator;
import dev.vkrules.runtime.support.ModernCorpus;
import dev.vkrules.runtime.support.Oracles;
import dev.vkrules.runtime.support.Sources;
import dev.vkrules.runtime.support.SpecInvalid;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No false positives on real shaders, judged by the oracle: every module of the glslang corpus
 * ({@code examples/corpus/spv}) and of the modern corpus ({@code examples/modern}, compiled with
 * shaderc) that the SPIRV-Tools matching the pinned spec accepts for the newest target
 * environment vkrules knows must validate there with no error, except the reviewed errors of
 * {@code examples/spec-invalid.tsv} (modules that break a rule spirv-val does not check); an
 * entry there whose shader has an accepted module but no such error fails too. Skipped, with
 * the locator's message, without that SPIRV-Tools.
 */
class CorpusOracleTest {
  record Input(String corpus, String name, byte[] bytes) {}

  record Verdict(Input input, boolean accepted, List<String> errors, boolean reviewedError) {}

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
    Map<String, Set<String>> reviewed = SpecInvalid.entries();
    Set<String> matched = ConcurrentHashMap.newKeySet();
    Set<String> acceptedShaders = ConcurrentHashMap.newKeySet();
    List<Verdict> verdicts = inputs.parallelStream().map(i -> judge(oracle, newest, i, reviewed, matched)).toList();
    verdicts.stream().filter(Verdict::accepted)
        .forEach(v -> acceptedShaders.add(SpecInvalid.shader(v.input().name())));

    Map<String, int[]> counts = new TreeMap<>();
    List<String> problems = new ArrayList<>();
    for (Verdict v : verdicts) {
      int[] c = counts.computeIfAbsent(v.input().corpus(), k -> new int[4]);
      c[0]++;
      c[1] += v.accepted() ? 1 : 0;
      c[2] += v.accepted() && !v.errors().isEmpty() ? 1 : 0;
      c[3] += v.accepted() && v.reviewedError() ? 1 : 0;
      if (v.accepted()) {
        v.errors().forEach(e -> problems.add(v.input().corpus() + " " + v.input().name() + ": " + e));
      }
    }
    counts.forEach((corpus, c) -> System.out.println(corpus + ": " + c[0] + " modules, " + oracle.describe()
        + " accepts " + c[1] + " at " + newest.envName() + ", vkrules reports errors on " + c[2] + " of those"
        + (c[3] > 0 ? " outside examples/spec-invalid.tsv, and its reviewed errors on " + c[3] : "")));
    assertTrue(problems.isEmpty(), problems.size() + " errors on modules spirv-val accepts:\n"
        + String.join("\n", problems.subList(0, Math.min(60, problems.size()))));
    Set<String> stale = new TreeSet<>();
    reviewed.forEach((shader, vuids) -> vuids.stream()
        .filter(v -> acceptedShaders.contains(shader) && !matched.contains(shader + "\t" + v))
        .forEach(v -> stale.add(shader + " " + v)));
    assertTrue(stale.isEmpty(), "examples/spec-invalid.tsv entries no error matches (remove them): " + stale);
  }

  private static Verdict judge(Oracle oracle, Target target, Input in, Map<String, Set<String>> reviewed,
      Set<String> matched) {
    try {
      if (!oracle.validate(in.bytes(), target).accepted()) {
        return new Verdict(in, false, List.of(), false);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<String> errors = new ArrayList<>();
    boolean reviewedError = false;
    Validator.ValidationResult r = Validator.validate(in.bytes(), target);
    Set<String> expected = reviewed.getOrDefault(SpecInvalid.shader(in.name()), Set.of());
    for (Diagnostic d : r.diagnostics()) {
      if (d.isError() && expected.contains(d.vuid())) {
        matched.add(SpecInvalid.shader(in.name()) + "\t" + d.vuid());
        reviewedError = true;
      } else if (d.isError()) {
        errors.add(d.headline() + " " + d.instruction() + " at word " + d.wordOffset());
      }
    }
    return new Verdict(in, true, errors, reviewedError);
  }
}
