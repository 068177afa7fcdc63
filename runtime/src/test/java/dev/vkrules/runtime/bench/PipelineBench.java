package dev.vkrules.runtime.bench;

import dev.vkrules.runtime.engine.Engine;
import dev.vkrules.runtime.engine.Report;
import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.engine.Validator;
import dev.vkrules.runtime.engine.pipeline.PipelineValidator;
import dev.vkrules.runtime.pipeline.Pipeline;
import dev.vkrules.runtime.pipeline.PipelineReader;
import dev.vkrules.runtime.pipeline.Stage;
import dev.vkrules.runtime.requirements.RequirementCheck;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The cost of validating a pipeline against the cost of its modules validated alone, in one
 * JVM and on one thread: each round validates the modules alone ({@link Validator}, each module
 * read from its file) and the pipeline as {@code validate --pipeline} does (the description
 * read, each stage prepared with its specialization and pipeline state, the checks between
 * stages and against the layout, each stage's report), one right after the other, the order
 * alternating, so load on the machine falls on both sides alike. Times are CPU time (user +
 * system) of this thread; after {@code WARMUP} rounds (the description reader and the links run
 * once a round, so they need thousands of rounds to be compiled as the engine's code is), the
 * median of {@code ROUNDS} rounds counts, with the median of the rounds' own ratios and the ratio
 * of the fastest rounds beside it. The pipeline's time is split into its parts: description,
 * stages, links, report.
 * Usage: {@code PipelineBench PIPELINE.json [ROUNDS [WARMUP]]} (runtime/bench/pipeline-bench.sh).
 */
public final class PipelineBench {
  /** Issue 22: a pipeline validates in the time of its modules plus at most 10 %. */
  static final double TARGET = 1.10;

  private PipelineBench() {}

  public static void main(String[] args) throws Exception {
    Path description = Path.of(args[0]);
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 201;
    Target target = Target.VULKAN_1_4;
    Engine engine = Validator.engine(target);
    RequirementCheck requirements = Validator.requirements(target, Optional.empty());
    List<Stage> stages = PipelineReader.read(description).pipelines().get(0).stages();
    long[] alone = new long[rounds];
    long[][] parts = new long[4][rounds];
    long[] together = new long[rounds];
    double[] ratios = new double[rounds];
    int warmUp = args.length > 2 ? Integer.parseInt(args[2]) : 3000;
    for (int r = -warmUp; r < rounds; r++) {
      long a;
      long[] p;
      // alternate the order so neither side always runs on a warmer cache
      if ((r & 1) == 0) {
        a = modulesAlone(stages, engine, requirements);
        p = asPipeline(description, engine, requirements);
      } else {
        p = asPipeline(description, engine, requirements);
        a = modulesAlone(stages, engine, requirements);
      }
      if (r >= 0) {
        alone[r] = a;
        long sum = 0;
        for (int k = 0; k < 4; k++) {
          parts[k][r] = p[k];
          sum += p[k];
        }
        together[r] = sum;
        ratios[r] = sum / (double) a;
      }
    }
    double a = median(alone);
    double p = median(together);
    double paired = median(ratios);
    System.out.printf(Locale.ROOT, "pipeline: %s (%d stages); %d rounds, interleaved, CPU time of one thread%n",
        description, stages.size(), rounds);
    System.out.printf(Locale.ROOT, "modules alone:  %.2f ms (median)%n", a);
    System.out.printf(Locale.ROOT, "as a pipeline:  %.2f ms (median): description %.2f, stages %.2f, links %.2f, report %.2f%n",
        p, median(parts[0]), median(parts[1]), median(parts[2]), median(parts[3]));
    long[] fastAlone = alone.clone();
    long[] fastTogether = together.clone();
    Arrays.sort(fastAlone);
    Arrays.sort(fastTogether);
    System.out.printf(Locale.ROOT, "ratio: %.3f of the medians, %.3f median of the rounds' ratios, %.3f of the fastest"
        + " rounds (target: at most %.2f): %s%n", p / a, paired, fastTogether[0] / (double) fastAlone[0], TARGET,
        p / a <= TARGET && paired <= TARGET ? "within the target" : "OVER the target");
  }

  private static double median(long[] nanos) {
    long[] sorted = nanos.clone();
    Arrays.sort(sorted);
    return sorted[sorted.length / 2] / 1e6;
  }

  private static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    return sorted[sorted.length / 2];
  }

  private static long sink;

  /** The CPU time (ns) of validating each module alone, from its file, as {@code validate A.spv B.spv ...} does. */
  private static long modulesAlone(List<Stage> stages, Engine engine, RequirementCheck requirements) throws Exception {
    ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
    long t0 = cpu.getCurrentThreadCpuTime();
    for (Stage s : stages) {
      sink += Validator.validate(ByteBuffer.wrap(s.module().bytes()), engine, requirements, Report.UNLIMITED)
          .diagnostics().size();
    }
    return cpu.getCurrentThreadCpuTime() - t0;
  }

  /**
   * The CPU time (ns) of validating the pipeline as {@code validate --pipeline} does, by part:
   * reading the description, preparing each stage, the links, each stage's report.
   */
  private static long[] asPipeline(Path description, Engine engine, RequirementCheck requirements) throws Exception {
    ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
    long t0 = cpu.getCurrentThreadCpuTime();
    Pipeline p = PipelineReader.read(description).pipelines().get(0);
    long t1 = cpu.getCurrentThreadCpuTime();
    List<PipelineValidator.PreparedStage> prepared = new ArrayList<>();
    for (Stage s : p.stages()) {
      prepared.add(PipelineValidator.prepare(p, s, engine, Report.UNLIMITED));
    }
    long t2 = cpu.getCurrentThreadCpuTime();
    List<PipelineValidator.PreparedStage> linked = PipelineValidator.link(p, prepared, engine.target());
    long t3 = cpu.getCurrentThreadCpuTime();
    for (PipelineValidator.PreparedStage s : linked) {
      sink += PipelineValidator.evaluate(s, requirements).diagnostics().size();
    }
    long t4 = cpu.getCurrentThreadCpuTime();
    return new long[] {t1 - t0, t2 - t1, t3 - t2, t4 - t3};
  }
}
