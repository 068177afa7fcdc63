import dev.vkrules.runtime.engine.Engine;
import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.engine.Validator;
import dev.vkrules.runtime.engine.module.ModuleIndex;
import dev.vkrules.runtime.spirv.SpirvParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Helper of validate-bench.sh, run as a single-file program on the runtime's classpath.
 *
 * <pre>
 * java ValidateBench.java time FILE.spv SECONDS      wall and CPU ms per validation after JIT warm-up
 * java ValidateBench.java first FILE.spv DIR          the library's first calls: the first validation of FILE
 *                                                     (engine and checkers loaded on the way), the second, and
 *                                                     one of each module of DIR after FILE's (checkers loaded
 *                                                     as each first needs them), then FILE again
 * java ValidateBench.java once WARMUP.spv FILE.spv    wall and CPU ms of one validation of FILE, in a JVM
 *                                                    that validated WARMUP first (a small module of the same
 *                                                    shape: classes loaded, start-up left out)
 * java ValidateBench.java phases FILE.spv SECONDS    where the time per MB goes: the parse, parse + index,
 *                                                    the engine's pass on a built index, and the whole
 *                                                    validation, each timed in turn for SECONDS; the
 *                                                    lowest thread CPU time per MB of batches of runs
 *                                                    (the least disturbed by other work on the machine)
 * </pre>
 */
public final class ValidateBench {
  public static void main(String[] args) throws IOException {
    if (args.length == 3 && args[0].equals("first")) {
      first(Path.of(args[1]), Path.of(args[2]));
      return;
    }
    if (args.length == 3 && args[0].equals("phases")) {
      phases(Path.of(args[1]), Double.parseDouble(args[2]));
      return;
    }
    if (args.length == 3 && args[0].equals("once")) {
      once(Path.of(args[1]), Path.of(args[2]));
      return;
    }
    if (args.length != 3 || !args[0].equals("time")) {
      System.err.println("usage: ValidateBench time FILE.spv SECONDS | first FILE.spv DIR | once WARMUP.spv FILE.spv"
          + " | phases FILE.spv SECONDS");
      System.exit(2);
    }
    time(Path.of(args[1]), Double.parseDouble(args[2]));
  }

  static void first(Path file, Path dir) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    long t0 = System.nanoTime();
    Validator.validate(bytes, Target.VULKAN_1_3);
    long t1 = System.nanoTime();
    Validator.validate(bytes, Target.VULKAN_1_3);
    long t2 = System.nanoTime();
    java.util.List<Path> all;
    try (var s = Files.list(dir)) {
      all = s.filter(p -> p.toString().endsWith(".spv")).sorted().toList();
    }
    for (Path p : all) {
      Validator.validate(Files.readAllBytes(p), Target.VULKAN_1_3);
    }
    long t3 = System.nanoTime();
    Validator.validate(bytes, Target.VULKAN_1_3);
    long t4 = System.nanoTime();
    System.out.printf("first call %.1f ms, second %.1f ms, then %d modules of %s in %.1f ms, then the first module again %.2f ms%n",
        (t1 - t0) / 1e6, (t2 - t1) / 1e6, all.size(), dir, (t3 - t2) / 1e6, (t4 - t3) / 1e6);
  }

  /** One validation of {@code file} after one of {@code warmup}: "WALL_MS CPU_MS" (CPU: all threads, GC and JIT included). */
  static void once(Path warmup, Path file) throws IOException {
    Validator.validate(Files.readAllBytes(warmup), Target.VULKAN_1_3);
    byte[] bytes = Files.readAllBytes(file);
    var os = (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();
    long cpuStart = os.getProcessCpuTime();
    long start = System.nanoTime();
    Validator.validate(bytes, Target.VULKAN_1_3);
    System.out.printf("%.1f %.1f%n", (System.nanoTime() - start) / 1e6, (os.getProcessCpuTime() - cpuStart) / 1e6);
  }

  /**
   * The parts of a validation, each run in batches (about 3 MB of input a batch) for the given
   * seconds after as long a warm-up: per part the lowest thread CPU ms per MB over its batches
   * and the mean. The engine part runs on an index built once (what the part costs alone).
   */
  static void phases(Path file, double seconds) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    double mb = bytes.length / (1024.0 * 1024.0);
    Engine engine = Validator.engine(Target.VULKAN_1_3);
    ModuleIndex built = index(bytes);
    String[] names = {"parse", "parse + index", "engine pass", "validate"};
    Runnable[] parts = {
      () -> SpirvParser.parse(bytes),
      () -> index(bytes),
      () -> engine.run(built, Validator.DEFAULT_MAX_FINDINGS_PER_RULE, true),
      () -> Validator.validate(bytes, Target.VULKAN_1_3),
    };
    var threads = java.lang.management.ManagementFactory.getThreadMXBean();
    int batch = Math.max(1, (int) Math.round(3 / mb));
    System.out.printf("%s, %.2f MB: thread CPU ms per MB, lowest and mean of batches of %d runs%n",
        file.getFileName(), mb, batch);
    for (int i = 0; i < parts.length; i++) {
      for (int pass = 0; pass < 2; pass++) { // a warm-up pass, then the timed one
        double min = Double.MAX_VALUE;
        double sum = 0;
        int batches = 0;
        long end = System.nanoTime() + (long) (seconds * 1e9);
        do {
          long t0 = threads.getCurrentThreadCpuTime();
          for (int r = 0; r < batch; r++) {
            parts[i].run();
          }
          double perMb = (threads.getCurrentThreadCpuTime() - t0) / 1e6 / batch / mb;
          min = Math.min(min, perMb);
          sum += perMb;
          batches++;
        } while (System.nanoTime() < end);
        if (pass == 1) {
          System.out.printf("  %-14s lowest %6.2f  mean %6.2f ms/MB  (%d batches)%n", names[i], min, sum / batches,
              batches);
        }
      }
    }
  }

  private static ModuleIndex index(byte[] bytes) {
    try {
      return ModuleIndex.of(java.nio.ByteBuffer.wrap(bytes));
    } catch (dev.vkrules.runtime.engine.module.MalformedModuleException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }

  /** Validates one module repeatedly: warm-up for the given seconds, then as long again, timed. */
  static void time(Path file, double seconds) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    long warmEnd = System.nanoTime() + (long) (seconds * 1e9);
    int clean = 0;
    while (System.nanoTime() < warmEnd) {
      clean += Validator.validate(bytes, Target.VULKAN_1_3).ok() ? 1 : 0;
    }
    int runs = 0;
    // Process CPU time too (all threads: JIT and GC included), which a loaded machine distorts less than wall time.
    var os = (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();
    long cpuStart = os.getProcessCpuTime();
    long start = System.nanoTime();
    long end = start + (long) (seconds * 1e9);
    long now;
    do {
      clean += Validator.validate(bytes, Target.VULKAN_1_3).ok() ? 1 : 0;
      runs++;
      now = System.nanoTime();
    } while (now < end || runs < 3);
    double ms = (now - start) / 1e6 / runs;
    double cpuMs = (os.getProcessCpuTime() - cpuStart) / 1e6 / runs;
    double mb = bytes.length / (1024.0 * 1024.0);
    System.out.printf("%s %.2f %.3f %.3f %d %s%n", file.getFileName(), mb, ms, cpuMs, runs,
        clean > 0 ? "clean" : "DIAGNOSTICS");
  }
}
