package dev.vkrules.runtime.profile;

import java.util.List;

/**
 * One profile chosen from a Vulkan Profiles JSON file, with its required capability blocks
 * resolved.
 *
 * <p>A profile may list alternatives ({@code ["blockA", "blockB"]}: a device has one of them);
 * {@code variants} then holds one description per combination, and a requirement counts as met
 * only when every variant meets it. Without alternatives there is exactly one variant.
 * Optional blocks ({@code optionals}) are not guaranteed by the profile and are not included.
 */
public record DeviceProfile(String name, String label, List<DeviceDescription> variants) {
  public DeviceProfile {
    if (variants.isEmpty()) {
      throw new IllegalArgumentException("a profile needs at least one variant: " + name);
    }
    variants = List.copyOf(variants);
  }
}
