package dev.vkrules.generator.requirements;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Which versions and extensions provide a device structure, read from a small registry. */
class VkXmlProvidersTest {
  private static final String XML = """
      <registry>
        <types>
          <type category="struct" name="VkPhysicalDeviceFooPropertiesKHR" alias="VkPhysicalDeviceFooProperties"/>
          <type category="struct" name="VkPhysicalDeviceFooProperties"><member><name>maxFoo</name></member></type>
          <type category="struct" name="VkPhysicalDeviceBarPropertiesEXT"><member><name>maxBar</name></member></type>
        </types>
        <feature api="vulkan,vulkansc" name="VK_BASE_VERSION_1_3" number="1.3">
          <require><type name="VkPhysicalDeviceFooProperties"/></require>
        </feature>
        <feature api="vulkansc" name="VKSC_VERSION_1_0" number="1.0">
          <require><type name="VkPhysicalDeviceBarPropertiesEXT"/></require>
        </feature>
        <extensions>
          <extension name="VK_KHR_foo" supported="vulkan"><require><type name="VkPhysicalDeviceFooPropertiesKHR"/></require></extension>
          <extension name="VK_EXT_bar" supported="vulkan"><require depends="VK_KHR_foo"><type name="VkPhysicalDeviceBarPropertiesEXT"/></require></extension>
          <extension name="VK_EXT_gone" supported="disabled"><require><type name="VkPhysicalDeviceBarPropertiesEXT"/></require></extension>
        </extensions>
      </registry>
      """;

  @Test
  void aliasesShareProvidersAndOnlyVulkanBlocksCount() {
    Map<String, List<String>> p = VkXmlProviders.providers(new ByteArrayInputStream(XML.getBytes(StandardCharsets.UTF_8)),
        "vk.xml", Set.of("VkPhysicalDeviceFooProperties", "VkPhysicalDeviceFooPropertiesKHR",
            "VkPhysicalDeviceBarPropertiesEXT"));
    assertEquals(List.of("VK_KHR_foo", "VK_VERSION_1_3"), p.get("VkPhysicalDeviceFooProperties"));
    assertEquals(List.of("VK_KHR_foo", "VK_VERSION_1_3"), p.get("VkPhysicalDeviceFooPropertiesKHR"));
    // a Vulkan SC-only block and a disabled extension provide nothing
    assertEquals(List.of("VK_EXT_bar"), p.get("VkPhysicalDeviceBarPropertiesEXT"));
    assertFalse(p.containsKey("VkOther"));
  }
}
