package dev.vkrules.runtime.bench;

import dev.vkrules.runtime.engine.Engine;
import dev.vkrules.runtime.engine.PipelineValidator;
import dev.vkrules.runtime.engine.Report;
import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.engine.Validator;
import dev.vkrules.runtime.pipeline.Pipeline;
import dev.vkrules.runtime.pipeline.PipelineReader;
import dev.vkrules.runtime.pipeline.Stage;
import dev.vkrules.runtime.requirements.RequirementCheck;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The cost of validating a pipeline against the cost of its modules validated alone: the
 * description is read and every stage validated (specialization, pipeline state, entry point)
 * versus each module read and validated by {@link Validator}. Both run on this thread, one
 * after the other, so the CPU time (user + system of this thread) compares like with like on a
 * loaded machine; each side runs {@code ROUNDS} times after a warm-up; the median round counts, and the
 * fastest rounds of each side (the least disturbed by other load) are compared too.
 * Usage: {@code PipelineBench PIPELINE.json [ROUNDS]} (runtime/bench/pipeline-bench.sh).
 */
public final class PipelineBench {
  private PipelineBench() {}

  public static void main(String[] args) throws Exception {
    Path description = Path.of(args[0]);
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 21;
    Target target = Target.VULKAN_1_4;
    Engine engine = Validator.engine(target);
    RequirementCheck requirements = Validator.requirements(target, Optional.empty());
    Pipeline pipeline = PipelineReader.read(description).pipelines().get(0);
    List<Stage> stages = pipeline.stages();
    ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
    long[] alone = new long[rounds];
    long[] together = new long[rounds];
    long sink = 0;
    for (int warm = 0; warm < 5; warm++) {
      sink += modulesAlone(stages, engine, requirements) + asPipeline(description, engine, requirements);
    }
    for (int r = 0; r < rounds; r++) {
      // alternate the order so neither side always runs on a warmer cache
      if (r % 2 == 0) {
        long t0 = cpu.getCurrentThreadCpuTime();
        sink += modulesAlone(stages, engine, requirements);
        long t1 = cpu.getCurrentThreadCpuTime();
        sink += asPipeline(description, engine, requirements);
        long t2 = cpu.getCurrentThreadCpuTime();
        alone[r] = t1 - t0;
        together[r] = t2 - t1;
      } else {
        long t0 = cpu.getCurrentThreadCpuTime();
        sink += asPipeline(description, engine, requirements);
        long t1 = cpu.getCurrentThreadCpuTime();
        sink += modulesAlone(stages, engine, requirements);
        long t2 = cpu.getCurrentThreadCpuTime();
        together[r] = t1 - t0;
        alone[r] = t2 - t1;
      }
    }
    java.util.Arrays.sort(alone);
    java.util.Arrays.sort(together);
    double a = alone[rounds / 2] / 1e6;
    double p = together[rounds / 2] / 1e6;
    System.out.printf(java.util.Locale.ROOT, "pipeline: %s (%d stages)%n", description, stages.size());
    System.out.printf(java.util.Locale.ROOT, "modules alone:  %.2f ms CPU (median of %d rounds)%n", a, rounds);
    System.out.printf(java.util.Locale.ROOT, "as a pipeline:  %.2f ms CPU (reading the description included)%n", p);
    System.out.printf(java.util.Locale.ROOT, "ratio: %.3f (target: at most 1.10); of the fastest rounds: %.3f (%.2f vs %.2f ms)%n",
        p / a, together[0] / (double) alone[0], together[0] / 1e6, alone[0] / 1e6);
    if (sink == 42) {
      System.out.println();  // keeps the results alive
    }
  }

  private static long modulesAlone(List<Stage> stages, Engine engine, RequirementCheck requirements) throws Exception {
    long n = 0;
    for (Stage s : stages) {
      n += Validator.validate(ByteBuffer.wrap(s.module().bytes()), engine, requirements, Report.UNLIMITED)
          .diagnostics().size();
    }
    return n;
  }

  private static long asPipeline(Path description, Engine engine, RequirementCheck requirements) throws Exception {
    long n = 0;
    Pipeline p = PipelineReader.read(description).pipelines().get(0);
    List<PipelineValidator.PreparedStage> prepared = new ArrayList<>();
    for (Stage s : p.stages()) {
      prepared.add(PipelineValidator.prepare(p, s, engine, Report.UNLIMITED));
    }
    for (PipelineValidator.PreparedStage s : prepared) {
      n += PipelineValidator.evaluate(s, requirements).diagnostics().size();
    }
    return n;
  }
}
