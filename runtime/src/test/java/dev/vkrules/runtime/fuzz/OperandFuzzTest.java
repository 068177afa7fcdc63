package dev.vkrules.runtime.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.ThreadMXBean;
import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.spirv.TestModules;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Feedback-guided, structure-aware fuzzing of parse + model + every checker
 * ({@link FuzzTarget}). Mutants come from {@link OperandMutator}; a mutant that shows a
 * feature not seen before (a new kind of parse problem, a VUID not yet reported) joins the
 * pool that later mutants are drawn from, so the loop keeps reaching new code instead of
 * re-testing the same paths.
 *
 * <p>In {@code mvn verify} the loop runs for a few seconds ({@code -Dvkrules.fuzz.seconds},
 * default 4). A long run: {@code -Dvkrules.fuzz.inputs=1000000 -Dvkrules.fuzz.seconds=100000}.
 * Crashers are written to {@code target/fuzz/crashers/}; copy each to
 * {@code src/test/resources/fuzz/crashers/} with its fix, where {@link #keptInputsNeverCrash}
 * runs it on every build, as it runs the kept corpus ({@code src/test/resources/fuzz/corpus/}).
 */
class OperandFuzzTest {
  private static final Path OUT = Path.of("target", "fuzz");

  @Test
  void keptInputsNeverCrash() throws IOException {
    List<Path> kept = kept();
    for (Path p : kept) {
      FuzzTarget.run(Files.readAllBytes(p), new HashSet<>(), -1);
    }
    assertTrue(kept.size() > 0, "the kept corpus is empty");
    // Then, warm, the fuzz loop's allocation bound for each target (a crasher of 2 KB once
    // allocated 256 MB through a member index of 2^31).
    ThreadMXBean mx = (ThreadMXBean) ManagementFactory.getThreadMXBean();
    for (Path p : kept) {
      byte[] bytes = Files.readAllBytes(p);
      for (int round = 0; round < Target.values().length; round++) {
        long before = mx.getCurrentThreadAllocatedBytes();
        FuzzTarget.run(bytes, new HashSet<>(), round);
        long allocated = mx.getCurrentThreadAllocatedBytes() - before;
        assertTrue(allocated <= FuzzLoop.ALLOCATION_FACTOR * bytes.length + FuzzLoop.ALLOCATION_CONSTANT,
            p.getFileName() + " allocated " + allocated + " bytes for " + bytes.length);
      }
    }
  }

  @Test
  void mutantsNeverCrash() throws IOException {
    long seconds = Long.getLong("vkrules.fuzz.seconds", 4);
    long maxInputs = Long.getLong("vkrules.fuzz.inputs", Long.MAX_VALUE);
    long seed = Long.getLong("vkrules.fuzz.seed", 1);
    List<byte[]> seeds = seeds();
    FuzzLoop.Result[] r = new FuzzLoop.Result[1];
    assertTimeoutPreemptively(Duration.ofSeconds(seconds + 120), () -> {
      r[0] = FuzzLoop.run(seeds, seed, maxInputs, seconds, OUT, Boolean.getBoolean("vkrules.fuzz.save-corpus"));
    });
    System.out.println(r[0].summary(seed));
    assertEquals(List.of(), r[0].crashes());
    assertTrue(r[0].tried() > 0);
  }

  /** Small real modules (little-endian, under 32 KB) and the kept corpus. */
  static List<byte[]> seeds() throws IOException {
    List<byte[]> out = new ArrayList<>();
    for (Path p : TestModules.all()) {
      byte[] b = TestModules.read(p);
      if (b.length >= 20 && b.length < 32 * 1024 && b[0] == 3 && b[3] == 7) {
        out.add(b);
      }
    }
    for (Path p : kept()) {
      byte[] b = Files.readAllBytes(p);
      if (b.length >= 20) {
        out.add(b);
      }
    }
    return out;
  }

  private static List<Path> kept() throws IOException {
    Path dir;
    try {
      dir = Path.of(OperandFuzzTest.class.getResource("/fuzz").toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
    try (Stream<Path> s = Files.walk(dir)) {
      return s.filter(p -> p.toString().endsWith(".spv")).sorted().toList();
    }
  }
}
