package dev.vkrules.runtime.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.runtime.engine.device.DeviceFacts;
import dev.vkrules.runtime.engine.device.DeviceView;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Device facts as the device predicates read them: promoted structures, nested limits, formats. */
class DescriptionViewTest {
  static final Path DEVICES = Path.of(System.getProperty("vkrules.root", "..")).resolve("spec-sources/profiles/devices");

  static DeviceView view(String json) throws Exception {
    return DeviceViews.of(ProfileReader.parse(json.getBytes(StandardCharsets.UTF_8), null)).get(0);
  }

  static String profile(String capabilities) {
    return "{\"profiles\": {\"VP_test\": {\"version\": 1, \"api-version\": \"1.3.0\", \"label\": \"t\","
        + " \"capabilities\": [\"c\"]}}, \"capabilities\": {\"c\": " + capabilities + "}}";
  }

  @Test
  void aFeatureStatedUnderItsPromotedStructureIsFoundUnderTheOriginal() throws Exception {
    DeviceView v = view(profile("{\"features\": {\"VkPhysicalDeviceVulkan12Features\": {\"shaderFloat16\": true}}}"));
    assertEquals(Boolean.TRUE, v.feature("VkPhysicalDeviceShaderFloat16Int8Features", "shaderFloat16"));
    assertNull(v.feature("VkPhysicalDeviceShaderFloat16Int8Features", "shaderInt8"));
  }

  /**
   * A feature enabled through one structure is enabled, whatever another structure holding it
   * states: a description of a test device states every feature, true only where it is enabled.
   */
  @Test
  void aFeatureIsEnabledThroughAnyStructureHoldingIt() throws Exception {
    DeviceView v = view(profile("{\"features\": {"
        + "\"VkPhysicalDeviceVulkan12Features\": {\"storagePushConstant8\": false, \"shaderInt8\": false},"
        + "\"VkPhysicalDevice8BitStorageFeatures\": {\"storagePushConstant8\": true},"
        + "\"VkPhysicalDeviceFragmentShaderBarycentricFeaturesKHR\": {\"fragmentShaderBarycentric\": false},"
        + "\"VkPhysicalDeviceFragmentShaderBarycentricFeaturesNV\": {\"fragmentShaderBarycentric\": true}}}"));
    assertEquals(Boolean.TRUE, v.feature("VkPhysicalDeviceVulkan12Features", "storagePushConstant8"));
    assertEquals(Boolean.TRUE, v.feature("VkPhysicalDevice8BitStorageFeatures", "storagePushConstant8"));
    assertEquals(Boolean.TRUE, v.feature("VkPhysicalDeviceFragmentShaderBarycentricFeaturesKHR", "fragmentShaderBarycentric"));
    assertEquals(Boolean.FALSE, v.feature("VkPhysicalDeviceShaderFloat16Int8Features", "shaderInt8"), "stated false once");
    assertNull(v.feature("VkPhysicalDevice8BitStorageFeatures", "storageBuffer8BitAccess"), "stated nowhere");
  }

  @Test
  void limitsAreReadInsideVkPhysicalDeviceProperties() throws Exception {
    DeviceView v = view(profile("{\"properties\": {\"VkPhysicalDeviceProperties\": {\"limits\": "
        + "{\"maxComputeWorkGroupSize\": [1024, 512, 64], \"maxImageDimension2D\": 16384}}}}"));
    DeviceFacts f = new DeviceFacts(v);
    assertEquals(512, f.limit("VkPhysicalDeviceLimits", "maxComputeWorkGroupSize", 1));
    assertEquals(16384, f.limit("VkPhysicalDeviceLimits", "maxImageDimension2D"));
    assertNull(v.property("VkPhysicalDeviceLimits", "maxImageDimension3D"));
  }

  @Test
  void formatFeaturesOfEveryFormatStructureAreUnited() throws Exception {
    DeviceView v = view(profile("{\"formats\": {\"VK_FORMAT_R32_UINT\": {"
        + "\"VkFormatProperties\": {\"optimalTilingFeatures\": [\"VK_FORMAT_FEATURE_STORAGE_IMAGE_ATOMIC_BIT\"]},"
        + "\"VkFormatProperties3\": {\"optimalTilingFeatures\": [\"VK_FORMAT_FEATURE_2_STORAGE_READ_WITHOUT_FORMAT_BIT\"]}}}}"));
    DeviceFacts f = new DeviceFacts(v);
    assertTrue(f.formatFeature("VK_FORMAT_R32_UINT", "optimal", "VK_FORMAT_FEATURE_STORAGE_IMAGE_ATOMIC_BIT"));
    assertTrue(f.formatFeature("VK_FORMAT_R32_UINT", "optimal", "VK_FORMAT_FEATURE_2_STORAGE_READ_WITHOUT_FORMAT_BIT"));
    assertFalse(f.formatFeature("VK_FORMAT_R32_UINT", "linear", "VK_FORMAT_FEATURE_STORAGE_IMAGE_ATOMIC_BIT"));
  }

  @Test
  void aWideFlagIsUnknownWithoutVkFormatProperties3() throws Exception {
    DeviceView v = view(profile("{\"formats\": {\"VK_FORMAT_R32_UINT\": {"
        + "\"VkFormatProperties\": {\"optimalTilingFeatures\": [\"VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT\"]}}}}"));
    DeviceFacts f = new DeviceFacts(v);
    org.junit.jupiter.api.Assertions.assertThrows(RuntimeException.class,
        () -> f.formatFeature("VK_FORMAT_R32_UINT", "optimal", "VK_FORMAT_FEATURE_2_STORAGE_READ_WITHOUT_FORMAT_BIT"));
  }

  @Test
  void bundledDevicesGiveTheLimitsTheyStateAndNothingElse() throws Exception {
    List<Path> files;
    try (var s = Files.list(DEVICES)) {
      files = s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
    }
    assertTrue(files.size() >= 40, "devices: " + files.size());
    for (Path p : files) {
      DeviceProfile d = ProfileReader.read(p, null);
      DeviceFacts f = new DeviceFacts(DeviceViews.of(d).get(0));
      assertTrue(f.limit("VkPhysicalDeviceLimits", "maxComputeWorkGroupInvocations") >= 128, p.toString());
      assertFalse(d.variants().get(0).formats().isEmpty(), p.toString());
      // some gpuinfo exports leave maxComputeWorkGroupSize out: then it is unknown, never a default
      boolean stated = Files.readString(p).contains("\"maxComputeWorkGroupSize\"");
      if (stated) {
        assertTrue(f.limit("VkPhysicalDeviceLimits", "maxComputeWorkGroupSize", 0) >= 128, p.toString());
      } else {
        org.junit.jupiter.api.Assertions.assertThrows(RuntimeException.class,
            () -> f.limit("VkPhysicalDeviceLimits", "maxComputeWorkGroupSize", 0), p.toString());
      }
    }
  }
}
