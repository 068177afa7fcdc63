package dev.vkrules.runtime.bench;

import dev.vkrules.runtime.cli.PortabilityMatrix;
import dev.vkrules.runtime.engine.Engine;
import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.engine.Validator;
import dev.vkrules.runtime.profile.ProfileReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The cost of the portability matrix: every module of a corpus against N devices versus against
 * one. Modules are read into memory first, so only parsing, checking and per-device evaluation
 * are timed; each configuration runs after a warm-up, best of {@code RUNS}.
 * Usage: {@code MatrixBench CORPUS_DIR DEVICES_DIR [N]} (runtime/bench/matrix-bench.sh).
 */
public final class MatrixBench {
  private static final int RUNS = 3;

  private MatrixBench() {}

  public static void main(String[] args) throws Exception {
    Path corpus = Path.of(args[0]);
    Path devicesDir = Path.of(args[1]);
    int n = args.length > 2 ? Integer.parseInt(args[2]) : 40;
    List<byte[]> modules = new ArrayList<>();
    List<String> names = new ArrayList<>();
    try (Stream<Path> s = Files.walk(corpus)) {
      for (Path p : s.filter(f -> f.toString().endsWith(".spv")).sorted().toList()) {
        modules.add(Files.readAllBytes(p));
        names.add(p.toString());
      }
    }
    Target target = Target.VULKAN_1_4;
    List<PortabilityMatrix.Device> all = new ArrayList<>();
    try (Stream<Path> s = Files.list(devicesDir)) {
      for (Path p : s.filter(f -> f.toString().endsWith(".json")).sorted().limit(n).toList()) {
        all.add(PortabilityMatrix.Device.of(p.toString(), ProfileReader.read(p, null), target));
      }
    }
    Engine engine = Validator.engine(target);
    time(names, modules, engine, all.subList(0, 1)); // warm-up
    time(names, modules, engine, all);
    double one = best(names, modules, engine, all.subList(0, 1));
    double many = best(names, modules, engine, all);
    System.out.printf("matrix of %d modules: 1 device %.2f s, %d devices %.2f s, ratio %.2fx (target <= 3x)%n",
        modules.size(), one, all.size(), many, many / one);
  }

  private static double best(List<String> names, List<byte[]> modules, Engine engine, List<PortabilityMatrix.Device> d) {
    double best = Double.MAX_VALUE;
    for (int i = 0; i < RUNS; i++) {
      best = Math.min(best, time(names, modules, engine, d));
    }
    return best;
  }

  private static double time(List<String> names, List<byte[]> modules, Engine engine, List<PortabilityMatrix.Device> d) {
    long start = System.nanoTime();
    long cells = java.util.stream.IntStream.range(0, modules.size()).parallel()
        .mapToObj(i -> PortabilityMatrix.row(names.get(i), modules.get(i), engine, d, 20))
        .mapToLong(r -> r.cells().size()).sum();
    if (cells != (long) modules.size() * d.size()) {
      throw new IllegalStateException("expected " + modules.size() * d.size() + " cells, got " + cells);
    }
    return (System.nanoTime() - start) / 1e9;
  }
}
