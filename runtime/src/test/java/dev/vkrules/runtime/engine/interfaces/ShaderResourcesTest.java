package dev.vkrules.runtime.engine.interfaces;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.vkrules.runtime.engine.Facts;
import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.engine.base.Unknown;
import dev.vkrules.runtime.engine.module.ModuleIndex;
import dev.vkrules.runtime.support.ExampleAssembler;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The resource type of a variable follows the rows of the "Shader Resource and Storage Class
 * Correspondence" table, and an access chain's descriptor indexes are those that step through
 * the array layers of its base variable.
 */
class ShaderResourcesTest {
  private static final String MODULE = String.join("\n",
      "OpCapability Shader",
      "OpCapability SampledBuffer",
      "OpCapability ImageBuffer",
      "OpCapability InputAttachment",
      "OpMemoryModel Logical GLSL450",
      "OpEntryPoint Fragment %main \"main\"",
      "OpExecutionMode %main OriginUpperLeft",
      "OpDecorate %Ubo Block",
      "OpDecorate %Ssbo BufferBlock",
      "%void = OpTypeVoid",
      "%fn = OpTypeFunction %void",
      "%uint = OpTypeInt 32 0",
      "%float = OpTypeFloat 32",
      "%uint_0 = OpConstant %uint 0",
      "%uint_2 = OpConstant %uint 2",
      "%uint_3 = OpConstant %uint 3",
      "%Ubo = OpTypeStruct %float",
      "%Ssbo = OpTypeStruct %float",
      "%img2d = OpTypeImage %float 2D 0 0 0 1 Unknown",
      "%st2d = OpTypeImage %float 2D 0 0 0 2 Rgba8",
      "%utb = OpTypeImage %float Buffer 0 0 0 1 Unknown",
      "%stb = OpTypeImage %float Buffer 0 0 0 2 Rgba8",
      "%sub = OpTypeImage %float SubpassData 0 0 0 2 Unknown",
      "%smp = OpTypeSampler",
      "%cis = OpTypeSampledImage %img2d",
      "%arr3 = OpTypeArray %Ubo %uint_3",
      "%arr23 = OpTypeArray %arr3 %uint_2",
      "%p_ubo = OpTypePointer Uniform %arr23",
      "%p_ssbo_u = OpTypePointer Uniform %Ssbo",
      "%p_ssbo_s = OpTypePointer StorageBuffer %Ubo",
      "%p_img = OpTypePointer UniformConstant %img2d",
      "%p_st = OpTypePointer UniformConstant %st2d",
      "%p_utb = OpTypePointer UniformConstant %utb",
      "%p_stb = OpTypePointer UniformConstant %stb",
      "%p_sub = OpTypePointer UniformConstant %sub",
      "%p_smp = OpTypePointer UniformConstant %smp",
      "%p_cis = OpTypePointer UniformConstant %cis",
      "%p_priv = OpTypePointer Private %Ubo",
      "%p_float = OpTypePointer Uniform %float",
      "%ubo = OpVariable %p_ubo Uniform",
      "%ssbo_u = OpVariable %p_ssbo_u Uniform",
      "%ssbo_s = OpVariable %p_ssbo_s StorageBuffer",
      "%sampled = OpVariable %p_img UniformConstant",
      "%storage = OpVariable %p_st UniformConstant",
      "%utexel = OpVariable %p_utb UniformConstant",
      "%stexel = OpVariable %p_stb UniformConstant",
      "%attachment = OpVariable %p_sub UniformConstant",
      "%sampler = OpVariable %p_smp UniformConstant",
      "%combined = OpVariable %p_cis UniformConstant",
      "%private = OpVariable %p_priv Private",
      "%main = OpFunction %void None %fn",
      "%entry = OpLabel",
      "%chain = OpAccessChain %p_float %ubo %uint_0 %uint_2 %uint_0",
      "OpReturn",
      "OpFunctionEnd", "");

  @Test
  void eachVariableIsTheRowItsStorageClassTypeAndDecorationsGive() throws Exception {
    Facts f = facts();
    Map<Integer, ResourceType> expected = new LinkedHashMap<>();
    ResourceType[] inOrder = {ResourceType.UNIFORM_BUFFER, ResourceType.STORAGE_BUFFER, ResourceType.STORAGE_BUFFER,
        ResourceType.SAMPLED_IMAGE, ResourceType.STORAGE_IMAGE, ResourceType.UNIFORM_TEXEL_BUFFER,
        ResourceType.STORAGE_TEXEL_BUFFER, ResourceType.INPUT_ATTACHMENT, ResourceType.SAMPLER,
        ResourceType.COMBINED_IMAGE_SAMPLER};
    int[] globals = f.globalVariables();
    for (int i = 0; i < inOrder.length; i++) {
      expected.put(globals[i], inOrder[i]);
    }
    for (Map.Entry<Integer, ResourceType> e : expected.entrySet()) {
      for (ResourceType t : ResourceType.values()) {
        assertEquals(t == e.getValue(), f.resource(e.getKey(), t), "variable at word " + e.getKey() + " as " + t);
      }
    }
    int priv = globals[inOrder.length];
    assertFalse(f.resource(priv, ResourceType.values()), "a Private struct is no resource");
  }

  @Test
  void aNonVariableIsUnknown() throws Exception {
    Facts f = facts();
    int chain = chain(f);
    assertThrows(Unknown.class, () -> f.resource(chain, ResourceType.UNIFORM_BUFFER));
  }

  @Test
  void descriptorIndexesAreTheIndexesThroughTheArrayLayers() throws Exception {
    Facts f = facts();
    int chain = chain(f);
    int[] indexes = f.descriptorIndexes(chain);
    assertEquals(2, indexes.length, "two array layers, the struct member index is not one");
    assertEquals(0, f.constant(indexes[0]));
    assertEquals(2, f.constant(indexes[1]));
  }

  private static int chain(Facts f) {
    return Arrays.stream(f.module().starts).filter(s -> f.opcode(s) == 65).findFirst().orElseThrow();
  }

  private static Facts facts() throws Exception {
    return new Facts(ModuleIndex.of(ByteBuffer.wrap(ExampleAssembler.assemble(MODULE, Target.VULKAN_1_3))));
  }
}
