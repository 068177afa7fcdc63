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
 * {@code warnings} ({@code line:column: text}) name what the description states that the pinned
 * vk.xml does not know; the rest of the description is used.
 */
public record DeviceProfile(String name, String label, List<DeviceDescription> variants, List<String> warnings) {
  public DeviceProfile {
    if (variants.isEmpty()) {
      throw new IllegalArgumentException("a profile needs at least one variant: " + name);
    }
    variants = List.copyOf(variants);
    warnings = List.copyOf(warnings);
  }

  public DeviceProfile(String name, String label, List<DeviceDescription> variants) {
    this(name, label, variants, List.of());
  }

  /** The same profile with each warning prefixed by {@code file}, as errors are. */
  DeviceProfile in(String file) {
    return new DeviceProfile(name, label, variants, warnings.stream().map(w -> file + ":" + w).toList());
  }
}
