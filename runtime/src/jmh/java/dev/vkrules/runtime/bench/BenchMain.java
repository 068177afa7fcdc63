package dev.vkrules.runtime.bench;

import java.util.Collection;
import java.util.Map;
import java.util.TreeMap;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/** Runs {@link ParseModelBenchmark} and prints MB/s, the ratio to spirv-val and the cost per MB. */
public final class BenchMain {
  private BenchMain() {}

  public static void main(String[] args) throws RunnerException {
    Options options = new OptionsBuilder().include(ParseModelBenchmark.class.getSimpleName()).build();
    Collection<RunResult> results = new Runner(options).run();
    Map<Long, double[]> bySize = new TreeMap<>();
    for (RunResult r : results) {
      long size = Long.parseLong(r.getParams().getParam("size"));
      double ms = r.getPrimaryResult().getScore();
      double[] row = bySize.computeIfAbsent(size, k -> new double[2]);
      row[r.getParams().getBenchmark().endsWith("spirvVal") ? 1 : 0] = ms;
    }
    System.out.println();
    System.out.printf("%-10s %14s %10s %12s %14s %16s%n", "bytes", "parse+model ms", "MB/s",
        "ms per MB", "spirv-val ms", "spirv-val/ours");
    for (Map.Entry<Long, double[]> e : bySize.entrySet()) {
      double mb = e.getKey() / 1e6;
      double ours = e.getValue()[0];
      double theirs = e.getValue()[1];
      System.out.printf("%-10d %14.3f %10.1f %12.3f %14.1f %16.1f%n", e.getKey(), ours, mb / (ours / 1000),
          ours / mb, theirs, theirs / ours);
    }
  }
}
