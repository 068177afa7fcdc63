package dev.vkrules.runtime.engine.module;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.vkrules.runtime.engine.Facts;
import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.engine.base.Unknown;
import dev.vkrules.runtime.spirv.grammar.Op;
import dev.vkrules.runtime.support.ExampleAssembler;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * {@code image-variable}: the variable behind an image value, through OpSampledImage, OpImage,
 * OpLoad, OpCopyObject and access chains; unknown where the value comes from elsewhere.
 */
class ImageSourcesTest {
  private static final String MODULE = String.join("\n",
      "OpCapability Shader",
      "OpMemoryModel Logical GLSL450",
      "OpEntryPoint Fragment %main \"main\"",
      "OpExecutionMode %main OriginUpperLeft",
      "%void = OpTypeVoid",
      "%fn = OpTypeFunction %void",
      "%uint = OpTypeInt 32 0",
      "%float = OpTypeFloat 32",
      "%uint_1 = OpConstant %uint 1",
      "%uint_2 = OpConstant %uint 2",
      "%img = OpTypeImage %float 2D 0 0 0 1 Unknown",
      "%smp = OpTypeSampler",
      "%simg = OpTypeSampledImage %img",
      "%arr = OpTypeArray %img %uint_2",
      "%p_img = OpTypePointer UniformConstant %img",
      "%p_arr = OpTypePointer UniformConstant %arr",
      "%p_smp = OpTypePointer UniformConstant %smp",
      "%p_simg = OpTypePointer UniformConstant %simg",
      "%fn_img = OpTypeFunction %img %img",
      "%images = OpVariable %p_arr UniformConstant",
      "%sampler = OpVariable %p_smp UniformConstant",
      "%combined = OpVariable %p_simg UniformConstant",
      "%pass = OpFunction %img None %fn_img",
      "%param = OpFunctionParameter %img",
      "%pl = OpLabel",
      "OpReturnValue %param",
      "OpFunctionEnd",
      "%main = OpFunction %void None %fn",
      "%l = OpLabel",
      "%elem = OpAccessChain %p_img %images %uint_1",
      "%i = OpLoad %img %elem",
      "%s = OpLoad %smp %sampler",
      "%si = OpSampledImage %simg %i %s",
      "%back = OpImage %img %si",
      "%c = OpLoad %simg %combined",
      "%cc = OpCopyObject %simg %c",
      "%called = OpFunctionCall %img %pass %i",
      "OpReturn",
      "OpFunctionEnd");

  @Test
  void followsSampledImageLoadAndAccessChainToTheArrayVariable() throws Exception {
    Facts f = facts();
    int images = nth(f, Op.OpVariable, 0);
    assertEquals(images, ImageSources.variable(f, nth(f, Op.OpSampledImage, 0)));
    assertEquals(images, ImageSources.variable(f, nth(f, Op.OpImage, 0)));
    assertEquals(images, ImageSources.variable(f, nth(f, Op.OpAccessChain, 0)), "a pointer is its own root's variable");
  }

  @Test
  void followsCopiesOfACombinedImageSamplerLoad() throws Exception {
    Facts f = facts();
    assertEquals(nth(f, Op.OpVariable, 2), ImageSources.variable(f, nth(f, Op.OpCopyObject, 0)));
  }

  @Test
  void aValueFromACallOrAParameterIsUnknown() throws Exception {
    Facts f = facts();
    assertThrows(Unknown.class, () -> ImageSources.variable(f, nth(f, Op.OpFunctionCall, 0)));
    assertThrows(Unknown.class, () -> ImageSources.variable(f, nth(f, Op.OpFunctionParameter, 0)));
  }

  private static int nth(Facts f, int opcode, int n) {
    return Arrays.stream(f.module().starts).filter(s -> f.opcode(s) == opcode).skip(n).findFirst().orElseThrow();
  }

  private static Facts facts() throws Exception {
    return new Facts(ModuleIndex.of(ByteBuffer.wrap(ExampleAssembler.assemble(MODULE, Target.VULKAN_1_3))));
  }
}
