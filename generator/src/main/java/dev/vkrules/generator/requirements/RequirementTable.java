package dev.vkrules.generator.requirements;

import java.util.List;
import java.util.Optional;

/** The capability and extension requirement tables, each in the registry's order. */
public record RequirementTable(List<RequirementEntry> capabilities, List<RequirementEntry> extensions) {
  public RequirementTable {
    capabilities = List.copyOf(capabilities);
    extensions = List.copyOf(extensions);
  }

  public Optional<RequirementEntry> find(RequirementEntry.Kind kind, String name) {
    List<RequirementEntry> entries = kind == RequirementEntry.Kind.CAPABILITY ? capabilities : extensions;
    return entries.stream().filter(e -> e.name().equals(name)).findFirst();
  }

  /** Total number of alternatives (vk.xml's {@code <enable>} elements, plus authored ones). */
  public int enableCount() {
    return capabilities.stream().mapToInt(e -> e.enables().size()).sum()
        + extensions.stream().mapToInt(e -> e.enables().size()).sum();
  }
}
