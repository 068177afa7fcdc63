package dev.vkrules.runtime.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.vkrules.runtime.engine.base.Unknown;
import dev.vkrules.runtime.engine.module.ModuleIndex;
import dev.vkrules.runtime.spirv.grammar.Op;
import dev.vkrules.runtime.support.ExampleAssembler;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The constant byte offset of a pointer from its variable ({@code byte-offset}) and the scalar
 * alignment of a type ({@code scalar-alignment}), which VUID-RuntimeSpirv-OpTypeUntypedPointerKHR-11166
 * compares. Each OpLoad of the module reads through one pointer under test, in order.
 */
class ByteOffsetTest {
  private static final String MODULE = String.join("\n",
      "OpCapability Shader",
      "OpCapability Int64",
      "OpCapability UntypedPointersKHR",
      "OpExtension \"SPV_KHR_untyped_pointers\"",
      "OpMemoryModel Logical GLSL450",
      "OpEntryPoint GLCompute %main \"main\" %buf %ubos %untyped",
      "OpExecutionMode %main LocalSize 1 1 1",
      "OpDecorate %block Block",
      "OpMemberDecorate %block 0 Offset 0",
      "OpMemberDecorate %block 1 Offset 16",
      "OpMemberDecorate %block 2 Offset 32",
      "OpMemberDecorate %block 2 ColMajor",
      "OpMemberDecorate %block 2 MatrixStride 16",
      "OpMemberDecorate %block 3 Offset 64",
      "OpDecorate %arr ArrayStride 8",
      "OpDecorate %rta ArrayStride 4",
      "OpMemberDecorate %loose 0 Offset 0",
      "OpDecorate %ubo Block",
      "OpMemberDecorate %ubo 0 Offset 0",
      "OpDecorate %ubos_t ArrayStride 16",
      "%void = OpTypeVoid",
      "%fn = OpTypeFunction %void",
      "%uint = OpTypeInt 32 0",
      "%int = OpTypeInt 32 1",
      "%ulong = OpTypeInt 64 0",
      "%float = OpTypeFloat 32",
      "%bool = OpTypeBool",
      "%uint_0 = OpConstant %uint 0",
      "%uint_1 = OpConstant %uint 1",
      "%uint_2 = OpConstant %uint 2",
      "%uint_3 = OpConstant %uint 3",
      "%uint_4 = OpConstant %uint 4",
      "%ulong_3 = OpConstant %ulong 3",
      "%int_m1 = OpConstant %int -1",
      "%null = OpConstantNull %uint",
      "%spec = OpSpecConstant %uint 1",
      "%v4float = OpTypeVector %float 4",
      "%v3ulong = OpTypeVector %ulong 3",
      "%m2 = OpTypeMatrix %v4float 2",
      "%arr = OpTypeArray %uint %uint_4",
      "%rta = OpTypeRuntimeArray %uint",
      "%block = OpTypeStruct %v4float %arr %m2 %rta",
      "%loose = OpTypeStruct %uint %float",
      "%empty = OpTypeStruct",
      "%ubo = OpTypeStruct %v4float",
      "%ubos_t = OpTypeArray %ubo %uint_2",
      "%p_block = OpTypePointer StorageBuffer %block",
      "%p_arr = OpTypePointer StorageBuffer %arr",
      "%p_uint = OpTypePointer StorageBuffer %uint",
      "%p_float = OpTypePointer StorageBuffer %float",
      "%p_v4 = OpTypePointer StorageBuffer %v4float",
      "%p_ubos = OpTypePointer Uniform %ubos_t",
      "%p_ubo_v4 = OpTypePointer Uniform %v4float",
      "%up = OpTypeUntypedPointerKHR StorageBuffer",
      "%p_bool = OpTypePointer Function %bool",
      "%buf = OpVariable %p_block StorageBuffer",
      "%ubos = OpVariable %p_ubos Uniform",
      "%untyped = OpUntypedVariableKHR %up StorageBuffer %block",
      "%main = OpFunction %void None %fn",
      "%entry = OpLabel",
      // 0: the variable itself
      "%l0 = OpLoad %block %buf",
      // 1: a typed chain: member 1 (16), element 2 (2 * 8)
      "%c1 = OpAccessChain %p_uint %buf %uint_1 %uint_2",
      "%l1 = OpLoad %uint %c1",
      // 2: an untyped chain over another Base Type from a typed chain, then a copy: 16 + 3 * 4
      "%c2a = OpAccessChain %p_arr %buf %uint_1",
      "%c2b = OpUntypedInBoundsAccessChainKHR %up %rta %c2a %uint_3",
      "%c2 = OpCopyObject %up %c2b",
      "%l2 = OpLoad %uint %c2",
      // 3: a vector component of an untyped variable: 0 + 3 * 4, a 64-bit index
      "%c3 = OpUntypedAccessChainKHR %up %block %untyped %uint_0 %ulong_3",
      "%l3 = OpLoad %float %c3",
      // 4: OpConstantNull indexes: 0
      "%c4 = OpUntypedAccessChainKHR %up %block %untyped %null %null",
      "%l4 = OpLoad %float %c4",
      // 5: a computed index: unknown
      "%i5 = OpIAdd %uint %uint_1 %uint_2",
      "%c5 = OpAccessChain %p_uint %buf %uint_1 %i5",
      "%l5 = OpLoad %uint %c5",
      // 6: a specialization constant index: unknown
      "%c6 = OpAccessChain %p_uint %buf %uint_1 %spec",
      "%l6 = OpLoad %uint %c6",
      // 7: a negative index: unknown
      "%c7 = OpUntypedAccessChainKHR %up %rta %untyped %int_m1",
      "%l7 = OpLoad %uint %c7",
      // 8: into a matrix: unknown
      "%c8 = OpAccessChain %p_v4 %buf %uint_2 %uint_1",
      "%l8 = OpLoad %v4float %c8",
      // 9: a member without Offset: unknown
      "%c9 = OpUntypedAccessChainKHR %up %loose %untyped %uint_1",
      "%l9 = OpLoad %float %c9",
      // 10: an array of descriptors: unknown
      "%c10 = OpAccessChain %p_ubo_v4 %ubos %uint_1 %uint_0",
      "%l10 = OpLoad %v4float %c10",
      // 11: a pointer access chain: unknown
      "%c11 = OpUntypedPtrAccessChainKHR %up %rta %untyped %uint_1 %uint_1",
      "%l11 = OpLoad %uint %c11",
      "OpReturn",
      "OpFunctionEnd", "");

  /** The expected offset of each load's pointer; -1: unknown. */
  private static final long[] OFFSETS = {0, 32, 28, 12, 0, -1, -1, -1, -1, -1, -1, -1};

  @Test
  void eachLoadsPointerHasItsOffset() throws Exception {
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

  /** {@code root} follows untyped chains too (their Base comes after the Base Type). */
  @Test
  void rootFollowsTypedAndUntypedChains() throws Exception {
    Facts f = facts();
    int[] loads = ofOpcode(f, Op.OpLoad);
    int[] variables = ofOpcode(f, Op.OpVariable);
    int buf = variables[0];
    int untyped = ofOpcode(f, Op.OpUntypedVariableKHR)[0];
    int[] expected = {buf, buf, buf, untyped, untyped, buf, buf, untyped, buf, untyped, variables[1], untyped};
    for (int i = 0; i < loads.length; i++) {
      assertEquals(expected[i], f.root(f.def(f.m.words[loads[i] + 3])), "case " + i);
    }
  }

  @Test
  void scalarAlignmentIsTheLargestScalarsSize() throws Exception {
    Facts f = facts();
    int[] ints = ofOpcode(f, Op.OpTypeInt);
    int[] vectors = ofOpcode(f, Op.OpTypeVector);
    int[] structs = ofOpcode(f, Op.OpTypeStruct);
    assertEquals(4, f.scalarAlignment(ints[0]), "uint");
    assertEquals(8, f.scalarAlignment(ints[2]), "ulong");
    assertEquals(4, f.scalarAlignment(vectors[0]), "a vector: its component's");
    assertEquals(8, f.scalarAlignment(vectors[1]), "v3ulong");
    assertEquals(4, f.scalarAlignment(ofOpcode(f, Op.OpTypeMatrix)[0]), "a matrix: its component's");
    assertEquals(4, f.scalarAlignment(ofOpcode(f, Op.OpTypeRuntimeArray)[0]), "an array: its element's");
    assertEquals(4, f.scalarAlignment(structs[0]), "a struct: its largest member's");
    assertThrows(Unknown.class, () -> f.scalarAlignment(structs[2]), "an empty struct has none");
    assertThrows(Unknown.class, () -> f.scalarAlignment(ofOpcode(f, Op.OpTypeBool)[0]), "a Boolean has none");
    assertThrows(Unknown.class, () -> f.scalarAlignment(ofOpcode(f, Op.OpTypePointer)[0]), "a pointer has none");
  }

  private static int[] ofOpcode(Facts f, int opcode) {
    return Arrays.stream(f.module().starts).filter(s -> f.opcode(s) == opcode).toArray();
  }

  private static Facts facts() throws Exception {
    return new Facts(ModuleIndex.of(ByteBuffer.wrap(ExampleAssembler.assemble(MODULE, Target.VULKAN_1_3))));
  }
}
