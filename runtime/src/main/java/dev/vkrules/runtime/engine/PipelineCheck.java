package dev.vkrules.runtime.engine;

import dev.vkrules.runtime.engine.device.DeviceFacts;
import java.util.function.BooleanSupplier;

/**
 * The body of a checker whose rule reads pipeline state ({@code pipeline:} predicates). A
 * verdict the description decides is reported as usual; an outcome left unknown because the
 * module is validated without a pipeline description (or the description lacks the state) is
 * reported as needing a pipeline description, never passed; one the description leaves to an
 * object given only at run time (a sampler written to a binding without immutable samplers) is
 * reported as decided at run time, neither passed nor failed. Device facts may be read too: an
 * outcome then left unknown by a missing device fact becomes a device obligation, as in
 * {@link DeviceCheck}.
 */
public final class PipelineCheck {
  private PipelineCheck() {}

  public static void run(Facts f, RuleInfo rule, int s, Report out, BooleanSupplier where, BooleanSupplier require) {
    PipelineFacts pipeline = f.pipeline();
    DeviceFacts device = f.device();
    pipeline.begin();
    device.begin();
    try {
      if (where.getAsBoolean() && !require.getAsBoolean()) {
        out.add(rule, s);
      }
    } catch (Unknown u) {
      if (pipeline.missing() != null) {
        out.needsPipeline(rule, s, pipeline.missing());
      } else if (pipeline.runTime() != null) {
        out.atRunTime(rule, s, pipeline.runTime());
      } else if (device.missing() != null) {
        out.needsDevice(rule, s, device.missing());
      }
    }
  }
}
