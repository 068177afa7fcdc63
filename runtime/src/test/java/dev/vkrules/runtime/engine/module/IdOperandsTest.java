package dev.vkrules.runtime.engine.module;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.vkrules.runtime.engine.Facts;
import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.engine.base.Opcodes;
import dev.vkrules.runtime.support.ExampleAssembler;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * {@code id-operands} (and static use, value dependence and the users index, which read the same
 * walk) names every id the parser reads by the grammar's layout: also the ids inside an
 * enumerant's parameters, here the Lod and ConstOffset image operands after the mask.
 */
class IdOperandsTest {
  private static final String MODULE = String.join("\n",
      "OpCapability Shader",
      "OpMemoryModel Logical GLSL450",
      "OpEntryPoint Fragment %main \"main\"",
      "OpExecutionMode %main OriginUpperLeft",
      "%void = OpTypeVoid",
      "%fn = OpTypeFunction %void",
      "%float = OpTypeFloat 32",
      "%int = OpTypeInt 32 1",
      "%v2float = OpTypeVector %float 2",
      "%v2int = OpTypeVector %int 2",
      "%v4float = OpTypeVector %float 4",
      "%img = OpTypeImage %float 2D 0 0 0 1 Unknown",
      "%simg = OpTypeSampledImage %img",
      "%ptr = OpTypePointer UniformConstant %simg",
      "%tex = OpVariable %ptr UniformConstant",
      "%zero = OpConstant %float 0",
      "%lod = OpConstant %float 1",
      "%coord = OpConstantComposite %v2float %zero %zero",
      "%i1 = OpConstant %int 1",
      "%offset = OpConstantComposite %v2int %i1 %i1",
      "%main = OpFunction %void None %fn",
      "%entry = OpLabel",
      "%s = OpLoad %simg %tex",
      "%r = OpImageSampleExplicitLod %v4float %s %coord Lod|ConstOffset %lod %offset",
      "OpReturn",
      "OpFunctionEnd", "");

  @Test
  void imageOperandIdsAreOperands() throws Exception {
    ModuleIndex m = ModuleIndex.of(ByteBuffer.wrap(ExampleAssembler.assemble(MODULE, Target.VULKAN_1_3)));
    Facts f = new Facts(m);
    int sample = Arrays.stream(m.starts).filter(x -> Opcodes.name(m.words[x] & 0xffff).equals("OpImageSampleExplicitLod"))
        .findFirst().orElseThrow();
    int[] defs = IdOperands.of(f, sample);
    assertArrayEquals(new String[] {"OpLoad", "OpConstantComposite", "OpConstant", "OpConstantComposite"},
        Arrays.stream(defs).mapToObj(x -> Opcodes.name(m.words[x] & 0xffff)).toArray(String[]::new));
    assertEquals(Float.floatToIntBits(1.0f), m.words[defs[2] + 3], "the Lod operand is %lod");
    assertEquals(defs[3], m.def(m.words[sample + 7]), "the ConstOffset operand is %offset");
  }
}
