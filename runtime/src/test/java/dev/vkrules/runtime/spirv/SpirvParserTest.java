package dev.vkrules.runtime.spirv;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.runtime.spirv.grammar.AddressingModel;
import dev.vkrules.runtime.spirv.grammar.BuiltIn;
import dev.vkrules.runtime.spirv.grammar.Capability;
import dev.vkrules.runtime.spirv.grammar.Decoration;
import dev.vkrules.runtime.spirv.grammar.GlslStd450;
import dev.vkrules.runtime.spirv.grammar.MemoryAccess;
import dev.vkrules.runtime.spirv.grammar.MemoryModel;
import dev.vkrules.runtime.spirv.grammar.Op;
import dev.vkrules.runtime.spirv.grammar.Versions;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SpirvParserTest {
  static final int V13 = Versions.of(1, 3);

  private static List<String> kinds(SpirvModule m, int inst) {
    List<String> out = new ArrayList<>();
    for (int k = 0; k < m.operandCount(inst); k++) {
      out.add(m.operandKind(inst, k).name());
    }
    return out;
  }

  private static Words preamble(int bound) {
    return Words.header(V13, bound)
        .op(Op.OpCapability, Capability.Shader)
        .op(Op.OpMemoryModel, AddressingModel.Logical, MemoryModel.GLSL450);
  }

  @Test
  void everyTestShaderParsesWithoutProblemsAndCoversEveryWord() {
    List<Path> modules = TestModules.all();
    assertTrue(modules.size() >= 21, "test shaders present");
    for (Path p : modules) {
      ParseResult r = SpirvParser.parse(TestModules.read(p));
      assertTrue(r.ok(), p + ": " + r.diagnostics());
      SpirvModule m = r.module();
      int covered = SpirvModule.HEADER_WORDS;
      for (int i = 0; i < m.instructionCount(); i++) {
        assertEquals(covered, m.offset(i));
        covered = m.end(i);
        int id = m.resultId(i);
        if (id != 0) {
          assertEquals(i, m.definition(id), p + " definition of %" + id);
        }
        if (m.opcode(i) == Op.OpExtInst) {
          assertNotNull(m.extInstInfo(i), p + " OpExtInst at word " + m.offset(i));
        }
        // Operands lie inside the instruction, in order, with no gaps at the end.
        int last = m.offset(i);
        for (int k = 0; k < m.operandCount(i); k++) {
          assertTrue(m.operandOffset(i, k) > last);
          last = m.operandOffset(i, k);
        }
        if (m.operandCount(i) > 0) {
          int k = m.operandCount(i) - 1;
          assertEquals(m.end(i), m.operandOffset(i, k) + m.operandWords(i, k));
        }
      }
      assertEquals(m.wordCount(), covered);
    }
  }

  @Test
  void bigEndianModulesReadTheSame() {
    for (Path p : TestModules.all()) {
      byte[] little = TestModules.read(p);
      ByteBuffer in = ByteBuffer.wrap(little).order(ByteOrder.LITTLE_ENDIAN);
      ByteBuffer out = ByteBuffer.allocate(little.length).order(ByteOrder.BIG_ENDIAN);
      while (in.hasRemaining()) {
        out.putInt(in.getInt());
      }
      ParseResult a = SpirvParser.parse(little);
      ParseResult b = SpirvParser.parse(out.array());
      assertTrue(b.ok(), p + ": " + b.diagnostics());
      assertArrayEquals(a.module().words(), b.module().words());
    }
  }

  @Test
  void truncatedInstructionNamesItsWordOffset() {
    int[] w = preamble(10).raw((9 << 16) | Op.OpNop, 1, 2, 3).words();
    ParseResult r = SpirvParser.parse(w);
    assertEquals("instruction at word 10 claims 9 words but 4 remain", r.firstError());
    assertEquals(2, r.module().instructionCount());
  }

  @Test
  void zeroWordCountStopsTheParse() {
    ParseResult r = SpirvParser.parse(preamble(10).raw(Op.OpNop).words());
    assertEquals("instruction at word 10 has a word count of 0", r.firstError());
  }

  @Test
  void headerProblems() {
    assertEquals("module of 3 words is shorter than the 5-word header at word 0",
        SpirvParser.parse(new int[] {SpirvParser.MAGIC, 0, 0}).firstError());
    assertEquals("bad magic number 0x12345678 at word 0",
        SpirvParser.parse(new int[] {0x12345678, V13, 0, 1, 0}).firstError());
    assertEquals("unsupported version 0x00010700 at word 1",
        SpirvParser.parse(new int[] {SpirvParser.MAGIC, Versions.of(1, 7), 0, 1, 0}).firstError());
    assertEquals("schema 3 is not 0 at word 4",
        SpirvParser.parse(new int[] {SpirvParser.MAGIC, V13, 0, 1, 3}).firstError());
    assertEquals("module size of 22 bytes is not a multiple of 4 at word 5",
        SpirvParser.parse(new byte[] {3, 2, 0x23, 7, 0, 3, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0})
            .firstError());
  }

  /**
   * A file that is not a SPIR-V binary gets one message saying what it looks like and what to do.
   * The inputs are real: the assembly text our disassembler writes for a corpus module, and the
   * GLSL and HLSL sources the modern corpus is compiled from.
   */
  @Test
  void aFileThatIsNotSpirvSaysWhatItLooksLike() throws Exception {
    java.nio.file.Path root = java.nio.file.Path.of("").toAbsolutePath();
    while (!java.nio.file.Files.isDirectory(root.resolve("examples"))) {
      root = root.getParent();
    }
    byte[] module;
    try (var s = java.nio.file.Files.walk(root.resolve("examples/shaders"))) {
      module = java.nio.file.Files.readAllBytes(s.filter(p -> p.toString().endsWith(".spv")).sorted().findFirst().orElseThrow());
    }
    byte[] assembly = dev.vkrules.runtime.spirv.text.Disassembler.disassemble(SpirvParser.parse(module).module())
        .getBytes(java.nio.charset.StandardCharsets.UTF_8);
    assertEquals(List.of("SPIR-V assembly text, not a binary: assemble it first (vkrules as FILE -o FILE.spv)"),
        messages(assembly));
    for (String[] kind : new String[][] {{"glsl", "GLSL source, not a SPIR-V binary: compile it first"},
        {"hlsl", "HLSL source, not a SPIR-V binary: compile it first"}}) {
      List<java.nio.file.Path> sources;
      try (var s = java.nio.file.Files.walk(root.resolve("examples/modern"))) {
        sources = s.filter(p -> sourceKind(p).equals(kind[0])).toList();
      }
      for (java.nio.file.Path source : sources) {
        List<String> m = messages(java.nio.file.Files.readAllBytes(source));
        assertEquals(1, m.size(), source + ": " + m);
        assertTrue(m.get(0).startsWith(kind[1]), source + ": " + m);
      }
    }
    assertEquals(List.of("empty file, not a SPIR-V binary"), messages(new byte[0]));
    assertEquals(List.of("bad magic number 0x04030201 at word 0 (a SPIR-V binary starts with 0x07230203)"),
        messages(new byte[] {1, 2, 3, 4, 0, 0, 0, 0, 5, 6, 7}));
    // a big-endian module is still a module
    byte[] swapped = module.clone();
    for (int i = 0; i + 3 < swapped.length; i += 4) {
      byte a = swapped[i];
      byte b = swapped[i + 1];
      swapped[i] = swapped[i + 3];
      swapped[i + 1] = swapped[i + 2];
      swapped[i + 2] = b;
      swapped[i + 3] = a;
    }
    assertTrue(SpirvParser.parse(swapped).ok(), SpirvParser.parse(swapped).firstError());
  }

  private static List<String> messages(byte[] bytes) {
    return SpirvParser.parse(bytes).diagnostics().stream().map(ParseProblem::message).toList();
  }

  private static String sourceKind(java.nio.file.Path p) {
    String n = p.getFileName().toString();
    return n.endsWith(".hlsl") ? "hlsl" : n.matches(".*\\.(vert|frag|comp|geom|tesc|tese|mesh|task|rgen|rchit|rmiss|rahit|rint|rcall|glsl)$") ? "glsl" : "";
  }

  @Test
  void versionsOneZeroToOneSixAreAccepted() {
    for (int minor = 0; minor <= 6; minor++) {
      assertTrue(SpirvParser.parse(new int[] {SpirvParser.MAGIC, Versions.of(1, minor), 0, 1, 0}).ok());
    }
  }

  @Test
  void aHugeBoundDoesNotAllocateForIt() {
    int big = 0xfffffff0;
    int[] w = Words.header(V13, 0xffffffff)
        .op(Op.OpCapability, Capability.Shader)
        .op(Op.OpMemoryModel, AddressingModel.Logical, MemoryModel.GLSL450)
        .op(Op.OpTypeVoid, big)
        .words();
    ParseResult r = SpirvParser.parse(w);
    assertTrue(r.ok(), r.diagnostics().toString());
    assertEquals(2, r.module().definition(big));
  }

  @Test
  void idsAtOrAboveTheBoundAndDuplicatesAreReported() {
    ParseResult r = SpirvParser.parse(preamble(5).op(Op.OpTypeVoid, 5).words());
    assertEquals("result id 5 is not in 1..4 at word 11", r.firstError());
    r = SpirvParser.parse(preamble(5).op(Op.OpTypeVoid, 3).op(Op.OpTypeBool, 3).words());
    assertEquals("id %3 is defined twice, first at word 10, again at word 13", r.firstError());
  }

  @Test
  void idOperandsOutsideTheBoundAreReported() {
    assertEquals("OpTypePointer at word 13 names IdRef %7, not in 1..4, at word 16",
        SpirvParser.parse(preamble(5).op(Op.OpTypeFloat, 1, 32).op(Op.OpTypePointer, 2, 2, 7).words())
            .firstError());
    assertEquals("OpTypePointer at word 13 names IdRef %0, not in 1..4, at word 16",
        SpirvParser.parse(preamble(5).op(Op.OpTypeFloat, 1, 32).op(Op.OpTypePointer, 2, 2, 0).words())
            .firstError());
    // Ids of 2^31 and above are legal under a bound that allows them.
    assertTrue(SpirvParser.parse(preamble(0xffffffff).op(Op.OpTypeFloat, 0x80000000, 32)
        .op(Op.OpTypePointer, 0xfffffffe, 2, 0x80000000).words()).ok());
  }

  @Test
  void unknownOpcodesAndEnumerantsAreReportedNotGuessed() {
    assertEquals("unknown opcode 4095 at word 10",
        SpirvParser.parse(preamble(5).raw((1 << 16) | 4095).words()).firstError());
    assertEquals("unknown StorageClass 4444 at word 15",
        SpirvParser.parse(preamble(5).op(Op.OpTypeFloat, 1, 32).op(Op.OpTypePointer, 2, 4444, 1).words())
            .firstError());
    assertEquals("unknown MemoryAccess bits 0x40000000 at word 14",
        SpirvParser.parse(preamble(9).op(Op.OpLoad, 1, 2, 3, 0x40000000).words()).firstError());
  }

  @Test
  void missingOperandsAndUnterminatedStrings() {
    assertEquals("OpTypePointer at word 10 is missing operand 'Type' (IdRef) at word 13",
        SpirvParser.parse(preamble(5).op(Op.OpTypePointer, 2, 7).words()).firstError());
    assertEquals("OpName at word 10 has a string without a terminating nul at word 12",
        SpirvParser.parse(preamble(5).op(Op.OpName, 1, 0x41414141).words()).firstError());
    assertEquals("OpTypeVoid has 2 words after its last operand at word 12",
        SpirvParser.parse(preamble(5).op(Op.OpTypeVoid, 1, 7, 7).words()).firstError());
  }

  @Test
  void enumerantAndMaskParametersBecomeOperands() {
    SpirvModule m = SpirvParser.parse(preamble(10)
        .op(Op.OpDecorate, 4, Decoration.BuiltIn, BuiltIn.Position)
        .op(Op.OpLoad, 1, 2, 3, MemoryAccess.Aligned | MemoryAccess.Nontemporal, 16)
        .words()).module();
    assertEquals(List.of("IdRef", "Decoration", "BuiltIn"), kinds(m, 2));
    assertEquals(List.of("IdResultType", "IdResult", "IdRef", "MemoryAccess", "LiteralInteger"), kinds(m, 3));
    assertEquals(16, m.operandWord(3, 4));
  }

  @Test
  void wideConstantsAndSwitchLiteralsFollowTheirType() {
    ParseResult r = SpirvParser.parse(preamble(20)
        .op(Op.OpTypeInt, 1, 64, 1)
        .op(Op.OpConstant, 1, 2, 0x89abcdef, 0x01234567)
        .op(Op.OpTypeFloat, 3, 16)
        .op(Op.OpConstant, 3, 4, 0x3c00)
        .op(Op.OpSwitch, 2, 5, 7, 0, 6, 8, 1, 9)
        .words());
    assertTrue(r.ok(), r.diagnostics().toString());
    SpirvModule m = r.module();
    assertEquals(2, m.operandWords(3, 2));
    assertEquals(0x0123456789abcdefL, m.operandLiteral(3, 2));
    assertEquals(1, m.operandWords(5, 2));
    assertEquals(List.of("IdRef", "IdRef", "LiteralInteger", "IdRef", "LiteralInteger", "IdRef"), kinds(m, 6));
    assertEquals(2, m.operandWords(6, 2));
    assertEquals(1L << 32 | 8, m.operandLiteral(6, 4));
  }

  @Test
  void extInstOperandsFollowTheImportedSet() {
    ParseResult r = SpirvParser.parse(preamble(20)
        .op(Op.OpExtInstImport, 1, "GLSL.std.450")
        .op(Op.OpExtInstImport, 2, "NonSemantic.Unknown.Thing")
        .op(Op.OpExtInst, 3, 4, 1, GlslStd450.FMix, 5, 6, 7)
        .op(Op.OpExtInst, 3, 8, 2, 99, 5, 6)
        .words());
    assertTrue(r.ok(), r.diagnostics().toString());
    SpirvModule m = r.module();
    assertEquals("FMix", m.extInstInfo(4).name());
    assertEquals(List.of("IdResultType", "IdResult", "IdRef", "LiteralExtInstInteger", "IdRef", "IdRef", "IdRef"),
        kinds(m, 4));
    assertEquals(6, m.operandCount(5));
    assertEquals("NonSemantic.Unknown.Thing", m.extInstSetName(5));

    r = SpirvParser.parse(preamble(20).op(Op.OpExtInstImport, 1, "Mystery.std")
        .op(Op.OpExtInst, 3, 4, 1, 1, 5).words());
    assertEquals("unknown extended instruction set \"Mystery.std\" at word 18", r.firstError());
    r = SpirvParser.parse(preamble(20).op(Op.OpExtInstImport, 1, "GLSL.std.450")
        .op(Op.OpExtInst, 3, 4, 1, 9999, 5).words());
    assertEquals("unknown extended instruction 9999 of GLSL.std.450 at word 20", r.firstError());
    r = SpirvParser.parse(preamble(20).op(Op.OpExtInstImport, 1, "GLSL.std.450")
        .op(Op.OpExtInst, 3, 4, 1, GlslStd450.FMix, 5).words());
    assertFalse(r.ok());
    assertTrue(r.firstError().startsWith("OpExtInst FMix at word 16 is missing operand"), r.firstError());
  }

  @Test
  void specConstantOpOperandsFollowTheInnerOpcode() {
    ParseResult r = SpirvParser.parse(preamble(20)
        .op(Op.OpSpecConstantOp, 1, 2, Op.OpIAdd, 3, 4)
        .op(Op.OpSpecConstantOp, 1, 5, Op.OpCompositeExtract, 3, 0, 1)
        .op(Op.OpSpecConstantOp, 1, 6, 4095, 3)
        .words());
    SpirvModule m = r.module();
    assertEquals(List.of("IdResultType", "IdResult", "LiteralSpecConstantOpInteger", "IdRef", "IdRef"), kinds(m, 2));
    assertEquals(List.of("IdResultType", "IdResult", "LiteralSpecConstantOpInteger", "IdRef", "LiteralInteger",
        "LiteralInteger"), kinds(m, 3));
    assertEquals("unknown opcode 4095 in OpSpecConstantOp at word 26", r.firstError());
    assertEquals(1, r.totalDiagnostics());
  }

  @Test
  void diagnosticsAreCappedButCounted() {
    Words w = preamble(5);
    for (int i = 0; i < 500; i++) {
      w.raw((1 << 16) | 4095);
    }
    ParseResult r = SpirvParser.parse(w.words());
    assertEquals(SpirvParser.MAX_DIAGNOSTICS, r.diagnostics().size());
    assertEquals(500, r.totalDiagnostics());
  }
}
