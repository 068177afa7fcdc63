package dev.vkrules.runtime.requirements;

import java.util.List;

/**
 * A SPIR-V capability or extension and the alternatives that allow it in Vulkan (any one
 * suffices), after authored overrides. {@code overrides} names the overrides that changed this
 * entry, so reports can say where the rule tables depart from vk.xml.
 */
public record SpirvRequirement(Kind kind, String name, List<Alternative> anyOf, List<String> overrides) {
  public enum Kind {
    CAPABILITY,
    EXTENSION
  }

  public SpirvRequirement {
    anyOf = List.copyOf(anyOf);
    overrides = List.copyOf(overrides);
  }
}
