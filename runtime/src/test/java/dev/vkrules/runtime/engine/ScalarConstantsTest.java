package dev.vkrules.runtime.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.vkrules.runtime.engine.module.ConstantValues;
import dev.vkrules.runtime.engine.module.ModuleIndex;
import dev.vkrules.runtime.spirv.grammar.Op;
import dev.vkrules.runtime.support.ExampleAssembler;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** {@code scalar-constants} and {@code signed-value}: the values of a constant operand (texel offsets). */
class ScalarConstantsTest {
  private static final String MODULE = String.join("\n",
      "OpCapability Shader",
      "OpMemoryModel Logical GLSL450",
      "OpEntryPoint GLCompute %main \"main\"",
      "OpExecutionMode %main LocalSize 1 1 1",
      "%void = OpTypeVoid",
      "%fn = OpTypeFunction %void",
      "%int = OpTypeInt 32 1",
      "%uint = OpTypeInt 32 0",
      "%v2int = OpTypeVector %int 2",
      "%uint_4 = OpConstant %uint 4",
      "%arr = OpTypeArray %v2int %uint_4",
      "%m9 = OpConstant %int -9",
      "%p7 = OpConstant %int 7",
      "%off = OpConstantComposite %v2int %m9 %p7",
      "%null = OpConstantNull %v2int",
      "%offs = OpConstantComposite %arr %off %null %off %off",
      "%spec = OpSpecConstant %int 3",
      "%main = OpFunction %void None %fn",
      "%l = OpLabel",
      "OpReturn",
      "OpFunctionEnd");

  @Test
  void aCompositeGivesItsScalarsInOrderThroughNestedComposites() throws Exception {
    Facts f = facts();
    int[] offs = ConstantValues.scalars(f, nth(f, Op.OpConstantComposite, 1));
    assertEquals(7, offs.length, "three ivec2 of two constants, and one null vector");
    assertArrayEquals(new long[] {-9, 7, 0, -9, 7, -9, 7},
        Arrays.stream(offs).mapToLong(x -> ConstantValues.signedValue(f, x)).toArray());
  }

  @Test
  void aSignedValueIsSignExtendedFromItsWidth() throws Exception {
    Facts f = facts();
    int m9 = nth(f, Op.OpConstant, 1);
    assertEquals(-9, ConstantValues.signedValue(f, m9));
    assertEquals(4, ConstantValues.signedValue(f, nth(f, Op.OpConstant, 0)));
  }

  @Test
  void aSpecializationConstantCountsWithItsDefault() throws Exception {
    Facts f = facts();
    int spec = nth(f, Op.OpSpecConstant, 0);
    assertEquals(1, ConstantValues.scalars(f, spec).length);
    assertEquals(3, ConstantValues.signedValue(f, spec));
  }

  private static int nth(Facts f, int opcode, int n) {
    return Arrays.stream(f.module().starts).filter(s -> f.opcode(s) == opcode).skip(n).findFirst().orElseThrow();
  }

  private static Facts facts() throws Exception {
    return new Facts(ModuleIndex.of(ByteBuffer.wrap(ExampleAssembler.assemble(MODULE, Target.VULKAN_1_3))));
  }
}
