package dev.vkrules.runtime.engine;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.generator.rules.RuleFile;
import dev.vkrules.generator.rules.RuleLoader;
import dev.vkrules.runtime.rules.CheckerRegistry;
import dev.vkrules.runtime.support.ExampleRunner;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Cases of the data-flow and path analyses beyond the rules' examples: depends-on through
 * OpPhi, OpSelect and OpCopyMemory, and what it leaves out (control dependence); writes before
 * OpSetMeshOutputsEXT through a branch into a callee; chains on chains and arrays of RowMajor
 * matrices. Each runs every built checker; the VUID comes from its rule file.
 */
class DataFlowCasesTest {
  static final Path RULES = Path.of(System.getProperty("vkrules.root", "..")).resolve("rules/standalone");

  private static void expect(String ruleFile, boolean invalid, String asm) {
    RuleFile r = RuleLoader.load(RULES.resolve(ruleFile), Path.of(ruleFile));
    ExampleRunner.Outcome o = ExampleRunner.run(CheckerRegistry.all(), r.vuid(), r.conditionString(), invalid, null, asm);
    assertTrue(o.passed(), o.problem());
  }

  private static String mesh(String types, String body) {
    return """
        OpCapability MeshShadingEXT
        OpCapability MultiView
        OpExtension "SPV_EXT_mesh_shader"
        OpMemoryModel Logical GLSL450
        OpEntryPoint MeshEXT %main "main" %view
        OpExecutionMode %main LocalSize 1 1 1
        OpExecutionMode %main OutputVertices 3
        OpExecutionMode %main OutputPrimitivesEXT 1
        OpExecutionMode %main OutputTrianglesEXT
        OpDecorate %view BuiltIn ViewIndex
        %void = OpTypeVoid
        %fn = OpTypeFunction %void
        %bool = OpTypeBool
        %uint = OpTypeInt 32 0
        %uptr = OpTypePointer Input %uint
        %view = OpVariable %uptr Input
        %one = OpConstant %uint 1
        %three = OpConstant %uint 3
        %fptr = OpTypePointer Function %uint
        """ + types + """
        %main = OpFunction %void None %fn
        %entry = OpLabel
        %a = OpVariable %fptr Function
        %b = OpVariable %fptr Function
        %v = OpLoad %uint %view
        %c = OpIEqual %bool %v %one
        """ + body + """
        OpReturn
        OpFunctionEnd
        """;
  }

  private static final String COUNTS = "VUID-StandaloneSpirv-MeshEXT-07108.yaml";

  @Test
  void dependenceFlowsThroughPhiSelectAndCopyMemory() {
    expect(COUNTS, true, mesh("", """
        OpSelectionMerge %m None
        OpBranchConditional %c %t %m
        %t = OpLabel
        OpBranch %m
        %m = OpLabel
        %phi = OpPhi %uint %v %t %one %entry
        OpSetMeshOutputsEXT %phi %one
        """));
    expect(COUNTS, true, mesh("", """
        %s = OpSelect %uint %c %three %one
        OpSetMeshOutputsEXT %three %s
        """));
    expect(COUNTS, true, mesh("", """
        OpStore %a %v
        OpCopyMemory %b %a
        %n = OpLoad %uint %b
        OpSetMeshOutputsEXT %n %one
        """));
  }

  @Test
  void controlDependenceAloneIsNotReported() {
    // The count is 3 or 1 depending on ViewIndex, but only through the branch: not data flow.
    expect(COUNTS, false, mesh("", """
        OpSelectionMerge %m None
        OpBranchConditional %c %t %m
        %t = OpLabel
        OpBranch %m
        %m = OpLabel
        %phi = OpPhi %uint %three %t %one %entry
        OpSetMeshOutputsEXT %phi %one
        """));
  }

  @Test
  void aWriteInACalleeReachedOnOneBranchBeforeTheSet() {
    String module = """
        OpCapability MeshShadingEXT
        OpExtension "SPV_EXT_mesh_shader"
        OpMemoryModel Logical GLSL450
        OpEntryPoint MeshEXT %main "main" %out
        OpExecutionMode %main LocalSize 1 1 1
        OpExecutionMode %main OutputVertices 3
        OpExecutionMode %main OutputPrimitivesEXT 1
        OpExecutionMode %main OutputTrianglesEXT
        OpDecorate %out Location 0
        %void = OpTypeVoid
        %fn = OpTypeFunction %void
        %bool = OpTypeBool
        %true = OpConstantTrue %bool
        %uint = OpTypeInt 32 0
        %float = OpTypeFloat 32
        %zero = OpConstant %uint 0
        %one = OpConstant %uint 1
        %three = OpConstant %uint 3
        %f1 = OpConstant %float 1
        %arr = OpTypeArray %float %three
        %outptr = OpTypePointer Output %arr
        %out = OpVariable %outptr Output
        %fout = OpTypePointer Output %float
        %main = OpFunction %void None %fn
        %entry = OpLabel
        OpSelectionMerge %m None
        OpBranchConditional %true %t %m
        %t = OpLabel
        %c1 = OpFunctionCall %void %write
        OpBranch %m
        %m = OpLabel
        OpSetMeshOutputsEXT %three %one
        %c2 = OpFunctionCall %void %write
        OpReturn
        OpFunctionEnd
        %write = OpFunction %void None %fn
        %wentry = OpLabel
        %p = OpAccessChain %fout %out %zero
        OpStore %p %f1
        OpReturn
        OpFunctionEnd
        """;
    expect("VUID-StandaloneSpirv-MeshEXT-07106.yaml", true, module);
    expect("VUID-StandaloneSpirv-MeshEXT-07106.yaml", false,
        module.replace("%c1 = OpFunctionCall %void %write\n", ""));
  }

  private static String physical(String member, String decorations, String body) {
    String asm = """
        OpCapability Shader
        OpCapability PhysicalStorageBufferAddresses
        OpMemoryModel PhysicalStorageBuffer64 GLSL450
        OpEntryPoint GLCompute %main "main" %pc
        OpExecutionMode %main LocalSize 1 1 1
        OpDecorate %block Block
        OpMemberDecorate %block 0 Offset 0
        OpDecorate %buf Block
        OpMemberDecorate %buf 0 Offset 0
        OpMemberDecorate %buf 0 RowMajor
        OpMemberDecorate %buf 0 MatrixStride 16
        """ + decorations + """
        %void = OpTypeVoid
        %fn = OpTypeFunction %void
        %int = OpTypeInt 32 1
        %int0 = OpConstant %int 0
        %int1 = OpConstant %int 1
        %int2 = OpConstant %int 2
        %float = OpTypeFloat 32
        %v4float = OpTypeVector %float 4
        %mat4 = OpTypeMatrix %v4float 4
        %arr = OpTypeArray %mat4 %int2
        %buf = OpTypeStruct MEMBER
        %bufptr = OpTypePointer PhysicalStorageBuffer %buf
        %block = OpTypeStruct %bufptr
        %pcptr = OpTypePointer PushConstant %block
        %pc = OpVariable %pcptr PushConstant
        %pcmember = OpTypePointer PushConstant %bufptr
        %matptr = OpTypePointer PhysicalStorageBuffer %mat4
        %colptr = OpTypePointer PhysicalStorageBuffer %v4float
        %main = OpFunction %void None %fn
        %entry = OpLabel
        %pp = OpAccessChain %pcmember %pc %int0
        %p = OpLoad %bufptr %pp
        """ + body + """
        OpReturn
        OpFunctionEnd
        """;
    return asm.replace("MEMBER", member);
  }

  private static final String ROW_MAJOR = "VUID-StandaloneSpirv-PhysicalStorageBuffer64-04709.yaml";

  @Test
  void aChainToTheMatrixMayBeABaseAndTheColumnChainOnItIsChecked() {
    expect(ROW_MAJOR, false, physical("%mat4", "", """
        %m = OpAccessChain %matptr %p %int0
        %col = OpAccessChain %colptr %m %int1
        %v = OpLoad %v4float %col Aligned 16
        """));
    expect(ROW_MAJOR, true, physical("%mat4", "", """
        %m = OpAccessChain %matptr %p %int0
        %col = OpAccessChain %colptr %m %int1
        %copy = OpCopyObject %colptr %col
        """));
  }

  @Test
  void rowMajorHoldsThroughArraysOfMatrices() {
    expect(ROW_MAJOR, true, physical("%arr", "OpDecorate %arr ArrayStride 64\n", """
        %col = OpAccessChain %colptr %p %int0 %int1 %int1
        %copy = OpCopyObject %colptr %col
        """));
  }
}
