package dev.vkrules.runtime.engine;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.generator.rules.RuleFile;
import dev.vkrules.generator.rules.RuleLoader;
import dev.vkrules.runtime.rules.CheckerRegistry;
import dev.vkrules.runtime.support.ExampleRunner;
import dev.vkrules.runtime.support.Oracle;
import dev.vkrules.runtime.support.OracleLocator;
import dev.vkrules.runtime.support.Sources;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Cases the rules check that cannot be rule examples: the oracle cross-check requires the
 * matching spirv-val to reject an invalid example of a VUID it knows with that VUID, and
 * spirv-val (2023.1 and v2025.5 alike) does not look at member decorations for the
 * Flat/NoPerspective/Sample/Centroid rules. The modules here break the rule only through an
 * OpMemberDecorate; each must raise exactly the rule's VUID (read from its rule file). When the
 * matching oracle is found, the premise is checked too: once it rejects such a module, the
 * case belongs in the rule's examples and this test says so.
 */
class MemberDecorationCasesTest {
  static final Path RULES = Path.of(System.getProperty("vkrules.root", "..")).resolve("rules/standalone");

  private static void raisesExactly(String ruleFile, String asm) {
    RuleFile r = RuleLoader.load(RULES.resolve(ruleFile), Path.of(ruleFile));
    ExampleRunner.Outcome o = ExampleRunner.run(CheckerRegistry.all(), r.vuid(), r.conditionString(), true, null, asm);
    assertTrue(o.passed(), o.problem());
    OracleLocator.Search search = OracleLocator.locate(Sources.root());
    if (search.found()) {
      Oracle.Verdict v = search.oracle().orElseThrow().run(asm, o.target());
      assertTrue(v.accepted(), "spirv-val " + search.oracle().orElseThrow().version() + " now rejects this module ("
          + v.output().lines().findFirst().orElse("") + "): make it an invalid example of " + ruleFile);
    }
  }

  @Test
  void interpolationMemberDecorationOnUniformBlock() {
    raisesExactly("VUID-StandaloneSpirv-Flat-04670.yaml", """
        OpCapability Shader
        OpCapability SampleRateShading
        OpMemoryModel Logical GLSL450
        OpEntryPoint Fragment %main "main" %ubo
        OpExecutionMode %main OriginUpperLeft
        OpDecorate %ubo DescriptorSet 0
        OpDecorate %ubo Binding 0
        OpDecorate %block Block
        OpMemberDecorate %block 0 Offset 0
        OpMemberDecorate %block 0 Sample
        %void = OpTypeVoid
        %fn = OpTypeFunction %void
        %float = OpTypeFloat 32
        %block = OpTypeStruct %float
        %ptr = OpTypePointer Uniform %block
        %ubo = OpVariable %ptr Uniform
        %main = OpFunction %void None %fn
        %entry = OpLabel
        OpReturn
        OpFunctionEnd
        """);
  }

  @Test
  void interpolationMemberDecorationOnFragmentOutputBlock() {
    raisesExactly("VUID-StandaloneSpirv-Flat-06201.yaml", """
        OpCapability Shader
        OpMemoryModel Logical GLSL450
        OpEntryPoint Vertex %vert "vert" %out
        OpEntryPoint Fragment %main "main" %out
        OpExecutionMode %main OriginUpperLeft
        OpDecorate %block Block
        OpMemberDecorate %block 0 Location 0
        OpMemberDecorate %block 0 Centroid
        %void = OpTypeVoid
        %fn = OpTypeFunction %void
        %float = OpTypeFloat 32
        %v4 = OpTypeVector %float 4
        %block = OpTypeStruct %v4
        %ptr = OpTypePointer Output %block
        %out = OpVariable %ptr Output
        %vert = OpFunction %void None %fn
        %ventry = OpLabel
        OpReturn
        OpFunctionEnd
        %main = OpFunction %void None %fn
        %entry = OpLabel
        OpReturn
        OpFunctionEnd
        """);
  }
}
