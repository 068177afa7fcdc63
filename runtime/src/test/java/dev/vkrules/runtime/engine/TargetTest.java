package dev.vkrules.runtime.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.generator.requirements.ApiVersions;
import dev.vkrules.runtime.support.Sources;
import java.io.IOException;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The targets against the pinned spec: its Vulkan versions, SPIR-V bounds and version attributes. */
class TargetTest {
  /** The environments are the Vulkan API versions of the pinned vk.xml, oldest first. */
  @Test
  void targetsAreTheRegistryVersions() {
    ApiVersions versions = ApiVersions.read(Sources.specSources().resolve("vk.xml"));
    assertEquals(versions.vulkanVersions().stream().map(v -> "vulkan" + v).toList(),
        Arrays.stream(Target.values()).map(Target::envName).toList());
  }

  /**
   * The highest SPIR-V version of each target is the last one the appendix's opening section
   * lists for that API version ({@code :spirv-versions: 1.0, 1.1, 1.2, and 1.3 versions}).
   */
  @Test
  void spirvBoundsAreTheAppendixs() throws IOException {
    List<String> lines = Files.readAllLines(Sources.specSources().resolve("spirvenv.adoc"));
    Pattern versions = Pattern.compile(":spirv-versions: (.*)");
    Pattern api = Pattern.compile(":api-version: (\\d+)\\.(\\d+)");
    Pattern number = Pattern.compile("1\\.(\\d+)");
    Map<String, Integer> bound = new LinkedHashMap<>();
    String pending = null;
    for (String line : lines) {
      Matcher v = versions.matcher(line);
      Matcher a = api.matcher(line);
      if (v.matches()) {
        pending = v.group(1);
      } else if (a.matches() && pending != null) {
        Matcher n = number.matcher(pending);
        int minor = -1;
        while (n.find()) {
          minor = Math.max(minor, Integer.parseInt(n.group(1)));
        }
        bound.put("vulkan" + a.group(1) + "." + a.group(2), 0x10000 | minor << 8);
        pending = null;
      }
    }
    assertEquals(Target.values().length, bound.size(), bound.toString());
    for (Target t : Target.values()) {
      assertEquals(bound.get(t.envName()), t.maxSpirvVersion(), t.envName());
    }
  }

  /** Split version blocks are versions; the Vulkan SC block never holds for Vulkan. */
  @Test
  void versionAttributesComeFromTheRegistry() {
    assertFalse(Target.VULKAN_1_1.isSet("VK_COMPUTE_VERSION_1_2"));
    assertTrue(Target.VULKAN_1_2.isSet("VK_COMPUTE_VERSION_1_2"));
    assertTrue(Target.VULKAN_1_4.isSet("VK_GRAPHICS_VERSION_1_4"));
    assertFalse(Target.VULKAN_1_3.isSet("VK_GRAPHICS_VERSION_1_4"));
    for (Target t : Target.values()) {
      assertFalse(t.isSet("VKSC_VERSION_1_0"), t.envName());
      assertTrue(t.holds("ifndef:VKSC_VERSION_1_0"), t.envName());
      assertTrue(t.isSet("VK_KHR_anything"), t.envName());
    }
    assertEquals(Target.VULKAN_1_4, Target.highestSatisfying("ifdef:VK_COMPUTE_VERSION_1_4"));
    assertEquals(null, Target.highestSatisfying("ifdef:VKSC_VERSION_1_0"));
  }
}
