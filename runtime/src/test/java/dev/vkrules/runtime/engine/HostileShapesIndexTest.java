package dev.vkrules.runtime.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.runtime.engine.base.Unknown;
import dev.vkrules.runtime.engine.module.MalformedModuleException;
import dev.vkrules.runtime.engine.module.ModuleIndex;
import dev.vkrules.runtime.engine.module.StaticCallGraph;
import dev.vkrules.runtime.spirv.grammar.Decoration;
import dev.vkrules.runtime.spirv.grammar.ExecutionModel;
import dev.vkrules.runtime.spirv.grammar.Op;
import dev.vkrules.runtime.support.ExampleAssembler;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The indexes built once per module answer on hostile shapes (tens of thousands of decorations on
 * one id or struct, of entry points, of execution modes, a call chain thousands deep, one huge
 * block) exactly what a scan per question would: behaviour, not time (runtime/bench/hostile-bench.sh
 * measures the time).
 */
class HostileShapesIndexTest {
  private static Facts facts(String asm) {
    try {
      return new Facts(ModuleIndex.of(ByteBuffer.wrap(ExampleAssembler.assemble(asm, Target.VULKAN_1_3))));
    } catch (MalformedModuleException | java.io.IOException e) {
      throw new AssertionError(e);
    }
  }

  private static int[] ofOpcode(Facts f, int opcode) {
    return java.util.Arrays.stream(f.m.starts).filter(x -> f.opcode(x) == opcode).toArray();
  }

  /** Kind and member of each decoration of an id, grouped by a scan: what the sorted table must give. */
  private static Map<List<Long>, List<Integer>> scan(ModuleIndex m, int id) {
    Map<List<Long>, List<Integer>> out = new HashMap<>();
    for (int d : m.decorationsOf(id)) {
      out.computeIfAbsent(List.of(m.kindOf(d), m.memberOf(d)), k -> new ArrayList<>()).add(d);
    }
    return out;
  }

  /** Every (kind, member) of the id, and some that are absent, asked of the index and compared with the scan. */
  private static void assertIndexMatchesScan(ModuleIndex m, int id, long members) {
    Map<List<Long>, List<Integer>> scan = scan(m, id);
    Map<Long, List<Integer>> anyMember = new HashMap<>();
    for (var e : scan.entrySet()) {
      List<Integer> offs = e.getValue();
      long kind = e.getKey().get(0);
      long member = e.getKey().get(1);
      assertEquals((int) offs.get(0), m.firstDecoration(id, member, kind), "first " + e.getKey());
      assertArrayEquals(offs.stream().mapToInt(Integer::intValue).toArray(), m.decorationsOf(id, member, kind),
          "all " + e.getKey());
      if (member >= 0) {
        anyMember.computeIfAbsent(kind, k -> new ArrayList<>()).addAll(offs);
      }
    }
    for (var e : anyMember.entrySet()) {
      int[] got = m.decorationsOf(id, -2, e.getKey());
      int[] want = e.getValue().stream().sorted((a, b) -> a.equals(b) ? 0
          : m.memberOf(a) != m.memberOf(b) ? Long.compare(m.memberOf(a), m.memberOf(b)) : Integer.compare(a, b))
          .mapToInt(Integer::intValue).toArray();
      assertArrayEquals(want, got, "any member, kind " + e.getKey());
    }
    // absent: a kind the id does not carry, a member past the last
    assertEquals(-1, m.firstDecoration(id, -1, Decoration.Invariant));
    assertEquals(-1, m.firstDecoration(id, members + 1, Decoration.Location));
    assertEquals(0, m.decorationsOf(id, -2, Decoration.Invariant).length);
  }

  @Test
  void fortyThousandDecorationsOnOneIdAnswerAsAScanWould() {
    int n = 40_000;
    StringBuilder asm = new StringBuilder("""
        OpCapability Shader
        OpMemoryModel Logical GLSL450
        OpEntryPoint Vertex %main "main" %out %few
        OpDecorate %out Component 1
        OpDecorate %few Location 3
        OpDecorate %few Component 2
        """);
    for (int i = 0; i < n; i++) {
      asm.append("OpDecorate %out Location ").append(i).append('\n');
    }
    asm.append("OpDecorate %out Component 3\n");
    asm.append("""
        %void = OpTypeVoid
        %fn = OpTypeFunction %void
        %float = OpTypeFloat 32
        %ptr = OpTypePointer Output %float
        %out = OpVariable %ptr Output
        %few = OpVariable %ptr Output
        %main = OpFunction %void None %fn
        %l = OpLabel
        OpReturn
        OpFunctionEnd
        """);
    Facts f = facts(asm.toString());
    int[] vars = ofOpcode(f, Op.OpVariable);
    int out = f.m.words[vars[0] + 2];
    int few = f.m.words[vars[1] + 2];
    assertEquals(n + 2, f.m.decorationsOf(out).length);
    assertIndexMatchesScan(f.m, out, 0);
    assertIndexMatchesScan(f.m, few, 0); // few decorations: scanned, same answers
    // the first Location in module order is Location 0; both Components, in module order
    int first = f.m.firstDecoration(out, -1, Decoration.Location);
    assertEquals(0, f.decorationParam(first, 0));
    int[] components = f.m.decorationsOf(out, -1, Decoration.Component);
    assertEquals(2, components.length);
    assertEquals(1, f.decorationParam(components[0], 0));
    assertEquals(3, f.decorationParam(components[1], 0));
    // Facts.decorated, as the checkers ask it of each decoration instruction
    int[] decorations = ofOpcode(f, Op.OpDecorate);
    assertTrue(f.decorated(decorations[decorations.length - 1], Decoration.Location));
    assertFalse(f.decorated(decorations[decorations.length - 1], Decoration.Flat, Decoration.BuiltIn));
  }

  @Test
  void aStructOf16383MembersEachWithLocationAndOffset() {
    int n = 16_383;
    StringBuilder asm = new StringBuilder("""
        OpCapability Shader
        OpMemoryModel Logical GLSL450
        OpEntryPoint Vertex %main "main" %out
        OpDecorate %block Block
        """);
    for (int i = 0; i < n; i++) {
      asm.append("OpMemberDecorate %block ").append(i).append(" Location ").append(i).append('\n');
      asm.append("OpMemberDecorate %block ").append(i).append(" Offset ").append(4 * i).append('\n');
    }
    asm.append("""
        %void = OpTypeVoid
        %fn = OpTypeFunction %void
        %float = OpTypeFloat 32
        """);
    asm.append("%block = OpTypeStruct").append(" %float".repeat(n)).append('\n');
    asm.append("""
        %ptr = OpTypePointer Output %block
        %out = OpVariable %ptr Output
        %main = OpFunction %void None %fn
        %l = OpLabel
        OpReturn
        OpFunctionEnd
        """);
    Facts f = facts(asm.toString());
    int struct = ofOpcode(f, Op.OpTypeStruct)[0];
    int id = f.m.words[struct + 1];
    // per member: before any table (one pass over the decorations) and after (the kind's table)
    int[] locations = f.m.firstMemberDecorations(id, Decoration.Location, n);
    assertIndexMatchesScan(f.m, id, n);
    assertArrayEquals(locations, f.m.firstMemberDecorations(id, Decoration.Location, n));
    int[] offsets = f.m.firstMemberDecorations(id, Decoration.Offset, n);
    assertEquals(-1, f.m.firstMemberDecorations(id, Decoration.Offset, n + 1)[n]);
    assertNull(f.m.firstMemberDecorations(id, Decoration.Component, n));
    for (int i = 0; i < n; i++) {
      assertEquals(f.m.firstDecoration(id, i, Decoration.Location), locations[i]);
      assertEquals(f.m.firstDecoration(id, i, Decoration.Offset), offsets[i]);
    }
    for (int i = 0; i < n; i++) {
      int loc = f.m.firstDecoration(id, i, Decoration.Location);
      int off = f.m.firstDecoration(id, i, Decoration.Offset);
      assertEquals(i, f.decorationParam(loc, 0));
      assertEquals(4L * i, f.decorationParam(off, 0));
    }
    assertTrue(f.membersDecorated(struct, true, Decoration.Location));
    assertTrue(f.membersDecorated(struct, true, Decoration.Offset, Decoration.BuiltIn));
    assertFalse(f.membersDecorated(struct, false, Decoration.BuiltIn));
    // Facts.decorated of a member decoration: that member's decorations only
    int[] members = ofOpcode(f, Op.OpMemberDecorate);
    assertEquals(2 * n, members.length);
    assertTrue(f.decorated(members[members.length - 1], Decoration.Location, Decoration.Offset));
    assertFalse(f.decorated(members[members.length - 1], Decoration.Component));
  }

  @Test
  void manyEntryPointsAndExecutionModesEachFindTheirOwn() {
    int fragments = 3_000;
    int computes = 20_000;
    StringBuilder asm = new StringBuilder("OpCapability Shader\nOpMemoryModel Logical GLSL450\n");
    for (int i = 0; i < fragments; i++) {
      asm.append("OpEntryPoint Fragment %f").append(i).append(" \"f").append(i).append("\"\n");
    }
    for (int i = 0; i < computes; i++) {
      asm.append("OpEntryPoint GLCompute %c \"c").append(i).append("\" %shared\n");
    }
    for (int i = 0; i < fragments; i++) {
      asm.append("OpExecutionMode %f").append(i).append(" OriginUpperLeft\n");
      asm.append("OpExecutionMode %f").append(i).append(" EarlyFragmentTests\n");
    }
    asm.append("OpExecutionMode %c LocalSize 1 1 1\n");
    asm.append("""
        %void = OpTypeVoid
        %fn = OpTypeFunction %void
        %int = OpTypeInt 32 1
        %pw = OpTypePointer Workgroup %int
        %shared = OpVariable %pw Workgroup
        %c = OpFunction %void None %fn
        %cl = OpLabel
        OpReturn
        OpFunctionEnd
        """);
    for (int i = 0; i < fragments; i++) {
      asm.append("%f").append(i).append(" = OpFunction %void None %fn\n%fl").append(i)
          .append(" = OpLabel\nOpReturn\nOpFunctionEnd\n");
    }
    Facts f = facts(asm.toString());
    int[] eps = f.allEntryPoints();
    assertEquals(fragments + computes, eps.length);
    // each entry point's modes are its function's, as a scan of the modes finds them
    Map<Integer, List<Integer>> byFunction = new HashMap<>();
    for (int x : f.m.starts) {
      if (f.opcode(x) == Op.OpExecutionMode) {
        byFunction.computeIfAbsent(f.m.words[x + 1], k -> new ArrayList<>()).add(x);
      }
    }
    for (int ep : eps) {
      int[] want = byFunction.get(f.m.words[ep + 2]).stream().mapToInt(Integer::intValue).toArray();
      assertArrayEquals(want, f.executionModes(ep));
    }
    // each mode applies to the entry points of its function only: one model each
    for (int x : ofOpcode(f, Op.OpExecutionMode)) {
      boolean compute = f.m.words[x + 1] == f.m.words[eps[eps.length - 1] + 2];
      assertArrayEquals(new long[] {compute ? ExecutionModel.GLCompute : ExecutionModel.Fragment},
          f.executionModels(x));
    }
    // the Workgroup variable: used by the compute entry points, by no fragment one
    int shared = ofOpcode(f, Op.OpVariable)[0];
    assertArrayEquals(new long[] {ExecutionModel.GLCompute}, f.executionModels(shared));
    BitSet using = f.reach().entryPointsUsing(f.m.words[shared + 2]);
    assertEquals(computes, using.cardinality());
    assertEquals(fragments, using.nextSetBit(0));
  }

  /** A chain of {@code n} functions under main, each calling the next; the last calls {@code lastCalls} (or nothing). */
  private static Facts chain(int n, String lastCalls) {
    StringBuilder asm = new StringBuilder("""
        OpCapability Shader
        OpMemoryModel Logical GLSL450
        OpEntryPoint GLCompute %main "main"
        OpEntryPoint GLCompute %g0 "side"
        OpExecutionMode %main LocalSize 1 1 1
        OpExecutionMode %g0 LocalSize 1 1 1
        %void = OpTypeVoid
        %fn = OpTypeFunction %void
        %main = OpFunction %void None %fn
        %ml = OpLabel
        %mc = OpFunctionCall %void %f0
        OpReturn
        OpFunctionEnd
        %g0 = OpFunction %void None %fn
        %gl = OpLabel
        OpReturn
        OpFunctionEnd
        """);
    for (int i = 0; i < n; i++) {
      String callee = i + 1 < n ? "%f" + (i + 1) : lastCalls;
      asm.append("%f").append(i).append(" = OpFunction %void None %fn\n%l").append(i).append(" = OpLabel\n");
      if (callee != null) {
        asm.append("%c").append(i).append(" = OpFunctionCall %void ").append(callee).append('\n');
      }
      asm.append("OpReturn\nOpFunctionEnd\n");
    }
    return facts(asm.toString());
  }

  @Test
  void aCallChainThousandsDeepIsSearchedWithoutRecursion() {
    int n = 20_000;
    Facts acyclic = chain(n, null);
    int[] eps = acyclic.allEntryPoints();
    assertFalse(StaticCallGraph.of(acyclic).hasCycleFrom(eps[0]));
    assertFalse(StaticCallGraph.of(acyclic).hasCycleFrom(eps[1]));
    Facts backToTheMiddle = chain(n, "%f" + n / 2);
    assertTrue(StaticCallGraph.of(backToTheMiddle).hasCycleFrom(backToTheMiddle.allEntryPoints()[0]));
    assertFalse(StaticCallGraph.of(backToTheMiddle).hasCycleFrom(backToTheMiddle.allEntryPoints()[1]));
    Facts selfCall = chain(n, "%f" + (n - 1));
    assertTrue(StaticCallGraph.of(selfCall).hasCycleFrom(selfCall.allEntryPoints()[0]));
    // the call tree of main reaches every function of the chain, in function order
    assertEquals(n + 1, acyclic.reach().reachedFunctions[0].length);
  }

  @Test
  void previousInBlockInOneHugeBlockMatchesAWalkBack() {
    int n = 20_000;
    StringBuilder asm = new StringBuilder("""
        OpCapability Shader
        OpMemoryModel Logical GLSL450
        OpEntryPoint GLCompute %main "main"
        OpExecutionMode %main LocalSize 1 1 1
        %void = OpTypeVoid
        %fn = OpTypeFunction %void
        %int = OpTypeInt 32 1
        %one = OpConstant %int 1
        %g = OpFunction %void None %fn
        %gl = OpLabel
        OpReturn
        OpFunctionEnd
        %main = OpFunction %void None %fn
        %ml = OpLabel
        %v0 = OpIAdd %int %one %one
        """);
    for (int i = 1; i < n; i++) {
      if (i % 997 == 0) {
        asm.append("%call").append(i).append(" = OpFunctionCall %void %g\n");
      }
      if (i == n / 2) {
        asm.append("OpBranch %next\n%next = OpLabel\n");
      }
      asm.append("%v").append(i).append(" = OpIAdd %int %v").append(i - 1).append(" %one\n");
    }
    asm.append("OpReturn\nOpFunctionEnd\n");
    Facts f = facts(asm.toString());
    int checked = 0;
    for (int i = 0; i < f.m.starts.length; i++) {
      int x = f.m.starts[i];
      if (f.m.functionOf[i] < 0) {
        assertThrows(Unknown.class, () -> f.measures().previousInBlock(x, Op.OpFunctionCall));
        continue;
      }
      int want = -1;
      for (int j = i - 1; j >= 0; j--) {
        int op = f.opcode(f.m.starts[j]);
        if (op == Op.OpLabel || op == Op.OpFunction || op == Op.OpFunctionParameter) {
          break;
        }
        if (op == Op.OpFunctionCall) {
          want = f.m.starts[j];
          break;
        }
        if (j < i - 1100) {
          break; // calls are at most 998 instructions apart: none further back in this block
        }
      }
      if (want < 0) {
        assertThrows(Unknown.class, () -> f.measures().previousInBlock(x, Op.OpFunctionCall));
      } else {
        assertEquals(want, f.measures().previousInBlock(x, Op.OpFunctionCall));
        checked++;
      }
    }
    assertTrue(checked > n * 8 / 10, "most instructions follow a call in their block: " + checked);
  }
}
