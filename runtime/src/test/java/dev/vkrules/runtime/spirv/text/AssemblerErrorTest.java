package dev.vkrules.runtime.spirv.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** Bad assembly text is reported with line and column, never with an exception of another kind. */
class AssemblerErrorTest {
  private static String error(String text) {
    return assertThrows(AssemblyException.class, () -> Assembler.assemble(text)).getMessage();
  }

  @Test
  void unknownOpcode() {
    assertEquals("unknown opcode OpFrobnicate at line 2, column 3", error("OpCapability Shader\n  OpFrobnicate %1\n"));
  }

  @Test
  void notAnInstruction() {
    assertEquals("expected an opcode, got 'Shader' at line 1, column 1", error("Shader"));
  }

  @Test
  void missingAndUnexpectedOperands() {
    assertEquals("OpTypePointer is missing operand 'Type' at line 1, column 6", error("%p = OpTypePointer Input"));
    assertEquals("unexpected operand '%3' for OpTypeVoid at line 1, column 17", error("%v = OpTypeVoid %3"));
  }

  @Test
  void resultIdMismatch() {
    assertEquals("OpTypeVoid needs a result id ('%name = OpTypeVoid') at line 1, column 1", error("OpTypeVoid"));
    assertEquals("OpCapability has no result id at line 1, column 6", error("%x = OpCapability Shader"));
  }

  @Test
  void badEnumerantsAndLiterals() {
    assertEquals("unknown Capability 'Shady' at line 1, column 14", error("OpCapability Shady"));
    assertEquals("integer 300 does not fit in 8 unsigned bits at line 2, column 20",
        error("%c = OpTypeInt 8 0\n%k = OpConstant %c 300"));
    assertEquals("expected a floating-point number, got 'abc' at line 2, column 20",
        error("%f = OpTypeFloat 32\n%k = OpConstant %f abc"));
    assertEquals("unknown ImageOperands 'Bogus' at line 1, column 28",
        error("%r = OpImageFetch %t %i %c Lod|Bogus"));
  }

  @Test
  void unterminatedStringAndBadIds() {
    assertEquals("unterminated string at line 1, column 15", error("OpSourceExtension \"abc".replace("OpSourceExtension", "OpExtension  ")));
    assertEquals("id %0 is not in 1..4294967294 at line 1, column 1", error("%0 = OpTypeVoid"));
    assertEquals("expected an id name after % at line 1, column 14", error("OpEntryPoint % "));
  }

  @Test
  void unknownExtendedInstruction() {
    assertEquals("unknown extended instruction 'Frob' of GLSL.std.450 at line 2, column 22",
        error("%1 = OpExtInstImport \"GLSL.std.450\"\n%r = OpExtInst %t %1 Frob %x"));
  }

  /** Found by AssemblerFuzzTest: a string token quoted in a message ran over two lines. */
  @Test
  void quotedInputStaysOnOneLine() {
    assertEquals("unknown ExecutionModel '\"a\\nb\"' at line 1, column 14", error("OpEntryPoint \"a\nb\""));
    String longName = "%" + "x".repeat(10_000);
    String message = error("OpCapability " + longName);
    assertEquals("unknown Capability '" + longName.substring(0, AssemblyException.MAX_WHAT - 20) + "... at line 1, column 14",
        message);
  }
}
