package dev.vkrules.generator.requirements;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.generator.GeneratorException;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SortedMap;
import org.junit.jupiter.api.Test;

class RequirementSourcesTest {
  static Path root() {
    Path dir = Path.of("").toAbsolutePath();
    while (!Files.isDirectory(dir.resolve("spec-sources"))) {
      dir = dir.getParent();
    }
    return dir;
  }

  static final Path VK_XML = root().resolve("spec-sources/vk.xml");

  @Test
  void vkXmlCounts() {
    RequirementTable t = VkXmlRequirements.read(VK_XML);
    // the figures the spec-sources provenance states for vk.xml 1.3.239
    assertEquals(142, t.capabilities().size());
    assertEquals(65, t.extensions().size());
    assertEquals(270, t.enableCount());
  }

  @Test
  void overridesChangeExactlyWhatTheyName() {
    RequirementTable raw = VkXmlRequirements.read(VK_XML);
    Overrides overrides = Overrides.read(root().resolve("rules/overrides/requirements.yaml"), "overrides.yaml");
    RequirementTable fixed = overrides.apply(raw);
    assertEquals(raw.enableCount() + 1, fixed.enableCount());
    long apiSpellings = fixed.capabilities().stream().flatMap(e -> e.enables().stream())
        .filter(e -> e.version().startsWith("VK_API_VERSION")).count()
        + fixed.extensions().stream().flatMap(e -> e.enables().stream()).filter(e -> e.version().startsWith("VK_API_VERSION")).count();
    assertEquals(0, apiSpellings);
    long changed = 0;
    for (int i = 0; i < raw.capabilities().size(); i++) {
      changed += raw.capabilities().get(i).equals(fixed.capabilities().get(i)) ? 0 : 1;
    }
    for (int i = 0; i < raw.extensions().size(); i++) {
      changed += raw.extensions().get(i).equals(fixed.extensions().get(i)) ? 0 : 1;
    }
    assertEquals(9, changed);  // 7 VK_API_VERSION_1_3 entries + 1 VK_API_VERSION_1_1 + ShaderViewportIndexLayerEXT
  }

  private static final String GOOD = """
      overrides:
      - id: one
        replace-version: {from: VK_API_VERSION_1_3, to: VK_VERSION_1_3}
        capabilities: [X]
        reason: r
        upstream: u
      """;

  private static RequirementTable tableWith(Enable e) {
    return new RequirementTable(List.of(new RequirementEntry(RequirementEntry.Kind.CAPABILITY, "X", List.of(e), List.of())), List.of());
  }

  @Test
  void staleOverrideStopsTheBuild() {
    Overrides o = Overrides.parse(GOOD, "o.yaml");
    assertEquals("version VK_VERSION_1_3", "version " + o.apply(tableWith(Enable.version("VK_API_VERSION_1_3")))
        .capabilities().get(0).enables().get(0).version());
    GeneratorException e = assertThrows(GeneratorException.class, () -> o.apply(tableWith(Enable.version("VK_VERSION_1_3"))));
    assertEquals("o.yaml:2: override 'one' expects an enable version=\"VK_API_VERSION_1_3\" in capability X and found none;"
        + " if upstream fixed it, remove X from the override", e.getMessage());
  }

  @Test
  void overrideNeedsReasonAndUpstream() {
    GeneratorException e = assertThrows(GeneratorException.class,
        () -> Overrides.parse(GOOD.replace("  upstream: u\n", ""), "o.yaml"));
    assertEquals("o.yaml:2: override 'one' needs a 'reason' and an 'upstream' reference", e.getMessage());
  }

  @Test
  void malformedYamlHasPosition() {
    GeneratorException e = assertThrows(GeneratorException.class,
        () -> Overrides.parse(GOOD.replace("reason: r", "reasons: r"), "o.yaml"));
    assertEquals("o.yaml:5:3: unknown key 'reasons', expected one of [add-alternative, capabilities, extensions, id,"
        + " reason, replace-version, upstream]", e.getMessage());
  }

  @Test
  void unknownVersionSpellingNeedsAnOverride() {
    GeneratorException e = assertThrows(GeneratorException.class,
        () -> RequirementTablesEmitter.alternative(Enable.version("VK_API_VERSION_1_4"), "SPV_X"));
    assertEquals("requirement of SPV_X names version 'VK_API_VERSION_1_4', which is not a VK_VERSION_X_Y name;"
        + " correct it in rules/overrides/requirements.yaml", e.getMessage());
  }

  @Test
  void enableWithoutKnownFormIsAnError() {
    String xml = "<registry><spirvcapabilities>\n<spirvcapability name=\"C\">\n<enable struct=\"S\"/>\n</spirvcapability>"
        + "</spirvcapabilities></registry>";
    GeneratorException e = assertThrows(GeneratorException.class,
        () -> VkXmlRequirements.read(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)), "vk.xml"));
    assertEquals("vk.xml:3: <enable> of 'C' has none of the forms version, extension, struct+feature, property+member+value",
        e.getMessage());
  }

  @Test
  void structEquivalencesFromAliasesAndCoreStructs() {
    SortedMap<String, List<String>> eq = VkXmlStructs.equivalences(VK_XML);
    assertTrue(eq.get("VkPhysicalDeviceVariablePointersFeaturesKHR::variablePointers")
        .contains("VkPhysicalDeviceVulkan11Features::variablePointers"));
    assertEquals(List.of("VkPhysicalDeviceSubgroupProperties::supportedOperations",
        "VkPhysicalDeviceVulkan11Properties::subgroupSupportedOperations"),
        eq.get("VkPhysicalDeviceSubgroupProperties::supportedOperations"));
    assertTrue(eq.get("VkPhysicalDeviceShaderFloat16Int8Features::shaderFloat16")
        .contains("VkPhysicalDeviceVulkan12Features::shaderFloat16"));
    // the EXT buffer-device-address struct is a different extension, not the core one
    assertTrue(eq.get("VkPhysicalDeviceVulkan12Features::bufferDeviceAddress").stream()
        .noneMatch(n -> n.startsWith("VkPhysicalDeviceBufferDeviceAddressFeaturesEXT")));
  }

  @Test
  void emittersAreDeterministic() {
    Path rules = root().resolve("rules");
    Path spec = root().resolve("spec-sources");
    var inputs = new dev.vkrules.generator.GenerationInputs(spec, rules);
    for (var emitter : List.of(new RequirementTablesEmitter(), new MemberEquivalencesEmitter(),
        new ShaderModuleVuidsEmitter(), new RequirementConformanceTestEmitter())) {
      assertEquals(emitter.emit(inputs).toString(), emitter.emit(inputs).toString());
    }
  }

  @Test
  void shaderModuleVuidText() {
    var vuids = ShaderModuleVuidsEmitter.read(root().resolve("spec-sources/validusage-shadermodule.json"));
    assertEquals("pCode must declare the Shader capability for SPIR-V code",
        vuids.get("VUID-VkShaderModuleCreateInfo-pCode-01089")[1]);
    assertEquals("PCODE_01091", ShaderModuleVuidsEmitter.constantName("VUID-VkShaderModuleCreateInfo-pCode-01091"));
    assertTrue(vuids.keySet().containsAll(List.of("VUID-VkShaderModuleCreateInfo-pCode-01090",
        "VUID-VkShaderModuleCreateInfo-pCode-04146", "VUID-VkShaderModuleCreateInfo-pCode-04147")));
  }
}
