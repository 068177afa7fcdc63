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
    assertEquals(64, p.layout().pushConstantRanges().get(0).size());
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
        + " \"size\": 4}], \"pData\": [1, 0, 0, 0]}}}}").contains("past the end of pData"));
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
