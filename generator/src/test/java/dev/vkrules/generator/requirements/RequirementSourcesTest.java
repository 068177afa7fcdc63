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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RequirementSourcesTest {
  static Path root() {
    Path dir = Path.of("").toAbsolutePath();
    while (!Files.isDirectory(dir.resolve("spec-sources"))) {
      dir = dir.getParent();
    }
    return dir;
  }

  static final Path VK_XML = root().resolve("spec-sources/vk.xml");

  static final Path FIXTURE_1_3_239 = root().resolve("generator/src/test/fixtures/vulkan-1.3.239");

  /** The reader's counts equal a plain count of the registry's elements, on every release we keep. */
  @ParameterizedTest
  @ValueSource(strings = {"spec-sources", "generator/src/test/fixtures/vulkan-1.3.239"})
  void vkXmlCounts(String dir) throws Exception {
    Path xml = root().resolve(dir).resolve("vk.xml");
    RequirementTable t = VkXmlRequirements.read(xml);
    var doc = javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(xml.toFile());
    assertEquals(doc.getElementsByTagName("spirvcapability").getLength(), t.capabilities().size());
    assertEquals(doc.getElementsByTagName("spirvextension").getLength(), t.extensions().size());
    assertEquals(doc.getElementsByTagName("enable").getLength(), t.enableCount());
  }

  @Test
  void overridesChangeExactlyWhatTheyName() {
    RequirementTable raw = VkXmlRequirements.read(VK_XML);
    Overrides overrides = Overrides.read(root().resolve("rules/overrides/requirements.yaml"), "overrides.yaml");
    RequirementTable fixed = overrides.apply(raw);
    var retired = overrides.retirements(raw);
    long apiSpellings = java.util.stream.Stream.concat(fixed.capabilities().stream(), fixed.extensions().stream())
        .flatMap(e -> e.enables().stream())
        .filter(e -> e.kind() == Enable.Kind.VERSION && !e.version().matches("VK_VERSION_\\d+_\\d+")).count();
    assertEquals(0, apiSpellings);
    // an entry changes exactly when an override names it and is not retired for it
    for (boolean capability : new boolean[] {true, false}) {
      List<RequirementEntry> before = capability ? raw.capabilities() : raw.extensions();
      List<RequirementEntry> after = capability ? fixed.capabilities() : fixed.extensions();
      for (int i = 0; i < before.size(); i++) {
        String name = before.get(i).name();
        boolean named = overrides.list().stream().anyMatch(o -> (capability ? o.capabilities() : o.extensions()) != null
            && (capability ? o.capabilities() : o.extensions()).contains(name)
            && retired.stream().noneMatch(r -> r.id().equals(o.id()) && r.name().equals(name)));
        assertEquals(named, !before.get(i).equals(after.get(i)), name);
      }
    }
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
  void overrideUpstreamFixedRetiresItself() {
    Overrides o = Overrides.parse(GOOD, "o.yaml");
    assertEquals("version VK_VERSION_1_3", "version " + o.apply(tableWith(Enable.version("VK_API_VERSION_1_3")))
        .capabilities().get(0).enables().get(0).version());
    assertEquals(List.of(), o.retirements(tableWith(Enable.version("VK_API_VERSION_1_3"))));
    // upstream writes the corrected version: the override is skipped and says so
    RequirementTable fixedUpstream = tableWith(Enable.version("VK_VERSION_1_3"));
    assertEquals(fixedUpstream, o.apply(fixedUpstream));
    assertEquals(List.of("override 'one' retired for capability X: the registry writes version=\"VK_VERSION_1_3\" itself;"
        + " remove it from rules/overrides/requirements.yaml"),
        o.retirements(fixedUpstream).stream().map(Overrides.Retirement::describe).toList());
  }

  @Test
  void overrideWhoseFaultIsGoneOtherwiseRetiresForReview() {
    Overrides o = Overrides.parse(GOOD, "o.yaml");
    RequirementTable otherFix = tableWith(Enable.extension("VK_KHR_x"));
    assertEquals(otherFix, o.apply(otherFix));
    assertEquals(List.of("override 'one' retired for capability X: the registry no longer writes"
        + " version=\"VK_API_VERSION_1_3\" (upstream corrected the entry otherwise; review it);"
        + " remove it from rules/overrides/requirements.yaml"),
        o.retirements(otherFix).stream().map(Overrides.Retirement::describe).toList());
  }

  @Test
  void overrideOfAnUnknownEntryStopsTheBuild() {
    Overrides o = Overrides.parse(GOOD, "o.yaml");
    RequirementTable none = new RequirementTable(List.of(), List.of());
    GeneratorException e = assertThrows(GeneratorException.class, () -> o.apply(none));
    assertEquals("o.yaml:2: override 'one' names capability X, which the extracted tables do not have", e.getMessage());
  }

  @Test
  void addedAlternativeUpstreamRetiresItself() {
    Overrides o = Overrides.parse("""
        overrides:
        - id: both
          add-alternative:
            all-of: [{extension: VK_A}, {extension: VK_B}]
          capabilities: [X]
          reason: r
          upstream: u
        """, "o.yaml");
    RequirementTable raw = tableWith(Enable.extension("VK_A"));
    assertEquals(2, o.apply(raw).capabilities().get(0).enables().size());
    RequirementTable fixed = o.apply(raw);
    assertEquals(fixed, o.apply(fixed));
    assertEquals("both", o.retirements(fixed).get(0).id());
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

  @ParameterizedTest
  @ValueSource(strings = {"spec-sources", "generator/src/test/fixtures/vulkan-1.3.239"})
  void structEquivalencesFromAliasesAndCoreStructs(String dir) {
    SortedMap<String, List<String>> eq = VkXmlStructs.equivalences(root().resolve(dir).resolve("vk.xml"));
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

  /**
   * vk.xml 1.4.3xx nests {@code <feature name="member" struct="..."/>} in a version block's
   * {@code <require>} and splits versions into base/compute/graphics blocks; neither may end
   * the block, and a Vulkan SC-only block folds nothing into the Vulkan structures.
   */
  @Test
  void nestedFeatureElementsDoNotEndTheVersionBlock() {
    String xml = """
        <registry><types>
          <type category="struct" name="VkPhysicalDeviceVulkan11Features" structextends="VkPhysicalDeviceFeatures2">
            <member><type>VkBool32</type> <name>storageBuffer16BitAccess</name></member>
            <member><type>VkBool32</type> <name>multiview</name></member></type>
          <type category="struct" name="VkPhysicalDevice16BitStorageFeatures" structextends="VkPhysicalDeviceFeatures2">
            <member><type>VkBool32</type> <name>storageBuffer16BitAccess</name></member></type>
          <type category="struct" name="VkPhysicalDeviceMultiviewFeatures" structextends="VkPhysicalDeviceFeatures2">
            <member><type>VkBool32</type> <name>multiview</name></member></type>
          <type category="struct" name="VkPhysicalDeviceScOnlyFeatures" structextends="VkPhysicalDeviceFeatures2">
            <member><type>VkBool32</type> <name>multiview</name></member></type>
        </types>
        <feature api="vulkan,vulkansc" name="VK_BASE_VERSION_1_1" number="1.1"><require>
          <feature name="storageBuffer16BitAccess" struct="VkPhysicalDevice16BitStorageFeatures"/>
          <type name="VkPhysicalDevice16BitStorageFeatures"/></require></feature>
        <feature api="vulkan,vulkansc" name="VK_VERSION_1_1" number="1.1"><require>
          <feature name="multiview" struct="VkPhysicalDeviceMultiviewFeatures"/>
          <type name="VkPhysicalDeviceMultiviewFeatures"/></require></feature>
        <feature api="vulkansc" name="VKSC_VERSION_1_0" number="1.0"><require>
          <type name="VkPhysicalDeviceScOnlyFeatures"/></require></feature>
        </registry>""";
    SortedMap<String, List<String>> eq = VkXmlStructs.equivalences(
        new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)), "vk.xml");
    assertEquals(List.of("VkPhysicalDevice16BitStorageFeatures::storageBuffer16BitAccess",
        "VkPhysicalDeviceVulkan11Features::storageBuffer16BitAccess"),
        eq.get("VkPhysicalDevice16BitStorageFeatures::storageBuffer16BitAccess"));
    assertEquals(List.of("VkPhysicalDeviceMultiviewFeatures::multiview", "VkPhysicalDeviceVulkan11Features::multiview"),
        eq.get("VkPhysicalDeviceMultiviewFeatures::multiview"));
    assertEquals(null, eq.get("VkPhysicalDeviceScOnlyFeatures::multiview"));
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

  @ParameterizedTest
  @ValueSource(strings = {"spec-sources", "generator/src/test/fixtures/vulkan-1.3.239"})
  void shaderModuleVuidRolesFollowTheText(String dir) {
    // what the build reads: validusage-shadermodule.json, or the AsciiDoc of an import without it
    var vuids = ShaderModuleVuidsEmitter.vuids(root().resolve(dir));
    var roles = ShaderModuleVuidsEmitter.roles(vuids);
    // every role found, each a different VUID, whose text says what the role is named after
    assertEquals(ShaderModuleVuidsEmitter.Role.values().length, new java.util.HashSet<>(roles.values()).size());
    roles.forEach((role, vuid) -> assertTrue(vuids.get(vuid)[1].contains(role.phrase), vuid));
    assertTrue(vuids.get(roles.get(ShaderModuleVuidsEmitter.Role.SHADER_CAPABILITY))[1]
        .endsWith("must declare the Shader capability for SPIR-V code"));
  }

  @Test
  void shaderModuleRoleMissingIsAnError() {
    var vuids = new java.util.TreeMap<>(ShaderModuleVuidsEmitter.vuids(root().resolve("spec-sources")));
    vuids.remove(ShaderModuleVuidsEmitter.roles(vuids).get(ShaderModuleVuidsEmitter.Role.EXTENSION_SUPPORTED));
    var e = assertThrows(dev.vkrules.generator.GeneratorException.class, () -> ShaderModuleVuidsEmitter.roles(vuids));
    assertTrue(e.getMessage().contains("EXTENSION_SUPPORTED"), e.getMessage());
  }

  @Test
  void shaderModuleConstantName() {
    assertEquals("PCODE_01091", ShaderModuleVuidsEmitter.constantName("VUID-VkShaderModuleCreateInfo-pCode-01091"));
  }
}
