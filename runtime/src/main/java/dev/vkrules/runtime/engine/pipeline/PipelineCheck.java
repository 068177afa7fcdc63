package dev.vkrules.runtime.engine.pipeline;

import dev.vkrules.runtime.engine.Facts;
import dev.vkrules.runtime.engine.Report;
import dev.vkrules.runtime.engine.RuleInfo;
import dev.vkrules.runtime.engine.base.Unknown;
import dev.vkrules.runtime.engine.device.DeviceFacts;
import java.util.function.BooleanSupplier;

/**
 * The body of a checker whose rule reads pipeline state ({@code pipeline:} predicates). A
 * verdict the description decides is reported as usual; an outcome left unknown because the
 * module is validated without a pipeline description (or the description lacks the state) is
 * reported as needing a pipeline description, never passed; but only where the rule could fail:
 * an instruction whose requirement holds whatever the state is (an array indexed by constants)
 * needs nothing, even when whether it is a subject needs the description. One the description
 * leaves to an object given only at run time (a sampler written to a binding without immutable
 * samplers) is reported as decided at run time, neither passed nor failed. Device facts may be
 * read too: an
 * outcome then left unknown by a missing device fact becomes a device obligation, as in
 * {@link dev.vkrules.runtime.engine.DeviceCheck}.
 */
public final class PipelineCheck {
  private PipelineCheck() {}

  public static void run(Facts f, RuleInfo rule, int s, Report out, BooleanSupplier where, BooleanSupplier require) {
    PipelineFacts pipeline = f.pipeline();
    DeviceFacts device = f.device();
    pipeline.begin();
    device.begin();
    boolean subject;
    try {
      subject = where.getAsBoolean();
    } catch (Unknown u) {
      // Whether the instruction is a subject is unknown; it needs the state only if the requirement
      // could fail there (one that holds whatever the state leaves nothing to decide).
      String pipelineFact = pipeline.missing();
      String deviceFact = device.missing();
      try {
        if (require.getAsBoolean()) {
          return;
        }
      } catch (Unknown v) {
        // the requirement is unknown too
      }
      needs(rule, s, out, pipelineFact != null ? pipelineFact : pipeline.missing(), pipeline.runTime(),
          deviceFact != null ? deviceFact : device.missing());
      return;
    }
    try {
      if (subject && !require.getAsBoolean()) {
        // with the device facts it read, when it read any (DeviceCheck)
        out.add(rule, s, device.explain(() -> where.getAsBoolean() && !require.getAsBoolean()));
      }
    } catch (Unknown u) {
      needs(rule, s, out, pipeline.missing(), pipeline.runTime(), device.missing());
    }
  }

  private static void needs(RuleInfo rule, int s, Report out, String pipelineFact, String runTimeFact,
      String deviceFact) {
    if (pipelineFact != null) {
      out.needsPipeline(rule, s, pipelineFact);
    } else if (runTimeFact != null) {
      out.atRunTime(rule, s, runTimeFact);
    } else if (deviceFact != null) {
      out.needsDevice(rule, s, deviceFact);
    }
  }
}
