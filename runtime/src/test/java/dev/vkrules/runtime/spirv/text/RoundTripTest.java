package dev.vkrules.runtime.spirv.text;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.runtime.spirv.ParseResult;
import dev.vkrules.runtime.spirv.SpirvModule;
import dev.vkrules.runtime.spirv.SpirvParser;
import dev.vkrules.runtime.spirv.TestModules;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Disassemble, then assemble: every test module comes back word for word. */
class RoundTripTest {
  @Test
  void disassembleThenAssembleReproducesEveryModule() throws AssemblyException {
    int count = 0;
    for (Path p : TestModules.all()) {
      ParseResult parsed = SpirvParser.parse(TestModules.read(p));
      String text = Disassembler.disassemble(parsed.module());
      int[] again = Assembler.assemble(text);
      assertArrayEquals(parsed.module().words(), again, p.toString());
      count++;
    }
    assertTrue(count >= 22, "modules tried: " + count);
  }

  @Test
  void friendlyNamesAssembleToTheSameInstructions() throws AssemblyException {
    for (Path p : TestModules.all()) {
      SpirvModule m = SpirvParser.parse(TestModules.read(p)).module();
      String text = Disassembler.disassemble(m, true, true);
      ParseResult back = SpirvParser.parse(Assembler.assemble(text));
      assertTrue(back.ok(), p + ": " + back.diagnostics());
      assertEquals(m.instructionCount(), back.module().instructionCount(), p.toString());
      for (int i = 0; i < m.instructionCount(); i++) {
        assertEquals(m.opcode(i), back.module().opcode(i));
        assertEquals(m.instructionWordCount(i), back.module().instructionWordCount(i));
      }
    }
  }

  @Test
  void textWithoutHeaderGetsSpirvAsDefaults() throws AssemblyException {
    int[] w = Assembler.assemble("OpCapability Shader\nOpMemoryModel Logical GLSL450\n%x = OpTypeVoid\n%5 = OpTypeBool\n");
    assertEquals(0x07230203, w[0]);
    assertEquals(Assembler.DEFAULT_VERSION, w[1]);
    assertEquals(6, w[3], "bound is one past the largest id");
    // %x takes the lowest number not written numerically.
    assertEquals(1, w[w.length - 3]);
    assertEquals(5, w[w.length - 1]);
  }

  @Test
  void literalsOfEveryWidth() throws AssemblyException {
    String text = String.join("\n",
        "OpCapability Shader", "OpCapability Int64", "OpCapability Float16", "OpCapability Float64",
        "OpMemoryModel Logical GLSL450",
        "%i64 = OpTypeInt 64 1", "%u32 = OpTypeInt 32 0", "%h = OpTypeFloat 16", "%d = OpTypeFloat 64",
        "%f = OpTypeFloat 32",
        "%1 = OpConstant %i64 -9223372036854775808", "%2 = OpConstant %u32 0xffffffff",
        "%3 = OpConstant %h 0x1.8p+1", "%4 = OpConstant %d 1.0000000000000001e+300",
        "%6 = OpConstant %f 0x1.8p+128", "%7 = OpConstant %f -0x1p-149", "%8 = OpConstant %h 1.5", "");
    SpirvModule m = SpirvParser.parse(Assembler.assemble(text)).module();
    assertEquals(Long.MIN_VALUE, m.operandLiteral(10, 2));
    assertEquals(0xffffffffL, m.operandLiteral(11, 2));
    assertEquals(0x4200, m.operandLiteral(12, 2));
    assertEquals(Double.doubleToLongBits(1.0000000000000001e+300), m.operandLiteral(13, 2));
    assertEquals(0x7fc00000L, m.operandLiteral(14, 2));
    assertEquals(0x80000001L, m.operandLiteral(15, 2));
    assertEquals(0x3e00, m.operandLiteral(16, 2));
    String dis = Disassembler.disassemble(m);
    assertTrue(dis.contains("%1 = OpConstant %5 -9223372036854775808"), dis);
    assertTrue(dis.contains("%3 = OpConstant %10 0x1.8p+1"), dis);
    assertTrue(dis.contains("%6 = OpConstant %12 0x1.8p+128"), dis);
    assertTrue(dis.contains("%7 = OpConstant %12 -0x1p-149"), dis);
  }
}
