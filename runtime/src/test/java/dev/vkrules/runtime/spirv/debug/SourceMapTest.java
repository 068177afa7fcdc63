package dev.vkrules.runtime.spirv.debug;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.spirv.ParseResult;
import dev.vkrules.runtime.spirv.SpirvModule;
import dev.vkrules.runtime.spirv.SpirvParser;
import dev.vkrules.runtime.support.ExampleAssembler;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The scopes and declarations the two debug-information forms give, instruction by instruction. */
class SourceMapTest {
  static SpirvModule module(String asm) throws Exception {
    ParseResult r = SpirvParser.parse(ExampleAssembler.assemble(asm, Target.VULKAN_1_3));
    assertTrue(r.ok(), r.toString());
    return r.module();
  }

  /** The word offset of the first instruction whose disassembly contains {@code text}, from the {@code k}-th on. */
  static int at(SpirvModule m, String opcodeName, int k) {
    int seen = 0;
    for (int i = 0; i < m.instructionCount(); i++) {
      if (m.info(i) != null && m.info(i).name().equals(opcodeName) && seen++ == k) {
        return m.offset(i);
      }
    }
    throw new AssertionError("no " + opcodeName + " #" + k);
  }

  static final String OPLINE = """
      OpCapability Shader
      OpMemoryModel Logical GLSL450
      OpEntryPoint GLCompute %main "main"
      OpExecutionMode %main LocalSize 1 1 1
      %file = OpString "a.comp"
      %other = OpString "b.glsl"
      OpSource GLSL 450 %file "#version 450\nvoid main() {\n  int x = 1;\n  x = x + 2;\n}\n"
      OpName %main "main"
      OpName %x "x"
      %void = OpTypeVoid
      %fn = OpTypeFunction %void
      %int = OpTypeInt 32 1
      %ptr = OpTypePointer Function %int
      %one = OpConstant %int 1
      %two = OpConstant %int 2
      OpLine %file 2 6
      %main = OpFunction %void None %fn
      %entry = OpLabel
      %x = OpVariable %ptr Function
      OpLine %file 3 3
      OpStore %x %one
      OpNoLine
      %a = OpLoad %int %x
      OpLine %other 7 0
      %b = OpIAdd %int %a %two
      OpBranch %next
      %next = OpLabel
      OpStore %x %b
      OpReturn
      OpFunctionEnd
      """;

  @Test
  void opLineAppliesUntilOpNoLineOrTheEndOfTheBlock() throws Exception {
    SpirvModule m = module(OPLINE);
    SourceMap map = SourceMap.of(m);
    assertTrue(map.hasLines());
    SourceLocation store = map.resolve(at(m, "OpStore", 0)).location();
    assertEquals("a.comp", store.file());
    assertEquals(3, store.line());
    assertEquals(3, store.column());
    assertEquals("  int x = 1;", store.lineText());
    assertEquals("main", store.function());
    // after OpNoLine: no line of its own, so the function's declaration
    SourceLocation load = map.resolve(at(m, "OpLoad", 0)).location();
    assertEquals(2, load.line());
    // another file, without a column and without text
    SourceLocation add = map.resolve(at(m, "OpIAdd", 0)).location();
    assertEquals("b.glsl", add.file());
    assertEquals(7, add.line());
    assertEquals(0, add.column());
    assertNull(add.lineText());
    // the branch ended the block: the next block's store has no line, its function's declaration
    assertEquals(2, map.resolve(at(m, "OpStore", 1)).location().line());
    // a variable declared in the function: the line in effect at its declaration
    Subject x = map.resolve(at(m, "OpVariable", 0)).subject();
    assertEquals(new Subject("variable", "x"), x);
    // the entry point and its execution mode: the entry point's declaration
    SourceMap.Resolved entry = map.resolve(at(m, "OpEntryPoint", 0));
    assertEquals(new Subject("entry point", "main"), entry.subject());
    assertEquals(2, entry.location().line());
    assertEquals(6, entry.location().column());
    assertEquals(2, map.resolve(at(m, "OpExecutionMode", 0)).location().line());
    // module-level instructions: nowhere
    assertNull(map.resolve(at(m, "OpCapability", 0)).location());
    assertNull(map.resolve(at(m, "OpMemoryModel", 0)).location());
  }

  @Test
  void withoutDebugInformationOnlyNames() throws Exception {
    String plain = OPLINE.substring(0, OPLINE.indexOf("%file = OpString")) + OPLINE.substring(OPLINE.indexOf("OpName %main"));
    SpirvModule m = module(plain.replaceAll("(?m)^\\s*(OpLine|OpNoLine).*\n", ""));
    assertFalse(SourceMap.hasDebugInfo(m));
    SourceMap map = SourceMap.of(m);
    assertFalse(map.hasLines());
    assertNull(map.resolve(at(m, "OpStore", 0)).location());
    assertEquals(new Subject("variable", "x"), map.resolve(at(m, "OpStore", 0)).subject());
  }

  static final String DEBUG_INFO = """
      OpCapability Shader
      OpExtension "SPV_KHR_non_semantic_info"
      %dbg = OpExtInstImport "NonSemantic.Shader.DebugInfo.100"
      OpMemoryModel Logical GLSL450
      OpEntryPoint GLCompute %main "main" %data
      OpExecutionMode %main LocalSize 1 1 1
      %file = OpString "k.hlsl"
      %text = OpString "struct S { float a; float b; };\nRWStructuredBuffer<S> data;\nfloat f(float v) { return v * 2; }\n[numthreads(1,1,1)]\nvoid main() {\n  data[0].b = f(data[0].a);\n}\n"
      %sname = OpString "S"
      %aname = OpString "a"
      %bname = OpString "b"
      %fname = OpString "f"
      %mname = OpString "main"
      %dname = OpString "data"
      OpName %S "S"
      OpMemberName %S 0 "a"
      OpMemberName %S 1 "b"
      OpName %data "data"
      OpMemberDecorate %S 0 Offset 0
      OpMemberDecorate %S 1 Offset 4
      OpDecorate %Block Block
      OpMemberDecorate %Block 0 Offset 0
      OpDecorate %rt ArrayStride 8
      %void = OpTypeVoid
      %fn = OpTypeFunction %void
      %uint = OpTypeInt 32 0
      %int = OpTypeInt 32 1
      %float = OpTypeFloat 32
      %S = OpTypeStruct %float %float
      %rt = OpTypeRuntimeArray %S
      %Block = OpTypeStruct %rt
      %ptr = OpTypePointer StorageBuffer %Block
      %fptr = OpTypePointer StorageBuffer %float
      %data = OpVariable %ptr StorageBuffer
      %u0 = OpConstant %uint 0
      %u1 = OpConstant %uint 1
      %u2 = OpConstant %uint 2
      %u3 = OpConstant %uint 3
      %u5 = OpConstant %uint 5
      %u6 = OpConstant %uint 6
      %u12 = OpConstant %uint 12
      %u22 = OpConstant %uint 22
      %u32 = OpConstant %uint 32
      %i0 = OpConstant %int 0
      %i1 = OpConstant %int 1
      %two = OpConstant %float 2
      %src = OpExtInst %void %dbg DebugSource %file %text
      %cu = OpExtInst %void %dbg DebugCompilationUnit %u1 %u5 %src %u5
      %dfloat = OpExtInst %void %dbg DebugTypeBasic %aname %u32 %u3 %u0
      %ma = OpExtInst %void %dbg DebugTypeMember %aname %dfloat %src %u1 %u12 %u0 %u32 %u3
      %mb = OpExtInst %void %dbg DebugTypeMember %bname %dfloat %src %u1 %u22 %u32 %u32 %u3
      %dS = OpExtInst %void %dbg DebugTypeComposite %sname %u1 %src %u1 %u1 %cu %sname %u0 %u3 %ma %mb
      %dty = OpExtInst %void %dbg DebugTypeFunction %u3 %void
      %df = OpExtInst %void %dbg DebugFunction %fname %dty %src %u3 %u1 %cu %fname %u3 %u3
      %dmain = OpExtInst %void %dbg DebugFunction %mname %dty %src %u5 %u6 %cu %mname %u3 %u5
      %dep = OpExtInst %void %dbg DebugEntryPoint %dmain %cu %mname %mname
      %dvar = OpExtInst %void %dbg DebugGlobalVariable %dname %dS %src %u2 %u22 %cu %dname %data %u3
      %inl = OpExtInst %void %dbg DebugInlinedAt %u6 %dmain
      %main = OpFunction %void None %fn
      %entry = OpLabel
      %d0 = OpExtInst %void %dbg DebugFunctionDefinition %dmain %main
      %s0 = OpExtInst %void %dbg DebugScope %df %inl
      %l0 = OpExtInst %void %dbg DebugLine %src %u3 %u3 %u22 %u22
      %pa = OpAccessChain %fptr %data %i0 %i0 %i0
      %va = OpLoad %float %pa
      %vm = OpFMul %float %va %two
      %s1 = OpExtInst %void %dbg DebugScope %dmain
      %l1 = OpExtInst %void %dbg DebugLine %src %u6 %u6 %u3 %u3
      %pb = OpAccessChain %fptr %data %i0 %i0 %i1
      %n0 = OpExtInst %void %dbg DebugNoLine
      OpStore %pb %vm
      OpReturn
      OpFunctionEnd
      """;

  @Test
  void debugInfoLinesScopesInliningAndDeclarations() throws Exception {
    SpirvModule m = module(DEBUG_INFO);
    SourceMap map = SourceMap.of(m);
    // inlined code: the callee's line, its function, the call site it was inlined at
    SourceLocation mul = map.resolve(at(m, "OpFMul", 0)).location();
    assertEquals(3, mul.line());
    assertEquals(22, mul.column());
    assertEquals("f", mul.function());
    assertEquals(List.of(new SourceLocation.Frame("k.hlsl", 6, 0, "main")), mul.inlinedAt());
    // back in main's own scope
    SourceMap.Resolved b = map.resolve(at(m, "OpAccessChain", 1));
    assertEquals(6, b.location().line());
    assertEquals("main", b.location().function());
    assertTrue(b.location().inlinedAt().isEmpty());
    assertEquals(new Subject("variable", "data"), b.subject());
    // after DebugNoLine: main's declaration (DebugFunction, through DebugFunctionDefinition)
    SourceLocation store = map.resolve(at(m, "OpStore", 0)).location();
    assertEquals(5, store.line());
    assertEquals(6, store.column());
    // the global: DebugGlobalVariable's line
    SourceMap.Resolved data = map.resolve(at(m, "OpVariable", 0));
    assertEquals(new Subject("variable", "data"), data.subject());
    assertEquals(2, data.location().line());
    assertEquals(22, data.location().column());
    // a member decoration: the member's DebugTypeMember, named Block.member
    SourceMap.Resolved member = map.resolve(at(m, "OpMemberDecorate", 1));
    assertEquals(new Subject("member", "S.b"), member.subject());
    assertEquals(1, member.location().line());
    assertEquals(22, member.location().column());
    assertEquals("struct S { float a; float b; };", member.location().lineText());
    // a decoration of an unnamed type: no subject
    assertNull(map.resolve(at(m, "OpDecorate", 1)).subject());
  }

  @Test
  void anEntryPointWithoutDebugFunctionDefinitionTakesItsDebugEntryPoint() throws Exception {
    SpirvModule m = module(DEBUG_INFO.replace("%d0 = OpExtInst %void %dbg DebugFunctionDefinition %dmain %main\n", ""));
    SourceLocation entry = SourceMap.of(m).resolve(at(m, "OpEntryPoint", 0)).location();
    assertEquals(5, entry.line());
    assertEquals(6, entry.column());
    // without DebugEntryPoint either: the function's first line
    SpirvModule bare = module(DEBUG_INFO.replace("%d0 = OpExtInst %void %dbg DebugFunctionDefinition %dmain %main\n", "")
        .replace("%dep = OpExtInst %void %dbg DebugEntryPoint %dmain %cu %mname %mname\n", ""));
    assertEquals(3, SourceMap.of(bare).resolve(at(bare, "OpEntryPoint", 0)).location().line());
  }

  @Test
  void brokenDebugInstructionsPlaceNothingAndThrowNothing() throws Exception {
    // DebugLine naming a string where a DebugSource belongs, a line that is no constant, a scope that is no scope
    String broken = DEBUG_INFO.replace("DebugLine %src %u3 %u3 %u22 %u22", "DebugLine %file %u3 %u3 %u22 %u22")
        .replace("DebugLine %src %u6 %u6 %u3 %u3", "DebugLine %src %two %u6 %u3 %u3")
        .replace("DebugScope %df %inl", "DebugScope %u0 %u1")
        .replace("DebugInlinedAt %u6 %dmain", "DebugInlinedAt %u0 %u0")
        .replace("DebugGlobalVariable %dname %dS %src %u2", "DebugGlobalVariable %dname %dS %file %u2");
    SpirvModule m = module(broken);
    SourceMap map = SourceMap.of(m);
    for (int i = 0; i < m.instructionCount(); i++) {
      map.resolve(m.offset(i));
    }
    // no line of its own: the function's declaration
    assertEquals(5, map.resolve(at(m, "OpFMul", 0)).location().line());
    assertTrue(map.resolve(at(m, "OpFMul", 0)).location().inlinedAt().isEmpty());
  }

  @Test
  void lineDirectivesNumberTheEmbeddedText() throws Exception {
    String asm = OPLINE.replace("\n  int x = 1;\n  x = x + 2;", "\n#line 40\n  int x = 1;\n  x = x + 2;")
        .replace("OpLine %file 3 3", "OpLine %file 40 3");
    SpirvModule m = module(asm);
    SourceLocation store = SourceMap.of(m).resolve(at(m, "OpStore", 0)).location();
    assertEquals(40, store.line());
    assertEquals("  int x = 1;", store.lineText());
  }

  @Test
  void namesAreFoundAsTheyAreDeclared() {
    assertArrayEquals(new int[] {3, 14}, Identifiers.find("// tile\n/* tile */\nshared float tile[4];", "tile"));
    assertNull(Identifiers.find("#define tile 4\n\"tile\"\ntiles;", "tile"));
    assertEquals(2, Identifiers.find("x tiles;\nfloat tile;", "tile")[0]);
  }
}
