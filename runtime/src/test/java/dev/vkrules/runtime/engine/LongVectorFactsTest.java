package dev.vkrules.runtime.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.runtime.engine.base.Unknown;
import dev.vkrules.runtime.engine.layout.TypeTree;
import dev.vkrules.runtime.engine.module.ModuleIndex;
import dev.vkrules.runtime.spirv.grammar.Op;
import dev.vkrules.runtime.support.ExampleAssembler;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** Long vectors (OpTypeVectorIdEXT, SPV_EXT_long_vector) are vectors to the type fields: their count is an id. */
class LongVectorFactsTest {
  private static final String MODULE = String.join("\n",
      "OpCapability Shader",
      "OpCapability LongVectorEXT",
      "OpCapability Float16",
      "OpExtension \"SPV_EXT_long_vector\"",
      "OpMemoryModel Logical GLSL450",
      "OpEntryPoint GLCompute %main \"main\"",
      "OpExecutionMode %main LocalSize 1 1 1",
      "OpDecorate %spec SpecId 0",
      "%void = OpTypeVoid",
      "%fn = OpTypeFunction %void",
      "%half = OpTypeFloat 16",
      "%uint = OpTypeInt 32 0",
      "%uint_7 = OpConstant %uint 7",
      "%spec = OpSpecConstant %uint 9",
      "%long = OpTypeVectorIdEXT %half %uint_7",
      "%specsized = OpTypeVectorIdEXT %uint %spec",
      "%s = OpTypeStruct %long %uint",
      "%main = OpFunction %void None %fn",
      "%l = OpLabel",
      "OpReturn",
      "OpFunctionEnd");

  @Test
  void aConstantCountIsTheComponentCount() throws Exception {
    Facts f = facts();
    int v = nth(f, Op.OpTypeVectorIdEXT, 0);
    assertEquals(7, f.components(v));
    assertEquals(nth(f, Op.OpTypeFloat, 0), f.element(v));
    assertEquals(nth(f, Op.OpTypeFloat, 0), f.scalar(v));
    assertEquals(16, f.width(v));
    assertEquals(14, f.size(v), "seven 2-byte components");
  }

  @Test
  void aSpecializationConstantCountIsUnknown() throws Exception {
    Facts f = facts();
    int v = nth(f, Op.OpTypeVectorIdEXT, 1);
    assertThrows(Unknown.class, () -> f.components(v));
    assertEquals(32, f.width(v), "the component type is known whatever the count");
  }

  @Test
  void containedTypesAndWidthsLookInsideLongVectors() throws Exception {
    Facts f = facts();
    int s = nth(f, Op.OpTypeStruct, 0);
    assertArrayEquals(new int[] {s, nth(f, Op.OpTypeVectorIdEXT, 0), nth(f, Op.OpTypeInt, 0), nth(f, Op.OpTypeFloat, 0)},
        TypeTree.contained(f, s), "the struct, its members, then the long vector's component type");
    assertTrue(f.containsWidth(s, 16));
    assertFalse(f.widthsWithin(s, 32, 64));
    assertEquals(2, f.largestScalarSize(nth(f, Op.OpTypeVectorIdEXT, 0)));
  }

  private static int nth(Facts f, int opcode, int n) {
    return Arrays.stream(f.module().starts).filter(s -> f.opcode(s) == opcode).skip(n).findFirst().orElseThrow();
  }

  private static Facts facts() throws Exception {
    return new Facts(ModuleIndex.of(ByteBuffer.wrap(ExampleAssembler.assemble(MODULE, Target.VULKAN_1_3))));
  }
}
