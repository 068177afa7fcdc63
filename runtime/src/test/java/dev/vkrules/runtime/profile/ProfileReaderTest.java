package dev.vkrules.runtime.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.runtime.profile.JsonValue.JsonArray;
import dev.vkrules.runtime.profile.JsonValue.JsonBoolean;
import dev.vkrules.runtime.profile.JsonValue.JsonString;
import dev.vkrules.runtime.requirements.VulkanVersion;
import dev.vkrules.runtime.support.Sources;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ProfileReaderTest {
  private static DeviceProfile parse(String json, String name) throws ProfileException {
    return ProfileReader.parse(json.getBytes(StandardCharsets.UTF_8), name);
  }

  private static String error(String json, String name) {
    return assertThrows(ProfileException.class, () -> parse(json, name)).getMessage();
  }

  @Test
  void roadmapResolvesRequiredBlocksOnly() throws Exception {
    DeviceProfile p = ProfileReader.read(Sources.roadmapProfile(), null);
    assertEquals("VP_KHR_roadmap_2022", p.name());
    assertEquals(1, p.variants().size());
    DeviceDescription d = p.variants().get(0);
    assertEquals(new VulkanVersion(1, 3), d.apiVersion());
    // from vulkan13requirements_roadmap2022, a required block
    assertTrue(d.extensions().contains("VK_KHR_global_priority"));
    // from vulkan13requirements_1_2, which the profile does not reference
    assertFalse(d.extensions().contains("VK_KHR_format_feature_flags2"));
    assertTrue(d.feature("VkPhysicalDeviceVulkan13Features", "shaderDemoteToHelperInvocation")
        .filter(v -> v instanceof JsonBoolean b && b.value()).isPresent());
    // largePoints is in an optional block only: not guaranteed, so not present
    assertTrue(d.feature("VkPhysicalDeviceFeatures", "largePoints").isEmpty());
    assertTrue(d.feature("VkPhysicalDeviceFeatures", "robustBufferAccess").isPresent());
    JsonArray ops = (JsonArray) d.property("VkPhysicalDeviceVulkan11Properties", "subgroupSupportedOperations").orElseThrow();
    assertTrue(ops.elements().stream().anyMatch(e -> ((JsonString) e).value().equals("VK_SUBGROUP_FEATURE_VOTE_BIT")));
  }

  @Test
  void handWrittenProfileWithCommentsAndTrailingCommas() throws Exception {
    DeviceProfile p = ProfileReader.read(Sources.testProfile("hand-written.json"), null);
    DeviceDescription d = p.variants().get(0);
    assertEquals(new VulkanVersion(1, 2), d.apiVersion());
    // VkPhysicalDeviceFeatures2.features is unwrapped into VkPhysicalDeviceFeatures
    assertTrue(d.feature("VkPhysicalDeviceFeatures", "shaderInt64").isPresent());
    assertEquals("vkrules hand-written test device", p.label());
  }

  @Test
  void structuresAndMembersThePinnedRegistryLacksAreWarningsAndTheRestIsUsed() throws Exception {
    String json = String.join("\n",
        "{\"capabilities\": {\"b\": {\"features\": {",
        "  \"VkPhysicalDeviceFeatures\": {\"shaderInt64\": true, \"shaderInt512\": true},",
        "  \"VkPhysicalDeviceFromTheFutureFeaturesKHR\": {\"timeTravel\": true}},",
        " \"properties\": {\"VkPhysicalDeviceProperties\": {\"limits\": {\"maxComputeWorkGroupInvocations\": 256,",
        "  \"maxHyperspaceLanes\": 4}}}}},",
        " \"profiles\": {\"P\": {\"api-version\": \"1.3.0\", \"capabilities\": [\"b\"]}}}");
    DeviceProfile p = parse(json, null);
    assertEquals(java.util.List.of(
        "2:53: 'VkPhysicalDeviceFeatures' has no member 'shaderInt512' in the pinned vk.xml; it is not used",
        "3:3: structure 'VkPhysicalDeviceFromTheFutureFeaturesKHR' is not in the pinned vk.xml; its members are not used",
        "5:3: 'VkPhysicalDeviceLimits' has no member 'maxHyperspaceLanes' in the pinned vk.xml; it is not used"),
        p.warnings());
    DeviceDescription d = p.variants().get(0);
    assertTrue(d.feature("VkPhysicalDeviceFeatures", "shaderInt64").isPresent());
    // the shipped descriptions are written for registries the pinned one covers
    assertEquals(java.util.List.of(), ProfileReader.read(Sources.roadmapProfile(), null).warnings());
  }

  @Test
  void stripsByteOrderMark() throws Exception {
    byte[] json = "\uFEFF{\"profiles\": {\"P\": {\"api-version\": \"1.1.0\", \"capabilities\": []}}}".getBytes(StandardCharsets.UTF_8);
    assertEquals(new VulkanVersion(1, 1), ProfileReader.parse(json, null).variants().get(0).apiVersion());
  }

  @Test
  void rejectsWhatTheLayerRejectsWithPosition() {
    assertEquals("unexpected character (''' (code 39)): was expecting double-quote to start field name at 1:2",
        error("{'profiles': {}}", null));
    assertEquals("unexpected content after the document at 1:18", error("{\"profiles\": {}} {}", null));
    // Jackson locates a bad token where it stopped reading it
    assertEquals("non-standard token 'NaN' at 2:11", error("{\n  \"a\": NaN\n}", null));
    assertTrue(error("{\"a\": 01}", null).endsWith(" at 1:8"), error("{\"a\": 01}", null));
    assertEquals("empty document at 1:1", error("  ", null));
  }

  @Test
  void unknownCapabilityBlockNamesItsReference() {
    String json = "{\n\"capabilities\": {},\n\"profiles\": {\"P\": {\"api-version\": \"1.2.0\",\n  \"capabilities\": [\"missing\"]}}}";
    assertEquals("capability block 'missing' is not defined at 4:20", error(json, null));
  }

  @Test
  void severalProfilesNeedAName() throws Exception {
    String json = "{\"profiles\": {\"B\": {\"api-version\": \"1.2.0\", \"capabilities\": []},"
        + " \"A\": {\"api-version\": \"1.1.0\", \"capabilities\": []}}}";
    assertEquals("the file holds 2 profiles (A, B); choose one with --profile-name", error(json, null));
    assertEquals(new VulkanVersion(1, 1), parse(json, "A").variants().get(0).apiVersion());
    assertEquals("no profile named 'C'; the file holds A, B", error(json, "C"));
  }

  @Test
  void badShapesNamePosition() {
    assertEquals("expected 'api-version' like \"1.3.204\" at 1:36",
        error("{\"profiles\": {\"P\": {\"api-version\": 13, \"capabilities\": []}}}", null));
    assertEquals("profile 'P' has no 'api-version' at 1:20",
        error("{\"profiles\": {\"P\": {\"capabilities\": []}}}", null));
    assertEquals("expected the spec version of extension 'VK_KHR_x' to be a number, got string at 1:52",
        error("{\"capabilities\": {\"b\": {\"extensions\": {\"VK_KHR_x\": \"1\"}}}, \"profiles\": {\"P\": "
            + "{\"api-version\": \"1.2.0\", \"capabilities\": [\"b\"]}}}", null));
  }

  @Test
  void alternativeBlocksGiveOneVariantEach() throws Exception {
    String json = "{\"capabilities\": {"
        + "\"x\": {\"extensions\": {\"VK_KHR_x\": 1}}, \"y\": {\"extensions\": {\"VK_KHR_y\": 1}}, \"z\": {\"extensions\": {\"VK_KHR_z\": 1}}},"
        + " \"profiles\": {\"P\": {\"api-version\": \"1.2.0\", \"capabilities\": [\"z\", [\"x\", \"y\"]]}}}";
    DeviceProfile p = parse(json, null);
    assertEquals(2, p.variants().size());
    assertEquals("[VK_KHR_x, VK_KHR_z]", p.variants().get(0).extensions().toString());
    assertEquals("[VK_KHR_y, VK_KHR_z]", p.variants().get(1).extensions().toString());
  }

  @Test
  void blocksMergeFeaturesByOr() throws Exception {
    String json = "{\"capabilities\": {"
        + "\"a\": {\"features\": {\"VkPhysicalDeviceFeatures\": {\"shaderInt64\": true}}},"
        + "\"b\": {\"features\": {\"VkPhysicalDeviceFeatures\": {\"shaderInt64\": false, \"shaderInt16\": true}}}},"
        + " \"profiles\": {\"P\": {\"api-version\": \"1.0.0\", \"capabilities\": [\"a\", \"b\"]}}}";
    DeviceDescription d = parse(json, null).variants().get(0);
    assertTrue(((JsonBoolean) d.feature("VkPhysicalDeviceFeatures", "shaderInt64").orElseThrow()).value());
    assertTrue(((JsonBoolean) d.feature("VkPhysicalDeviceFeatures", "shaderInt16").orElseThrow()).value());
  }

  /**
   * Through a file, a located problem reads {@code FILE:LINE:COLUMN: what}, as a compiler's; Jackson's
   * own location inside its message ("[Source: REDACTED ...]") is written as LINE:COLUMN too.
   */
  @Test
  void malformedFileIsFileLineColumnMessage(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
    java.nio.file.Path file = dir.resolve("cut.json");
    java.nio.file.Files.writeString(file, "{\"profiles\": {\n  \"A\": {\"api-version\": \"1.3.0\"");
    String message = assertThrows(ProfileException.class, () -> ProfileReader.read(file, null)).getMessage();
    assertTrue(message.startsWith(file + ":2:"), message);
    assertTrue(message.matches(".*: unexpected end-of-input: expected close marker for Object \\(start marker at 2:8\\)"), message);
    assertFalse(message.contains("Source") || message.contains("REDACTED") || message.contains(" at 2:3"), message);

    java.nio.file.Path shape = dir.resolve("shape.json");
    java.nio.file.Files.writeString(shape, "{\"profiles\": {\"P\": {\"api-version\": 13, \"capabilities\": []}}}");
    assertEquals(shape + ":1:36: expected 'api-version' like \"1.3.204\"",
        assertThrows(ProfileException.class, () -> ProfileReader.read(shape, null)).getMessage());
  }

  /** An unknown --profile-name is about the argument: the names the file holds, no position in the file. */
  @Test
  void unknownProfileNameListsTheNamesTheFileHolds() throws Exception {
    java.nio.file.Path file = Sources.roadmapProfile();
    var names = new java.util.TreeSet<String>();
    new com.fasterxml.jackson.databind.ObjectMapper().readTree(file.toFile()).get("profiles").fieldNames().forEachRemaining(names::add);
    String message = assertThrows(ProfileException.class, () -> ProfileReader.read(file, "X")).getMessage();
    assertEquals(file + ": no profile named 'X'; the file holds " + String.join(", ", names), message);
  }

  @Test
  void unreadableFileIsOneLine() {
    String message = assertThrows(ProfileException.class,
        () -> ProfileReader.read(Sources.root().resolve("no-such-profile.json"), null)).getMessage();
    assertTrue(message.endsWith("no-such-profile.json: no such file"), message);
    assertFalse(message.contains("\n"));
  }

  @Test
  void aDirectoryGivenAsAProfileFileSaysSo(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
    String message = assertThrows(ProfileException.class, () -> ProfileReader.read(dir, null)).getMessage();
    assertTrue(message.endsWith(": is a directory, expected a Vulkan Profiles JSON file"), message);
  }

  @Test
  void limitsOfStackedBlocksMergeMemberByMember() throws Exception {
    // VP_LUNARG_minimum_requirements_1_4 states some limits again in its 1.4 block: the 1.0
    // block's other limits (maxComputeSharedMemorySize) stay
    Object shared = GuaranteedDevice.of("1.4").get(0).property("VkPhysicalDeviceLimits", "maxComputeSharedMemorySize");
    assertEquals(16384L, shared);
    assertEquals(GuaranteedDevice.of("1.0").get(0).property("VkPhysicalDeviceLimits", "maxComputeSharedMemorySize"), shared);
  }

  /**
   * Every flags member of every feature and property structure vk.xml gives (the generated
   * tables, not a hand-picked list) has its bit names checked: a misspelt bit is an error naming
   * the bits type and the nearest names, a real one is read.
   */
  @Test
  void everyDeviceFlagsMemberIsCheckedByName() throws Exception {
    int checked = 0;
    for (java.util.Map.Entry<String, String> e : new java.util.TreeMap<>(
        dev.vkrules.runtime.requirements.DeviceStructTable.TYPES).entrySet()) {
      String[] sm = e.getKey().split("::");
      String bits = dev.vkrules.runtime.pipeline.VkPipelineTypes.FLAG_BITS.get(e.getValue());
      boolean topLevel = sm[0].endsWith("Properties") || sm[0].endsWith("Features") || sm[0].endsWith("PropertiesKHR")
          || sm[0].endsWith("PropertiesEXT") || sm[0].endsWith("FeaturesKHR") || sm[0].endsWith("FeaturesEXT");
      if (bits == null || !topLevel || sm[0].startsWith("VkFormatProperties") || sm[0].equals("VkPhysicalDeviceProperties")
          || sm[0].equals("VkPhysicalDeviceFeatures")) {
        continue;
      }
      java.util.Map<String, Long> names = dev.vkrules.runtime.pipeline.VkPipelineTypes.ENUMS.get(bits);
      if (names == null || names.isEmpty()) {
        continue;
      }
      // a bit name with a typo: its last two letters swapped (_BIT: _BTI)
      String real = names.keySet().stream().filter(n -> n.charAt(n.length() - 1) != n.charAt(n.length() - 2))
          .findFirst().orElseThrow();
      String misspelt = real.substring(0, real.length() - 2) + real.charAt(real.length() - 1)
          + real.charAt(real.length() - 2);
      String kind = sm[0].contains("Features") ? "features" : "properties";
      String template = "{\"capabilities\": {\"b\": {\"" + kind + "\": {\"" + sm[0] + "\": {\"" + sm[1]
          + "\": [\"%s\"]}}}}, \"profiles\": {\"p\": {\"version\": 1, \"api-version\": \"1.3.0\", \"label\": \"p\","
          + " \"description\": \"\", \"capabilities\": [\"b\"]}}}";
      parse(String.format(template, real), null);
      String json = String.format(template, misspelt);
      String m = assertThrows(ProfileException.class, () -> parse(json, null), e.getKey() + " = " + misspelt).getMessage();
      assertTrue(m.contains(sm[1] + ": '" + misspelt.substring(0, Math.min(misspelt.length(), 37))) && m.contains("' is no " + bits
          + " in the pinned vk.xml") && m.contains(real), m);
      checked++;
    }
    // the subgroup stages and operations, resolve modes, float controls, and the other flags of vk.xml's structures
    assertTrue(checked >= 20, "flags members checked: " + checked);
  }
}
