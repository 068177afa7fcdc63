package dev.vkrules.runtime.requirements;

import java.util.List;
import java.util.Optional;

/**
 * One way to satisfy a SPIR-V capability or extension: the appendix's tables list several, and
 * any one of them suffices. The forms are vk.xml's {@code <enable>} forms, plus {@link AllOf}
 * for requirements that vk.xml's any-of list cannot state (added by authored overrides).
 */
public sealed interface Alternative {

  /** A core Vulkan version ({@code <enable version="VK_VERSION_1_1"/>}). */
  record Version(VulkanVersion version) implements Alternative {}

  /** A device extension ({@code <enable extension="VK_KHR_shader_clock"/>}). */
  record Extension(String name) implements Alternative {}

  /**
   * A feature ({@code <enable struct=... feature=... requires=... [alias=...]/>}): {@code struct::member}
   * must be enabled, and one of {@code requires} (versions or extensions) must provide the struct.
   * {@code alias} is another name of the member, if vk.xml gives one.
   */
  record Feature(String struct, String member, List<String> requires, Optional<String> alias) implements Alternative {
    public Feature {
      requires = List.copyOf(requires);
    }
  }

  /**
   * A property ({@code <enable property=... member=... value=... requires=.../>}): a boolean that
   * must be {@code VK_TRUE}, or a flags member that must contain the bit {@code value}.
   */
  record Property(String struct, String member, String value, List<String> requires) implements Alternative {
    public Property {
      requires = List.copyOf(requires);
    }
  }

  /** Every part is needed together (e.g. two features); never produced by vk.xml itself. */
  record AllOf(List<Alternative> parts) implements Alternative {
    public AllOf {
      parts = List.copyOf(parts);
      if (parts.size() < 2) {
        throw new IllegalArgumentException("all-of needs at least two parts, got " + parts.size());
      }
    }
  }
}
