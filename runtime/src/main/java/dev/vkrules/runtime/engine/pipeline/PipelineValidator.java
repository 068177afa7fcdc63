package dev.vkrules.runtime.engine.pipeline;

import dev.vkrules.runtime.engine.Diagnostic;
import dev.vkrules.runtime.engine.Engine;
import dev.vkrules.runtime.engine.Facts;
import dev.vkrules.runtime.engine.Findings;
import dev.vkrules.runtime.engine.PreparedModule;
import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.engine.Validator.ValidationResult;
import dev.vkrules.runtime.engine.device.DeviceView;
import dev.vkrules.runtime.pipeline.Pipeline;
import dev.vkrules.runtime.pipeline.Stage;
import dev.vkrules.runtime.profile.DeviceViews;
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

  /**
   * One stage's module prepared for the pipeline (or why it could not be read), with the findings
   * of the pipeline's links that point into it: {@code decided} without a device, {@code gated} by a
   * device feature ({@link #links(List)} decides them for a device).
   */
  public record PreparedStage(Pipeline pipeline, Stage stage, String name, PreparedModule module, byte[] bytes,
      String unreadable, List<Diagnostic> decided, List<FeatureGatedFinding> gated) {
    public PreparedStage {
      decided = List.copyOf(decided);
      gated = List.copyOf(gated);
    }

    PreparedStage(Pipeline pipeline, Stage stage, String name, PreparedModule module, byte[] bytes, String unreadable) {
      this(pipeline, stage, name, module, bytes, unreadable, List.of(), List.of());
    }

    /** The links' findings on a device whose variants are {@code variants} (none: no device). */
    public List<Diagnostic> links(List<DeviceView> variants) {
      if (gated.isEmpty()) {
        return decided;
      }
      List<Diagnostic> out = new ArrayList<>(decided);
      for (FeatureGatedFinding g : gated) {
        Diagnostic d = g.on(variants);
        if (d != null) {
          out.add(d);
        }
      }
      return out;
    }
  }

  /**
   * Reads and checks every stage of {@code p} once, then the checks between stages and against
   * the layout ({@link PipelineLinks}) on the facts those checks built.
   */
  public static List<PreparedStage> prepare(Pipeline p, Engine engine, int maxPerRule) {
    List<PreparedStage> stages = p.stages().parallelStream().map(s -> prepare(p, s, engine, maxPerRule)).toList();
    return link(p, stages, engine.target());
  }

  /**
   * The checks between the stages of {@code p} and against its layout ({@link PipelineLinks}), on
   * stages {@link #prepare(Pipeline, Stage, Engine, int) prepared} one by one (in pStages order):
   * the stages with their findings. {@link #prepare(Pipeline, Engine, int)} is both steps.
   */
  public static List<PreparedStage> link(Pipeline p, List<PreparedStage> stages, Target target) {
    List<PipelineLinks.Linked> linked = new ArrayList<>();
    for (PreparedStage s : stages) {
      Facts f = s.module() == null ? null : s.module().facts();
      int ep = f == null ? -1 : PipelineLinks.entryPoint(s.module().index(), s.stage().entryPoint(), s.stage().stage());
      linked.add(ep < 0 ? null : new PipelineLinks.Linked(s.stage(), s.module(), f, ep, s.name()));
    }
    PipelineLinks.Findings links;
    try {
      links = PipelineLinks.check(p, linked, target);
    } catch (RuntimeException | StackOverflowError e) {
      links = new PipelineLinks.Findings(java.util.Map.of(stages.isEmpty() ? 0 : stages.get(0).stage().index(),
          List.of(Findings.internalError("", "the checks between stages", e, "", -1))), java.util.Map.of());
    }
    List<PreparedStage> out = new ArrayList<>();
    for (PreparedStage s : stages) {
      out.add(new PreparedStage(s.pipeline(), s.stage(), s.name(), s.module(), s.bytes(), s.unreadable(),
          links.decided().getOrDefault(s.stage().index(), List.of()),
          links.gated().getOrDefault(s.stage().index(), List.of())));
    }
    return out;
  }

  /** Reads and checks one stage of {@code p}. */
  public static PreparedStage prepare(Pipeline p, Stage s, Engine engine, int maxPerRule) {
    byte[] bytes;
    try {
      bytes = s.module().bytes();
    } catch (IOException e) {
      return unreadable(p, s, "cannot read " + s.module().name() + ": " + e.getMessage());
    }
    return prepare(p, s, bytes, engine, maxPerRule);
  }

  /** Checks one stage of {@code p} whose module's bytes were read already. */
  public static PreparedStage prepare(Pipeline p, Stage s, byte[] bytes, Engine engine, int maxPerRule) {
    PreparedModule m = PreparedModule.of(ByteBuffer.wrap(bytes), engine, maxPerRule, s.specialization(),
        new PipelineFacts(p, s));
    return new PreparedStage(p, s, name(s), m, bytes, null);
  }

  /** A stage that shares {@code module}, prepared for another stage whose verdict this one has too. */
  public static PreparedStage sharing(Pipeline p, Stage s, PreparedModule module, byte[] bytes) {
    return new PreparedStage(p, s, name(s), module, bytes, null);
  }

  /** A stage whose module could not be read, and why. */
  public static PreparedStage unreadable(Pipeline p, Stage s, String why) {
    return new PreparedStage(p, s, name(s), null, new byte[0], why);
  }

  /** How reports name a stage: its module, and where the description has it. */
  public static String name(Stage s) {
    return s.module().name() + " (" + s.source() + ")";
  }

  /** A stage's diagnostics for the device of {@code requirements} (its profile, or none). */
  public static ValidationResult evaluate(PreparedStage s, RequirementCheck requirements) {
    return evaluate(s, requirements, DeviceViews.of(requirements.evaluator().profile()));
  }

  /** A stage's diagnostics for one device of the portability matrix. */
  public static ValidationResult evaluate(PreparedStage s, RequirementCheck requirements, List<DeviceView> views) {
    return withEntryPoint(s, s.module().evaluate(requirements, views), views);
  }

  /**
   * The stage's result {@code r} on the device whose variants are {@code views} (none: no device)
   * with the links' findings for that device, and a finding when the module has no entry point
   * pName for the stage.
   */
  public static ValidationResult withEntryPoint(PreparedStage s, ValidationResult r, List<DeviceView> views) {
    if (r.malformed() || s.module().index() == null) {
      return r;
    }
    Diagnostic missing = missingEntryPoint(s);
    List<Diagnostic> links = s.links(views);
    if (missing == null && links.isEmpty()) {
      return r;
    }
    List<Diagnostic> all = new ArrayList<>();
    if (missing != null) {
      all.add(missing);
    }
    all.addAll(r.diagnostics());
    all.addAll(links);
    return new ValidationResult(all, false);
  }

  /** The finding that the module has no entry point pName for the stage; null when it has (or is malformed). */
  public static Diagnostic missingEntryPoint(PreparedStage s) {
    if (s.module() == null || s.module().index() == null) {
      return null;
    }
    String missing = EntryPoints.missing(s.module().index(), s.stage().entryPoint(), s.stage().stage());
    return missing == null ? null : new Diagnostic("", missing + " (" + s.stage().source() + ")", "", -1, "");
  }
}
