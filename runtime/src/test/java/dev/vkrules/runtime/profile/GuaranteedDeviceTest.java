package dev.vkrules.runtime.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The guaranteed-minimum profiles bundled in binary form are the ones their JSON gives. */
class GuaranteedDeviceTest {
  static final Path JSON = Path.of(System.getProperty("vkrules.root", ".."))
      .resolve("spec-sources/profiles/VP_LUNARG_minimum_requirements.json");

  @Test
  void theBundledFormIsTheJsonsProfiles() throws Exception {
    Map<String, DeviceProfile> fromJson = GuaranteedDevice.fromJson(Files.readAllBytes(JSON));
    assertTrue(fromJson.keySet().containsAll(List.of("1.0", "1.1", "1.2", "1.3")), fromJson.keySet().toString());
    assertEquals(fromJson, GuaranteedDevice.bundled());
    for (String version : fromJson.keySet()) {
      assertEquals(fromJson.get(version).variants().size(), GuaranteedDevice.of(version).size(), version);
    }
    assertEquals(List.of(), GuaranteedDevice.of("0.9"));
  }

  @Test
  void everyKindOfValueSurvivesTheCodec() throws Exception {
    DeviceProfile p = ProfileReader.parse(("{\"profiles\": {\"P\": {\"version\": 1, \"api-version\": \"1.3.0\","
        + " \"label\": \"L\", \"capabilities\": [\"b\"]}}, \"capabilities\": {\"b\": {\"extensions\": {\"VK_KHR_maintenance4\": 1},"
        + " \"features\": {\"VkPhysicalDeviceFeatures\": {\"shaderInt64\": true}},"
        + " \"properties\": {\"VkPhysicalDeviceProperties\": {\"limits\": {\"maxComputeWorkGroupSize\": [128, 128, 64],"
        + " \"maxSamplerLodBias\": 15.5, \"maxBoundDescriptorSets\": 4, \"x\": null, \"y\": \"s\"}}}}}}").getBytes(), "P");
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    GuaranteedDevice.write(Map.of("1.3", p), bytes);
    Map<String, DeviceProfile> read = GuaranteedDevice.read(new ByteArrayInputStream(bytes.toByteArray()));
    assertEquals(java.util.Set.of("1.3"), read.keySet());
    DeviceProfile back = read.get("1.3");
    assertEquals(p, back);
    assertFalse(back.variants().get(0).properties().isEmpty());
  }
}
