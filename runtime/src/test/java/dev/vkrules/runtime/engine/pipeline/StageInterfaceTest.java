package dev.vkrules.runtime.engine.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.runtime.engine.Facts;
import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.engine.module.ModuleIndex;
import dev.vkrules.runtime.support.ExampleAssembler;
import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Linked stages: each rule between two stages on a pair of small modules that breaks it and a
 * pair that keeps it. The VUIDs asserted are the generated {@link PipelineVuids} (read from the
 * rule files by their texts), never typed here.
 */
class StageInterfaceTest {
  private static final String TYPES = String.join("\n",
      "%void = OpTypeVoid", "%fn = OpTypeFunction %void",
      "%float = OpTypeFloat 32", "%int = OpTypeInt 32 1", "%uint = OpTypeInt 32 0",
      "%v2float = OpTypeVector %float 2", "%v4float = OpTypeVector %float 4", "%uint_3 = OpConstant %uint 3",
      "%uint_1 = OpConstant %uint 1");
  private static final String BODY = String.join("\n",
      "%main = OpFunction %void None %fn", "%entry = OpLabel", "OpReturn", "OpFunctionEnd", "");

  static Facts module(String model, String modes, String decorations, String vars, String interfaceIds) {
    String text = String.join("\n", "OpCapability Shader", "OpCapability Geometry", "OpCapability Tessellation",
        "OpCapability MeshShadingEXT", "OpExtension \"SPV_EXT_mesh_shader\"",
        "OpMemoryModel Logical GLSL450", "OpEntryPoint " + model + " %main \"main\" " + interfaceIds, modes,
        decorations, TYPES, vars, BODY);
    try {
      return new Facts(ModuleIndex.of(ByteBuffer.wrap(ExampleAssembler.assemble(text, Target.VULKAN_1_3))));
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  static Facts vertexOut(String decorations, String type) {
    return module("Vertex", "", decorations, "%p = OpTypePointer Output " + type + "\n%o = OpVariable %p Output", "%o");
  }

  static Facts fragmentIn(String decorations, String type) {
    return module("Fragment", "OpExecutionMode %main OriginUpperLeft", decorations,
        "%p = OpTypePointer Input " + type + "\n%i = OpVariable %p Input", "%i");
  }

  static List<StageInterface.Finding> link(Facts p, Facts c, boolean m4Target, Boolean m4) {
    return StageInterface.check(p, p.allEntryPoints()[0], c, c.allEntryPoints()[0], m4Target, m4);
  }

  static List<String> vuids(List<StageInterface.Finding> findings) {
    return findings.stream().map(f -> f.vuid().id()).toList();
  }

  @Test
  void matchingLocationsAndTypesAreClean() {
    assertEquals(List.of(), link(vertexOut("OpDecorate %o Location 1", "%v4float"),
        fragmentIn("OpDecorate %i Location 1", "%v4float"), true, null));
    // signedness and interpolation decorations need not match
    assertEquals(List.of(), link(vertexOut("OpDecorate %o Location 0", "%uint"),
        fragmentIn("OpDecorate %i Location 0\nOpDecorate %i Flat", "%int"), true, null));
  }

  @Test
  void anInputWithoutAnOutputBreaksTheDeclaredRule() {
    List<StageInterface.Finding> f = link(vertexOut("OpDecorate %o Location 0", "%v4float"),
        fragmentIn("OpDecorate %i Location 1", "%v4float"), true, null);
    assertEquals(List.of(PipelineVuids.STAGE_DECLARED.id()), vuids(f));
    assertEquals(StageInterface.Side.CONSUMER, f.get(0).side());
    assertTrue(f.get(0).message().contains("Location 1 Component 0"), f.get(0).message());
  }

  @Test
  void aDifferentComponentTypeBreaksTheTypeRule() {
    assertEquals(List.of(PipelineVuids.STAGE_TYPE.id()), vuids(link(vertexOut("OpDecorate %o Location 0", "%float"),
        fragmentIn("OpDecorate %i Location 0\nOpDecorate %i Flat", "%int"), true, null)));
  }

  @Test
  void aWiderOutputVectorDependsOnMaintenance4() {
    Facts out = vertexOut("OpDecorate %o Location 0", "%v4float");
    Facts in = fragmentIn("OpDecorate %i Location 0", "%v2float");
    assertEquals(List.of(PipelineVuids.STAGE_VECTOR_WIDER.id()), vuids(link(out, in, false, null)));
    List<StageInterface.Finding> unknown = link(out, in, true, null);
    assertEquals(List.of(PipelineVuids.STAGE_VECTOR_WIDER_MAINTENANCE4.id()), vuids(unknown));
    assertEquals(StageInterface.MAINTENANCE4, unknown.get(0).exemptedBy());
    assertNull(link(out, in, true, false).get(0).exemptedBy());
    assertEquals(List.of(), link(out, in, true, true));
    // a narrower output feeding a wider input is the declared rule's business, not this one's
    assertEquals(List.of(PipelineVuids.STAGE_DECLARED.id()), vuids(link(vertexOut("OpDecorate %o Location 0", "%v2float"),
        fragmentIn("OpDecorate %i Location 0", "%v4float"), true, null)));
  }

  @Test
  void perVertexArraysOfTheNextStageMatchTheirElement() {
    Facts geom = module("Geometry", "OpExecutionMode %main Triangles\nOpExecutionMode %main Invocations 1\n"
        + "OpExecutionMode %main OutputTriangleStrip\nOpExecutionMode %main OutputVertices 3",
        "OpDecorate %i Location 2", "%arr = OpTypeArray %v4float %uint_3\n%p = OpTypePointer Input %arr\n"
        + "%i = OpVariable %p Input", "%i");
    assertEquals(List.of(), link(vertexOut("OpDecorate %o Location 2", "%v4float"), geom, true, null));
    assertEquals(List.of(PipelineVuids.STAGE_DECLARED.id()),
        vuids(link(vertexOut("OpDecorate %o Location 3", "%v4float"), geom, true, null)));
  }

  @Test
  void perPrimitiveMustMatchFromMeshToFragment() {
    String meshVars = "%arr = OpTypeArray %v4float %uint_3\n%p = OpTypePointer Output %arr\n%o = OpVariable %p Output";
    String modes = "OpExecutionMode %main LocalSize 1 1 1\nOpExecutionMode %main OutputVertices 3\n"
        + "OpExecutionMode %main OutputPrimitivesEXT 1\nOpExecutionMode %main OutputTrianglesEXT";
    Facts mesh = module("MeshEXT", modes, "OpDecorate %o Location 0\nOpDecorate %o PerPrimitiveEXT", meshVars, "%o");
    Facts plain = fragmentIn("OpDecorate %i Location 0", "%v4float");
    Facts perPrimitive = fragmentIn("OpDecorate %i Location 0\nOpDecorate %i PerPrimitiveEXT", "%v4float");
    assertEquals(List.of(PipelineVuids.STAGE_DECORATIONS.id()), vuids(link(mesh, plain, true, null)));
    assertEquals(List.of(), link(mesh, perPrimitive, true, null));
  }

  @Test
  void builtInBlocksMustListTheSameMembersInOrder() {
    String block = "%pv = OpTypeStruct %v4float %float";
    String vDec = "OpDecorate %pv Block\nOpMemberDecorate %pv 0 BuiltIn Position\nOpMemberDecorate %pv 1 BuiltIn PointSize";
    Facts vert = module("Vertex", "", vDec, block + "\n%p = OpTypePointer Output %pv\n%o = OpVariable %p Output", "%o");
    String tescModes = "OpExecutionMode %main OutputVertices 3";
    String arr = "%arr = OpTypeArray %pv %uint_3\n%p = OpTypePointer Input %arr\n%i = OpVariable %p Input";
    Facts same = module("TessellationControl", tescModes, vDec, block + "\n" + arr, "%i");
    String swapped = "OpDecorate %pv Block\nOpMemberDecorate %pv 0 BuiltIn PointSize\nOpMemberDecorate %pv 1 BuiltIn Position";
    Facts other = module("TessellationControl", tescModes, swapped, "%pv = OpTypeStruct %float %v4float\n" + arr, "%i");
    assertEquals(List.of(), link(vert, same, true, null));
    assertEquals(List.of(PipelineVuids.STAGE_DECORATIONS.id()), vuids(link(vert, other, true, null)));
  }
}
