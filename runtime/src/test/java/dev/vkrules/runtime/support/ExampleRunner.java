package dev.vkrules.runtime.support;

import dev.vkrules.runtime.engine.Checker;
import dev.vkrules.runtime.engine.Diagnostic;
import dev.vkrules.runtime.engine.Engine;
import dev.vkrules.runtime.engine.PreparedModule;
import dev.vkrules.runtime.engine.Report;
import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.engine.device.DeviceView;
import dev.vkrules.runtime.engine.pipeline.PipelineValidator;
import dev.vkrules.runtime.pipeline.Pipeline;
import dev.vkrules.runtime.pipeline.PipelineDescription;
import dev.vkrules.runtime.pipeline.PipelineException;
import dev.vkrules.runtime.pipeline.PipelineReader;
import dev.vkrules.runtime.pipeline.ShaderModule;
import dev.vkrules.runtime.pipeline.Source;
import dev.vkrules.runtime.profile.DeviceViews;
import dev.vkrules.runtime.profile.JsonValue;
import dev.vkrules.runtime.profile.ProfileException;
import dev.vkrules.runtime.profile.ProfileReader;
import dev.vkrules.runtime.requirements.Outcome;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.TreeSet;

/**
 * Runs a rule's examples: an invalid example must raise exactly the rule's VUID, a valid
 * one nothing. Used by the generated tests and by {@code vkrules rule-check}.
 */
public final class ExampleRunner {
  private ExampleRunner() {}

  /** The outcome of one example: the VUIDs raised, and a problem description or null when it passed. */
  public record Outcome(Target target, TreeSet<String> raised, String problem) {
    public boolean passed() {
      return problem == null;
    }
  }

  /** The target an example runs under: its own, else the highest one for which the rule's condition holds. */
  public static Target targetFor(String targetEnv, String condition) {
    if (targetEnv != null) {
      Target t = Target.parse(targetEnv);
      if (t == null) {
        throw new IllegalArgumentException("unknown target-env '" + targetEnv + "'");
      }
      return t;
    }
    Target t = Target.highestSatisfying(condition);
    if (t == null) {
      throw new IllegalArgumentException("the rule's condition holds for no target: " + condition);
    }
    return t;
  }

  /** A stage module of an example's pipeline: {@code example}, or SPIR-V assembly text. */
  private static ShaderModule exampleModule(dev.vkrules.runtime.profile.JsonValue v, Source at, byte[] example,
      Target target) throws PipelineException {
    if (!(v instanceof dev.vkrules.runtime.profile.JsonValue.JsonString s)) {
      throw new PipelineException(at.position() + ": " + at.pointer() + ": expected example or SPIR-V assembly");
    }
    if (s.value().equals("example")) {
      return new ShaderModule("example", null, example);
    }
    try {
      return new ShaderModule("stage " + at, null, ExampleAssembler.assemble(s.value(), target));
    } catch (IOException e) {
      throw new PipelineException(at.position() + ": " + at.pointer() + ": " + e.getMessage());
    }
  }

  public static Outcome run(List<Checker> checkers, String vuid, String condition, boolean invalid, String targetEnv,
      String asm) {
    return run(checkers, vuid, condition, invalid, targetEnv, asm, null, List.of());
  }

  /**
   * As above, against the device {@code deviceJson} describes (a Vulkan Profiles document; null
   * for none); an invalid example must raise exactly {@code vuid} and the {@code also} VUIDs (the
   * ones it necessarily breaks too, for a rule that no module can break alone). An example whose
   * verdict still needs device information fails: the example's device must decide the rule, or
   * the example proves nothing.
   */
  public static Outcome run(List<Checker> checkers, String vuid, String condition, boolean invalid, String targetEnv,
      String asm, String deviceJson, List<String> also) {
    return run(checkers, vuid, condition, invalid, targetEnv, asm, deviceJson, null, also);
  }

  /**
   * As above, with the module a stage of the pipeline {@code pipelineJson} describes (vkrules'
   * own form; null for none): there a stage's {@code module: example} is the example's module and
   * a module written as SPIR-V assembly is assembled. Every stage is checked; an example whose
   * rule still needs a pipeline description fails, as one that needs device information does.
   */
  public static Outcome run(List<Checker> checkers, String vuid, String condition, boolean invalid, String targetEnv,
      String asm, String deviceJson, String pipelineJson, List<String> also) {
    Target target = targetFor(targetEnv, condition);
    if (!target.holds(condition)) {
      return new Outcome(target, new TreeSet<>(), "the rule does not apply to " + target.envName());
    }
    byte[] binary;
    try {
      binary = ExampleAssembler.assemble(asm, target);
    } catch (IOException e) {
      return new Outcome(target, new TreeSet<>(), e.getMessage());
    }
    List<DeviceView> device;
    try {
      device = deviceJson == null ? List.of()
          : DeviceViews.of(ProfileReader.parse(deviceJson.getBytes(StandardCharsets.UTF_8), null));
    } catch (ProfileException e) {
      return new Outcome(target, new TreeSet<>(), "the example's device: " + e.getMessage());
    }
    Engine engine = new Engine(checkers, target);
    List<Diagnostic> diagnostics = new java.util.ArrayList<>();
    if (pipelineJson == null) {
      diagnostics.addAll(PreparedModule.of(ByteBuffer.wrap(binary), engine, Report.UNLIMITED).evaluate(null, device)
          .diagnostics());
    } else {
      try {
        PipelineDescription d = PipelineReader.parse(pipelineJson.getBytes(StandardCharsets.UTF_8), "example pipeline",
            (v, at) -> exampleModule(v, at, binary, target));
        for (Pipeline p : d.pipelines()) {
          for (PipelineValidator.PreparedStage s : PipelineValidator.prepare(p, engine, Report.UNLIMITED)) {
            diagnostics.addAll(PipelineValidator.withEntryPoint(s, s.module().evaluate(null, device), device).diagnostics());
          }
        }
      } catch (PipelineException e) {
        return new Outcome(target, new TreeSet<>(), "the example's pipeline: " + e.getMessage());
      }
    }
    TreeSet<String> raised = new TreeSet<>();
    TreeSet<String> needs = new TreeSet<>();
    TreeSet<String> needsPipeline = new TreeSet<>();
    TreeSet<String> runTime = new TreeSet<>();
    for (Diagnostic d : diagnostics) {
      if (d.severity() == Diagnostic.Severity.RUN_TIME) {
        // neither passed nor failed: an example must be decided by its pipeline
        if (d.vuid().equals(vuid)) {
          runTime.add(d.vuid() + " (" + d.message() + ")");
        }
      } else if (d.severity() == Diagnostic.Severity.NEEDS_PIPELINE) {
        if (d.vuid().equals(vuid)) {
          needsPipeline.add(d.vuid() + " (" + d.message() + ")");
        }
      } else if (d.severity() == Diagnostic.Severity.NEEDS_DEVICE_INFO) {
        // an example must decide its own rule; what other rules would need of the device is their examples' business
        if (d.vuid().equals(vuid)) {
          needs.add(d.vuid() + " (" + d.message() + ")");
        }
      } else {
        // A crashed checker must not pass for its VUID raised: name the crash instead.
        raised.add(d.isInternalError() ? d.vuid() + " " + d.message() : d.vuid().isEmpty() ? "malformed: " + d.message()
            : d.vuid());
      }
    }
    String problem = null;
    TreeSet<String> expected = new TreeSet<>(also);
    expected.add(vuid);
    if (!needsPipeline.isEmpty()) {
      problem = "the example's pipeline does not decide " + needsPipeline
          + (pipelineJson == null ? "; give the example a pipeline" : "");
    } else if (!runTime.isEmpty()) {
      problem = "the example's pipeline leaves " + runTime + " to run time; give its binding immutable samplers";
    } else if (!needs.isEmpty()) {
      problem = "the example's device does not decide " + needs + (deviceJson == null ? "; give the example a device" : "");
    } else if (invalid && !raised.equals(expected)) {
      problem = "expected exactly " + String.join(", ", expected) + " under " + target.envName() + ", got " + (raised.isEmpty() ? "nothing" : raised);
    } else if (!invalid && !raised.isEmpty()) {
      problem = "expected nothing under " + target.envName() + ", got " + raised;
    }
    return new Outcome(target, raised, problem);
  }
}
