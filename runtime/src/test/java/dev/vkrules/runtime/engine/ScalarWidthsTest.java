package dev.vkrules.runtime.engine;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.runtime.engine.base.Unknown;
import dev.vkrules.runtime.engine.module.ModuleIndex;
import dev.vkrules.runtime.spirv.grammar.Op;
import dev.vkrules.runtime.support.ExampleAssembler;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The widths of the scalars a type contains (the Offset and 16-bit interface rules ask it of every
 * member): made once per type, so shared member types are not walked again, and the same answer
 * whichever type was asked first, also where the nesting is too deep to follow.
 */
class ScalarWidthsTest {
  @Test
  void aStructOfSharedStructsHasTheUnionOfItsMembersWidths() throws Exception {
    Facts f = facts(List.of(
        "%half = OpTypeFloat 16",
        "%float = OpTypeFloat 32",
        "%double = OpTypeFloat 64",
        "%v2 = OpTypeVector %half 2",
        "%inner = OpTypeStruct %float %v2 %float",
        "%outer = OpTypeStruct %inner %inner %double %inner"));
    int inner = nth(f, Op.OpTypeStruct, 0);
    int outer = nth(f, Op.OpTypeStruct, 1);
    // asked inner-first, then outer: the outer answer is built from the memoised inner one
    assertTrue(f.widthsWithin(inner, 16, 32));
    assertFalse(f.containsWidth(inner, 64));
    assertTrue(f.containsWidth(outer, 64));
    assertTrue(f.containsWidth(outer, 16));
    assertFalse(f.widthsWithin(outer, 16, 32));
    assertTrue(f.widthsWithin(outer, 16, 32, 64));
    assertFalse(f.containsWidth(outer, 8));
  }

  @Test
  void nestingDeeperThanTheLimitIsUnknownWhicheverTypeWasAskedFirst() throws Exception {
    // 70 nested arrays of a float: the innermost few are within the limit, the outermost is not
    List<String> types = new ArrayList<>(List.of("%uint = OpTypeInt 32 0", "%n = OpConstant %uint 1",
        "%float = OpTypeFloat 32", "%a0 = OpTypeArray %float %n"));
    for (int i = 1; i < 70; i++) {
      types.add("%a" + i + " = OpTypeArray %a" + (i - 1) + " %n");
    }
    Facts innerFirst = facts(types);
    int shallow = nth(innerFirst, Op.OpTypeArray, 10);
    int deep = nth(innerFirst, Op.OpTypeArray, 69);
    assertDoesNotThrow(() -> innerFirst.containsWidth(shallow, 32));
    assertTrue(innerFirst.containsWidth(shallow, 32));
    assertThrows(Unknown.class, () -> innerFirst.containsWidth(deep, 32));

    Facts deepFirst = facts(types);
    assertThrows(Unknown.class, () -> deepFirst.containsWidth(deep, 32));
    assertThrows(Unknown.class, () -> deepFirst.widthsWithin(deep, 32), "asked again: still unknown");
    assertTrue(deepFirst.containsWidth(nth(deepFirst, Op.OpTypeArray, 10), 32));
  }

  private static int nth(Facts f, int opcode, int n) {
    return Arrays.stream(f.module().starts).filter(s -> f.opcode(s) == opcode).skip(n).findFirst().orElseThrow();
  }

  private static Facts facts(List<String> types) throws Exception {
    List<String> lines = new ArrayList<>(List.of(
        "OpCapability Shader",
        "OpCapability Float16",
        "OpCapability Float64",
        "OpMemoryModel Logical GLSL450",
        "OpEntryPoint GLCompute %main \"main\"",
        "OpExecutionMode %main LocalSize 1 1 1",
        "%void = OpTypeVoid",
        "%fn = OpTypeFunction %void"));
    lines.addAll(types);
    lines.addAll(List.of("%main = OpFunction %void None %fn", "%l = OpLabel", "OpReturn", "OpFunctionEnd"));
    return new Facts(ModuleIndex.of(ByteBuffer.wrap(ExampleAssembler.assemble(String.join("\n", lines), Target.VULKAN_1_3))));
  }
}
