package dev.vkrules.runtime.requirements;

import dev.vkrules.runtime.requirements.Alternative.AllOf;
import dev.vkrules.runtime.requirements.Alternative.Extension;
import dev.vkrules.runtime.requirements.Alternative.Feature;
import dev.vkrules.runtime.requirements.Alternative.Property;
import dev.vkrules.runtime.requirements.Alternative.Version;
import java.util.List;
import java.util.function.Predicate;

/**
 * Names alternatives the way the validation layers do: {@code VkPhysicalDeviceFeatures::shaderInt64},
 * {@code VK_KHR_ray_query}, {@code VK_VERSION_1_3},
 * {@code VkPhysicalDeviceVulkan11Properties::subgroupSupportedOperations includes VK_SUBGROUP_FEATURE_VOTE_BIT},
 * and an authored all-of as {@code both A and B}.
 */
public final class AlternativeText {
  private AlternativeText() {}

  /** The plain name of one alternative, context-free (tables and JSON use this). */
  public static String describe(Alternative a) {
    return describe(a, requires -> true);
  }

  /**
   * One alternative; a feature or property whose providing version or extension is not known to
   * be present gets {@code " with A or B"} so the reader sees the whole way to satisfy it.
   */
  public static String describe(Alternative a, Predicate<List<String>> requiresMet) {
    if (a instanceof Version v) {
      return v.version().macro();
    } else if (a instanceof Extension e) {
      return e.name();
    } else if (a instanceof Feature f) {
      return f.struct() + "::" + f.member() + with(f.requires(), requiresMet);
    } else if (a instanceof Property p) {
      String bit = "VK_TRUE".equals(p.value()) ? "" : " includes " + p.value();
      return p.struct() + "::" + p.member() + bit + with(p.requires(), requiresMet);
    }
    List<String> parts = ((AllOf) a).parts().stream().map(part -> describe(part, requiresMet)).toList();
    String last = parts.get(parts.size() - 1);
    if (parts.size() == 2) {
      return "both " + parts.get(0) + " and " + last;
    }
    return "all of " + String.join(", ", parts.subList(0, parts.size() - 1)) + " and " + last;
  }

  private static String with(List<String> requires, Predicate<List<String>> requiresMet) {
    return requiresMet.test(requires) ? "" : " with " + String.join(" or ", requires);
  }

  /** {@code A}, {@code one of A or B}, {@code one of A, B or C}. */
  public static String anyOf(List<Alternative> alternatives, Predicate<List<String>> requiresMet) {
    List<String> names = alternatives.stream().map(a -> describe(a, requiresMet)).toList();
    if (names.size() == 1) {
      return names.get(0);
    }
    return "one of " + String.join(", ", names.subList(0, names.size() - 1)) + " or " + names.get(names.size() - 1);
  }
}
