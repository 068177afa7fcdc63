package dev.vkrules.runtime.engine.interfaces;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.vkrules.runtime.engine.Facts;
import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.engine.base.Unknown;
import dev.vkrules.runtime.engine.module.ModuleIndex;
import dev.vkrules.runtime.spirv.grammar.Op;
import dev.vkrules.runtime.spirv.grammar.StorageClass;
import dev.vkrules.runtime.support.ExampleAssembler;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/**
 * {@code storage-size(...)}, {@code local-size-invocations} and {@code reached(...)}: the
 * Standard Storage Buffer Layout with the padding inside variables, Block variables of Workgroup
 * aliasing one another, what the entry point statically uses and what no entry point uses (not
 * what only another entry point uses), specialization constants at their defaults, and the call
 * tree walked once.
 */
class EntryPointMeasuresTest {
  private static Facts facts(String... lines) throws Exception {
    String asm = String.join("\n", lines) + "\n";
    return new Facts(ModuleIndex.of(ByteBuffer.wrap(ExampleAssembler.assemble(asm, Target.VULKAN_1_3))));
  }

  private static final String[] HEADER = {
      "OpCapability Shader",
      "OpMemoryModel Logical GLSL450",
      "OpEntryPoint GLCompute %main \"main\" %a %b %c %d",
      "OpExecutionMode %main LocalSize 8 4 2",
      "%void = OpTypeVoid",
      "%fn = OpTypeFunction %void",
      "%bool = OpTypeBool",
      "%uint = OpTypeInt 32 0",
      "%float = OpTypeFloat 32",
      "%v3float = OpTypeVector %float 3",
      "%double = OpTypeFloat 64",
      "%uint_5 = OpConstant %uint 5",
      "%arr = OpTypeArray %v3float %uint_5",
      "%s = OpTypeStruct %float %double",
      "%p_bool = OpTypePointer Workgroup %bool",
      "%p_arr = OpTypePointer Workgroup %arr",
      "%p_s = OpTypePointer Workgroup %s",
      "%p_priv = OpTypePointer Private %uint",
      "%p_unused = OpTypePointer Workgroup %double",
      "%a = OpVariable %p_bool Workgroup",
      "%b = OpVariable %p_arr Workgroup",
      "%c = OpVariable %p_s Workgroup",
      "%d = OpVariable %p_priv Private",
      "%unused = OpVariable %p_unused Workgroup"};

  @Test
  void workgroupBytesCountPaddingInsideVariablesNotBetweenThem() throws Exception {
    Facts f = facts(concat(HEADER,
        "%main = OpFunction %void None %fn", "%entry = OpLabel", "OpReturn", "OpFunctionEnd"));
    int ep = f.allEntryPoints()[0];
    // bool as 4 bytes; vec3[5]: stride 16, the last element's 12 bytes end it (76); struct
    // {float, double}: the double at 8 (16); the Workgroup double no entry point uses is declared
    // in the module, so it counts too (8); the Private variable does not, and neither does
    // padding between variables (its amount depends on the order)
    assertEquals(104, f.measures().storageSize(ep, StorageClass.Workgroup));
    assertEquals(108, f.measures().storageSize(ep, StorageClass.Workgroup, StorageClass.Private));
    assertEquals(64, f.measures().invocations(ep));
  }

  @Test
  void workgroupBlocksAliasAndTakeTheLargest() throws Exception {
    Facts f = facts(
        "OpCapability Shader",
        "OpCapability WorkgroupMemoryExplicitLayoutKHR",
        "OpExtension \"SPV_KHR_workgroup_memory_explicit_layout\"",
        "OpMemoryModel Logical GLSL450",
        "OpEntryPoint GLCompute %main \"main\" %small %large",
        "OpExecutionMode %main LocalSize 1 1 1",
        "OpDecorate %b1 Block", "OpMemberDecorate %b1 0 Offset 0",
        "OpDecorate %b2 Block", "OpMemberDecorate %b2 0 Offset 0", "OpMemberDecorate %b2 1 Offset 32",
        "%void = OpTypeVoid", "%fn = OpTypeFunction %void",
        "%uint = OpTypeInt 32 0",
        "%b1 = OpTypeStruct %uint", "%b2 = OpTypeStruct %uint %uint",
        "%p1 = OpTypePointer Workgroup %b1", "%p2 = OpTypePointer Workgroup %b2",
        "%small = OpVariable %p1 Workgroup", "%large = OpVariable %p2 Workgroup",
        "%main = OpFunction %void None %fn", "%entry = OpLabel", "OpReturn", "OpFunctionEnd");
    // the largest block ends at 32 + 4, without padding at its end
    assertEquals(36, f.measures().storageSize(f.allEntryPoints()[0], StorageClass.Workgroup));
  }

  @Test
  void anArraySizedBySpecializationCountsItsDefaultLength() throws Exception {
    Facts f = facts(
        "OpCapability Shader", "OpMemoryModel Logical GLSL450",
        "OpEntryPoint GLCompute %main \"main\" %v %w %x", "OpExecutionMode %main LocalSize 1 1 1",
        "%void = OpTypeVoid", "%fn = OpTypeFunction %void", "%uint = OpTypeInt 32 0", "%bool = OpTypeBool",
        "%uint_1 = OpConstant %uint 1", "%uint_3 = OpConstant %uint 3",
        "%n = OpSpecConstant %uint 4", "%arr = OpTypeArray %uint %n",
        // (cond == 1 ? size : 1) * 3, as glslang writes an expression of specialization constants
        "%cond = OpSpecConstant %uint 1", "%size = OpSpecConstant %uint 10",
        "%eq = OpSpecConstantOp %bool IEqual %cond %uint_1",
        "%sel = OpSpecConstantOp %uint Select %eq %size %uint_1",
        "%len = OpSpecConstantOp %uint IMul %sel %uint_3", "%arr2 = OpTypeArray %uint %len",
        "%flag = OpSpecConstantFalse %bool", "%sel2 = OpSpecConstantOp %uint Select %flag %size %uint_3",
        "%arr3 = OpTypeArray %bool %sel2",
        "%p = OpTypePointer Workgroup %arr", "%v = OpVariable %p Workgroup",
        "%p2 = OpTypePointer Workgroup %arr2", "%w = OpVariable %p2 Workgroup",
        "%p3 = OpTypePointer Workgroup %arr3", "%x = OpVariable %p3 Workgroup",
        "%main = OpFunction %void None %fn", "%entry = OpLabel", "OpReturn", "OpFunctionEnd");
    int ep = f.allEntryPoints()[0];
    // uint[4] (16) + uint[10 * 3] (120) + bool[3], a Boolean as 4 bytes (12)
    assertEquals(148, f.measures().storageSize(ep, StorageClass.Workgroup));
  }

  @Test
  void anOperationWithoutAValueIsUnknown() throws Exception {
    Facts f = facts(
        "OpCapability Shader", "OpMemoryModel Logical GLSL450",
        "OpEntryPoint GLCompute %main \"main\" %v", "OpExecutionMode %main LocalSize 1 1 1",
        "%void = OpTypeVoid", "%fn = OpTypeFunction %void", "%uint = OpTypeInt 32 0",
        "%zero = OpSpecConstant %uint 0", "%uint_8 = OpConstant %uint 8",
        "%n = OpSpecConstantOp %uint UDiv %uint_8 %zero", "%arr = OpTypeArray %uint %n",
        "%p = OpTypePointer Workgroup %arr", "%v = OpVariable %p Workgroup",
        "%main = OpFunction %void None %fn", "%entry = OpLabel", "OpReturn", "OpFunctionEnd");
    int ep = f.allEntryPoints()[0];
    assertThrows(Unknown.class, () -> f.measures().storageSize(ep, StorageClass.Workgroup));
  }

  @Test
  void declaredVariablesCountUnlessOnlyAnotherEntryPointUsesThem() throws Exception {
    // SPIR-V 1.0: Workgroup variables are in no interface list; %mine is main's (its call tree
    // loads it), %theirs only other's, %nobodys no entry point's (it counts for both)
    String asm = String.join("\n",
        "OpCapability Shader", "OpMemoryModel Logical GLSL450",
        "OpEntryPoint GLCompute %main \"main\"", "OpEntryPoint GLCompute %other \"other\"",
        "OpExecutionMode %main LocalSize 1 1 1", "OpExecutionMode %other LocalSize 1 1 1",
        "%void = OpTypeVoid", "%fn = OpTypeFunction %void", "%uint = OpTypeInt 32 0",
        "%uint_4 = OpConstant %uint 4", "%uint_16 = OpConstant %uint 16", "%uint_64 = OpConstant %uint 64",
        "%a4 = OpTypeArray %uint %uint_4", "%a16 = OpTypeArray %uint %uint_16", "%a64 = OpTypeArray %uint %uint_64",
        "%p4 = OpTypePointer Workgroup %a4", "%p16 = OpTypePointer Workgroup %a16", "%p64 = OpTypePointer Workgroup %a64",
        "%mine = OpVariable %p4 Workgroup", "%theirs = OpVariable %p16 Workgroup", "%nobodys = OpVariable %p64 Workgroup",
        "%main = OpFunction %void None %fn", "%e1 = OpLabel", "%l1 = OpLoad %a4 %mine", "OpReturn", "OpFunctionEnd",
        "%other = OpFunction %void None %fn", "%e2 = OpLabel", "%l2 = OpLoad %a16 %theirs", "OpReturn", "OpFunctionEnd") + "\n";
    Facts f = new Facts(ModuleIndex.of(ByteBuffer.wrap(ExampleAssembler.assemble(asm, Target.VULKAN_1_0))));
    assertEquals(16 + 256, f.measures().storageSize(f.allEntryPoints()[0], StorageClass.Workgroup));
    assertEquals(64 + 256, f.measures().storageSize(f.allEntryPoints()[1], StorageClass.Workgroup));
  }

  @Test
  void anUntypedBlockVariableCountsItsOffsetLayout() throws Exception {
    // the VVL case OffsetMaxComputeSharedMemorySize, small: an OpUntypedVariableKHR of an explicitly
    // laid out Block, whose spec-constant-sized array (default 1, stride 16) is followed by a
    // member at Offset 64; listed in the interface, never accessed
    Facts f = facts(
        "OpCapability Shader", "OpCapability WorkgroupMemoryExplicitLayoutKHR", "OpCapability UntypedPointersKHR",
        "OpExtension \"SPV_KHR_workgroup_memory_explicit_layout\"", "OpExtension \"SPV_KHR_untyped_pointers\"",
        "OpMemoryModel Logical GLSL450",
        "OpEntryPoint GLCompute %main \"main\" %u", "OpExecutionMode %main LocalSize 1 1 1",
        "OpDecorate %arr ArrayStride 16", "OpMemberDecorate %X 0 Offset 0", "OpMemberDecorate %X 1 Offset 64",
        "OpDecorate %X Block",
        "%void = OpTypeVoid", "%fn = OpTypeFunction %void", "%uint = OpTypeInt 32 0",
        "%n = OpSpecConstant %uint 1", "%float = OpTypeFloat 32", "%v4float = OpTypeVector %float 4",
        "%arr = OpTypeArray %v4float %n", "%X = OpTypeStruct %arr %v4float",
        "%ptr = OpTypeUntypedPointerKHR Workgroup", "%u = OpUntypedVariableKHR %ptr Workgroup %X",
        "%main = OpFunction %void None %fn", "%entry = OpLabel", "OpReturn", "OpFunctionEnd");
    assertEquals(80, f.measures().storageSize(f.allEntryPoints()[0], StorageClass.Workgroup));
  }

  @Test
  void anExplicitArrayStrideInAWorkgroupBlockCounts() throws Exception {
    Facts f = facts(
        "OpCapability Shader", "OpCapability WorkgroupMemoryExplicitLayoutKHR",
        "OpExtension \"SPV_KHR_workgroup_memory_explicit_layout\"", "OpMemoryModel Logical GLSL450",
        "OpEntryPoint GLCompute %main \"main\" %b", "OpExecutionMode %main LocalSize 1 1 1",
        "OpDecorate %arr ArrayStride 32", "OpMemberDecorate %B 0 Offset 0", "OpDecorate %B Block",
        "%void = OpTypeVoid", "%fn = OpTypeFunction %void", "%uint = OpTypeInt 32 0",
        "%uint_10 = OpConstant %uint 10", "%arr = OpTypeArray %uint %uint_10", "%B = OpTypeStruct %arr",
        "%p = OpTypePointer Workgroup %B", "%b = OpVariable %p Workgroup",
        "%main = OpFunction %void None %fn", "%entry = OpLabel", "OpReturn", "OpFunctionEnd");
    // ten elements 32 bytes apart (the stride, not the element's 4 bytes), the last one's 4 bytes
    // ending it: no padding at the end
    assertEquals(9 * 32 + 4, f.measures().storageSize(f.allEntryPoints()[0], StorageClass.Workgroup));
  }

  @Test
  void reachedWalksTheCallTreeOncePerFunction() throws Exception {
    Facts f = facts(
        "OpCapability Shader", "OpMemoryModel Logical GLSL450",
        "OpEntryPoint GLCompute %main \"main\"", "OpEntryPoint GLCompute %other \"other\"",
        "OpExecutionMode %main LocalSize 1 1 1", "OpExecutionMode %other LocalSize 1 1 1",
        "%void = OpTypeVoid", "%fn = OpTypeFunction %void",
        "%main = OpFunction %void None %fn", "%e1 = OpLabel",
        "%c1 = OpFunctionCall %void %helper", "%c2 = OpFunctionCall %void %helper", "OpNop", "OpReturn", "OpFunctionEnd",
        "%other = OpFunction %void None %fn", "%e2 = OpLabel", "OpReturn", "OpFunctionEnd",
        "%helper = OpFunction %void None %fn", "%e3 = OpLabel", "OpNop", "OpNop", "OpReturn", "OpFunctionEnd");
    int main = f.allEntryPoints()[0];
    int other = f.allEntryPoints()[1];
    assertEquals(3, f.measures().reachedCount(main, Op.OpNop));
    assertEquals(5, f.measures().reachedCount(main, Op.OpNop, Op.OpReturn));
    assertEquals(0, f.measures().reachedCount(other, Op.OpNop));
    // from the function an execution mode names
    assertEquals(3, f.measures().reached(f.def(f.module().words()[main + 2]), Op.OpNop).length);
  }

  private static String[] concat(String[] head, String... tail) {
    String[] out = java.util.Arrays.copyOf(head, head.length + tail.length);
    System.arraycopy(tail, 0, out, head.length, tail.length);
    return out;
  }

  @Test
  void previousInBlockStopsAtTheBlocksLabel() throws Exception {
    Facts f = facts(
        "OpCapability Shader",
        "OpCapability VulkanMemoryModel",
        "OpCapability SplitBarrierEXT",
        "OpExtension \"SPV_EXT_split_barrier\"",
        "OpMemoryModel Logical Vulkan",
        "OpEntryPoint GLCompute %main \"main\"",
        "OpExecutionMode %main LocalSize 1 1 1",
        "%void = OpTypeVoid", "%fn = OpTypeFunction %void",
        "%uint = OpTypeInt 32 0", "%wg = OpConstant %uint 2", "%none = OpConstant %uint 0",
        "%main = OpFunction %void None %fn", "%entry = OpLabel",
        "OpControlBarrierWaitEXT %wg %wg %none",
        "OpControlBarrierArriveEXT %wg %wg %none",
        "OpNop",
        "OpControlBarrierArriveEXT %wg %wg %none",
        "OpBranch %next", "%next = OpLabel",
        "OpControlBarrierWaitEXT %wg %wg %none",
        "OpReturn", "OpFunctionEnd");
    int[] arrives = f.measures().reached(f.allEntryPoints()[0], Op.OpControlBarrierArriveEXT);
    int[] waits = f.measures().reached(f.allEntryPoints()[0], Op.OpControlBarrierWaitEXT);
    // the second arrive: the first one, past the OpNop; with waits too, still the first arrive
    assertEquals(arrives[0], f.measures().previousInBlock(arrives[1], Op.OpControlBarrierArriveEXT));
    assertEquals(arrives[0], f.measures().previousInBlock(arrives[1], Op.OpControlBarrierArriveEXT, Op.OpControlBarrierWaitEXT));
    // the first arrive: the wait before it; without waits, none (unknown)
    assertEquals(waits[0], f.measures().previousInBlock(arrives[0], Op.OpControlBarrierWaitEXT));
    assertThrows(Unknown.class, () -> f.measures().previousInBlock(arrives[0], Op.OpControlBarrierArriveEXT));
    // the wait of the next block does not see the arrives of the block before it
    assertThrows(Unknown.class, () -> f.measures().previousInBlock(waits[1], Op.OpControlBarrierArriveEXT));
    // an instruction outside a function has no block
    assertThrows(Unknown.class, () -> f.measures().previousInBlock(f.allEntryPoints()[0], Op.OpNop));
  }
}
