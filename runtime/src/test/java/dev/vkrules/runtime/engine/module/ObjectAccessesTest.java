package dev.vkrules.runtime.engine.module;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.vkrules.runtime.engine.Facts;
import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.engine.base.Unknown;
import dev.vkrules.runtime.engine.interfaces.ResourceType;
import dev.vkrules.runtime.engine.interfaces.ShaderResources;
import dev.vkrules.runtime.spirv.grammar.Op;
import dev.vkrules.runtime.support.ExampleAssembler;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * {@code accessed-types}: the types a variable's object is loaded, stored and atomically accessed
 * as, through typed and untyped access chains (an untyped chain's Base follows its Base Type), and
 * unknown when a pointer derived from it goes somewhere not followed. {@code pointee} of an
 * untyped variable is its Data Type.
 */
class ObjectAccessesTest {
  private static final String MODULE = String.join("\n",
      "OpCapability Shader",
      "OpCapability Int8",
      "OpCapability Int16",
      "OpCapability UntypedPointersKHR",
      "OpExtension \"SPV_KHR_untyped_pointers\"",
      "OpMemoryModel Logical GLSL450",
      "OpEntryPoint GLCompute %main \"main\" %pc %sb %typed %passed %none",
      "OpExecutionMode %main LocalSize 1 1 1",
      "OpDecorate %block Block",
      "OpMemberDecorate %block 0 Offset 0",
      "OpMemberDecorate %block 1 Offset 4",
      "OpMemberDecorate %block 2 Offset 6",
      "%void = OpTypeVoid",
      "%fn = OpTypeFunction %void",
      "%uint = OpTypeInt 32 0",
      "%ushort = OpTypeInt 16 0",
      "%uchar = OpTypeInt 8 0",
      "%uint_0 = OpConstant %uint 0",
      "%uint_1 = OpConstant %uint 1",
      "%uint_2 = OpConstant %uint 2",
      "%block = OpTypeStruct %uint %ushort %uchar",
      "%up_pc = OpTypeUntypedPointerKHR PushConstant",
      "%up_sb = OpTypeUntypedPointerKHR StorageBuffer",
      "%p_block = OpTypePointer StorageBuffer %block",
      "%p_uint = OpTypePointer StorageBuffer %uint",
      "%p_ushort = OpTypePointer StorageBuffer %ushort",
      "%pc = OpUntypedVariableKHR %up_pc PushConstant %block",
      "%sb = OpUntypedVariableKHR %up_sb StorageBuffer %block",
      "%typed = OpVariable %p_block StorageBuffer",
      "%passed = OpVariable %p_block StorageBuffer",
      "%none = OpUntypedVariableKHR %up_sb StorageBuffer",
      "%fn_p = OpTypeFunction %void %p_uint",
      "%main = OpFunction %void None %fn",
      "%entry = OpLabel",
      // %pc: an 8-bit load through an untyped chain, a 32-bit one directly
      "%a = OpUntypedAccessChainKHR %up_pc %block %pc %uint_2",
      "%l1 = OpLoad %uchar %a",
      "%l2 = OpLoad %uint %pc",
      // %sb: a store and an atomic through a copied untyped chain; an array length is no access
      "%b = OpUntypedAccessChainKHR %up_sb %block %sb %uint_1",
      "%c = OpCopyObject %up_sb %b",
      "OpStore %c %l2",
      "%d = OpUntypedAccessChainKHR %up_sb %block %sb %uint_0",
      "%e = OpAtomicIAdd %uint %d %uint_1 %uint_0 %uint_1",
      // %typed: a typed chain to the 16-bit member, loaded
      "%t = OpAccessChain %p_ushort %typed %uint_1",
      "%l3 = OpLoad %ushort %t",
      // %passed: a pointer into it goes to a function: not followed
      "%p = OpAccessChain %p_uint %passed %uint_0",
      "%call = OpFunctionCall %void %callee %p",
      "OpReturn",
      "OpFunctionEnd",
      "%callee = OpFunction %void None %fn_p",
      "%param = OpFunctionParameter %p_uint",
      "%body = OpLabel",
      "OpReturn",
      "OpFunctionEnd");

  @Test
  void accessesAreFollowedThroughTypedAndUntypedChains() throws Exception {
    Facts f = facts();
    int[] untyped = ofOpcode(f, Op.OpUntypedVariableKHR);
    int[] typed = ofOpcode(f, Op.OpVariable);
    int[] ints = ofOpcode(f, Op.OpTypeInt);
    int uint = ints[0];
    int ushort = ints[1];
    int uchar = ints[2];
    assertArrayEquals(new int[] {uchar, uint}, f.accessedTypes(untyped[0]), "push constant: an 8-bit and a 32-bit load");
    assertArrayEquals(new int[] {uint}, f.accessedTypes(untyped[1]), "storage buffer: a store and an atomic, both 32-bit");
    assertArrayEquals(new int[] {ushort}, f.accessedTypes(typed[0]), "a typed chain");
    assertThrows(Unknown.class, () -> f.accessedTypes(typed[1]), "a pointer passed to a function is not followed");
    assertEquals(0, f.accessedTypes(untyped[2]).length, "never accessed");
    assertThrows(Unknown.class, () -> f.accessedTypes(uint), "a type is no variable");
  }

  @Test
  void anUntypedVariablesPointeeIsItsDataType() throws Exception {
    Facts f = facts();
    int[] untyped = ofOpcode(f, Op.OpUntypedVariableKHR);
    int block = ofOpcode(f, Op.OpTypeStruct)[0];
    assertEquals(block, f.pointee(untyped[0]));
    assertThrows(Unknown.class, () -> f.pointee(untyped[2]), "no Data Type");
    assertEquals(ResourceType.STORAGE_BUFFER, ShaderResources.of(f, untyped[1]), "an untyped storage buffer is a resource");
  }

  private static int[] ofOpcode(Facts f, int opcode) {
    return Arrays.stream(f.module().starts).filter(s -> f.opcode(s) == opcode).toArray();
  }

  private static Facts facts() throws Exception {
    return new Facts(ModuleIndex.of(ByteBuffer.wrap(ExampleAssembler.assemble(MODULE, Target.VULKAN_1_3))));
  }
}
