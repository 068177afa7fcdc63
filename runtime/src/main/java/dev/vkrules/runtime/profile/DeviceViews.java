package dev.vkrules.runtime.profile;

import dev.vkrules.runtime.engine.device.DeviceView;
import dev.vkrules.runtime.requirements.StructEquivalenceTable;
import java.util.List;
import java.util.Optional;

/** The device views of a profile: one per variant (alternative capability blocks), none without a profile. */
public final class DeviceViews {
  private DeviceViews() {}

  public static List<DeviceView> of(Optional<DeviceProfile> profile) {
    return profile.map(DeviceViews::of).orElse(List.of());
  }

  public static List<DeviceView> of(DeviceProfile profile) {
    return profile.variants().stream()
        .map(d -> (DeviceView) new DescriptionView(profile.name(), d, StructEquivalenceTable.EQUIVALENCES))
        .toList();
  }
}
