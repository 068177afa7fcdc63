package dev.vkrules.runtime.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading pipeline descriptions: vkrules' own form, Fossilize captures, and one-line errors. */
class PipelineReaderTest {
  static final Path EXAMPLES = Path.of(System.getProperty("vkrules.root", "..")).resolve("examples/pipelines");

  @TempDir Path dir;

  @Test
  void readsAComputePipelineWithMapEntriesOverPData() throws Exception {
    PipelineDescription d = PipelineReader.read(EXAMPLES.resolve("specialized-compute/compute.json"));
    assertEquals(PipelineDescription.Format.VKRULES, d.format());
    Pipeline p = d.pipelines().get(0);
    assertEquals(Pipeline.Kind.COMPUTE, p.kind());
    Stage s = p.stages().get(0);
    assertEquals("VK_SHADER_STAGE_COMPUTE_BIT", s.stage());
    assertEquals("main", s.entryPoint());
    assertEquals(5, s.specialization().value(0).orElseThrow().bits());
    assertEquals(4, s.specialization().value(0).orElseThrow().size());
    assertEquals(4, s.specialization().value(1).orElseThrow().bits());
    assertEquals("(SpecId 0 = 5 from compute.json stage)", s.specialization().value(0).orElseThrow().provenance());
    assertTrue(s.module().bytes().length > 20);
  }

  @Test
  void readsTheShortSpecializationForm() throws Exception {
    Stage s = PipelineReader.read(EXAMPLES.resolve("specialized-compute/compute-even.json")).pipelines().get(0)
        .stages().get(0);
    assertEquals(16, s.specialization().value(0).orElseThrow().bits());
    assertEquals(0, s.specialization().value(0).orElseThrow().size());  // takes the constant's width
    assertEquals("(SpecId 0 = 16 from compute-even.json stage)", s.specialization().value(0).orElseThrow().provenance());
  }

  @Test
  void readsAGraphicsPipelineWithStateLayoutAndDynamicRendering() throws Exception {
    Pipeline p = PipelineReader.read(EXAMPLES.resolve("terrain/pipeline.json")).pipelines().get(0);
    assertEquals(5, p.stages().size());
    assertEquals(List.of("VK_SHADER_STAGE_VERTEX_BIT", "VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT",
        "VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT", "VK_SHADER_STAGE_GEOMETRY_BIT", "VK_SHADER_STAGE_FRAGMENT_BIT"),
        p.stages().stream().map(Stage::stage).toList());
    assertEquals(4, p.multisample().rasterizationSamples());
    assertTrue(p.rendering().dynamic());
    assertEquals(List.of("VK_FORMAT_R8G8B8A8_UNORM"), p.rendering().colorFormats());
    assertEquals(1, p.rendering().viewCount());
    DescriptorBinding b = p.layout().binding(0, 1).orElseThrow();
    assertEquals("VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER", b.descriptorType());
    assertFalse(b.immutableSamplers().get(0).unnormalizedCoordinates());
    assertTrue(p.layout().binding(0, 2).isEmpty());
    assertEquals(8, p.layout().pushConstantRanges().get(0).size());
  }

  @Test
  void readsAFossilizeCaptureWithEmbeddedCode() throws Exception {
    PipelineDescription d = PipelineReader.read(EXAMPLES.resolve("fossilize/capture.json"));
    assertEquals(PipelineDescription.Format.FOSSILIZE, d.format());
    Pipeline p = d.pipelines().get(0);
    assertTrue(p.name().endsWith("#f00dfacec0ffee01"), p.name());
    Stage s = p.stages().get(0);
    assertEquals("VK_SHADER_STAGE_COMPUTE_BIT", s.stage());  // 32 in the capture, named by vk.xml
    assertEquals(5, s.specialization().value(0).orElseThrow().bits());
    assertEquals("VK_DESCRIPTOR_TYPE_STORAGE_BUFFER", p.layout().binding(0, 0).orElseThrow().descriptorType());
    byte[] own = Files.readAllBytes(EXAMPLES.resolve("specialized-compute/quads.comp.spv"));
    assertEquals(java.util.Arrays.toString(own), java.util.Arrays.toString(s.module().bytes()));
    assertNull(s.module().file());
  }

  @Test
  void aFossilizeModuleWithoutCodeIsReadFromHashDotSpvBesideTheCapture() throws Exception {
    String capture = Files.readString(EXAMPLES.resolve("fossilize/capture.json"))
        .replaceAll("\"code\": \"[^\"]*\",?", "").replaceAll("\"codeSize\": \\d+,", "\"codeSize\": 296");
    Files.writeString(dir.resolve("capture.json"), capture);
    PipelineException missing = assertThrows(PipelineException.class, () -> PipelineReader.read(dir.resolve("capture.json")));
    assertTrue(missing.getMessage().contains("8c2f1a04d3b7e9a1.spv"), missing.getMessage());
    Files.copy(EXAMPLES.resolve("specialized-compute/quads.comp.spv"), dir.resolve("8c2f1a04d3b7e9a1.spv"));
    Stage s = PipelineReader.read(dir.resolve("capture.json")).pipelines().get(0).stages().get(0);
    assertEquals(dir.resolve("8c2f1a04d3b7e9a1.spv").toAbsolutePath(), s.module().file().toAbsolutePath());
  }

  @Test
  void aFossilizeRenderPassOfVersionTwoGivesItsSubpassViewMask() throws Exception {
    // libraries.json: renderPasses entry with "version": 2 (VkRenderPassCreateInfo2), subpass viewMask 3
    Pipeline p = PipelineReader.read(EXAMPLES.resolve("fossilize/libraries.json")).pipelines().get(0);
    assertEquals(3, p.rendering().viewMask());
    assertEquals(2, p.rendering().viewCount());
    assertEquals(List.of("VK_FORMAT_R8G8B8A8_UNORM"), p.rendering().colorFormats());
    // the same entry under renderPasses2, where earlier Fossilize versions write them
    String moved = Files.readString(EXAMPLES.resolve("fossilize/libraries.json"))
        .replace("\"renderPasses\": {", "\"renderPasses\": {}, \"renderPasses2\": {").replace("\"version\": 2,", "");
    Files.writeString(dir.resolve("c.json"), moved);
    assertEquals(3, PipelineReader.read(dir.resolve("c.json")).pipelines().get(0).rendering().viewMask());
  }

  @Test
  void aFossilizeGraphicsPipelineLinksItsLibraries() throws Exception {
    PipelineDescription d = PipelineReader.read(EXAMPLES.resolve("fossilize/libraries.json"));
    assertEquals(1, d.pipelines().size(), "libraries another pipeline links are not validated alone");
    Pipeline p = d.pipelines().get(0);
    assertTrue(p.name().endsWith("#2000000000000001"), p.name());
    assertEquals(List.of("VK_SHADER_STAGE_VERTEX_BIT", "VK_SHADER_STAGE_FRAGMENT_BIT"),
        p.stages().stream().map(Stage::stage).toList());
    assertEquals(List.of(0, 1), p.stages().stream().map(Stage::index).toList());
    // named by where the linking pipeline reaches it; its line and column are the library's own entry
    assertTrue(p.stages().get(0).source().toString().endsWith("pNext[0].pLibraries[1].pStages[0]"),
        p.stages().get(0).source().toString());
    assertEquals(GraphicsState.COMPLETE, p.graphics().subsets());
    assertEquals(List.of("VK_FORMAT_R32G32B32_SFLOAT", "VK_FORMAT_R32_SFLOAT"),
        p.graphics().vertexInput().attributes().stream().map(GraphicsState.Attribute::format).toList());
    assertEquals("VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST", p.graphics().topology());
    assertEquals(1, p.multisample().rasterizationSamples());
    assertEquals(4, p.libraries().size());
  }

  @Test
  void aGraphicsPipelineLibraryHoldsOnlyItsSubsets() throws Exception {
    String alone = Files.readString(EXAMPLES.resolve("fossilize/libraries.json"))
        .replace("\"2000000000000001\"", "\"2000000000000009\"").replace("\"libraries\": [", "\"librariesX\": [");
    Files.writeString(dir.resolve("c.json"), alone);
    PipelineException e = assertThrows(PipelineException.class, () -> PipelineReader.read(dir.resolve("c.json")));
    assertTrue(e.getMessage().contains("librariesX"), e.getMessage());
    // without the linking pipeline each library is validated alone, with only its subsets
    com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
    com.fasterxml.jackson.databind.node.ObjectNode capture = (com.fasterxml.jackson.databind.node.ObjectNode)
        json.readTree(EXAMPLES.resolve("fossilize/libraries.json").toFile());
    ((com.fasterxml.jackson.databind.node.ObjectNode) capture.get("graphicsPipelines").get("2000000000000001"))
        .remove("libraryInfo");
    String unlinked = json.writeValueAsString(capture);
    Files.writeString(dir.resolve("u.json"), unlinked);
    List<Pipeline> all = PipelineReader.read(dir.resolve("u.json")).pipelines();
    assertEquals(5, all.size(), unlinked);
    Pipeline vertexInput = all.stream().filter(p -> p.name().endsWith("#1000000000000001")).findFirst().orElseThrow();
    assertEquals(java.util.Set.of(GraphicsState.VERTEX_INPUT), vertexInput.graphics().subsets());
  }

  @Test
  void aFossilizeRayTracingPipelineReadsItsGroupsAndLibraries() throws Exception {
    PipelineDescription d = PipelineReader.read(EXAMPLES.resolve("fossilize/raytracing.json"));
    assertEquals(1, d.pipelines().size());
    Pipeline p = d.pipelines().get(0);
    assertEquals(Pipeline.Kind.RAY_TRACING, p.kind());
    assertEquals(List.of("VK_SHADER_STAGE_RAYGEN_BIT_KHR", "VK_SHADER_STAGE_MISS_BIT_KHR"),
        p.stages().stream().map(Stage::stage).toList());
    assertEquals(1, p.groups().size());
    assertEquals("VK_RAY_TRACING_SHADER_GROUP_TYPE_GENERAL_KHR", p.groups().get(0).type());
    assertEquals(0, p.groups().get(0).generalShader());
    assertEquals(ShaderGroup.UNUSED, p.groups().get(0).closestHitShader());
  }

  @Test
  void badFossilizeGroupsVersionsAndLibrariesAreOneLineWithTheirPosition() throws Exception {
    String capture = Files.readString(EXAMPLES.resolve("fossilize/raytracing.json"));
    Files.writeString(dir.resolve("g.json"), capture.replace("\"generalShader\": 0", "\"generalShader\": 7"));
    PipelineException g = assertThrows(PipelineException.class, () -> PipelineReader.read(dir.resolve("g.json")));
    assertTrue(g.getMessage().matches(".*g\\.json:\\d+:\\d+: /raytracingPipelines/300000000000000\\d/pGroups/0/generalShader:"
        + " generalShader 7 is neither VK_SHADER_UNUSED_KHR \\(4294967295\\) nor one of the pipeline's 1 pStages"), g.getMessage());
    Files.writeString(dir.resolve("l.json"), capture.replace("\"3000000000000001\": {", "\"30000000000000ff\": {"));
    PipelineException l = assertThrows(PipelineException.class, () -> PipelineReader.read(dir.resolve("l.json")));
    assertTrue(l.getMessage().contains("/raytracingPipelines/3000000000000002/libraryInfo/libraries/0: library"
        + " 3000000000000001 is in neither graphicsPipelines nor raytracingPipelines"), l.getMessage());
    String gpl = Files.readString(EXAMPLES.resolve("fossilize/libraries.json"));
    Files.writeString(dir.resolve("v.json"), gpl.replace("\"version\": 2,", "\"version\": 3,"));
    PipelineException v = assertThrows(PipelineException.class, () -> PipelineReader.read(dir.resolve("v.json")));
    assertTrue(v.getMessage().contains("/renderPasses/4e1dc0de2b0ba5e5/version: a render pass entry's version is 1"),
        v.getMessage());
    for (PipelineException e : List.of(g, l, v)) {
      assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }
  }

  @Test
  void ownFormReadsRenderPass2ByItsSType() throws Exception {
    Files.copy(EXAMPLES.resolve("plain.frag.spv"), dir.resolve("f.spv"));
    Path f = dir.resolve("rp2.json");
    Files.writeString(f, "{\"VkGraphicsPipelineCreateInfo\": {\"pStages\": [{\"stage\": \"VK_SHADER_STAGE_FRAGMENT_BIT\","
        + " \"module\": \"f.spv\"}], \"renderPass\": {\"sType\": \"VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO_2\","
        + " \"pAttachments\": [{\"format\": \"VK_FORMAT_B8G8R8A8_SRGB\"}], \"pSubpasses\": [{\"viewMask\": 5,"
        + " \"pColorAttachments\": [{\"attachment\": 0, \"aspectMask\": [\"VK_IMAGE_ASPECT_COLOR_BIT\"]}]}]}}}");
    Pipeline p = PipelineReader.read(f).pipelines().get(0);
    assertEquals(5, p.rendering().viewMask());
    assertEquals(List.of("VK_FORMAT_B8G8R8A8_SRGB"), p.rendering().colorFormats());
  }

  private String error(String json) throws Exception {
    Files.copy(EXAMPLES.resolve("specialized-compute/quads.comp.spv"), dir.resolve("a.spv"),
        java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    Path f = dir.resolve("p.json");
    Files.writeString(f, json, StandardCharsets.UTF_8);
    PipelineException e = assertThrows(PipelineException.class, () -> PipelineReader.read(f));
    assertFalse(e.getMessage().contains("\n"), e.getMessage());
    assertTrue(e.getMessage().startsWith(f.toString() + ":"), e.getMessage());
    return e.getMessage();
  }

  @Test
  void aMisspeltEnumerantNamesItsPositionPointerAndNearNames() throws Exception {
    String m = error("{\"VkComputePipelineCreateInfo\": {\"stage\": {\n  \"stage\": \"VK_SHADER_STAGE_COMPUTER_BIT\","
        + " \"module\": \"a.spv\"}}}");
    assertTrue(m.contains(":2:12: /VkComputePipelineCreateInfo/stage/stage: unknown VkShaderStageFlagBits"
        + " 'VK_SHADER_STAGE_COMPUTER_BIT'"), m);
    assertTrue(m.contains("near: VK_SHADER_STAGE_COMPUTE_BIT"), m);
  }

  @Test
  void aMemberVkXmlDoesNotGiveTheStructureIsAnErrorWithNearNames() throws Exception {
    String m = error("{\"VkComputePipelineCreateInfo\": {\"stage\": {\"stage\": \"VK_SHADER_STAGE_COMPUTE_BIT\","
        + " \"module\": \"a.spv\", \"pname\": \"main\"}}}");
    assertTrue(m.contains("'VkPipelineShaderStageCreateInfo' has no member 'pname'"), m);
    assertTrue(m.contains("near: pName"), m);
  }

  @Test
  void malformedJsonMissingModulesAndBadMapEntriesAreOneLineErrors() throws Exception {
    assertTrue(error("{\"VkComputePipelineCreateInfo\": {").contains(":1:"));
    assertTrue(error("{\"VkComputePipelineCreateInfo\": {\"stage\": {\"stage\": \"VK_SHADER_STAGE_COMPUTE_BIT\","
        + " \"module\": \"missing.spv\"}}}").contains("no such module file: missing.spv"));
    assertTrue(error("{\"VkComputePipelineCreateInfo\": {\"stage\": {\"stage\": \"VK_SHADER_STAGE_COMPUTE_BIT\","
        + " \"module\": \"a.spv\", \"pSpecializationInfo\": {\"pMapEntries\": [{\"constantID\": 0, \"offset\": 2,"
        + " \"size\": 4}], \"pData\": [1, 0, 0, 0]}}}}").contains("[" + SpecializationVuids.SIZE_IN_DATA.id()
        + "] size 4 must be at most dataSize minus offset (4 - 2)"));
    assertTrue(error("{\"VkComputePipelineCreateInfo\": {\"stage\": {\"stage\": \"VK_SHADER_STAGE_COMPUTE_BIT\","
        + " \"module\": \"a.spv\", \"pSpecializationInfo\": {\"pMapEntries\": [{\"constantID\": 0, \"offset\": 4,"
        + " \"size\": 0}], \"pData\": [1, 0, 0, 0]}}}}").contains("[" + SpecializationVuids.OFFSET_IN_DATA.id()
        + "] offset 4 must be less than dataSize (4)"));
    assertTrue(error("{\"VkComputePipelineCreateInfo\": {\"stage\": {\"stage\": \"VK_SHADER_STAGE_COMPUTE_BIT\","
        + " \"module\": \"a.spv\", \"pSpecializationInfo\": {\"pMapEntries\": [{\"constantID\": 7, \"offset\": 0,"
        + " \"size\": 4}, {\"constantID\": 7, \"offset\": 0, \"size\": 2}], \"pData\": [1, 0, 0, 0]}}}}")
        .contains("[" + SpecializationVuids.CONSTANT_ID_UNIQUE.id() + "] constantID 7 is mapped twice"));
    assertTrue(error("{\"VkGraphicsPipelineCreateInfo\": {\"stageCount\": 2, \"pStages\": []}}")
        .contains("stageCount is 2 but pStages has 0 elements"));
    assertTrue(error("{\"VkGraphicsPipelineCreatInfo\": {}}").contains("near: VkGraphicsPipelineCreateInfo"));
    assertTrue(error("{\"VkComputePipelineCreateInfo\": {\"flags\": 3, \"stage\": {\"stage\": \"VK_SHADER_STAGE_COMPUTE_BIT\","
        + " \"module\": \"a.spv\"}}}").contains("expected a list of VkPipelineCreateFlagBits names"));
  }

  @Test
  void flagsAreReadByNameAndAliasesReadAsTheNameVkXmlDefines() throws Exception {
    Files.copy(EXAMPLES.resolve("specialized-compute/quads.comp.spv"), dir.resolve("a.spv"));
    Path f = dir.resolve("p.json");
    Files.writeString(f, "{\"VkComputePipelineCreateInfo\": {\"flags\": [\"VK_PIPELINE_CREATE_DISPATCH_BASE_BIT_KHR\"],"
        + " \"stage\": {\"stage\": \"VK_SHADER_STAGE_COMPUTE_BIT\", \"module\": \"a.spv\","
        + " \"flags\": [\"VK_PIPELINE_SHADER_STAGE_CREATE_REQUIRE_FULL_SUBGROUPS_BIT_EXT\"]}}}");
    Pipeline p = PipelineReader.read(f).pipelines().get(0);
    assertEquals(List.of("VK_PIPELINE_CREATE_DISPATCH_BASE_BIT"), p.flags().names());
    assertEquals(List.of("VK_PIPELINE_SHADER_STAGE_CREATE_REQUIRE_FULL_SUBGROUPS_BIT"), p.stages().get(0).flags().names());
  }

  @Test
  void aPNextElementReadsTheSameByItsStructureNameAndByItsStructureTypeName() throws Exception {
    Files.copy(EXAMPLES.resolve("specialized-compute/quads.comp.spv"), dir.resolve("a.spv"));
    Path f = dir.resolve("p.json");
    String stage = "{\"VkComputePipelineCreateInfo\": {\"stage\": {\"stage\": \"VK_SHADER_STAGE_COMPUTE_BIT\","
        + " \"module\": \"a.spv\", \"pNext\": [{\"sType\": %s, \"requiredSubgroupSize\": 32}]}}}";
    int[] read = new int[3];
    String[] sTypes = {"\"VkPipelineShaderStageRequiredSubgroupSizeCreateInfo\"",
        "\"VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_REQUIRED_SUBGROUP_SIZE_CREATE_INFO\"",
        "\"VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_REQUIRED_SUBGROUP_SIZE_CREATE_INFO_EXT\""};  // an alias
    for (int i = 0; i < sTypes.length; i++) {
      Files.writeString(f, String.format(stage, sTypes[i]));
      read[i] = PipelineReader.read(f).pipelines().get(0).stages().get(0).requiredSubgroupSize();
    }
    assertEquals(List.of(32, 32, 32), List.of(read[0], read[1], read[2]));
    // a structure vkrules does not read, named by its structure type: ignored
    Files.writeString(f, String.format(stage.replace(", \"requiredSubgroupSize\": 32", ""),
        "\"VK_STRUCTURE_TYPE_PIPELINE_ROBUSTNESS_CREATE_INFO\""));
    assertEquals(0, PipelineReader.read(f).pipelines().get(0).stages().get(0).requiredSubgroupSize());
  }

  @Test
  void aBindingDeclaredTwiceInASetLayoutIsAnErrorAtTheSecond() throws Exception {
    String m = error("{\"VkComputePipelineCreateInfo\": {\"stage\": {\"stage\": \"VK_SHADER_STAGE_COMPUTE_BIT\","
        + " \"module\": \"a.spv\"}, \"layout\": {\"pSetLayouts\": [{\"pBindings\": ["
        + "{\"binding\": 0, \"descriptorType\": \"VK_DESCRIPTOR_TYPE_STORAGE_BUFFER\"},"
        + " {\"binding\": 1, \"descriptorType\": \"VK_DESCRIPTOR_TYPE_STORAGE_BUFFER\"},"
        + " {\"binding\": 0, \"descriptorType\": \"VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER\"}]}]}}}");
    assertTrue(m.contains("/VkComputePipelineCreateInfo/layout/pSetLayouts/0/pBindings/2: binding 0 is declared twice"), m);
  }
}
