package dev.vkrules.runtime.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.vkrules.runtime.engine.base.Unknown;
import dev.vkrules.runtime.engine.interfaces.InterfaceSlots;
import dev.vkrules.runtime.engine.module.ModuleIndex;
import dev.vkrules.runtime.support.ExampleAssembler;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/**
 * An entry point's interface and streams as a whole: the Locations its interface spans
 * (per-patch variables apart), the vertex streams its call tree emits to, and the bytes
 * its busiest stream's transform feedback buffers take.
 */
class StageFactsTest {
  private static Facts facts(String text) throws Exception {
    return new Facts(ModuleIndex.of(ByteBuffer.wrap(ExampleAssembler.assemble(text, Target.VULKAN_1_3))));
  }

  private static int ep(Facts f) {
    return f.allEntryPoints()[0];
  }

  @Test
  void locationsSpannedIsTheHighestConsumedLocationPlusOneWithoutPatchVariables() throws Exception {
    Facts f = facts(String.join("\n", "OpCapability Tessellation", "OpCapability Float64",
        "OpMemoryModel Logical GLSL450",
        "OpEntryPoint TessellationControl %main \"main\" %a %b %p",
        "OpExecutionMode %main OutputVertices 3",
        "OpDecorate %a Location 2", "OpDecorate %b Location 5", "OpDecorate %p Location 30", "OpDecorate %p Patch",
        "%void = OpTypeVoid", "%fn = OpTypeFunction %void", "%float = OpTypeFloat 32", "%double = OpTypeFloat 64",
        "%v4double = OpTypeVector %double 4", "%uint = OpTypeInt 32 0", "%uint_3 = OpConstant %uint 3",
        "%arr = OpTypeArray %float %uint_3", "%arrd = OpTypeArray %v4double %uint_3",
        "%pin = OpTypePointer Input %arr", "%pind = OpTypePointer Input %arrd", "%pout = OpTypePointer Output %float",
        "%a = OpVariable %pin Input", "%b = OpVariable %pind Input", "%p = OpVariable %pout Output",
        "%main = OpFunction %void None %fn", "%entry = OpLabel", "OpReturn", "OpFunctionEnd", ""));
    // per-vertex arrays drop their outer level: %b (a dvec4) takes Locations 5 and 6
    assertEquals(7, InterfaceSlots.locationsSpanned(f, ep(f), InterfaceSlots.INPUT));
    // the Patch output at Location 30 is not counted against the per-vertex output Locations
    assertEquals(0, InterfaceSlots.locationsSpanned(f, ep(f), InterfaceSlots.OUTPUT));
  }

  private static final String GEOMETRY_HEAD = String.join("\n", "OpCapability Geometry", "OpCapability GeometryStreams",
      "OpCapability TransformFeedback", "OpMemoryModel Logical GLSL450");
  private static final String GEOMETRY_MODES = String.join("\n", "OpExecutionMode %main Xfb",
      "OpExecutionMode %main Triangles", "OpExecutionMode %main Invocations 1",
      "OpExecutionMode %main OutputPoints", "OpExecutionMode %main OutputVertices 3");
  private static final String TYPES = String.join("\n", "%void = OpTypeVoid", "%fn = OpTypeFunction %void",
      "%float = OpTypeFloat 32", "%v4 = OpTypeVector %float 4", "%uint = OpTypeInt 32 0",
      "%u0 = OpConstant %uint 0", "%u1 = OpConstant %uint 1", "%u2 = OpConstant %uint 2",
      "%us = OpSpecConstant %uint 1");

  @Test
  void emittedStreamsCountsDistinctStreamsThroughCalls() throws Exception {
    Facts f = facts(String.join("\n", GEOMETRY_HEAD, "OpEntryPoint Geometry %main \"main\"", GEOMETRY_MODES, TYPES,
        "%main = OpFunction %void None %fn", "%entry = OpLabel", "OpEmitVertex", "%c = OpFunctionCall %void %helper",
        "OpEmitStreamVertex %u0", "OpReturn", "OpFunctionEnd",
        "%helper = OpFunction %void None %fn", "%h = OpLabel", "OpEmitStreamVertex %u2", "OpReturn", "OpFunctionEnd", ""));
    assertEquals(2, f.emittedStreams(ep(f)));
  }

  @Test
  void aStreamFromASpecializationConstantIsUnknownUnlessTwoAreKnown() throws Exception {
    String body = String.join("\n", "%main = OpFunction %void None %fn", "%entry = OpLabel", "EMITS", "OpReturn",
        "OpFunctionEnd", "");
    Facts one = facts(String.join("\n", GEOMETRY_HEAD, "OpEntryPoint Geometry %main \"main\"", GEOMETRY_MODES, TYPES,
        body.replace("EMITS", "OpEmitStreamVertex %u0\nOpEmitStreamVertex %us")));
    assertThrows(Unknown.class, () -> one.emittedStreams(ep(one)));
    Facts two = facts(String.join("\n", GEOMETRY_HEAD, "OpEntryPoint Geometry %main \"main\"", GEOMETRY_MODES, TYPES,
        body.replace("EMITS", "OpEmitStreamVertex %u0\nOpEmitStreamVertex %u1\nOpEmitStreamVertex %us")));
    assertEquals(2, two.emittedStreams(ep(two)));
  }

  @Test
  void streamDataSizeSumsTheLargestEndOfEachBufferPerStream() throws Exception {
    Facts f = facts(String.join("\n", GEOMETRY_HEAD, "OpEntryPoint Geometry %main \"main\" %a %b %c %d", GEOMETRY_MODES,
        "OpDecorate %a XfbBuffer 0", "OpDecorate %a XfbStride 32", "OpDecorate %a Offset 16", "OpDecorate %a Location 0",
        "OpDecorate %b XfbBuffer 0", "OpDecorate %b XfbStride 32", "OpDecorate %b Offset 0", "OpDecorate %b Location 1",
        "OpDecorate %c XfbBuffer 1", "OpDecorate %c XfbStride 8", "OpDecorate %c Offset 4", "OpDecorate %c Location 2",
        "OpDecorate %d XfbBuffer 2", "OpDecorate %d XfbStride 64", "OpDecorate %d Offset 48", "OpDecorate %d Location 3",
        "OpDecorate %d Stream 1",
        TYPES, "%pv4 = OpTypePointer Output %v4", "%pf = OpTypePointer Output %float",
        "%a = OpVariable %pv4 Output", "%b = OpVariable %pv4 Output", "%c = OpVariable %pf Output",
        "%d = OpVariable %pv4 Output",
        "%main = OpFunction %void None %fn", "%entry = OpLabel", "OpReturn", "OpFunctionEnd", ""));
    // stream 0: buffer 0 ends at 16 + 16 = 32, buffer 1 at 4 + 4 = 8; stream 1: buffer 2 at 48 + 16 = 64
    assertEquals(64, f.largestStreamDataSize(ep(f)));
  }

  @Test
  void combinedOutputResourcesCountsUsedStorageResourcesAndOutputLocations() throws Exception {
    Facts f = facts(String.join("\n", "OpCapability Shader", "OpMemoryModel Logical GLSL450",
        "OpEntryPoint Fragment %main \"main\" %o0 %o1 %ssbo %ro %img",
        "OpExecutionMode %main OriginUpperLeft",
        "OpDecorate %o0 Location 0", "OpDecorate %o1 Location 0", "OpDecorate %o1 Index 1",
        "OpDecorate %block Block", "OpMemberDecorate %block 0 Offset 0",
        "OpDecorate %ssbo DescriptorSet 0", "OpDecorate %ssbo Binding 0",
        "OpDecorate %ro DescriptorSet 0", "OpDecorate %ro Binding 1",
        "OpDecorate %img DescriptorSet 0", "OpDecorate %img Binding 2",
        "%void = OpTypeVoid", "%fn = OpTypeFunction %void", "%float = OpTypeFloat 32", "%v4 = OpTypeVector %float 4",
        "%int = OpTypeInt 32 1", "%v2int = OpTypeVector %int 2", "%i0 = OpConstant %int 0", "%c = OpConstantComposite %v2int %i0 %i0",
        "%f1 = OpConstant %float 1", "%v1 = OpConstantComposite %v4 %f1 %f1 %f1 %f1",
        "%block = OpTypeStruct %float", "%pblock = OpTypePointer StorageBuffer %block",
        "%pfloat = OpTypePointer StorageBuffer %float", "%pout = OpTypePointer Output %v4",
        "%image = OpTypeImage %float 2D 0 0 0 2 Rgba32f", "%pimage = OpTypePointer UniformConstant %image",
        "%o0 = OpVariable %pout Output", "%o1 = OpVariable %pout Output",
        "%ssbo = OpVariable %pblock StorageBuffer", "%ro = OpVariable %pblock StorageBuffer",
        "%img = OpVariable %pimage UniformConstant",
        "%main = OpFunction %void None %fn", "%entry = OpLabel",
        "%call = OpFunctionCall %void %helper",
        "%r = OpAccessChain %pfloat %ro %i0", "%x = OpLoad %float %r",
        "%loaded = OpLoad %image %img", "OpImageWrite %loaded %c %v1",
        "OpReturn", "OpFunctionEnd",
        "%helper = OpFunction %void None %fn", "%h = OpLabel",
        "%p = OpAccessChain %pfloat %ssbo %i0", "OpStore %p %f1", "OpReturn", "OpFunctionEnd", ""));
    // %ssbo (stored to in a callee), %ro (only read) and %img (OpImageWrite) are used; the two
    // outputs share Location 0 (dual-source blending)
    assertEquals(4, f.combinedOutputResources(ep(f)));
  }
}
