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
    SortedMap<String, SortedMap<String, JsonValue>> properties) {

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
