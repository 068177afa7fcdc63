package dev.vkrules.runtime.requirements;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A Vulkan API version, major and minor (patch levels never change what SPIR-V may use). */
public record VulkanVersion(int major, int minor) implements Comparable<VulkanVersion> {
  private static final Pattern MACRO = Pattern.compile("VK_VERSION_(\\d+)_(\\d+)");
  private static final Pattern DOTTED = Pattern.compile("(\\d{1,4})\\.(\\d{1,4})(?:\\.(\\d{1,6}))?");
  private static final Pattern TARGET_ENV = Pattern.compile("vulkan(\\d+)\\.(\\d+)");

  public VulkanVersion {
    if (major < 0 || minor < 0) {
      throw new IllegalArgumentException("not a valid version: " + major + "." + minor);
    }
  }

  /** {@code VK_VERSION_1_2}, the registry's name of a core version; empty for anything else. */
  public static Optional<VulkanVersion> fromMacro(String name) {
    Matcher m = MACRO.matcher(name);
    return m.matches() ? Optional.of(of(m.group(1), m.group(2))) : Optional.empty();
  }

  /** {@code 1.3} or {@code 1.3.204}, as profiles write {@code api-version}. */
  public static Optional<VulkanVersion> fromDotted(String text) {
    Matcher m = DOTTED.matcher(text);
    return m.matches() ? Optional.of(of(m.group(1), m.group(2))) : Optional.empty();
  }

  /** {@code vulkan1.2}, the spelling of {@code --target-env}. */
  public static Optional<VulkanVersion> fromTargetEnv(String text) {
    Matcher m = TARGET_ENV.matcher(text);
    return m.matches() ? Optional.of(of(m.group(1), m.group(2))) : Optional.empty();
  }

  private static VulkanVersion of(String major, String minor) {
    return new VulkanVersion(Integer.parseInt(major), Integer.parseInt(minor));
  }

  public String macro() {
    return "VK_VERSION_" + major + "_" + minor;
  }

  public boolean atLeast(VulkanVersion other) {
    return compareTo(other) >= 0;
  }

  public VulkanVersion min(VulkanVersion other) {
    return compareTo(other) <= 0 ? this : other;
  }

  @Override
  public int compareTo(VulkanVersion o) {
    return major != o.major ? Integer.compare(major, o.major) : Integer.compare(minor, o.minor);
  }

  @Override
  public String toString() {
    return major + "." + minor;
  }
}
