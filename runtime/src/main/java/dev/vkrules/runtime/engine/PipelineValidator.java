package dev.vkrules.runtime.engine;

import dev.vkrules.runtime.engine.Validator.ValidationResult;
import dev.vkrules.runtime.pipeline.Pipeline;
import dev.vkrules.runtime.pipeline.Stage;
import dev.vkrules.runtime.profile.DeviceViews;
import dev.vkrules.runtime.engine.DeviceView;
import dev.vkrules.runtime.requirements.RequirementCheck;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * Validates a pipeline: each stage's module once, with the stage's specialization constant
 * values and the pipeline's state ({@link PipelineFacts}) for the rules that read it. The stages
 * are independent, so they are checked in parallel; the cost is the sum of the modules' plus
 * reading the description.
 */
public final class PipelineValidator {
  private PipelineValidator() {}

  /** One stage's module prepared for the pipeline (or why it could not be read). */
  public record PreparedStage(Pipeline pipeline, Stage stage, String name, PreparedModule module, byte[] bytes,
      String unreadable) {}

  /** Reads and checks every stage of {@code p} once. */
  public static List<PreparedStage> prepare(Pipeline p, Engine engine, int maxPerRule) {
    return p.stages().parallelStream().map(s -> prepare(p, s, engine, maxPerRule)).toList();
  }

  private static PreparedStage prepare(Pipeline p, Stage s, Engine engine, int maxPerRule) {
    String name = s.module().name() + " (" + s.source() + ")";
    byte[] bytes;
    try {
      bytes = s.module().bytes();
    } catch (IOException e) {
      return new PreparedStage(p, s, name, null, new byte[0], "cannot read " + s.module().name() + ": " + e.getMessage());
    }
    PreparedModule m = PreparedModule.of(ByteBuffer.wrap(bytes), engine, maxPerRule, s.specialization(),
        new PipelineFacts(p, s));
    return new PreparedStage(p, s, name, m, bytes, null);
  }

  /** A stage's diagnostics for the device of {@code requirements} (its profile, or none). */
  public static ValidationResult evaluate(PreparedStage s, RequirementCheck requirements) {
    return evaluate(s, requirements, DeviceViews.of(requirements.evaluator().profile()));
  }

  /** A stage's diagnostics for one device of the portability matrix. */
  public static ValidationResult evaluate(PreparedStage s, RequirementCheck requirements, List<DeviceView> views) {
    return withEntryPoint(s, s.module().evaluate(requirements, views));
  }

  /** The stage's result with a finding when the module has no entry point pName for the stage. */
  static ValidationResult withEntryPoint(PreparedStage s, ValidationResult r) {
    if (r.malformed() || s.module().index() == null) {
      return r;
    }
    String missing = EntryPoints.missing(s.module().index(), s.stage().entryPoint(), s.stage().stage());
    if (missing == null) {
      return r;
    }
    List<Diagnostic> all = new ArrayList<>();
    all.add(new Diagnostic("", missing + " (" + s.stage().source() + ")", "", -1, ""));
    all.addAll(r.diagnostics());
    return new ValidationResult(all, false);
  }
}
