package dev.vkrules.runtime.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.runtime.engine.module.Decorations;
import dev.vkrules.runtime.engine.module.ModuleIndex;
import dev.vkrules.runtime.rules.CheckerRegistry;
import dev.vkrules.runtime.spirv.grammar.BuiltIn;
import dev.vkrules.runtime.spirv.grammar.Decoration;
import dev.vkrules.runtime.spirv.grammar.Op;
import dev.vkrules.runtime.support.ExampleAssembler;
import dev.vkrules.runtime.support.ExampleRunner;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Decoration groups (OpDecorationGroup, OpGroupDecorate, OpGroupMemberDecorate) resolved in the
 * engine's decoration index: every reader of decorations sees a decoration a group applies as if
 * the target carried it directly, decoration subjects visit each application once, and the
 * group's own decorations are no subject.
 */
class DecorationGroupsTest {
  /**
   * One group applied to several targets (two block types, two variables), one member group
   * applied to a member of each block type, and a group carrying a built-in.
   */
  static final String GROUPS = """
      OpCapability Shader
      OpMemoryModel Logical GLSL450
      OpEntryPoint GLCompute %main "main" %gid
      OpExecutionMode %main LocalSize 1 1 1
      OpDecorate %blocks Block
      OpDecorate %sets DescriptorSet 0
      OpDecorate %offsets Offset 0
      OpDecorate %strides ArrayStride 4
      OpDecorate %builtin BuiltIn GlobalInvocationId
      %blocks = OpDecorationGroup
      %sets = OpDecorationGroup
      %offsets = OpDecorationGroup
      %strides = OpDecorationGroup
      %builtin = OpDecorationGroup
      OpGroupDecorate %blocks %ssbo_t %ubo_t
      OpGroupDecorate %sets %ssbo %ubo
      OpGroupDecorate %strides %rta
      OpGroupDecorate %builtin %gid
      OpGroupMemberDecorate %offsets %ssbo_t 0 %ubo_t 0
      OpDecorate %ssbo Binding 0
      OpDecorate %ubo Binding 1
      %void = OpTypeVoid
      %fn = OpTypeFunction %void
      %uint = OpTypeInt 32 0
      %v3uint = OpTypeVector %uint 3
      %rta = OpTypeRuntimeArray %uint
      %ssbo_t = OpTypeStruct %rta
      %ubo_t = OpTypeStruct %uint
      %p_ssbo = OpTypePointer StorageBuffer %ssbo_t
      %p_ubo = OpTypePointer Uniform %ubo_t
      %p_in = OpTypePointer Input %v3uint
      %ssbo = OpVariable %p_ssbo StorageBuffer
      %ubo = OpVariable %p_ubo Uniform
      %gid = OpVariable %p_in Input
      %main = OpFunction %void None %fn
      %entry = OpLabel
      OpReturn
      OpFunctionEnd
      """;

  private static ModuleIndex index(String asm) throws Exception {
    return ModuleIndex.of(ByteBuffer.wrap(ExampleAssembler.assemble(asm, Target.VULKAN_1_3)));
  }

  /** The word offset of the instruction defining {@code %name}. */
  private static int defOf(Facts f, String asm, String name) {
    return f.def(idOf(asm, name));
  }

  /** The id the assembler gives {@code %name}: ids are numbered in order of first appearance. */
  private static int idOf(String asm, String name) {
    List<String> seen = new ArrayList<>();
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("%([A-Za-z0-9_]+)").matcher(asm);
    while (m.find()) {
      if (!seen.contains(m.group(1))) {
        seen.add(m.group(1));
      }
    }
    return seen.indexOf(name) + 1;
  }

  @Test
  void decorationsAppliedThroughGroupsAreSeenOnEveryTarget() throws Exception {
    ModuleIndex m = index(GROUPS);
    Facts f = new Facts(m);
    // a whole-object group applied to two types and to two variables
    assertTrue(f.decorated(defOf(f, GROUPS, "ssbo_t"), Decoration.Block));
    assertTrue(f.decorated(defOf(f, GROUPS, "ubo_t"), Decoration.Block));
    assertTrue(f.decorated(defOf(f, GROUPS, "ssbo"), Decoration.DescriptorSet));
    assertTrue(f.decorated(defOf(f, GROUPS, "ubo"), Decoration.DescriptorSet, Decoration.Binding));
    assertTrue(f.decorated(defOf(f, GROUPS, "rta"), Decoration.ArrayStride));
    assertFalse(f.decorated(defOf(f, GROUPS, "ssbo_t"), Decoration.DescriptorSet));
    // a member group: the member carries Offset, the struct itself does not
    assertTrue(f.membersDecorated(defOf(f, GROUPS, "ssbo_t"), true, Decoration.Offset));
    assertTrue(f.membersDecorated(defOf(f, GROUPS, "ubo_t"), true, Decoration.Offset));
    assertFalse(f.decorated(defOf(f, GROUPS, "ubo_t"), Decoration.Offset));
    assertEquals(0, f.firstMemberOffset(defOf(f, GROUPS, "ubo_t")));
    // a built-in through a group, and the module's set of built-ins
    assertArrayEquals(new long[] {BuiltIn.GlobalInvocationId}, f.builtins(defOf(f, GROUPS, "gid")));
    assertArrayEquals(new long[] {BuiltIn.GlobalInvocationId}, f.builtins());
  }

  /** A checker that records, for every decoration it is given, its target, member and decoration. */
  private static final class Recorder implements Checker {
    final List<String> seen = new ArrayList<>();
    final RuleInfo info = new RuleInfo("VUID-test-groups", "m", "", "declarative", "t", "none");

    @Override
    public RuleInfo info() {
      return info;
    }

    @Override
    public int[] opcodes() {
      return new int[] {Op.OpDecorate, Op.OpMemberDecorate, Op.OpDecorateId, Op.OpMemberDecorateIdEXT};
    }

    @Override
    public void check(Facts f, int s, Report out) {
      DecorationTargetView t = new DecorationTargetView(f.module().words()[s + 1],
          Decorations.isMemberDecoration(f.opcode(s)) ? f.member(s) : -1, f.decoration(s));
      seen.add(t.toString());
      out.add(info, s);
    }
  }

  private record DecorationTargetView(int id, long member, long decoration) {
    @Override
    public String toString() {
      return "%" + id + (member >= 0 ? "." + member : "") + " " + Decoration.name((int) decoration);
    }
  }

  @Test
  void decorationSubjectsVisitEachApplicationNotTheGroup() throws Exception {
    ModuleIndex m = index(GROUPS);
    Recorder r = new Recorder();
    Engine.Outcome o = new Engine(List.of(r), Target.VULKAN_1_3).run(m, Report.UNLIMITED);
    List<String> expected = List.of(
        "%" + idOf(GROUPS, "ssbo") + " Binding",
        "%" + idOf(GROUPS, "ubo") + " Binding",
        "%" + idOf(GROUPS, "ssbo_t") + " Block",
        "%" + idOf(GROUPS, "ubo_t") + " Block",
        "%" + idOf(GROUPS, "ssbo") + " DescriptorSet",
        "%" + idOf(GROUPS, "ubo") + " DescriptorSet",
        "%" + idOf(GROUPS, "rta") + " ArrayStride",
        "%" + idOf(GROUPS, "gid") + " BuiltIn",
        "%" + idOf(GROUPS, "ssbo_t") + ".0 Offset",
        "%" + idOf(GROUPS, "ubo_t") + ".0 Offset");
    assertEquals(new TreeSet<>(expected), new TreeSet<>(r.seen));
    assertEquals(expected.size(), r.seen.size(), "each application once: " + r.seen);
    // a failure on an applied decoration is reported at the group application that applies it
    TreeSet<String> at = new TreeSet<>();
    for (Report.Failure failure : o.failures()) {
      int off = m.sourceOffset(failure.offset());
      at.add(Op.name(m.words()[off] & 0xffff));
    }
    assertEquals(new TreeSet<>(List.of("OpDecorate", "OpGroupDecorate", "OpGroupMemberDecorate")), at);
  }

  @Test
  void anyDecorationSeesDecorationsGroupsApplyAndNoOther() throws Exception {
    ModuleIndex m = index(GROUPS);
    assertTrue(m.anyDecoration(Decoration.Binding), "applied directly");
    assertTrue(m.anyDecoration(Decoration.Offset), "applied to members only through a group");
    assertTrue(m.anyDecoration(Decoration.BuiltIn));
    assertFalse(m.anyDecoration(Decoration.XfbBuffer));
    assertFalse(m.anyDecoration(Decoration.Location));
    assertFalse(m.anyDecoration(-1));
    assertFalse(index(GROUPS.replace("OpDecorate %ssbo Binding 0\n", "").replace("OpDecorate %ubo Binding 1\n", ""))
        .anyDecoration(Decoration.Binding));
  }

  @Test
  void aModuleWithoutGroupsIsNotCopied() throws Exception {
    String asm = GROUPS.lines().filter(l -> !l.contains("Group") && !l.contains("%blocks") && !l.contains("%sets")
        && !l.contains("%offsets") && !l.contains("%strides") && !l.contains("%builtin")).reduce("", (a, b) -> a + b + "\n");
    ModuleIndex m = index(asm);
    assertEquals(0, m.syntheticStarts.length);
    assertEquals(m.module().words().length, m.words().length);
  }

  @Test
  void theValidModuleRaisesNothingAndItsUngroupedTwinWould() throws Exception {
    // with the groups resolved: no OpTypeRuntimeArray-04680 (Block through a group), Uniform-06676
    // (Block through a group), DescriptorSet/Binding rules, Offset rules
    assertEquals(new TreeSet<>(), raised(GROUPS));
    // the same module with the Block group applied to nothing: the Uniform variable's block is no Block
    String noBlock = GROUPS.replace("OpGroupDecorate %blocks %ssbo_t %ubo_t", "OpGroupDecorate %blocks %ssbo_t");
    assertTrue(raised(noBlock).contains("VUID-StandaloneSpirv-Uniform-06676"), raised(noBlock).toString());
  }

  @Test
  void uniformConstantResourcesSeeDescriptorSetAndBindingThroughGroups() throws Exception {
    String asm = """
        OpCapability Shader
        OpMemoryModel Logical GLSL450
        OpEntryPoint GLCompute %main "main"
        OpExecutionMode %main LocalSize 1 1 1
        OpDecorate %set DescriptorSet 0
        OpDecorate %bind Binding 0
        %set = OpDecorationGroup
        %bind = OpDecorationGroup
        OpGroupDecorate %set %img %smp
        OpGroupDecorate %bind %img
        OpDecorate %smp Binding 1
        %void = OpTypeVoid
        %fn = OpTypeFunction %void
        %float = OpTypeFloat 32
        %image = OpTypeImage %float 2D 0 0 0 1 Unknown
        %sampler = OpTypeSampler
        %p_image = OpTypePointer UniformConstant %image
        %p_sampler = OpTypePointer UniformConstant %sampler
        %img = OpVariable %p_image UniformConstant
        %smp = OpVariable %p_sampler UniformConstant
        %main = OpFunction %void None %fn
        %entry = OpLabel
        OpReturn
        OpFunctionEnd
        """;
    assertEquals(new TreeSet<>(), raised(asm));
    String unbound = asm.replace("OpGroupDecorate %bind %img", "OpGroupDecorate %bind %smp")
        .replace("OpDecorate %smp Binding 1", "");
    assertTrue(raised(unbound).contains("VUID-StandaloneSpirv-UniformConstant-06677"), raised(unbound).toString());
  }

  private static TreeSet<String> raised(String asm) {
    ExampleRunner.Outcome o = ExampleRunner.run(CheckerRegistry.all(), "VUID-none", "core", false, "vulkan1.3", asm);
    return o.raised();
  }
}
