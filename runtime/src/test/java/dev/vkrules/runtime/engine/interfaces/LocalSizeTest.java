package dev.vkrules.runtime.engine.interfaces;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.vkrules.runtime.engine.Facts;
import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.engine.base.Unknown;
import dev.vkrules.runtime.engine.module.ModuleIndex;
import dev.vkrules.runtime.support.ExampleAssembler;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/**
 * An entry point's local size as rules read it (the x/y/z size of LocalSize and LocalSizeId,
 * {@code local-size-x|y|z}, {@code local-size-invocations}): an object decorated BuiltIn
 * WorkgroupSize takes precedence over the execution modes (directly or through a decoration
 * group), and specialization constants count with their default values.
 */
class LocalSizeTest {
  private static Facts facts(String modes, String decorations, String constants) throws Exception {
    String asm = String.join("\n",
        "OpCapability Shader",
        "OpMemoryModel Logical GLSL450",
        "OpEntryPoint GLCompute %main \"main\"",
        modes,
        decorations,
        "%void = OpTypeVoid",
        "%fn = OpTypeFunction %void",
        "%uint = OpTypeInt 32 0",
        "%v3uint = OpTypeVector %uint 3",
        "%uint_1 = OpConstant %uint 1",
        "%uint_2 = OpConstant %uint 2",
        constants,
        "%main = OpFunction %void None %fn",
        "%entry = OpLabel",
        "OpReturn",
        "OpFunctionEnd") + "\n";
    return new Facts(ModuleIndex.of(ByteBuffer.wrap(ExampleAssembler.assemble(asm, Target.VULKAN_1_3))));
  }

  private static int mode(Facts f) {
    return f.executionModes(f.allEntryPoints()[0])[0];
  }

  private static long[] sizes(Facts f) {
    int ep = f.allEntryPoints()[0];
    int mode = mode(f);
    long[] viaMode = {f.modeParam(mode, 0), f.modeParam(mode, 1), f.modeParam(mode, 2)};
    long[] viaEntry = {LocalSize.dimension(f, ep, 0), LocalSize.dimension(f, ep, 1), LocalSize.dimension(f, ep, 2)};
    assertEquals(java.util.Arrays.toString(viaEntry), java.util.Arrays.toString(viaMode),
        "the mode's sizes and the entry point's are the same local size");
    assertEquals(viaEntry[0] * viaEntry[1] * viaEntry[2], f.measures().invocations(ep));
    return viaEntry;
  }

  @Test
  void localSizeLiteralsWithoutWorkgroupSize() throws Exception {
    Facts f = facts("OpExecutionMode %main LocalSize 1025 1025 65", "", "");
    assertEquals("[1025, 1025, 65]", java.util.Arrays.toString(sizes(f)));
  }

  @Test
  void workgroupSizeConstantTakesPrecedenceOverLocalSize() throws Exception {
    Facts f = facts("OpExecutionMode %main LocalSize 1025 1025 65", "OpDecorate %wgs BuiltIn WorkgroupSize",
        "%wgs = OpConstantComposite %v3uint %uint_2 %uint_1 %uint_1");
    assertEquals("[2, 1, 1]", java.util.Arrays.toString(sizes(f)));
  }

  @Test
  void workgroupSizeSpecConstantCountsWithItsDefault() throws Exception {
    Facts f = facts("OpExecutionMode %main LocalSize 1 1 1",
        "OpDecorate %limit SpecId 0\nOpDecorate %wgs BuiltIn WorkgroupSize",
        "%limit = OpSpecConstant %uint 1025\n%wgs = OpSpecConstantComposite %v3uint %limit %uint_1 %uint_2");
    assertEquals("[1025, 1, 2]", java.util.Arrays.toString(sizes(f)));
  }

  @Test
  void workgroupSizeThroughADecorationGroup() throws Exception {
    Facts f = facts("OpExecutionMode %main LocalSize 64 1 1",
        "OpDecorate %g BuiltIn WorkgroupSize\n%g = OpDecorationGroup\nOpGroupDecorate %g %wgs",
        "%wgs = OpConstantComposite %v3uint %uint_2 %uint_2 %uint_1");
    assertEquals("[2, 2, 1]", java.util.Arrays.toString(sizes(f)));
  }

  @Test
  void workgroupSizeOverridesLocalSizeId() throws Exception {
    Facts f = facts("OpExecutionModeId %main LocalSizeId %uint_2 %uint_2 %uint_2",
        "OpDecorate %wgs BuiltIn WorkgroupSize",
        "%wgs = OpConstantComposite %v3uint %uint_1 %uint_1 %uint_1");
    assertEquals("[1, 1, 1]", java.util.Arrays.toString(sizes(f)));
  }

  @Test
  void localSizeIdSpecConstantsCountWithTheirDefaults() throws Exception {
    Facts f = facts("OpExecutionModeId %main LocalSizeId %x %uint_1 %uint_2", "OpDecorate %x SpecId 3",
        "%x = OpSpecConstant %uint 48");
    assertEquals("[48, 1, 2]", java.util.Arrays.toString(sizes(f)));
  }

  @Test
  void aComputedSizeIsUnknown() throws Exception {
    Facts f = facts("OpExecutionMode %main LocalSize 1 1 1", "OpDecorate %x SpecId 3\nOpDecorate %wgs BuiltIn WorkgroupSize",
        "%x = OpSpecConstant %uint 4\n%y = OpSpecConstantOp %uint IAdd %x %uint_1\n"
            + "%wgs = OpSpecConstantComposite %v3uint %x %y %uint_1");
    assertEquals(4, f.modeParam(mode(f), 0));
    assertThrows(Unknown.class, () -> f.modeParam(mode(f), 1));
    assertThrows(Unknown.class, () -> f.measures().invocations(f.allEntryPoints()[0]));
  }
}
