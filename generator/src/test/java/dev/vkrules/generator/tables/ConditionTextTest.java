package dev.vkrules.generator.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Condition keys in words, with AsciiDoc's meaning of ',' (any) and '+' (all) under ifdef and ifndef. */
class ConditionTextTest {
  @Test
  void words() {
    assertEquals("always", ConditionText.words("core"));
    assertEquals("when VK_EXT_mesh_shader is supported", ConditionText.words("(VK_EXT_mesh_shader)"));
    assertEquals("when Vulkan 1.2 or VK_KHR_shader_float16_int8 is supported",
        ConditionText.words("(VK_VERSION_1_2,VK_KHR_shader_float16_int8)"));
    assertEquals("when neither Vulkan 1.2 nor VK_KHR_shader_float16_int8 is supported",
        ConditionText.words("!(VK_VERSION_1_2,VK_KHR_shader_float16_int8)"));
    assertEquals("when Vulkan 1.1 is not supported", ConditionText.words("!(VK_VERSION_1_1)"));
    assertEquals("when VK_A and VK_B are supported", ConditionText.words("(VK_A+VK_B)"));
    assertEquals("when VK_A and VK_B are not all supported", ConditionText.words("!(VK_A+VK_B)"));
    assertEquals("when VK_A is supported and Vulkan 1.3 is not supported",
        ConditionText.words("(VK_A)+!(VK_API_VERSION_1_3)"));
    assertEquals("garbage(", ConditionText.words("garbage("));
  }
}
