package dev.vkrules.runtime.engine;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.generator.rules.RuleFile;
import dev.vkrules.generator.rules.RuleLoader;
import dev.vkrules.runtime.rules.CheckerRegistry;
import dev.vkrules.runtime.support.ExampleRunner;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Readings of the spec's words that spirv-val does not share, kept as tests because a rule
 * example must agree with spirv-val: a valid example must pass it. Each module here is
 * valid for the rule named (read from its rule file, which records the reading) although
 * spirv-val reports it under that rule's VUID; the module raises nothing in vkrules.
 */
class RuleReadingsTest {
  static final Path RULES = Path.of(System.getProperty("vkrules.root", "..")).resolve("rules/standalone");

  private static void raisesNothing(String ruleFile, String asm) {
    RuleFile r = RuleLoader.load(RULES.resolve(ruleFile), Path.of(ruleFile));
    ExampleRunner.Outcome o = ExampleRunner.run(CheckerRegistry.all(), r.vuid(), r.conditionString(), false, null, asm);
    assertTrue(o.passed(), o.problem());
  }

  /**
   * "The last member" of an OpTypeStruct is the last one declared (the interfaces chapter:
   * "The numeric order of Offset decorations does not need to follow member declaration
   * order"). A runtime array declared last but placed at a smaller Offset than another
   * member overlaps that member, which the Offset layout rules forbid, not this VUID;
   * spirv-val files it under OpTypeRuntimeArray-04680.
   */
  @Test
  void runtimeArrayDeclaredLastButNotAtTheLargestOffset() {
    raisesNothing("VUID-StandaloneSpirv-OpTypeRuntimeArray-04680.yaml", """
        OpCapability Shader
        OpMemoryModel Logical GLSL450
        OpEntryPoint GLCompute %main "main" %ssbo
        OpExecutionMode %main LocalSize 1 1 1
        OpDecorate %ssbo DescriptorSet 0
        OpDecorate %ssbo Binding 0
        OpDecorate %block Block
        OpMemberDecorate %block 0 Offset 16
        OpMemberDecorate %block 1 Offset 0
        OpDecorate %rta ArrayStride 4
        %void = OpTypeVoid
        %fn = OpTypeFunction %void
        %uint = OpTypeInt 32 0
        %rta = OpTypeRuntimeArray %uint
        %block = OpTypeStruct %uint %rta
        %ptr = OpTypePointer StorageBuffer %block
        %ssbo = OpVariable %ptr StorageBuffer
        %main = OpFunction %void None %fn
        %entry = OpLabel
        OpReturn
        OpFunctionEnd
        """);
  }
}
