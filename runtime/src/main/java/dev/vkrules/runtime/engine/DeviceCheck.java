package dev.vkrules.runtime.engine;

import dev.vkrules.runtime.engine.base.Unknown;
import dev.vkrules.runtime.engine.device.DeviceFacts;
import java.util.function.BooleanSupplier;

/**
 * The body of a checker whose rule depends on device facts. A verdict the device decides is
 * reported as usual; an outcome left unknown because a device fact was missing becomes a
 * device obligation on the subject, which {@link DeviceEvaluation} decides later per device
 * (re-running only this checker on this instruction), or reports as needing device information.
 * A failure's note names the device facts it read ({@code (device: ...::maxMeshOutputVertices =
 * 256, 512 needed)}) and, when the comparison that failed was of a sum, the parts it counted.
 */
public final class DeviceCheck {
  private DeviceCheck() {}

  public static void run(Facts f, RuleInfo rule, int s, Report out, BooleanSupplier where, BooleanSupplier require) {
    DeviceFacts device = f.device();
    device.begin();
    try {
      if (where.getAsBoolean() && !require.getAsBoolean()) {
        // the failure names the device facts it was decided on (evaluated again, recording them)
        // and, for a sum, what it counted
        String note = device.explain(() -> where.getAsBoolean() && !require.getAsBoolean());
        out.add(rule, s, note, device.failedParts());
      }
    } catch (Unknown u) {
      if (device.missing() != null) {
        out.needsDevice(rule, s, device.missing());
      }
    }
  }
}
