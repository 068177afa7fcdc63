package dev.vkrules.runtime.profile;

import dev.vkrules.runtime.requirements.VulkanVersion;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.SortedSet;

/**
 * What one device (or every device meeting a profile) offers: its API version, device
 * extensions, and feature and property structures by their Vulkan names, as the profile file
 * writes them. Feature and property members keep their JSON values; struct names are as written
 * (aliases and promoted structures are matched later, by the requirement evaluator).
 */
public record DeviceDescription(
    VulkanVersion apiVersion,
    SortedSet<String> extensions,
    SortedMap<String, SortedMap<String, JsonValue>> features,
    SortedMap<String, SortedMap<String, JsonValue>> properties,
    SortedMap<String, FormatFeatures> formats) {

  /**
   * The feature flags of one {@code VK_FORMAT_*}, per tiling ({@code linear}, {@code optimal},
   * {@code buffer}), united over {@code VkFormatProperties}, {@code VkFormatProperties2} and
   * {@code VkFormatProperties3(KHR)} (whose {@code VK_FORMAT_FEATURE_2_*} names are kept as written);
   * {@code extended} when a VkFormatProperties3 was stated, so a missing 64-bit-only flag is a
   * fact and not a gap.
   */
  public record FormatFeatures(SortedSet<String> linear, SortedSet<String> optimal, SortedSet<String> buffer,
      boolean extended) {
    /** The flags of {@code tiling} ({@code linear}, {@code optimal} or {@code buffer}). */
    public SortedSet<String> of(String tiling) {
      return switch (tiling) {
        case "linear" -> linear;
        case "optimal" -> optimal;
        case "buffer" -> buffer;
        default -> throw new IllegalArgumentException("unknown tiling " + tiling);
      };
    }
  }

  /** The value of {@code struct::member} among the features, if the description states it. */
  public Optional<JsonValue> feature(String struct, String member) {
    return lookup(features, struct, member);
  }

  /** The value of {@code struct::member} among the properties, if the description states it. */
  public Optional<JsonValue> property(String struct, String member) {
    return lookup(properties, struct, member);
  }

  private static Optional<JsonValue> lookup(Map<String, SortedMap<String, JsonValue>> structs, String struct, String member) {
    Map<String, JsonValue> members = structs.get(struct);
    return members == null ? Optional.empty() : Optional.ofNullable(members.get(member));
  }
}
