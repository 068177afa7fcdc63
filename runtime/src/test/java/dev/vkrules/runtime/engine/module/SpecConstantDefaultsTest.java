package dev.vkrules.runtime.engine.module;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.vkrules.runtime.engine.Facts;
import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.engine.base.Opcodes;
import dev.vkrules.runtime.engine.base.Unknown;
import dev.vkrules.runtime.support.ExampleAssembler;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/**
 * The values integer and Boolean constants have unless a pipeline specializes the module:
 * defaults of specialization constants, OpSpecConstantOp evaluated on them and wrapped to the
 * result's width, unknown where an operation has no value.
 */
class SpecConstantDefaultsTest {
  private static Facts facts(String... constants) throws Exception {
    String asm = String.join("\n",
        "OpCapability Shader", "OpCapability Int64", "OpMemoryModel Logical GLSL450",
        "OpEntryPoint GLCompute %main \"main\"", "OpExecutionMode %main LocalSize 1 1 1",
        "%void = OpTypeVoid", "%fn = OpTypeFunction %void", "%bool = OpTypeBool",
        "%uint = OpTypeInt 32 0", "%int = OpTypeInt 32 1", "%ulong = OpTypeInt 64 0", "%float = OpTypeFloat 32",
        String.join("\n", constants),
        "%main = OpFunction %void None %fn", "%entry = OpLabel", "OpReturn", "OpFunctionEnd") + "\n";
    return new Facts(ModuleIndex.of(ByteBuffer.wrap(ExampleAssembler.assemble(asm, Target.VULKAN_1_3))));
  }

  /** The value of the constant named {@code %name}: the last constant instruction before the function. */
  private static long last(Facts f) {
    int[] starts = f.module().starts;
    int x = -1;
    for (int s : starts) {
      int op = f.opcode(s);
      if (op == Opcodes.OP_CONSTANT || op == 50 || op == 52 || op == 48 || op == 49 || op == 41 || op == 42
          || op == Opcodes.OP_CONSTANT_NULL) {
        x = s;
      }
    }
    return f.defaultValue(x);
  }

  @Test
  void defaultsAndConstants() throws Exception {
    assertEquals(7, last(facts("%x = OpSpecConstant %uint 7")));
    assertEquals(7, last(facts("%x = OpConstant %uint 7")));
    assertEquals(1, last(facts("%x = OpSpecConstantTrue %bool")));
    assertEquals(0, last(facts("%x = OpConstantNull %uint")));
    assertEquals(0x1_0000_0002L, last(facts("%x = OpSpecConstant %ulong 4294967298")));
    assertThrows(Unknown.class, () -> last(facts("%x = OpSpecConstant %float 1.5")));
  }

  @Test
  void operationsOnDefaults() throws Exception {
    String a = "%a = OpSpecConstant %uint 6";
    String b = "%b = OpSpecConstant %uint 4";
    assertEquals(10, last(facts(a, b, "%x = OpSpecConstantOp %uint IAdd %a %b")));
    assertEquals(24, last(facts(a, b, "%x = OpSpecConstantOp %uint IMul %a %b")));
    assertEquals(1, last(facts(a, b, "%x = OpSpecConstantOp %uint UDiv %a %b")));
    assertEquals(96, last(facts(a, b, "%x = OpSpecConstantOp %uint ShiftLeftLogical %a %b")));
    // 4 - 6 wraps to the 32-bit result type
    assertEquals(0xffff_fffeL, last(facts(a, b, "%x = OpSpecConstantOp %uint ISub %b %a")));
    assertEquals(4, last(facts(a, b, "%c = OpSpecConstantOp %bool UGreaterThan %a %b",
        "%x = OpSpecConstantOp %uint Select %c %b %a")));
    // signed comparison reads the bits by the operand's width: -1 < 0
    assertEquals(1, last(facts("%m = OpSpecConstant %int -1", "%z = OpConstant %int 0",
        "%x = OpSpecConstantOp %bool SLessThan %m %z")));
    assertEquals(0, last(facts("%m = OpSpecConstant %int -1", "%z = OpConstant %int 0",
        "%x = OpSpecConstantOp %bool ULessThan %m %z")));
  }

  @Test
  void operationsWithoutAValueAreUnknown() throws Exception {
    String a = "%a = OpSpecConstant %uint 6";
    String zero = "%zero = OpSpecConstant %uint 0";
    String big = "%big = OpConstant %uint 40";
    assertThrows(Unknown.class, () -> last(facts(a, zero, "%x = OpSpecConstantOp %uint UDiv %a %zero")));
    assertThrows(Unknown.class, () -> last(facts(a, zero, "%x = OpSpecConstantOp %uint UMod %a %zero")));
    assertThrows(Unknown.class, () -> last(facts(a, big, "%x = OpSpecConstantOp %uint ShiftLeftLogical %a %big")));
    assertThrows(Unknown.class, () -> last(facts("%f = OpSpecConstant %float 2.0",
        "%x = OpSpecConstantOp %uint Select %f %f %f")));
  }
}
