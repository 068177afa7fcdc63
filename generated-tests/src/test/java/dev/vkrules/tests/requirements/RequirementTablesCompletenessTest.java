package dev.vkrules.tests.requirements;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.vkrules.generator.requirements.Overrides;
import dev.vkrules.generator.requirements.RequirementEntry;
import dev.vkrules.runtime.requirements.RequirementTables;
import dev.vkrules.runtime.requirements.SpirvRequirement;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The generated tables hold exactly vk.xml's entries, and the overridden ones are exactly those listed. */
class RequirementTablesCompletenessTest {
  @Test
  void sameCapabilitiesAsVkXml() {
    assertEquals(RequirementConformance.VK_XML.capabilities().stream().map(RequirementEntry::name).toList(),
        List.copyOf(RequirementTables.CAPABILITIES.keySet()));
  }

  @Test
  void sameExtensionsAsVkXml() {
    assertEquals(RequirementConformance.VK_XML.extensions().stream().map(RequirementEntry::name).toList(),
        List.copyOf(RequirementTables.EXTENSIONS.keySet()));
  }

  @Test
  void overriddenEntriesAreExactlyThoseTheOverridesList() {
    TreeSet<String> listed = new TreeSet<>();
    for (Overrides.Override o : RequirementConformance.OVERRIDES.list()) {
      if (o.capabilities() != null) {
        listed.addAll(o.capabilities());
      }
      if (o.extensions() != null) {
        listed.addAll(o.extensions());
      }
    }
    TreeSet<String> overridden = new TreeSet<>();
    List<SpirvRequirement> all = new ArrayList<>(RequirementTables.CAPABILITIES.values());
    all.addAll(RequirementTables.EXTENSIONS.values());
    for (SpirvRequirement r : all) {
      if (!r.overrides().isEmpty()) {
        overridden.add(r.name());
      }
    }
    assertFalse(listed.isEmpty());
    assertEquals(listed, overridden);
    assertEquals(List.copyOf(RequirementTables.OVERRIDES.keySet()),
        RequirementConformance.OVERRIDES.list().stream().map(Overrides.Override::id).toList());
  }
}
