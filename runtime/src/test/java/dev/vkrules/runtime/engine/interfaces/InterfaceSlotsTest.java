package dev.vkrules.runtime.engine.interfaces;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.runtime.support.ExampleAssembler;
import dev.vkrules.runtime.engine.Facts;
import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.engine.module.ModuleIndex;
import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Location and Component slots of interface variables (Shader Interfaces, "Location and
 * Component Assignment"), measured on small modules: what each type consumes, the dropped
 * per-vertex array level, Index as part of a fragment output slot, and the two kinds of
 * overlap (between variables, between members of one block).
 */
class InterfaceSlotsTest {
  private static final String TYPES = String.join("\n",
      "%void = OpTypeVoid", "%fn = OpTypeFunction %void",
      "%float = OpTypeFloat 32", "%double = OpTypeFloat 64",
      "%v2float = OpTypeVector %float 2", "%v4float = OpTypeVector %float 4",
      "%v3double = OpTypeVector %double 3", "%mat3 = OpTypeMatrix %v4float 3",
      "%uint = OpTypeInt 32 0", "%uint_2 = OpConstant %uint 2", "%uint_3 = OpConstant %uint 3");
  private static final String BODY = String.join("\n",
      "%main = OpFunction %void None %fn", "%entry = OpLabel", "OpReturn", "OpFunctionEnd", "");

  private static Facts facts(String head, String decorations, String vars) throws Exception {
    String text = String.join("\n", "OpCapability Shader", "OpCapability Float64", "OpCapability Tessellation",
        "OpCapability MeshShadingEXT", "OpExtension \"SPV_EXT_mesh_shader\"",
        "OpMemoryModel Logical GLSL450", head, decorations, TYPES, vars, BODY);
    return new Facts(ModuleIndex.of(ByteBuffer.wrap(ExampleAssembler.assemble(text, Target.VULKAN_1_3))));
  }

  /** "Location:Component" of each slot of the entry point's only variable of the storage class. */
  private static List<String> slotsOf(Facts f, long storageClass) {
    int ep = f.allEntryPoints()[0];
    int v = InterfaceSlots.interfaceVariables(f, ep, storageClass).get(0);
    return InterfaceSlots.slots(f, ep, v).stream().map(s -> s.location() + ":" + s.component()).toList();
  }

  @Test
  void sixtyFourBitVectorsRunIntoTheNextLocation() throws Exception {
    Facts f = facts("OpEntryPoint Vertex %main \"main\" %a", "OpDecorate %a Location 3\nOpDecorate %a Component 0",
        "%p = OpTypePointer Input %v3double\n%a = OpVariable %p Input");
    assertEquals(List.of("3:0", "3:1", "3:2", "3:3", "4:0", "4:1"), slotsOf(f, InterfaceSlots.INPUT));
  }

  @Test
  void matricesTakeWholeLocationsArraysRepeatTheElementsComponents() throws Exception {
    Facts m = facts("OpEntryPoint Vertex %main \"main\" %a", "OpDecorate %a Location 1",
        "%p = OpTypePointer Input %mat3\n%a = OpVariable %p Input");
    assertEquals(12, slotsOf(m, InterfaceSlots.INPUT).size());
    assertTrue(slotsOf(m, InterfaceSlots.INPUT).containsAll(List.of("1:0", "2:3", "3:3")));
    Facts a = facts("OpEntryPoint Vertex %main \"main\" %a", "OpDecorate %a Location 0\nOpDecorate %a Component 2",
        "%arr = OpTypeArray %v2float %uint_2\n%p = OpTypePointer Input %arr\n%a = OpVariable %p Input");
    assertEquals(List.of("0:2", "0:3", "1:2", "1:3"), slotsOf(a, InterfaceSlots.INPUT));
  }

  @Test
  void perVertexArraysDropTheirOuterLevelPatchOnesDoNot() throws Exception {
    String head = "OpEntryPoint TessellationControl %main \"main\" %a\nOpExecutionMode %main OutputVertices 3";
    String vars = "%arr = OpTypeArray %float %uint_3\n%p = OpTypePointer Output %arr\n%a = OpVariable %p Output";
    assertEquals(List.of("0:0"), slotsOf(facts(head, "OpDecorate %a Location 0", vars), InterfaceSlots.OUTPUT));
    assertEquals(List.of("0:0", "1:0", "2:0"),
        slotsOf(facts(head, "OpDecorate %a Location 0\nOpDecorate %a Patch", vars), InterfaceSlots.OUTPUT));
  }

  @Test
  void blockMembersFollowTheVariablesLocationOrTheirOwn() throws Exception {
    String vars = "%s = OpTypeStruct %v4float %float\n%p = OpTypePointer Output %s\n%o = OpVariable %p Output";
    Facts onVariable = facts("OpEntryPoint Vertex %main \"main\" %o", "OpDecorate %s Block\nOpDecorate %o Location 5", vars);
    assertEquals(List.of("5:0", "5:1", "5:2", "5:3", "6:0"), slotsOf(onVariable, InterfaceSlots.OUTPUT));
    Facts onMembers = facts("OpEntryPoint Vertex %main \"main\" %o", String.join("\n", "OpDecorate %s Block",
        "OpMemberDecorate %s 0 Location 2", "OpMemberDecorate %s 1 Location 0", "OpMemberDecorate %s 1 Component 1"), vars);
    assertEquals(List.of("2:0", "2:1", "2:2", "2:3", "0:1"), slotsOf(onMembers, InterfaceSlots.OUTPUT));
  }

  @Test
  void overlapsInsideOneMeshBlockAreNotOverlapsBetweenVariables() throws Exception {
    Facts f = facts(String.join("\n", "OpEntryPoint MeshEXT %main \"main\" %o", "OpExecutionMode %main LocalSize 1 1 1",
        "OpExecutionMode %main OutputVertices 3", "OpExecutionMode %main OutputPrimitivesEXT 1",
        "OpExecutionMode %main OutputTrianglesEXT"),
        String.join("\n", "OpDecorate %s Block", "OpMemberDecorate %s 0 Location 0", "OpMemberDecorate %s 1 Location 0",
            "OpMemberDecorate %s 1 Component 3"),
        "%s = OpTypeStruct %v4float %float\n%arr = OpTypeArray %s %uint_3\n%p = OpTypePointer Output %arr\n"
            + "%o = OpVariable %p Output");
    int ep = f.allEntryPoints()[0];
    assertTrue(InterfaceSlots.uniqueSlots(f, ep, InterfaceSlots.OUTPUT, true));
    assertFalse(InterfaceSlots.uniqueSlots(f, ep, InterfaceSlots.OUTPUT, false));
  }

  @Test
  void indexSeparatesFragmentOutputsAtOneLocation() throws Exception {
    String head = "OpEntryPoint Fragment %main \"main\" %a %b\nOpExecutionMode %main OriginUpperLeft";
    String vars = "%p = OpTypePointer Output %v4float\n%a = OpVariable %p Output\n%b = OpVariable %p Output";
    Facts dual = facts(head, "OpDecorate %a Location 0\nOpDecorate %b Location 0\nOpDecorate %b Index 1", vars);
    Facts same = facts(head, "OpDecorate %a Location 0\nOpDecorate %b Location 0", vars);
    int ep = dual.allEntryPoints()[0];
    assertTrue(InterfaceSlots.uniqueSlots(dual, ep, InterfaceSlots.OUTPUT, true));
    assertFalse(InterfaceSlots.uniqueSlots(same, same.allEntryPoints()[0], InterfaceSlots.OUTPUT, true));
  }

  @Test
  void arraysSizedBySpecConstantsAreLeftOut() throws Exception {
    Facts f = facts("OpEntryPoint Vertex %main \"main\" %a", "OpDecorate %a Location 0",
        "%n = OpSpecConstant %uint 4\n%arr = OpTypeArray %float %n\n%p = OpTypePointer Input %arr\n"
            + "%a = OpVariable %p Input");
    assertEquals(List.of(), slotsOf(f, InterfaceSlots.INPUT));
  }

  @Test
  void aVariableTooLargeToEnumerateStillCountsInTheLocationsTheInterfaceTakes() throws Exception {
    // 100 members that are one struct of 100 floats: 10,000 Locations from Location 2, over the
    // 4,096 the slots enumerate, so no slots; the stage limits still see every Location
    String members = String.join(" ", java.util.Collections.nCopies(100, "%float"));
    String inners = String.join(" ", java.util.Collections.nCopies(100, "%inner"));
    Facts f = facts("OpEntryPoint Fragment %main \"main\" %big %small\nOpExecutionMode %main OriginUpperLeft",
        "OpDecorate %big Location 2\nOpDecorate %small Location 0",
        "%inner = OpTypeStruct " + members + "\n%outer = OpTypeStruct " + inners
            + "\n%p = OpTypePointer Input %outer\n%big = OpVariable %p Input"
            + "\n%ps = OpTypePointer Input %v4float\n%small = OpVariable %ps Input");
    int ep = f.allEntryPoints()[0];
    List<Integer> vars = InterfaceSlots.interfaceVariables(f, ep, InterfaceSlots.INPUT);
    assertEquals(List.of(), InterfaceSlots.slots(f, ep, vars.get(0)));
    assertTrue(InterfaceSlots.takesLocations(f, ep, vars.get(0)), "user-defined: the linked-stage needs count it");
    assertEquals(4, InterfaceSlots.slots(f, ep, vars.get(1)).size());
    assertEquals(10_002, InterfaceSlots.locationsSpanned(f, ep, InterfaceSlots.INPUT));
    assertEquals(10_001, InterfaceSlots.distinctLocations(f, ep, InterfaceSlots.INPUT),
        "Locations 0 and 2..10001: Location 1 is free");
  }

  @Test
  void membersOfATooLargeBlockCountFromTheirOwnLocations() throws Exception {
    // an Output block: member 0 of 5,000 Locations at Location 0, member 1 at its own Location 10
    // (overlapping member 0: another rule's matter) and member 2 after it
    Facts f = facts("OpEntryPoint Vertex %main \"main\" %blk",
        "OpDecorate %block Block\nOpMemberDecorate %block 0 Location 0\nOpMemberDecorate %block 1 Location 10",
        "%n = OpConstant %uint 5000\n%arr = OpTypeArray %float %n"
            + "\n%block = OpTypeStruct %arr %v4float %mat3\n%p = OpTypePointer Output %block\n%blk = OpVariable %p Output");
    int ep = f.allEntryPoints()[0];
    assertEquals(5000, InterfaceSlots.locationsSpanned(f, ep, InterfaceSlots.OUTPUT));
    assertEquals(5000, InterfaceSlots.distinctLocations(f, ep, InterfaceSlots.OUTPUT));
  }

  @Test
  void nestingDeeperThanTheLimitTakesNoLocationsWhicheverVariableWasAskedFirst() throws Exception {
    // %shallow: 10 nested arrays of a float; %deep: 70, through the same 10 (over the nesting limit)
    StringBuilder arrays = new StringBuilder("%n1 = OpConstant %uint 1\n%a0 = OpTypeArray %float %n1");
    for (int i = 1; i < 70; i++) {
      arrays.append("\n%a").append(i).append(" = OpTypeArray %a").append(i - 1).append(" %n1");
    }
    String vars = arrays + "\n%ps = OpTypePointer Input %a9\n%shallow = OpVariable %ps Input"
        + "\n%pd = OpTypePointer Input %a69\n%deep = OpVariable %pd Input";
    String decorations = "OpDecorate %shallow Location 0\nOpDecorate %deep Location 20";
    for (boolean shallowFirst : new boolean[] {true, false}) {
      Facts f = facts("OpEntryPoint Vertex %main \"main\" %shallow %deep", decorations, vars);
      int ep = f.allEntryPoints()[0];
      List<Integer> v = InterfaceSlots.interfaceVariables(f, ep, InterfaceSlots.INPUT);
      int shallow = v.get(0);
      int deep = v.get(1);
      if (shallowFirst) {
        assertEquals(1, InterfaceSlots.slots(f, ep, shallow).size());
      }
      assertTrue(InterfaceSlots.slots(f, ep, deep).isEmpty(), "too deep, shallow asked first: " + shallowFirst);
      assertFalse(InterfaceSlots.takesLocations(f, ep, deep));
      assertEquals(1, InterfaceSlots.slots(f, ep, shallow).size());
      assertEquals(1, InterfaceSlots.locationsSpanned(f, ep, InterfaceSlots.INPUT));
    }
  }
}
