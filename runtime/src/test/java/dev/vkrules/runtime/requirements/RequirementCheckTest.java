package dev.vkrules.runtime.requirements;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.vkrules.generator.requirements.Enable;
import dev.vkrules.generator.requirements.Overrides;
import dev.vkrules.generator.requirements.RequirementEntry;
import dev.vkrules.generator.requirements.RequirementTable;
import dev.vkrules.generator.requirements.VkXmlRequirements;
import dev.vkrules.runtime.profile.DeviceProfile;
import dev.vkrules.runtime.profile.ProfileReader;
import dev.vkrules.runtime.requirements.RequirementFinding.Severity;
import dev.vkrules.runtime.support.Sources;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The capability checks against the Roadmap 2022 profile, a hand-written profile, and no profile.
 * Expected alternatives are read from vk.xml (and the overrides file) here, independently of the
 * generated tables under test.
 */
class RequirementCheckTest {
  static RequirementTable vkXml;
  private static DeviceProfile roadmap;
  private static DeviceProfile handWritten;

  @BeforeAll
  static void load() throws Exception {
    RequirementTable raw = VkXmlRequirements.read(Sources.specSources().resolve("vk.xml"));
    vkXml = Overrides.read(Sources.root().resolve("rules/overrides/requirements.yaml"), "overrides.yaml").apply(raw);
    roadmap = ProfileReader.read(Sources.roadmapProfile(), null);
    handWritten = ProfileReader.read(Sources.testProfile("hand-written.json"), null);
  }

  private static List<RequirementFinding> check(String target, Optional<DeviceProfile> profile, String... capabilities) {
    RequirementEvaluator evaluator = new RequirementEvaluator(VulkanVersion.fromTargetEnv(target).orElseThrow(), profile,
        StructEquivalenceTable.EQUIVALENCES);
    List<Declaration> caps = new ArrayList<>(List.of(new Declaration("Shader", 5, "OpCapability Shader")));
    int offset = 7;
    for (String c : capabilities) {
      caps.add(new Declaration(c, offset, "OpCapability " + c));
      offset += 2;
    }
    return RequirementCheck.of(evaluator).check(caps, List.of(), 5);
  }

  /** The alternatives of {@code capability} as vk.xml (plus overrides) states them, rendered independently. */
  static String expectedNeeds(String capability, Predicate<List<String>> requiresMet) {
    RequirementEntry entry = vkXml.find(RequirementEntry.Kind.CAPABILITY, capability)
        .or(() -> vkXml.find(RequirementEntry.Kind.EXTENSION, capability)).orElseThrow();
    List<String> names = new ArrayList<>();
    for (Enable e : entry.enables()) {
      names.add(render(e, requiresMet));
    }
    String list = names.size() == 1 ? names.get(0)
        : "one of " + String.join(", ", names.subList(0, names.size() - 1)) + " or " + names.get(names.size() - 1);
    return capability + " needs " + list;
  }

  private static String render(Enable e, Predicate<List<String>> requiresMet) {
    String with = e.requires().isEmpty() || requiresMet.test(e.requires()) ? "" : " with " + String.join(" or ", e.requires());
    return switch (e.kind()) {
      case VERSION -> e.version();
      case EXTENSION -> e.extension();
      case FEATURE -> e.struct() + "::" + e.member() + with;
      case PROPERTY -> e.struct() + "::" + e.member() + ("VK_TRUE".equals(e.value()) ? "" : " includes " + e.value()) + with;
      case ALL_OF -> {
        List<String> parts = e.allOf().stream().map(p -> render(p, requiresMet)).toList();
        yield (parts.size() == 2 ? "both " : "all of ") + String.join(", ", parts.subList(0, parts.size() - 1))
            + " and " + parts.get(parts.size() - 1);
      }
    };
  }

  private static Predicate<List<String>> versionAtLeast(int minor) {
    return requires -> requires.stream().anyMatch(r -> r.matches("VK_VERSION_1_\\d") && r.charAt(13) - '0' <= minor);
  }

  private static Predicate<List<String>> versionOrExtension(int minor, String... extensions) {
    return requires -> versionAtLeast(minor).test(requires) || requires.stream().anyMatch(List.of(extensions)::contains);
  }

  private static void assertRejected(List<RequirementFinding> findings, String capability, String message) {
    assertEquals(1, findings.size(), findings.toString());
    RequirementFinding f = findings.get(0);
    assertEquals(ShaderModuleVuids.CAPABILITY_REQUIREMENTS, f.vuid());
    assertEquals(Severity.ERROR, f.severity());
    assertEquals(message, f.message());
    assertEquals("OpCapability " + capability, f.instruction());
    assertEquals(7, f.wordOffset());
  }

  private static void assertAccepted(List<RequirementFinding> findings) {
    assertEquals(List.of(), findings);
  }

  // --- Roadmap 2022 (Vulkan 1.3) ---

  @Test
  void roadmapRejectsInt64() {
    assertRejected(check("vulkan1.3", Optional.of(roadmap), "Int64"), "Int64",
        expectedNeeds("Int64", versionAtLeast(3)) + ", which profile VP_KHR_roadmap_2022 does not provide.");
  }

  @Test
  void int64MessageNamesTheFeature() {
    // the form the validation layers use, spelled from vk.xml's single enable of Int64
    Enable only = vkXml.find(RequirementEntry.Kind.CAPABILITY, "Int64").orElseThrow().enables().get(0);
    assertEquals("Int64 needs " + only.struct() + "::" + only.member(), expectedNeeds("Int64", versionAtLeast(3)));
  }

  @Test
  void roadmapRejectsFloat16() {
    assertRejected(check("vulkan1.3", Optional.of(roadmap), "Float16"), "Float16",
        expectedNeeds("Float16", versionAtLeast(3)) + ", which profile VP_KHR_roadmap_2022 does not provide.");
  }

  @Test
  void roadmapAcceptsStorageImageReadWithoutFormatThroughVulkan13() {
    // only through the VK_API_VERSION_1_3 -> VK_VERSION_1_3 override
    assertAccepted(check("vulkan1.3", Optional.of(roadmap), "StorageImageReadWithoutFormat"));
  }

  @Test
  void roadmapAtVulkan12RejectsStorageImageReadWithoutFormat() {
    assertRejected(check("vulkan1.2", Optional.of(roadmap), "StorageImageReadWithoutFormat"), "StorageImageReadWithoutFormat",
        expectedNeeds("StorageImageReadWithoutFormat", versionAtLeast(2)) + ", which profile VP_KHR_roadmap_2022 does not provide.");
  }

  @Test
  void roadmapRejectsShaderViewportIndexLayerExt() {
    assertRejected(check("vulkan1.3", Optional.of(roadmap), "ShaderViewportIndexLayerEXT"), "ShaderViewportIndexLayerEXT",
        expectedNeeds("ShaderViewportIndexLayerEXT", versionAtLeast(3)) + ", which profile VP_KHR_roadmap_2022 does not provide.");
  }

  @Test
  void roadmapAcceptsGroupNonUniformVote() {
    assertAccepted(check("vulkan1.3", Optional.of(roadmap), "GroupNonUniformVote"));
  }

  @Test
  void roadmapRejectsRayQuery() {
    assertRejected(check("vulkan1.3", Optional.of(roadmap), "RayQueryKHR"), "RayQueryKHR",
        expectedNeeds("RayQueryKHR", versionAtLeast(3)) + ", which profile VP_KHR_roadmap_2022 does not provide.");
  }

  @Test
  void roadmapRejectsVariablePointers() {
    assertRejected(check("vulkan1.3", Optional.of(roadmap), "VariablePointers"), "VariablePointers",
        expectedNeeds("VariablePointers", versionAtLeast(3)) + ", which profile VP_KHR_roadmap_2022 does not provide.");
  }

  // --- hand-written Vulkan 1.2 profile ---

  private static final String HAND = ", which profile VP_VKRULES_hand_written does not provide.";

  @Test
  void handWrittenAcceptsInt64FromFeatures2() {
    assertAccepted(check("vulkan1.2", Optional.of(handWritten), "Int64"));
  }

  @Test
  void handWrittenAcceptsFloat16FromThePromotedStruct() {
    assertAccepted(check("vulkan1.2", Optional.of(handWritten), "Float16"));
  }

  @Test
  void handWrittenAcceptsVariablePointersFromTheAliasStruct() {
    assertAccepted(check("vulkan1.2", Optional.of(handWritten), "VariablePointers"));
  }

  @Test
  void handWrittenAcceptsRayQuery() {
    assertAccepted(check("vulkan1.2", Optional.of(handWritten), "RayQueryKHR"));
  }

  @Test
  void handWrittenRejectsViewportIndexLayerWithOnlyOneFeature() {
    assertRejected(check("vulkan1.2", Optional.of(handWritten), "ShaderViewportIndexLayerEXT"), "ShaderViewportIndexLayerEXT",
        expectedNeeds("ShaderViewportIndexLayerEXT", versionAtLeast(2)) + HAND);
  }

  @Test
  void handWrittenRejectsVoteWithoutTheBit() {
    assertRejected(check("vulkan1.2", Optional.of(handWritten), "GroupNonUniformVote"), "GroupNonUniformVote",
        expectedNeeds("GroupNonUniformVote", versionAtLeast(2)) + HAND);
  }

  @Test
  void handWrittenRejectsStorageImageReadWithoutFormat() {
    assertRejected(check("vulkan1.2", Optional.of(handWritten), "StorageImageReadWithoutFormat"), "StorageImageReadWithoutFormat",
        expectedNeeds("StorageImageReadWithoutFormat", versionOrExtension(2, "VK_KHR_variable_pointers", "VK_KHR_ray_query")) + HAND);
  }

  @Test
  void targetBelowTheDeviceVersionLimitsWhatIsUsable() {
    // the device has Vulkan 1.2 structs, but a Vulkan 1.1 application cannot use VkPhysicalDeviceVulkan12Features
    assertRejected(check("vulkan1.1", Optional.of(handWritten), "Float16"), "Float16",
        expectedNeeds("Float16", versionAtLeast(1)) + HAND);
  }

  // --- no device information ---

  @Test
  void withoutProfileDeviceDependentCapabilitiesNeedDeviceInformation() {
    List<RequirementFinding> findings = check("vulkan1.3", Optional.empty(), "Int64", "RayQueryKHR");
    assertEquals(2, findings.size());
    for (RequirementFinding f : findings) {
      assertEquals(Severity.NEEDS_DEVICE_INFO, f.severity());
      assertEquals(ShaderModuleVuids.CAPABILITY_REQUIREMENTS, f.vuid());
    }
    assertEquals(expectedNeeds("Int64", versionAtLeast(3)) + ", which only device information can confirm.", findings.get(0).message());
  }

  @Test
  void withoutProfileVersionOnlyCapabilitiesPass() {
    assertAccepted(check("vulkan1.3", Optional.empty(), "StorageImageReadWithoutFormat", "Matrix"));
  }

  @Test
  void capabilityUnknownToTheTargetVersionIsAnError() {
    List<RequirementFinding> findings = check("vulkan1.0", Optional.empty(), "GroupNonUniformVote");
    assertRejected(findings, "GroupNonUniformVote",
        expectedNeeds("GroupNonUniformVote", versionAtLeast(0)) + ", which Vulkan 1.0 does not provide.");
  }

  @Test
  void capabilityNotInTheTableIsUnsupported() {
    List<RequirementFinding> findings = check("vulkan1.3", Optional.empty(), "Kernel");
    assertEquals(1, findings.size());
    assertEquals(ShaderModuleVuids.CAPABILITY_SUPPORTED, findings.get(0).vuid());
    assertEquals("Capability Kernel is not supported by Vulkan.", findings.get(0).message());
  }

  @Test
  void missingShaderCapability() {
    RequirementEvaluator evaluator = new RequirementEvaluator(new VulkanVersion(1, 0), Optional.empty(),
        StructEquivalenceTable.EQUIVALENCES);
    List<RequirementFinding> findings = RequirementCheck.of(evaluator)
        .check(List.of(new Declaration("Matrix", 5, "OpCapability Matrix")), List.of(), 5);
    assertEquals(1, findings.size());
    assertEquals(ShaderModuleVuids.SHADER_CAPABILITY, findings.get(0).vuid());
    assertEquals(Severity.ERROR, findings.get(0).severity());
  }

  @Test
  void extensionsAreCheckedToo() {
    RequirementEvaluator evaluator = new RequirementEvaluator(new VulkanVersion(1, 2), Optional.of(handWritten),
        StructEquivalenceTable.EQUIVALENCES);
    List<RequirementFinding> findings = RequirementCheck.of(evaluator).check(
        List.of(new Declaration("Shader", 5, "OpCapability Shader")),
        List.of(new Declaration("SPV_KHR_ray_query", 7, "OpExtension \"SPV_KHR_ray_query\""),
            new Declaration("SPV_KHR_ray_tracing", 12, "OpExtension \"SPV_KHR_ray_tracing\""),
            new Declaration("SPV_INTEL_unknown", 17, "OpExtension \"SPV_INTEL_unknown\"")), 5);
    assertEquals(2, findings.size(), findings.toString());
    assertEquals(ShaderModuleVuids.EXTENSION_REQUIREMENTS, findings.get(0).vuid());
    assertEquals(12, findings.get(0).wordOffset());
    assertEquals(ShaderModuleVuids.EXTENSION_SUPPORTED, findings.get(1).vuid());
    assertEquals("Extension SPV_INTEL_unknown is not supported by Vulkan.", findings.get(1).message());
  }

  // --- a profile in the shape vulkaninfo --json writes (Vulkan 1.1 device, KHR structs) ---

  @Test
  void vulkaninfoStyleProfile() throws Exception {
    Optional<DeviceProfile> device = Optional.of(ProfileReader.read(Sources.testProfile("vulkaninfo-style.json"), null));
    // shaderFloat16 under the KHR alias of a structure promoted to 1.2; the device is 1.1, so only
    // the extension path can make VkPhysicalDeviceVulkan12Features::shaderFloat16 available
    assertAccepted(check("vulkan1.1", device, "Int64", "GroupNonUniformVote", "VariablePointers", "Float16"));
    assertRejected(check("vulkan1.1", device, "StorageImageReadWithoutFormat"), "StorageImageReadWithoutFormat",
        expectedNeeds("StorageImageReadWithoutFormat", versionOrExtension(1, "VK_KHR_shader_float16_int8", "VK_KHR_variable_pointers"))
            + ", which profile VP_VULKANINFO_Example_GPU_1_0_0 does not provide.");
  }

  @Test
  void shaderDeclaredImplicitlyByTessellation() {
    RequirementEvaluator evaluator = new RequirementEvaluator(new VulkanVersion(1, 3), Optional.empty(),
        StructEquivalenceTable.EQUIVALENCES);
    // glslang writes OpCapability Tessellation alone; Tessellation implicitly declares Shader
    List<RequirementFinding> findings = RequirementCheck.of(evaluator)
        .check(List.of(new Declaration("Tessellation", 5, "OpCapability Tessellation")), List.of(), 5);
    assertEquals(List.of(ShaderModuleVuids.CAPABILITY_REQUIREMENTS), findings.stream().map(RequirementFinding::vuid).toList());
    assertEquals(Severity.NEEDS_DEVICE_INFO, findings.get(0).severity());
  }

  @Test
  void capabilityFoundUnderItsGrammarAlias() {
    // the grammar names value 5379 DemoteToHelperInvocation first; vk.xml 1.3.239 lists DemoteToHelperInvocationEXT
    assertEquals(List.of(), check("vulkan1.3", Optional.of(roadmap), "DemoteToHelperInvocation"));
    assertEquals(List.of(), check("vulkan1.3", Optional.of(roadmap), "DemoteToHelperInvocationEXT"));
  }
}
