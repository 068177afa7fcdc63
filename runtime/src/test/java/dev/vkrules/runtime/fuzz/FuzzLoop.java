package dev.vkrules.runtime.fuzz;

import com.sun.management.ThreadMXBean;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;

/**
 * The feedback loop: draw a parent from the pool, mutate it ({@link OperandMutator}), run it
 * ({@link FuzzTarget}); a mutant that shows a feature not seen before joins the pool. A crash
 * (an exception, an internal error, more than {@link #ALLOCATION_FACTOR} bytes allocated per
 * input byte, or more than 5 s) is saved under {@code out/crashers/}. Runs until
 * {@code maxInputs} or the deadline. Also the long run's entry point ({@link #main}).
 */
final class FuzzLoop {
  /** Bytes allocated per input byte, plus a constant for fixed tables. */
  static final long ALLOCATION_FACTOR = 400;
  static final long ALLOCATION_CONSTANT = 16 << 20;

  record Result(long tried, List<String> crashes, int features, int seeds, int added) {
    String summary(long seed) {
      return "fuzz: " + tried + " mutated modules tried (seed " + seed + "), " + crashes.size() + " crashes, "
          + features + " features, pool " + seeds + " seeds + " + added + " mutants";
    }
  }

  private FuzzLoop() {}

  static Result run(List<byte[]> seeds, long seed, long maxInputs, long seconds, Path out, boolean saveCorpus) {
    return run(seeds, seed, maxInputs, seconds, out, saveCorpus, false);
  }

  static Result run(List<byte[]> seeds, long seed, long maxInputs, long seconds, Path out, boolean saveCorpus,
      boolean progress) {
    List<byte[]> pool = new ArrayList<>(seeds);
    Set<String> features = new HashSet<>();
    for (byte[] s : seeds) {
      FuzzTarget.run(s, features, -1);
    }
    OperandMutator mutator = new OperandMutator(seed);
    List<String> crashes = new ArrayList<>();
    ThreadMXBean mx = (ThreadMXBean) ManagementFactory.getThreadMXBean();
    long deadline = System.nanoTime() + seconds * 1_000_000_000L;
    long tried = 0;
    while (tried < maxInputs && System.nanoTime() < deadline) {
      byte[] mutant = mutator.mutate(pool.get(mutator.random().nextInt(pool.size())));
      Set<String> found = new HashSet<>();
      long before = mx.getCurrentThreadAllocatedBytes();
      long start = System.nanoTime();
      try {
        FuzzTarget.run(mutant, found, tried);
      } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
        crashes.add(save(out.resolve("crashers"), mutant) + ": " + firstLines(e));
        tried++;
        continue;
      }
      tried++;
      if (progress && tried % 20_000 == 0) {
        System.out.println("fuzz: " + tried + " tried, " + crashes.size() + " crashes, pool " + pool.size());
      }
      long allocated = mx.getCurrentThreadAllocatedBytes() - before;
      if (allocated > ALLOCATION_FACTOR * mutant.length + ALLOCATION_CONSTANT) {
        crashes.add(save(out.resolve("crashers"), mutant) + ": allocated " + allocated + " bytes for " + mutant.length);
      }
      long ms = (System.nanoTime() - start) / 1_000_000;
      if (ms > 5_000) {
        crashes.add(save(out.resolve("crashers"), mutant) + ": took " + ms + " ms");
      }
      if (features.addAll(found) && pool.size() < 20_000) {
        pool.add(mutant);
        if (saveCorpus) {
          save(out.resolve("corpus"), mutant);
        }
      }
    }
    return new Result(tried, crashes, features.size(), seeds.size(), pool.size() - seeds.size());
  }

  private static String firstLines(Throwable e) {
    StringWriter w = new StringWriter();
    e.printStackTrace(new PrintWriter(w));
    return String.join(" | ", w.toString().lines().limit(4).toList());
  }

  static String save(Path dir, byte[] bytes) {
    try {
      Files.createDirectories(dir);
      String name = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes), 0, 8) + ".spv";
      Files.write(dir.resolve(name), bytes);
      return dir.resolve(name).toString();
    } catch (IOException | NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The long run: {@code FuzzLoop SEED INPUTS OUT_DIR} (seeds: the test modules and the kept corpus). */
  public static void main(String[] args) throws IOException {
    long seed = Long.parseLong(args[0]);
    Result r = run(OperandFuzzTest.seeds(), seed, Long.parseLong(args[1]), Long.MAX_VALUE / 2_000_000_000L,
        Path.of(args[2]), false, true);
    System.out.println(r.summary(seed));
    r.crashes().forEach(System.out::println);
  }
}
