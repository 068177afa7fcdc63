package dev.vkrules.tests.requirements;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.vkrules.generator.requirements.Enable;
import dev.vkrules.generator.requirements.Overrides;
import dev.vkrules.generator.requirements.RequirementEntry;
import dev.vkrules.generator.requirements.RequirementTable;
import dev.vkrules.generator.requirements.VkXmlRequirements;
import dev.vkrules.runtime.requirements.Alternative;
import dev.vkrules.runtime.requirements.RequirementTables;
import dev.vkrules.runtime.requirements.SpirvRequirement;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Compares one generated requirement table entry with vk.xml as read at test time. An entry
 * named by an override must equal vk.xml with exactly those overrides applied; any other entry
 * must equal vk.xml as written.
 */
public final class RequirementConformance {
  static final Path ROOT = root();
  static final RequirementTable VK_XML = VkXmlRequirements.read(ROOT.resolve("spec-sources/vk.xml"));
  static final Overrides OVERRIDES = Overrides.read(ROOT.resolve("rules/overrides/requirements.yaml"), "rules/overrides/requirements.yaml");

  private RequirementConformance() {}

  private static Path root() {
    Path dir = Path.of("").toAbsolutePath();
    while (dir != null && !Files.isDirectory(dir.resolve("spec-sources"))) {
      dir = dir.getParent();
    }
    return dir;
  }

  public static void assertMatchesVkXml(SpirvRequirement.Kind kind, String name) {
    RequirementEntry.Kind xmlKind = RequirementEntry.Kind.valueOf(kind.name());
    RequirementEntry xml = VK_XML.find(xmlKind, name).orElse(null);
    assertNotNull(xml, name + " is in the generated table but not in vk.xml");
    Map<String, SpirvRequirement> table = kind == SpirvRequirement.Kind.CAPABILITY
        ? RequirementTables.CAPABILITIES : RequirementTables.EXTENSIONS;
    SpirvRequirement generated = table.get(name);
    assertNotNull(generated, name + " is in vk.xml but not in the generated table");

    List<String> overrideIds = overridesNaming(kind, name);
    assertEquals(overrideIds, generated.overrides(), name + ": overrides recorded in the table");
    List<Enable> expected = xml.enables();
    if (!overrideIds.isEmpty()) {
      // vk.xml with only this entry's overrides applied, through the authored override file
      expected = OVERRIDES.applyTo(xml).enables();
    }
    assertEquals(expected.stream().map(RequirementConformance::canonical).toList(),
        generated.anyOf().stream().map(RequirementConformance::canonical).toList(), name + ": alternatives");
  }

  static List<String> overridesNaming(SpirvRequirement.Kind kind, String name) {
    List<String> ids = new ArrayList<>();
    for (Overrides.Override o : OVERRIDES.list()) {
      List<String> names = kind == SpirvRequirement.Kind.CAPABILITY ? o.capabilities() : o.extensions();
      if (names != null && names.contains(name)) {
        ids.add(o.id());
      }
    }
    return ids;
  }

  static String canonical(Enable e) {
    return switch (e.kind()) {
      case VERSION -> "version " + e.version();
      case EXTENSION -> "extension " + e.extension();
      case FEATURE -> "feature " + e.struct() + "::" + e.member() + " requires " + e.requires() + " alias " + e.alias();
      case PROPERTY -> "property " + e.struct() + "::" + e.member() + " = " + e.value() + " requires " + e.requires();
      case ALL_OF -> "all of " + e.allOf().stream().map(RequirementConformance::canonical).toList();
    };
  }

  static String canonical(Alternative a) {
    if (a instanceof Alternative.Version v) {
      return "version " + v.version().macro();
    } else if (a instanceof Alternative.Extension x) {
      return "extension " + x.name();
    } else if (a instanceof Alternative.Feature f) {
      return "feature " + f.struct() + "::" + f.member() + " requires " + f.requires() + " alias " + f.alias().orElse("");
    } else if (a instanceof Alternative.Property p) {
      return "property " + p.struct() + "::" + p.member() + " = " + p.value() + " requires " + p.requires();
    }
    return "all of " + ((Alternative.AllOf) a).parts().stream().map(RequirementConformance::canonical).toList();
  }
}
