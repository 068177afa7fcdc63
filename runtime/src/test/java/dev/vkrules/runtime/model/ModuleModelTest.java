package dev.vkrules.runtime.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.runtime.spirv.TestModules;
import dev.vkrules.runtime.spirv.grammar.AddressingModel;
import dev.vkrules.runtime.spirv.grammar.Capability;
import dev.vkrules.runtime.spirv.grammar.Decoration;
import dev.vkrules.runtime.spirv.grammar.ExecutionMode;
import dev.vkrules.runtime.spirv.grammar.ExecutionModel;
import dev.vkrules.runtime.spirv.grammar.MemoryModel;
import dev.vkrules.runtime.spirv.grammar.Op;
import dev.vkrules.runtime.spirv.grammar.StorageClass;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

class ModuleModelTest {
  private static ModuleModel load(String name) {
    Path p = TestModules.all().stream().filter(x -> x.getFileName().toString().equals(name)).findFirst()
        .orElseThrow();
    return ModuleModel.parse(TestModules.read(p));
  }

  private static final ModuleModel FEATURES = load("asm-model-features.spv");

  private static EntryPoint entry(ModuleModel m, String name) {
    return m.entryPoints().stream().filter(e -> e.name().equals(name)).findFirst().orElseThrow();
  }

  private static Constant constant(Predicate<Constant> p) {
    return FEATURES.constants().stream().filter(p).findFirst().orElseThrow();
  }

  @Test
  void moduleLevelDeclarations() {
    assertTrue(FEATURES.hasCapability(Capability.Shader));
    assertTrue(FEATURES.hasCapability(Capability.Int64));
    assertFalse(FEATURES.hasCapability(Capability.Kernel));
    assertEquals(List.of("SPV_GOOGLE_hlsl_functionality1"), FEATURES.extensions());
    assertEquals(AddressingModel.Logical, FEATURES.addressingModel());
    assertEquals(MemoryModel.GLSL450, FEATURES.memoryModel());
  }

  @Test
  void entryPointsAndExecutionModes() {
    assertEquals(List.of("vs", "fs", "cs", "fs2"), FEATURES.entryPoints().stream().map(EntryPoint::name).toList());
    EntryPoint fs2 = entry(FEATURES, "fs2");
    assertEquals(ExecutionModel.Fragment, fs2.executionModel());
    assertEquals(List.of(ExecutionMode.OriginUpperLeft, ExecutionMode.DepthReplacing),
        fs2.executionModes().stream().map(ExecutionModeInfo::mode).toList());
    EntryPoint cs = entry(FEATURES, "cs");
    ExecutionModeInfo size = cs.executionMode(ExecutionMode.LocalSizeId);
    assertEquals(Op.OpExecutionModeId, size.opcode());
    assertEquals(3, size.operandCount());
    assertEquals(8, FEATURES.integerConstant(size.operand(0)).getAsLong());
    assertEquals(1, entry(FEATURES, "vs").interfaceIds().length);
    Variable pos = FEATURES.variable(entry(FEATURES, "vs").interfaceIds()[0]);
    assertEquals(StorageClass.Output, pos.storageClass());
    assertEquals(4, FEATURES.type(pos.pointee()).componentCount());
    assertTrue(FEATURES.hasDecoration(pos.id(), Decoration.BuiltIn));
  }

  @Test
  void callGraphAndReachability() {
    int leaf = FEATURES.idNamed("leaf");
    int shared = FEATURES.idNamed("shared");
    assertEquals(List.of("fs", "cs", "fs2"),
        FEATURES.entryPointsReaching(leaf).stream().map(EntryPoint::name).toList());
    assertEquals(List.of("fs", "fs2"), FEATURES.entryPointsReaching(shared).stream().map(EntryPoint::name).toList());
    assertArrayEquals(new int[] {ExecutionModel.Fragment, ExecutionModel.GLCompute},
        FEATURES.executionModelsReaching(leaf));
    Function sharedFn = FEATURES.function(shared);
    assertArrayEquals(new int[] {leaf}, sharedFn.callees());
    assertEquals(2, sharedFn.callSites().length);
    assertEquals(2, FEATURES.function(leaf).callers().length);
    Function unused = FEATURES.functions().get(FEATURES.functions().size() - 1);
    assertTrue(FEATURES.entryPointsReaching(unused.id()).isEmpty());
    assertEquals(1, FEATURES.function(leaf).parameters().length);
  }

  @Test
  void blocksAndVariables() {
    Function shared = FEATURES.function(FEATURES.idNamed("shared"));
    assertEquals(3, shared.blocks().size());
    Block first = shared.blocks().get(0);
    assertEquals(Op.OpSelectionMerge, FEATURES.module().opcode(first.mergeInstruction()));
    assertArrayEquals(new int[] {shared.blocks().get(1).label(), shared.blocks().get(2).label()}, first.successors());
    assertEquals(Op.OpBranchConditional, FEATURES.module().opcode(first.lastInstruction()));
    assertEquals(1, shared.variables().size());
    Variable tmp = shared.variables().get(0);
    assertFalse(tmp.isGlobal());
    assertEquals(StorageClass.Function, tmp.storageClass());
    assertEquals(shared, FEATURES.functionContaining(tmp.instruction()));
    assertEquals(4, FEATURES.globalVariables().size());
  }

  @Test
  void decorationsThroughGroupsIdsAndStrings() {
    List<DecorationInfo> relaxed = FEATURES.decorationsOfKind(Decoration.RelaxedPrecision);
    assertEquals(2, relaxed.size());
    int a = relaxed.get(0).target();
    assertNotNull(FEATURES.variable(a));
    assertTrue(relaxed.get(0).group() != 0);
    assertTrue(FEATURES.hasDecoration(a, Decoration.Restrict));
    DecorationInfo uniformId = FEATURES.decoration(a, Decoration.UniformId);
    assertEquals(Op.OpDecorateId, uniformId.opcode());
    assertEquals(3, FEATURES.integerConstant(uniformId.value(0)).getAsLong());
    int color = entry(FEATURES, "fs").interfaceIds()[0];
    assertEquals("COLOR", FEATURES.decoration(color, Decoration.UserSemantic).stringValue(0));
    assertEquals(0, FEATURES.decoration(color, Decoration.Location).value(0));
    int block = FEATURES.variable(a).pointee();
    assertEquals(16, FEATURES.memberDecoration(block, 1, Decoration.Offset).value(0));
    assertEquals(0, FEATURES.memberDecoration(block, 0, Decoration.Offset).value(0));
    assertTrue(FEATURES.hasDecoration(block, Decoration.Block));
    assertEquals(2, FEATURES.memberDecorations(block).size());
    assertEquals("second", FEATURES.memberName(block, 1));
    assertNull(FEATURES.memberName(block, 0));
  }

  @Test
  void constantsOfEveryKind() {
    assertEquals(-5, FEATURES.integerConstant(constant(c -> c.isInteger() && c.integerValue() == -5).id()).getAsLong());
    Constant big = constant(c -> c.width() == 64);
    assertEquals(-4294967296L, big.integerValue());
    assertEquals(0.5, constant(Constant::isFloat).floatValue());
    Constant spec = constant(c -> c.isSpec() && c.kind() == Constant.Kind.SCALAR);
    assertEquals(64, spec.integerValue());
    assertTrue(FEATURES.integerConstant(spec.id()).isEmpty(), "spec constants have no fixed value");
    assertEquals(3, FEATURES.decoration(spec.id(), Decoration.SpecId).value(0));
    Constant sum = constant(c -> c.kind() == Constant.Kind.SPEC_OP);
    assertEquals(Op.OpIAdd, sum.specOpcode());
    assertEquals(spec.id(), sum.constituents()[0]);
    assertEquals(Constant.Kind.TRUE, constant(c -> c.opcode() == Op.OpSpecConstantTrue).kind());
    assertEquals(Constant.Kind.NULL, constant(c -> c.opcode() == Op.OpConstantNull).kind());
    assertEquals(4, constant(c -> c.kind() == Constant.Kind.COMPOSITE).constituents().length);
  }

  @Test
  void typesWithWidthsSignednessAndComponents() {
    Type longType = FEATURES.types().stream().filter(t -> t.kind() == TypeKind.INT && t.width() == 64)
        .findFirst().orElseThrow();
    assertTrue(longType.signed());
    Type matrix = FEATURES.types().stream().filter(t -> t.is(TypeKind.MATRIX)).findFirst().orElseThrow();
    assertEquals(4, matrix.componentCount());
    assertEquals(TypeKind.FLOAT, FEATURES.scalarType(matrix.id()).kind());
    Type array = FEATURES.types().stream().filter(t -> t.is(TypeKind.ARRAY)).findFirst().orElseThrow();
    assertTrue(FEATURES.constant(array.lengthId()).isSpec());
    Type fn = FEATURES.types().stream().filter(t -> t.is(TypeKind.FUNCTION) && t.parameters().length == 1)
        .findFirst().orElseThrow();
    assertEquals(TypeKind.FLOAT, FEATURES.type(fn.returnType()).kind());
  }

  @Test
  void glslangShadersHaveConsistentModels() {
    for (Path p : TestModules.all()) {
      ModuleModel m = ModuleModel.parse(TestModules.read(p));
      assertFalse(m.entryPoints().isEmpty(), p.toString());
      for (EntryPoint e : m.entryPoints()) {
        assertNotNull(m.function(e.function()), p + " " + e);
        assertTrue(m.entryPointsReaching(e.function()).contains(e));
      }
      for (Function f : m.functions()) {
        for (int callee : f.callees()) {
          assertFalse(m.entryPointsReaching(callee).isEmpty() && !m.entryPointsReaching(f.id()).isEmpty(),
              p + ": a callee of a reached function is reached");
        }
        for (Block b : f.blocks()) {
          assertEquals(Op.OpLabel, m.module().opcode(b.firstInstruction()));
        }
      }
      for (Variable v : m.variables()) {
        assertNotNull(m.type(v.pointee()), p + " " + v);
      }
      assertEquals(m.module().instructionCount(), countAll(m));
    }
  }

  private static int countAll(ModuleModel m) {
    int n = 0;
    for (int op = 0; op < 7000; op++) {
      n += m.instructions(op).length;
    }
    return n;
  }

  @Test
  void texturesShaderSpecConstantsAndNames() {
    ModuleModel m = load("texture-frag.spv");
    int main = m.idNamed("main");
    assertEquals(List.of("main"), m.entryPointsReaching(main).stream().map(EntryPoint::name).toList());
    int weigh = m.idNamed("weigh(f1;");
    assertArrayEquals(new int[] {ExecutionModel.Fragment}, m.executionModelsReaching(weigh));
    assertEquals(3, m.decorationsOfKind(Decoration.SpecId).size());
  }

  @Test
  void usesListEveryInstructionReferringToAnId() {
    int leaf = FEATURES.idNamed("leaf");
    List<Integer> opcodes = java.util.Arrays.stream(FEATURES.uses(leaf)).map(FEATURES.module()::opcode).boxed().toList();
    // OpName, then three OpFunctionCall (two in shared, one in cs).
    assertEquals(List.of(Op.OpName, Op.OpFunctionCall, Op.OpFunctionCall, Op.OpFunctionCall), opcodes);
    int x = FEATURES.function(leaf).parameters()[0];
    int[] xUses = FEATURES.uses(x);
    assertEquals(1, xUses.length, "OpFMul %x %x counts once");
    assertEquals(Op.OpFMul, FEATURES.module().opcode(xUses[0]));
    assertEquals(0, FEATURES.uses(999_999).length);
  }

  @Test
  void singleInstructionsDisassembleForDiagnostics() {
    var lines = dev.vkrules.runtime.spirv.text.Disassembler.lines(FEATURES.module(), true);
    int call = FEATURES.function(FEATURES.idNamed("shared")).callSites()[0];
    assertTrue(lines.line(call).matches("%\\w+ = OpFunctionCall %float %leaf %float_0_5"), lines.line(call));
    int size = entry(FEATURES, "cs").executionMode(ExecutionMode.LocalSizeId).instruction();
    assertEquals("OpExecutionModeId %cs LocalSizeId %uint_8 %uint_1 %uint_1",
        dev.vkrules.runtime.spirv.text.Disassembler.lines(FEATURES.module(), true).line(size)
            .replaceAll("%\\d+", "%cs"));
  }

  /** More than 64 entry points take the per-query path of the reachability computation. */
  @Test
  void reachabilityWithManyEntryPoints() throws Exception {
    int count = 70;
    StringBuilder text = new StringBuilder("OpCapability Shader\nOpMemoryModel Logical GLSL450\n");
    for (int e = 0; e < count; e++) {
      text.append("OpEntryPoint GLCompute %ep").append(e).append(" \"ep").append(e).append("\"\n");
    }
    for (int e = 0; e < count; e++) {
      text.append("OpExecutionMode %ep").append(e).append(" LocalSize 1 1 1\n");
    }
    text.append("OpName %hub \"hub\"\nOpName %odd \"odd\"\n%void = OpTypeVoid\n%fn = OpTypeFunction %void\n");
    text.append("%odd = OpFunction %void None %fn\n%lo = OpLabel\nOpReturn\nOpFunctionEnd\n");
    text.append("%hub = OpFunction %void None %fn\n%lh = OpLabel\nOpReturn\nOpFunctionEnd\n");
    for (int e = 0; e < count; e++) {
      text.append("%ep").append(e).append(" = OpFunction %void None %fn\n%l").append(e).append(" = OpLabel\n")
          .append("%c").append(e).append(" = OpFunctionCall %void %hub\n");
      if (e % 2 == 1) {
        text.append("%d").append(e).append(" = OpFunctionCall %void %odd\n");
      }
      text.append("OpReturn\nOpFunctionEnd\n");
    }
    ModuleModel m = ModuleModel.build(dev.vkrules.runtime.spirv.SpirvParser.parse(
        dev.vkrules.runtime.spirv.text.Assembler.assemble(text.toString())).module());
    assertEquals(count, m.entryPoints().size());
    assertEquals(count, m.entryPointsReaching(m.idNamed("hub")).size());
    List<EntryPoint> odd = m.entryPointsReaching(m.idNamed("odd"));
    assertEquals(count / 2, odd.size());
    assertTrue(odd.stream().allMatch(e -> e.index() % 2 == 1));
    assertEquals(List.of(m.entryPoints().get(69)), m.entryPointsReaching(m.entryPoints().get(69).function()));
    assertEquals(List.of(m.entryPoints().get(5)), m.entryPointsOf(m.entryPoints().get(5).function()));
    assertArrayEquals(new int[] {ExecutionModel.GLCompute}, m.executionModelsReaching(m.idNamed("odd")));
  }

  /** An OpName or OpMemberName cut short before its string: no name, and nothing thrown. */
  @Test
  void namesCutShortAreAbsent() {
    int[] words = {
        0x07230203, 0x00010000, 0, 3, 0,
        2 << 16 | Op.OpCapability, Capability.Shader,
        3 << 16 | Op.OpMemoryModel, AddressingModel.Logical, MemoryModel.GLSL450,
        2 << 16 | Op.OpName, 2, // the name's words are missing
        3 << 16 | Op.OpMemberName, 2, 0, // so are the member name's
        4 << 16 | Op.OpTypeInt, 1, 32, 0,
        3 << 16 | Op.OpTypeStruct, 2, 1};
    dev.vkrules.runtime.spirv.ParseResult r = dev.vkrules.runtime.spirv.SpirvParser.parse(words);
    assertFalse(r.ok());
    ModuleModel m = ModuleModel.build(r.module());
    assertNull(m.name(2));
    assertNull(m.memberName(2, 0));
  }
}
