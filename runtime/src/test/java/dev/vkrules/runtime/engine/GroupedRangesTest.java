package dev.vkrules.runtime.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.runtime.engine.base.Unknown;
import dev.vkrules.runtime.engine.module.ModuleIndex;
import dev.vkrules.runtime.spirv.grammar.Decoration;
import dev.vkrules.runtime.support.ExampleAssembler;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/**
 * What a {@code group} over input attachment variables reads (VUID-RuntimeSpirv-OpEntryPoint-08727):
 * the elements its {@code where} selects, the indices an array takes ({@code array-length}), a
 * variable's own decoration value ({@code effective(D)}), and ranges of indices that must not
 * overlap.
 */
class GroupedRangesTest {
  private static final String MODULE = String.join("\n",
      "OpCapability Shader",
      "OpCapability InputAttachment",
      "OpCapability RuntimeDescriptorArray",
      "OpMemoryModel Logical GLSL450",
      "OpEntryPoint Fragment %main \"main\"",
      "OpExecutionMode %main OriginUpperLeft",
      "OpDecorate %single InputAttachmentIndex 4",
      "OpDecorate %n SpecId 0",
      "%void = OpTypeVoid",
      "%fn = OpTypeFunction %void",
      "%float = OpTypeFloat 32",
      "%uint = OpTypeInt 32 0",
      "%uint_2 = OpConstant %uint 2",
      "%uint_3 = OpConstant %uint 3",
      "%n = OpSpecConstant %uint 2",
      "%sub = OpTypeImage %float SubpassData 0 0 0 2 Unknown",
      "%a3 = OpTypeArray %sub %uint_3",
      "%a23 = OpTypeArray %a3 %uint_2",
      "%spec = OpTypeArray %sub %n",
      "%rt = OpTypeRuntimeArray %sub",
      "%p_sub = OpTypePointer UniformConstant %sub",
      "%p_a23 = OpTypePointer UniformConstant %a23",
      "%p_spec = OpTypePointer UniformConstant %spec",
      "%p_rt = OpTypePointer UniformConstant %rt",
      "%single = OpVariable %p_sub UniformConstant",
      "%nested = OpVariable %p_a23 UniformConstant",
      "%specsized = OpVariable %p_spec UniformConstant",
      "%runtime = OpVariable %p_rt UniformConstant",
      "%main = OpFunction %void None %fn",
      "%entry = OpLabel",
      "OpReturn",
      "OpFunctionEnd", "");

  @Test
  void arrayLengthMultipliesTheLayersAndIsOneForNoArray() throws Exception {
    Facts f = facts();
    int[] v = f.globalVariables();
    assertEquals(1, f.arrayLength(f.pointee(v[0])));
    assertEquals(6, f.arrayLength(f.pointee(v[1])), "an array of 2 arrays of 3");
    assertThrows(Unknown.class, () -> f.arrayLength(f.pointee(v[2])), "a specialization constant may be changed");
    assertThrows(Unknown.class, () -> f.arrayLength(f.pointee(v[3])), "a runtime array has no length");
  }

  @Test
  void effectiveOnAVariableIsItsOwnDecoration() throws Exception {
    Facts f = facts();
    int[] v = f.globalVariables();
    assertEquals(4, f.effective(v[0], Decoration.InputAttachmentIndex));
    assertThrows(Unknown.class, () -> f.effective(v[1], Decoration.InputAttachmentIndex));
  }

  @Test
  void selectKeepsWhatDefinitelyHolds() throws Exception {
    Facts f = facts();
    int[] v = f.globalVariables();
    assertArrayEquals(new int[] {v[0]}, Logic.select(v, x -> f.decorated(x, Decoration.InputAttachmentIndex)));
    // an element whose test is unknown is left out, as count leaves it out
    assertArrayEquals(new int[] {v[0], v[1]}, Logic.select(v, x -> f.arrayLength(f.pointee(x)) > 0));
    assertArrayEquals(v, Logic.select(v, x -> true));
  }

  @Test
  void rangesOfOneKeyMustNotOverlap() {
    int[] elements = {0, 1, 2};
    long[] starts = {0, 2, 1};
    long[] sizes = {2, 1, 1};
    // [0, 2) and [2, 3) meet without overlapping; [1, 2) overlaps [0, 2) unless it has its own key
    assertTrue(Logic.groupDisjoint(new int[] {0, 1}, x -> 0, x -> starts[x], x -> sizes[x]));
    assertFalse(Logic.groupDisjoint(elements, x -> 0, x -> starts[x], x -> sizes[x]));
    assertTrue(Logic.groupDisjoint(elements, x -> x == 2 ? 1 : 0, x -> starts[x], x -> sizes[x]));
    // a range too long for a long's end still covers what follows its start
    assertFalse(Logic.groupDisjoint(new int[] {0, 1}, x -> 0, x -> x == 0 ? 5 : 1L << 40,
        x -> x == 0 ? Long.MAX_VALUE : 1));
  }

  private static Facts facts() throws Exception {
    return new Facts(ModuleIndex.of(ByteBuffer.wrap(ExampleAssembler.assemble(MODULE, Target.VULKAN_1_3))));
  }
}
