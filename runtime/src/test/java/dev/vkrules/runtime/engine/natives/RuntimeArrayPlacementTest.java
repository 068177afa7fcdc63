package dev.vkrules.runtime.engine.natives;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.runtime.engine.Facts;
import dev.vkrules.runtime.engine.module.ModuleIndex;
import dev.vkrules.runtime.spirv.grammar.Op;
import dev.vkrules.runtime.spirv.text.Assembler;
import org.junit.jupiter.api.Test;

/** The native predicate with ids of 2^31 and above, which a bound below 2^32 allows. */
class RuntimeArrayPlacementTest {
  private static final String HEADER = """
      ; Version: 1.3
      ; Bound: 4294967295
      OpCapability Shader
      OpMemoryModel Logical GLSL450
      OpEntryPoint GLCompute %2147483648 "main"
      OpExecutionMode %2147483648 LocalSize 1 1 1
      OpDecorate %2147483655 ArrayStride 4
      OpDecorate %2147483656 Block
      OpMemberDecorate %2147483656 0 Offset 0
      OpDecorate %4294967290 DescriptorSet 0
      OpDecorate %4294967290 Binding 0
      %2147483649 = OpTypeVoid
      %2147483650 = OpTypeFunction %2147483649
      %2147483651 = OpTypeFloat 32
      %2147483655 = OpTypeRuntimeArray %2147483651
      """;
  private static final String FUNCTION = """
      %2147483648 = OpFunction %2147483649 None %2147483650
      %2147483660 = OpLabel
      OpReturn
      OpFunctionEnd
      """;

  private static boolean placementAllowed(String types) throws Exception {
    ModuleIndex m = ModuleIndex.of(Assembler.assemble(HEADER + types + FUNCTION));
    Facts f = new Facts(m);
    for (int off : m.starts()) {
      if (f.opcode(off) == Op.OpTypeRuntimeArray) {
        return RuntimeArrayPlacement.test(f, off);
      }
    }
    throw new AssertionError("no OpTypeRuntimeArray");
  }

  @Test
  void lastMemberOfAStorageBufferBlockWithHighIds() throws Exception {
    assertTrue(placementAllowed("""
        %2147483656 = OpTypeStruct %2147483655
        %4294967280 = OpTypePointer StorageBuffer %2147483656
        %4294967290 = OpVariable %4294967280 StorageBuffer
        """));
  }

  @Test
  void arrayOfRuntimeArraysWithHighIdsIsRejectedNotACrash() throws Exception {
    assertFalse(placementAllowed("""
        %2147483656 = OpTypeStruct %2147483651
        %2147483661 = OpTypeInt 32 0
        %2147483662 = OpConstant %2147483661 2
        %2147483663 = OpTypeArray %2147483655 %2147483662
        %4294967280 = OpTypePointer StorageBuffer %2147483656
        %4294967290 = OpVariable %4294967280 StorageBuffer
        """));
  }

  /** PushConstant is in none of the storage classes VUID-...-04680 lists for a Block struct. */
  @Test
  void blockInTheWrongStorageClassWithHighIds() throws Exception {
    assertFalse(placementAllowed("""
        %2147483656 = OpTypeStruct %2147483655
        %4294967280 = OpTypePointer PushConstant %2147483656
        %4294967290 = OpVariable %4294967280 PushConstant
        """));
  }

  /** Since 1.4 the last member of a Block struct may also be in the Uniform storage class. */
  @Test
  void lastMemberOfAUniformBlockWithHighIds() throws Exception {
    assertTrue(placementAllowed("""
        %2147483656 = OpTypeStruct %2147483655
        %4294967280 = OpTypePointer Uniform %2147483656
        %4294967290 = OpVariable %4294967280 Uniform
        """));
  }
}
