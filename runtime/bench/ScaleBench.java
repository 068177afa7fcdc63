import dev.vkrules.runtime.VkRules;
import dev.vkrules.runtime.engine.Target;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * Helper of scale-bench.sh, run as a single-file program on the runtime's classpath: what one
 * module costs through the library entry point a distributed task calls ({@link VkRules}), from
 * bytes already in memory.
 *
 * <pre>
 * java ScaleBench.java DIR PROFILE.json ROUNDS THREADS
 * </pre>
 *
 * Prints, for the modules under DIR on the device PROFILE describes (target vulkan1.3): the first
 * pass in this JVM (checkers loaded as modules first need them), then the thread CPU time per
 * module and per MB of the median of ROUNDS warm passes on one thread, the distribution of one
 * module's time (its fastest pass), the throughput of THREADS threads sharing one VkRules, and
 * what hashing every module for dedupe (SHA-256) costs.
 */
public final class ScaleBench {
  private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

  public static void main(String[] args) throws Exception {
    Path dir = Path.of(args[0]);
    byte[] profile = Files.readAllBytes(Path.of(args[1]));
    int rounds = Integer.parseInt(args[2]);
    int threads = Integer.parseInt(args[3]);
    List<byte[]> modules = new ArrayList<>();
    try (Stream<Path> s = Files.walk(dir)) {
      for (Path p : s.filter(p -> p.toString().endsWith(".spv")).sorted().toList()) {
        modules.add(Files.readAllBytes(p));
      }
    }
    long bytes = modules.stream().mapToLong(m -> m.length).sum();
    int n = modules.size();
    System.out.printf("modules: %d under %s, %.2f MB (mean %.1f KB)%n", n, dir, bytes / 1e6, bytes / 1e3 / n);

    long t0 = System.nanoTime();
    long c0 = CPU.getCurrentThreadCpuTime();
    VkRules rules = VkRules.of(Target.VULKAN_1_3, profile, null);
    int failing = 0;
    for (byte[] m : modules) {
      failing += rules.validate(m).ok() ? 0 : 1;
    }
    System.out.printf("first pass (a fresh JVM: profile read, checkers loaded on first use): %.0f ms wall, %.0f ms CPU;"
        + " %d of %d modules with errors on the device%n", (System.nanoTime() - t0) / 1e6,
        (CPU.getCurrentThreadCpuTime() - c0) / 1e6, failing, n);

    long[] pass = new long[rounds];
    long[] fastest = new long[n];
    Arrays.fill(fastest, Long.MAX_VALUE);
    for (int r = 0; r < rounds; r++) {
      long start = CPU.getCurrentThreadCpuTime();
      for (int i = 0; i < n; i++) {
        long a = CPU.getCurrentThreadCpuTime();
        rules.validate(modules.get(i));
        fastest[i] = Math.min(fastest[i], CPU.getCurrentThreadCpuTime() - a);
      }
      pass[r] = CPU.getCurrentThreadCpuTime() - start;
    }
    Arrays.sort(pass);
    long median = pass[rounds / 2];
    System.out.printf("warm, one thread, median of %d passes: %.0f ms CPU a pass, %.3f ms a module, %.1f ms a MB%n",
        rounds, median / 1e6, median / 1e6 / n, median / 1e6 / (bytes / 1e6));
    long[] sorted = fastest.clone();
    Arrays.sort(sorted);
    System.out.printf("one module (its fastest pass), ms CPU: median %.3f, p90 %.3f, p99 %.3f, max %.3f%n",
        sorted[n / 2] / 1e6, sorted[(int) (n * 0.9)] / 1e6, sorted[(int) (n * 0.99)] / 1e6, sorted[n - 1] / 1e6);

    ExecutorService pool = Executors.newFixedThreadPool(threads);
    long best = Long.MAX_VALUE;
    for (int r = 0; r < Math.max(3, rounds / 2); r++) {
      AtomicInteger next = new AtomicInteger();
      long w = System.nanoTime();
      List<Future<?>> fs = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        fs.add(pool.submit(() -> {
          for (int i = next.getAndIncrement(); i < n; i = next.getAndIncrement()) {
            rules.validate(modules.get(i));
          }
        }));
      }
      for (Future<?> f : fs) {
        f.get();
      }
      best = Math.min(best, System.nanoTime() - w);
    }
    pool.shutdown();
    System.out.printf("warm, %d threads sharing one VkRules, best pass: %.0f ms wall, %.0f modules a second%n",
        threads, best / 1e6, n / (best / 1e9));

    MessageDigest sha = MessageDigest.getInstance("SHA-256");
    long h = Long.MAX_VALUE;
    Set<String> unique = new HashSet<>();
    for (int r = 0; r < 5; r++) {
      unique.clear();
      long a = CPU.getCurrentThreadCpuTime();
      for (byte[] m : modules) {
        unique.add(java.util.HexFormat.of().formatHex(sha.digest(m)));
      }
      h = Math.min(h, CPU.getCurrentThreadCpuTime() - a);
    }
    System.out.printf("dedupe: SHA-256 of every module %.4f ms a module (%d distinct of %d)%n", h / 1e6 / n,
        unique.size(), n);
  }
}
