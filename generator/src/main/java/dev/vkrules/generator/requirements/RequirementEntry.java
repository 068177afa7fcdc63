package dev.vkrules.generator.requirements;

import java.util.List;

/**
 * A SPIR-V capability or extension with its alternatives (any one suffices), in table order.
 * {@code overrides} lists the ids of the authored overrides that changed it.
 */
public record RequirementEntry(Kind kind, String name, List<Enable> enables, List<String> overrides) {
  public enum Kind {
    CAPABILITY,
    EXTENSION
  }

  public RequirementEntry {
    enables = List.copyOf(enables);
    overrides = List.copyOf(overrides);
  }

  public RequirementEntry withEnables(List<Enable> newEnables, String overrideId) {
    List<String> ids = new java.util.ArrayList<>(overrides);
    if (!ids.contains(overrideId)) {
      ids.add(overrideId);
    }
    return new RequirementEntry(kind, name, newEnables, ids);
  }
}
