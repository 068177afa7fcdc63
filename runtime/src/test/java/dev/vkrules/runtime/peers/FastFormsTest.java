package dev.vkrules.runtime.peers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.runtime.engine.Engine;
import dev.vkrules.runtime.engine.Report;
import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.engine.Validator;
import dev.vkrules.runtime.engine.module.MalformedModuleException;
import dev.vkrules.runtime.engine.module.ModuleIndex;
import dev.vkrules.runtime.spirv.SpirvParser;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every generated checker runs a fast two-valued form of its check first and its exact
 * three-valued form only when the fast one meets an unknown fact. This compares the verdicts of
 * both ways (failures, device obligations, checker errors) on every module at hand: the
 * glslang and modern corpora and, when {@code ../shared/peer-tests/} is there, the 8,024 modules
 * of SPIRV-Tools' own tests, many of them invalid on purpose, where facts are often unknown.
 */
class FastFormsTest {
  private static final Path CORPORA = PeerSuiteTest.ROOT.resolve("examples/corpus");

  /** One module at one target; {@code name} says where it came from. */
  private record Input(String name, Target target, byte[] module) {}

  @Test
  void fastAndExactFormsGiveTheSameVerdicts() throws IOException {
    List<Input> inputs = new ArrayList<>();
    try (Stream<Path> files = Files.walk(CORPORA)) {
      for (Path p : files.filter(f -> f.toString().endsWith(".spv")).sorted().toList()) {
        inputs.add(new Input(PeerSuiteTest.ROOT.relativize(p).toString(), Target.VULKAN_1_4, Files.readAllBytes(p)));
      }
    }
    assertTrue(inputs.size() >= 1000, "the corpora are missing: " + inputs.size() + " modules under " + CORPORA);
    for (String suite : List.of("negative.jsonl.gz", "positive.jsonl.gz")) {
      Path file = PeerSuiteTest.SUITE.resolve(suite);
      if (Files.isRegularFile(file)) {
        for (PeerCase c : PeerCase.read(file)) {
          inputs.add(new Input(c.test(), PeerSuiteTest.target(c.env(), c.module()), c.module()));
        }
      } else {
        System.out.println("no peer suite at " + file + ": comparing on the corpora only");
      }
    }
    AtomicInteger compared = new AtomicInteger();
    List<String> differences = inputs.parallelStream().map(in -> {
      ModuleIndex m;
      try {
        m = ModuleIndex.of(ByteBuffer.wrap(in.module()));
        if (!SpirvParser.parse(m.words()).ok()) {
          return null; // malformed: no checker runs on it
        }
      } catch (MalformedModuleException e) {
        return null;
      }
      Engine engine = Validator.engine(in.target());
      String fast = verdicts(engine.run(m, Report.UNLIMITED, true));
      String exact = verdicts(engine.run(m, Report.UNLIMITED, false));
      compared.incrementAndGet();
      return fast.equals(exact) ? null : in.name() + ":\n  fast:  " + fast + "\n  exact: " + exact;
    }).filter(d -> d != null).limit(20).toList();
    assertEquals(List.of(), differences, "fast and exact forms disagree");
    System.out.println("fast and exact forms agree on " + compared + " modules");
    assertTrue(compared.get() >= 1000, "too few modules compared: " + compared);
  }

  private static String verdicts(Engine.Outcome o) {
    StringBuilder b = new StringBuilder();
    o.failures().forEach(f -> b.append(f.rule().vuid()).append('@').append(f.offset()).append(' '));
    o.obligations().forEach(f -> b.append("needs:").append(f.rule().vuid()).append('@').append(f.offset())
        .append('/').append(f.fact()).append(' '));
    o.checkerFailures().forEach(f -> b.append("error:").append(f.rule().vuid()).append('@').append(f.offset())
        .append(' '));
    return b.toString();
  }
}
