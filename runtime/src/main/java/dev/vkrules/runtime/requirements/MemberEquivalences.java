package dev.vkrules.runtime.requirements;

import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Which feature or property members are the same thing under another structure: an alias
 * ({@code VkPhysicalDeviceVariablePointersFeaturesKHR}) or the Vulkan 1.x structure a core
 * structure was folded into ({@code VkPhysicalDeviceVulkan11Features::variablePointers}).
 * Built from vk.xml at build time; a device description may state a member under any of them.
 */
public final class MemberEquivalences {
  private final Supplier<Map<String, List<String>>> source;
  /** The groups: given, or built from {@link #source} on the first look-up (most runs make none). */
  private volatile Map<String, List<String>> groups;

  /** {@code groups} maps {@code Struct::member} to every equivalent {@code Struct::member}, itself included. */
  public MemberEquivalences(Map<String, List<String>> groups) {
    this.source = null; // the groups are here already
    this.groups = Map.copyOf(groups);
  }

  /**
   * As {@link #MemberEquivalences(Map)}, with the groups made by {@code source} when first needed
   * (the generated table's form); the map it returns is kept as it is and must not change.
   */
  public MemberEquivalences(Supplier<Map<String, List<String>>> source) {
    this.source = source;
  }

  private Map<String, List<String>> groups() {
    Map<String, List<String>> g = groups;
    if (g == null) {
      synchronized (this) {
        g = groups;
        if (g == null) {
          g = source.get();
          groups = g;
        }
      }
    }
    return g;
  }

  /** The names under which {@code struct::member} may appear, itself first. */
  public List<String> of(String struct, String member) {
    String key = struct + "::" + member;
    List<String> group = groups().get(key);
    if (group == null) {
      return List.of(key);
    }
    List<String> ordered = new java.util.ArrayList<>(group.size());
    ordered.add(key);
    for (String name : group) {
      if (!name.equals(key)) {
        ordered.add(name);
      }
    }
    return ordered;
  }

  public int size() {
    return groups().size();
  }
}
