package dev.vkrules.runtime.engine.pipeline;

import dev.vkrules.runtime.engine.Diagnostic;
import dev.vkrules.runtime.engine.PreparedModule;
import dev.vkrules.runtime.engine.device.DeviceView;
import java.util.List;

/**
 * A finding between linked stages that holds only while a device feature is not enabled: an
 * Output vector wider than the Input it feeds breaks {@code VUID-RuntimeSpirv-maintenance4-06817}
 * unless maintenance4 is. The links of a pipeline are checked once, before any device is known;
 * each device decides the finding when a stage's results are evaluated for it, as the module's own
 * device obligations are: an error where a variant states the feature false, nothing where every
 * variant states it true, and "needs device information" where one leaves it unstated or no
 * device is given (a feature a description does not state is unknown, never taken as enabled).
 *
 * @param error the finding as an error, its message ending with what it links to
 * @param feature the feature that exempts it
 */
public record FeatureGatedFinding(Diagnostic error, Feature feature) {
  /**
   * A feature by its structure ({@code VkPhysicalDeviceMaintenance4Features}; a description stating
   * it in an alias or a VkPhysicalDeviceVulkanXYFeatures is read too) and member ({@code maintenance4}).
   */
  public record Feature(String struct, String member) {
    /** {@code Struct::member}, as device rules name a fact. */
    public String fact() {
      return struct + "::" + member;
    }
  }

  /** The finding on a device whose variants are {@code variants} (none: no device), or null when the device exempts it. */
  public Diagnostic on(List<DeviceView> variants) {
    String fact = feature.fact();
    boolean unstated = variants.isEmpty();
    for (DeviceView v : variants) {
      Boolean enabled = v.feature(feature.struct(), feature.member());
      if (Boolean.FALSE.equals(enabled)) {
        // the note as a device rule's failure words it, so the portability matrix names the fact
        return new Diagnostic(error.vuid(), error.message() + " (device: " + fact + " is not supported)",
            error.instruction(), error.wordOffset(), error.specText(), Diagnostic.Severity.ERROR, error.source(),
            error.parts());
      }
      unstated |= enabled == null;
    }
    if (!unstated) {
      return null;
    }
    return new Diagnostic(error.vuid(), PreparedModule.needs(error.message(), fact,
        variants.isEmpty() ? null : variants.get(0).name()), error.instruction(), error.wordOffset(), error.specText(),
        Diagnostic.Severity.NEEDS_DEVICE_INFO, error.source(), error.parts());
  }
}
