package dev.vkrules.runtime.engine.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.runtime.engine.Facts;
import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.engine.module.ModuleIndex;
import dev.vkrules.runtime.engine.pipeline.DescriptorInterface.Binding;
import dev.vkrules.runtime.engine.pipeline.DescriptorInterface.PipelineLayout;
import dev.vkrules.runtime.engine.pipeline.DescriptorInterface.PushConstantRange;
import dev.vkrules.runtime.engine.pipeline.PipelineVuids.LayoutRole;
import dev.vkrules.runtime.support.ExampleAssembler;
import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A fragment shader's resources against pipeline layouts that break each layout rule and one
 * that keeps them all. VUIDs come from the generated {@link PipelineVuids} (the rule files of
 * rules/pipeline/, found by their texts) and descriptor types from the spec's correspondence
 * table as the generator read it.
 */
class DescriptorInterfaceTest {
  private static final String CREATE_INFO = "VkGraphicsPipelineCreateInfo";
  private static final long FRAGMENT_BIT = 0x10;
  private static final long VERTEX_BIT = 0x1;
  private static final String MODULE = String.join("\n",
      "OpCapability Shader",
      "OpMemoryModel Logical GLSL450",
      "OpEntryPoint Fragment %main \"main\" %tex %ubo %pc %unused",
      "OpExecutionMode %main OriginUpperLeft",
      "OpDecorate %tex DescriptorSet 0", "OpDecorate %tex Binding 1",
      "OpDecorate %ubo DescriptorSet 1", "OpDecorate %ubo Binding 0",
      "OpDecorate %unused DescriptorSet 3", "OpDecorate %unused Binding 0",
      "OpDecorate %Ubo Block", "OpMemberDecorate %Ubo 0 Offset 0",
      "OpDecorate %Pc Block", "OpMemberDecorate %Pc 0 Offset 16", "OpMemberDecorate %Pc 1 Offset 32",
      "%void = OpTypeVoid", "%fn = OpTypeFunction %void",
      "%float = OpTypeFloat 32", "%uint = OpTypeInt 32 0", "%uint_4 = OpConstant %uint 4",
      "%int = OpTypeInt 32 1", "%int_0 = OpConstant %int 0",
      "%v4float = OpTypeVector %float 4",
      "%img = OpTypeImage %float 2D 0 0 0 1 Unknown", "%cis = OpTypeSampledImage %img",
      "%cis4 = OpTypeArray %cis %uint_4", "%p_tex = OpTypePointer UniformConstant %cis4",
      "%Ubo = OpTypeStruct %v4float", "%p_ubo = OpTypePointer Uniform %Ubo",
      "%Pc = OpTypeStruct %v4float %v4float", "%p_pc = OpTypePointer PushConstant %Pc",
      "%p_f = OpTypePointer Uniform %v4float", "%p_pcf = OpTypePointer PushConstant %v4float",
      "%p_c = OpTypePointer UniformConstant %cis",
      "%tex = OpVariable %p_tex UniformConstant", "%ubo = OpVariable %p_ubo Uniform",
      "%pc = OpVariable %p_pc PushConstant", "%unused = OpVariable %p_ubo Uniform",
      "%main = OpFunction %void None %fn", "%entry = OpLabel",
      "%a = OpAccessChain %p_f %ubo %int_0", "%x = OpLoad %v4float %a",
      "%b = OpAccessChain %p_pcf %pc %int_0", "%y = OpLoad %v4float %b",
      "%c = OpAccessChain %p_c %tex %int_0", "%z = OpLoad %cis %c",
      "OpReturn", "OpFunctionEnd", "");

  private static Facts facts() {
    try {
      return new Facts(ModuleIndex.of(ByteBuffer.wrap(ExampleAssembler.assemble(MODULE, Target.VULKAN_1_3))));
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  private static final Binding TEX = new Binding(0, 1, "VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER", 4, FRAGMENT_BIT);
  private static final Binding UBO = new Binding(1, 0, "VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER", 1, FRAGMENT_BIT | VERTEX_BIT);
  private static final PushConstantRange RANGE = new PushConstantRange(FRAGMENT_BIT, 0, 48);

  private static List<String> check(List<Binding> bindings, List<PushConstantRange> ranges) {
    Facts f = facts();
    return DescriptorInterface.check(f, f.allEntryPoints()[0], FRAGMENT_BIT, CREATE_INFO,
        new PipelineLayout(bindings, ranges)).stream().map(x -> x.vuid().id()).toList();
  }

  private static String vuid(LayoutRole role) {
    return PipelineVuids.layout(CREATE_INFO, role).id();
  }

  @Test
  void aLayoutThatBacksEveryUsedResourceIsClean() {
    // the unused variable at set 3 needs no binding: the layers count static use
    assertEquals(List.of(), check(List.of(TEX, UBO), List.of(RANGE)));
    // a mutable descriptor backs any resource type
    assertEquals(List.of(), check(List.of(TEX, new Binding(1, 0, "VK_DESCRIPTOR_TYPE_MUTABLE_EXT", 1, FRAGMENT_BIT)),
        List.of(RANGE)));
    // two ranges that together cover the block
    assertEquals(List.of(), check(List.of(TEX, UBO),
        List.of(new PushConstantRange(FRAGMENT_BIT, 0, 32), new PushConstantRange(FRAGMENT_BIT, 32, 16))));
  }

  @Test
  void aMissingBindingOrStageBreaksTheStageRule() {
    assertEquals(List.of(vuid(LayoutRole.DESCRIPTOR_STAGE)), check(List.of(TEX), List.of(RANGE)));
    assertEquals(List.of(vuid(LayoutRole.DESCRIPTOR_STAGE)),
        check(List.of(TEX, new Binding(1, 0, "VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER", 1, VERTEX_BIT)), List.of(RANGE)));
  }

  @Test
  void aWrongDescriptorTypeBreaksTheTypeRule() {
    assertEquals(List.of(vuid(LayoutRole.DESCRIPTOR_TYPE)),
        check(List.of(TEX, new Binding(1, 0, "VK_DESCRIPTOR_TYPE_STORAGE_BUFFER", 1, FRAGMENT_BIT)), List.of(RANGE)));
    // a uniform buffer may be dynamic, or an inline uniform block of the same shape
    assertEquals(List.of(), check(List.of(TEX, new Binding(1, 0, "VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC", 1,
        FRAGMENT_BIT)), List.of(RANGE)));
  }

  @Test
  void aShortBindingBreaksTheCountRuleAnArrayOfInlineBlocksTheInlineRule() {
    assertEquals(List.of(vuid(LayoutRole.DESCRIPTOR_COUNT)), check(List.of(
        new Binding(0, 1, "VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER", 3, FRAGMENT_BIT), UBO), List.of(RANGE)));
    assertTrue(PipelineVuids.DESCRIPTOR_TYPES.values().stream().anyMatch(l -> l.contains("VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK")));
  }

  @Test
  void pushConstantsNeedARangeWithTheStageCoveringTheBlock() {
    assertEquals(List.of(vuid(LayoutRole.PUSH_CONSTANT_STAGE)), check(List.of(TEX, UBO), List.of()));
    assertEquals(List.of(vuid(LayoutRole.PUSH_CONSTANT_STAGE)),
        check(List.of(TEX, UBO), List.of(new PushConstantRange(VERTEX_BIT, 0, 48))));
    // the block spans bytes 16 to 48: a range ending at 32 leaves its second member out
    assertEquals(List.of(vuid(LayoutRole.PUSH_CONSTANT_CONTAINED)),
        check(List.of(TEX, UBO), List.of(new PushConstantRange(FRAGMENT_BIT, 16, 16))));
    // a range starting past the block's first byte
    assertEquals(List.of(vuid(LayoutRole.PUSH_CONSTANT_CONTAINED)),
        check(List.of(TEX, UBO), List.of(new PushConstantRange(FRAGMENT_BIT, 20, 28))));
  }

  @Test
  void everyPipelineCreateInfoOfTheRulesHasEveryLayoutRole() {
    assertTrue(PipelineVuids.CREATE_INFOS.contains(CREATE_INFO), PipelineVuids.CREATE_INFOS.toString());
    for (String createInfo : PipelineVuids.CREATE_INFOS) {
      for (LayoutRole role : LayoutRole.values()) {
        assertTrue(PipelineVuids.layout(createInfo, role).id().startsWith("VUID-" + createInfo + "-"), createInfo + role);
      }
    }
  }

  @Test
  void aBindingIsFoundByItsSetAndNumberAmongManyAndTheFirstOfTwoAlikeCounts() {
    // many bindings in many sets (the index is a hash map): only (0, 1) and (1, 0) back the module
    List<Binding> many = new java.util.ArrayList<>();
    for (long set = 0; set < 8; set++) {
      for (long b = 0; b < 64; b++) {
        if (!(set == 0 && b == 1) && !(set == 1 && b == 0)) {
          many.add(new Binding(set, b, "VK_DESCRIPTOR_TYPE_STORAGE_IMAGE", 1, FRAGMENT_BIT));
        }
      }
    }
    many.add(TEX);
    many.add(UBO);
    assertEquals(List.of(), check(many, List.of(RANGE)));
    // set and number do not mix: binding 1 of set 0 is not binding 0 of set 1, nor the other way round
    assertEquals(List.of(vuid(LayoutRole.DESCRIPTOR_STAGE), vuid(LayoutRole.DESCRIPTOR_STAGE)),
        check(List.of(new Binding(1, 1, TEX.descriptorType(), 4, FRAGMENT_BIT),
            new Binding(0, 0, UBO.descriptorType(), 1, FRAGMENT_BIT)), List.of(RANGE)));
    // two bindings at one (set, binding) (a layout the reader refuses): the first one decides
    Binding wrongType = new Binding(1, 0, "VK_DESCRIPTOR_TYPE_STORAGE_IMAGE", 1, FRAGMENT_BIT);
    assertEquals(List.of(), check(List.of(TEX, UBO, wrongType), List.of(RANGE)));
    assertEquals(List.of(vuid(LayoutRole.DESCRIPTOR_TYPE)), check(List.of(TEX, wrongType, UBO), List.of(RANGE)));
  }
}
