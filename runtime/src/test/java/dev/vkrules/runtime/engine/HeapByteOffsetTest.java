package dev.vkrules.runtime.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.runtime.engine.base.Unknown;
import dev.vkrules.runtime.engine.module.Decorations;
import dev.vkrules.runtime.engine.module.ModuleIndex;
import dev.vkrules.runtime.spirv.grammar.Decoration;
import dev.vkrules.runtime.spirv.grammar.Op;
import dev.vkrules.runtime.support.ExampleAssembler;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * {@code byte-offset} through descriptor heap layouts (SPV_EXT_descriptor_heap): an array stride
 * given by ArrayStrideIdEXT and a member offset given by OffsetIdEXT (OpMemberDecorateIdEXT) count
 * when they name an OpConstant; a specialization constant or OpConstantSizeOfEXT (a device's
 * descriptor size) leaves the offset unknown. OpMemberDecorateIdEXT is a member decoration whose
 * parameter is read as a constant. Each OpLoad reads through one pointer under test, in order.
 */
class HeapByteOffsetTest {
  private static final String MODULE = String.join("\n",
      "OpCapability Shader",
      "OpCapability UntypedPointersKHR",
      "OpCapability DescriptorHeapEXT",
      "OpExtension \"SPV_EXT_descriptor_heap\"",
      "OpExtension \"SPV_KHR_untyped_pointers\"",
      "OpMemoryModel Logical GLSL450",
      "OpEntryPoint GLCompute %main \"main\" %heap",
      "OpExecutionMode %main LocalSize 1 1 1",
      "OpDecorate %heap BuiltIn SamplerHeapEXT",
      "OpDecorateId %byConst ArrayStrideIdEXT %int_8",
      "OpDecorateId %bySpec ArrayStrideIdEXT %spec",
      "OpDecorateId %bySize ArrayStrideIdEXT %size",
      "OpMemberDecorate %S 0 Offset 0",
      "OpMemberDecorateIdEXT %S 1 OffsetIdEXT %int_24",
      "%void = OpTypeVoid",
      "%fn = OpTypeFunction %void",
      "%int = OpTypeInt 32 1",
      "%int_1 = OpConstant %int 1",
      "%int_3 = OpConstant %int 3",
      "%int_8 = OpConstant %int 8",
      "%int_24 = OpConstant %int 24",
      "%spec = OpSpecConstant %int 8",
      "%sampler = OpTypeSampler",
      "%size = OpConstantSizeOfEXT %int %sampler",
      "%byConst = OpTypeRuntimeArray %sampler",
      "%bySpec = OpTypeRuntimeArray %sampler",
      "%bySize = OpTypeRuntimeArray %sampler",
      "%S = OpTypeStruct %sampler %sampler",
      "%ptr = OpTypeUntypedPointerKHR UniformConstant",
      "%heap = OpUntypedVariableKHR %ptr UniformConstant",
      "%main = OpFunction %void None %fn",
      "%entry = OpLabel",
      // 0: ArrayStrideIdEXT naming an OpConstant: 3 * 8
      "%c0 = OpUntypedAccessChainKHR %ptr %byConst %heap %int_3",
      "%l0 = OpLoad %sampler %c0",
      // 1: OffsetIdEXT naming an OpConstant: 24
      "%c1 = OpUntypedAccessChainKHR %ptr %S %heap %int_1",
      "%l1 = OpLoad %sampler %c1",
      // 2: ArrayStrideIdEXT naming a specialization constant: unknown
      "%c2 = OpUntypedAccessChainKHR %ptr %bySpec %heap %int_3",
      "%l2 = OpLoad %sampler %c2",
      // 3: ArrayStrideIdEXT naming OpConstantSizeOfEXT: unknown
      "%c3 = OpUntypedAccessChainKHR %ptr %bySize %heap %int_3",
      "%l3 = OpLoad %sampler %c3",
      "OpReturn",
      "OpFunctionEnd", "");

  /** The expected offset of each load's pointer; -1: unknown. */
  private static final long[] OFFSETS = {24, 24, -1, -1};

  @Test
  void idFormsOfStrideAndOffsetCountWhenConstant() throws Exception {
    Facts f = facts();
    int[] cases = ofOpcode(f, Op.OpLoad);
    assertEquals(OFFSETS.length, cases.length);
    for (int i = 0; i < OFFSETS.length; i++) {
      int pointer = f.def(f.m.words[cases[i] + 3]);
      if (OFFSETS[i] >= 0) {
        assertEquals(OFFSETS[i], f.byteOffset(pointer), "case " + i);
      } else {
        int n = i;
        assertThrows(Unknown.class, () -> f.byteOffset(pointer), "case " + n);
      }
    }
  }

  @Test
  void memberDecorateIdIsAMemberDecorationWithAConstantParameter() throws Exception {
    Facts f = facts();
    int d = ofOpcode(f, Op.OpMemberDecorateIdEXT)[0];
    assertTrue(Decorations.isDecoration(f.opcode(d)));
    assertEquals(1, f.member(d));
    assertEquals(Decoration.OffsetIdEXT, f.decoration(d));
    assertEquals(24, f.decorationParam(d, 0));
  }

  private static int[] ofOpcode(Facts f, int opcode) {
    return Arrays.stream(f.module().starts).filter(s -> f.opcode(s) == opcode).toArray();
  }

  private static Facts facts() throws Exception {
    return new Facts(ModuleIndex.of(ByteBuffer.wrap(ExampleAssembler.assemble(MODULE, Target.VULKAN_1_4))));
  }
}
