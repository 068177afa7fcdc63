package dev.vkrules.generator.tables;

import dev.vkrules.generator.requirements.Enable;
import java.util.List;

/**
 * Published text of one alternative: the registry's names, with the version or extension that
 * provides a feature or property structure in parentheses
 * ({@code VkPhysicalDeviceVulkan12Features::shaderFloat16 (VK_VERSION_1_2 or VK_KHR_shader_float16_int8)}).
 */
final class EnableText {
  private EnableText() {}

  static String describe(Enable e) {
    return switch (e.kind()) {
      case VERSION -> e.version();
      case EXTENSION -> e.extension();
      case FEATURE -> e.struct() + "::" + e.member() + (e.alias().isEmpty() ? "" : " (also " + e.alias() + ")")
          + requires(e.requires());
      case PROPERTY -> e.struct() + "::" + e.member() + ("VK_TRUE".equals(e.value()) ? "" : " includes " + e.value())
          + requires(e.requires());
      case ALL_OF -> "all of: " + String.join(" and ", e.allOf().stream().map(EnableText::describe).toList());
    };
  }

  private static String requires(List<String> requires) {
    return requires.isEmpty() ? "" : " (" + String.join(" or ", requires) + ")";
  }
}
