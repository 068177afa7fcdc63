package dev.vkrules.runtime.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.runtime.cli.ValidateCommandTest.Run;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code validate --pipeline} and {@code --spec-constant}: reports, exit codes, one-line errors, the matrix. */
class PipelineCliTest {
  static final Path ROOT = Path.of(System.getProperty("vkrules.root", ".."));
  static final Path EXAMPLES = ROOT.resolve("examples/pipelines");

  @TempDir Path dir;

  @Test
  void aPipelineWhoseSpecializationBreaksARuleFailsAndSaysWhereTheValueCameFrom() {
    Run r = ValidateCommandTest.run("validate", "--pipeline", EXAMPLES.resolve("specialized-compute/compute.json").toString());
    assertEquals(1, r.exit(), r.out() + r.err());
    assertTrue(r.out().contains("quads.comp.spv (compute.json stage): [VUID-"), r.out());
    assertTrue(r.out().contains("(SpecId 0 = 5 from compute.json stage)"), r.out());
    assertTrue(r.out().contains("1 module: 0 clean, 1 invalid"), r.out());
  }

  @Test
  void theSameModuleWithEvenValuesHasNoError() {
    Run r = ValidateCommandTest.run("validate", "--pipeline",
        EXAMPLES.resolve("specialized-compute/compute-even.json").toString());
    assertEquals(0, r.exit(), r.out() + r.err());
    assertFalse(r.out().contains("[VUID-StandaloneSpirv"), r.out());
  }

  @Test
  void specConstantOnAModuleGivesTheSameVerdict() {
    String module = EXAMPLES.resolve("specialized-compute/quads.comp.spv").toString();
    Run odd = ValidateCommandTest.run("validate", "--spec-constant", "0=7", module);
    assertEquals(1, odd.exit(), odd.out() + odd.err());
    assertTrue(odd.out().contains("(SpecId 0 = 7 from --spec-constant 0=7)"), odd.out());
    assertEquals(0, ValidateCommandTest.run("validate", "--spec-constant", "0=0x10", module).exit());
    Run bad = ValidateCommandTest.run("validate", "--spec-constant", "zero=1", module);
    assertEquals(2, bad.exit());
    assertTrue(bad.err().startsWith("vkrules: --spec-constant: a SpecId is a uint32_t"), bad.err());
  }

  @Test
  void aFossilizeCaptureIsCheckedAsItIs() {
    Run r = ValidateCommandTest.run("validate", "--pipeline", EXAMPLES.resolve("fossilize/capture.json").toString());
    assertEquals(1, r.exit(), r.out() + r.err());
    assertTrue(r.out().contains("capture.json shaderModules[8c2f1a04d3b7e9a1] (capture.json"), r.out());
    assertTrue(r.out().contains("(SpecId 0 = 5 from capture.json"), r.out());
  }

  @Test
  void aCaptureOfLinkedGraphicsLibrariesIsCheckedAsTheWholeAndABadOneExitsTwo() throws Exception {
    Run r = ValidateCommandTest.run("validate", "--pipeline", EXAMPLES.resolve("fossilize/libraries.json").toString());
    assertEquals(1, r.exit(), r.out() + r.err());
    assertTrue(r.out().contains("[VUID-VkGraphicsPipelineCreateInfo-Input-08733] The Input at Location 1 is of signed"
        + " integer type but the attribute's format VK_FORMAT_R32_SFLOAT is of float type."), r.out());
    assertTrue(r.out().contains("2 modules: 1 clean, 1 invalid"), r.out());
    Path bad = dir.resolve("bad-capture.json");
    Files.writeString(bad, Files.readString(EXAMPLES.resolve("fossilize/libraries.json"))
        .replace("\"version\": 2,", "\"version\": 9,"));
    Run b = ValidateCommandTest.run("validate", "--pipeline", bad.toString());
    assertEquals(2, b.exit(), b.out() + b.err());
    assertTrue(b.err().matches("vkrules: \\S*bad-capture\\.json:\\d+:\\d+: /renderPasses/4e1dc0de2b0ba5e5/version: a render pass"
        + " entry's version is 1 \\(VkRenderPassCreateInfo\\) or 2 \\(VkRenderPassCreateInfo2\\), got 9\\R"), b.err());
    assertEquals("", b.out());
  }

  @Test
  void aBadDescriptionIsOneLineWithItsPositionAndExitTwo() throws Exception {
    Path f = dir.resolve("bad.json");
    Files.writeString(f, "{\"VkComputePipelineCreateInfo\": {\"stage\": {\"stage\": \"VK_SHADER_STAGE_FRAG_BIT\","
        + " \"module\": \"x.spv\"}}}");
    Run r = ValidateCommandTest.run("validate", "--pipeline", f.toString());
    assertEquals(2, r.exit());
    assertEquals("", r.out());
    assertEquals(1, r.err().lines().count(), r.err());
    assertTrue(r.err().startsWith("vkrules: " + f + ":1:"), r.err());
  }

  @Test
  void aStageWhoseEntryPointIsMissingFails() throws Exception {
    Files.copy(EXAMPLES.resolve("specialized-compute/quads.comp.spv"), dir.resolve("q.spv"));
    Path f = dir.resolve("p.json");
    Files.writeString(f, "{\"VkComputePipelineCreateInfo\": {\"stage\": {\"stage\": \"VK_SHADER_STAGE_COMPUTE_BIT\","
        + " \"module\": \"q.spv\", \"pName\": \"other\", \"specialization\": {\"0\": 2}}}}");
    Run r = ValidateCommandTest.run("validate", "--pipeline", f.toString());
    assertEquals(1, r.exit(), r.out() + r.err());
    assertTrue(r.out().contains("The module has no OpEntryPoint \"other\" for VK_SHADER_STAGE_COMPUTE_BIT"), r.out());
  }

  @Test
  void theMatrixHasOneRowPerPipeline() {
    Run r = ValidateCommandTest.run("validate", "--matrix", "csv",
        "--profile", ROOT.resolve("spec-sources/profiles/VP_KHR_roadmap_2022.json").toString(),
        "--pipeline", EXAMPLES.resolve("specialized-compute/compute.json").toString(),
        "--pipeline", EXAMPLES.resolve("specialized-compute/compute-even.json").toString());
    assertEquals(2, r.out().lines().filter(l -> l.startsWith("cell,")).count(), r.out() + r.err());  // 2 pipelines x 1 device
    // the odd local size breaks a StandaloneSpirv rule on every device; the even one does not
    assertTrue(r.out().lines().anyMatch(l -> l.contains("compute.json") && l.contains("VUID-StandaloneSpirv")), r.out());
    assertTrue(r.out().lines().anyMatch(l -> l.contains("compute-even.json") && !l.contains("VUID-StandaloneSpirv")),
        r.out());
  }

  @Test
  void aModuleAloneNeedsADescriptionOnlyWhereALinkedStageCouldFailIt() throws Exception {
    String vert = EXAMPLES.resolve("link.vert.spv").toString();
    String frag = EXAMPLES.resolve("link.frag.spv").toString();
    String comp = ROOT.resolve("examples/shaders/gaussian_blur_storage_image.comp.spv").toString();
    Run r = ValidateCommandTest.run("validate", "--target-env", "vulkan1.3", "--format", "json", vert, frag, comp);
    assertEquals(0, r.exit(), r.out() + r.err());
    com.fasterxml.jackson.databind.JsonNode report = new com.fasterxml.jackson.databind.ObjectMapper().readTree(r.out());
    int needs = 0;
    java.util.Set<String> modules = new java.util.TreeSet<>();
    for (com.fasterxml.jackson.databind.JsonNode f : report.get("files")) {
      for (com.fasterxml.jackson.databind.JsonNode d : f.get("diagnostics")) {
        if (d.get("severity").asText().equals("needs-pipeline-description")) {
          needs++;
          modules.add(f.get("file").asText());
          assertTrue(d.get("instruction").asText().startsWith("OpEntryPoint "), d.toString());
        }
      }
    }
    // the vertex shader's vector Outputs (one rule), the fragment shader's Inputs (three rules); not the compute shader
    assertEquals(java.util.Set.of(vert, frag), modules);
    assertEquals(4, needs);
    assertEquals(needs, report.at("/totals/findings/needs-pipeline-description").asInt(), r.out());
    assertEquals(2, report.at("/totals/needsPipelineDescription").asInt(), r.out());
    assertEquals(1, report.at("/totals/clean").asInt(), r.out());
    // SARIF: the same findings, as notes with their severity, when asked for
    Run sarif = ValidateCommandTest.run("validate", "--target-env", "vulkan1.3", "--format", "sarif", "--show-undecided",
        vert, frag, comp);
    assertEquals(needs, sarif.out().split("\"needs-pipeline-description\"", -1).length - 1, sarif.out());
    // --fail-on needs-pipeline-description makes them fail the run
    assertEquals(1, ValidateCommandTest.run("validate", "--target-env", "vulkan1.3", "--fail-on",
        "needs-pipeline-description", frag).exit());
  }

  @Test
  void aLayoutNeedNamesTheCreateInfoOfTheModulesStage() {
    // a compute shader indexing an array of combined image samplers with a value read at run time
    Run r = ValidateCommandTest.run("validate", "--show-undecided",
        ROOT.resolve("examples/corpus/spv/nonuniform_storage_images.comp.spv").toString());
    assertTrue(r.out().contains("Needs VkComputePipelineCreateInfo::layout (a pipeline description, --pipeline)"),
        r.out());
    assertFalse(r.out().contains("VkGraphicsPipelineCreateInfo"), r.out());
  }

  @Test
  void noPipelineStateNeedWithoutASubject() {
    // an access chain into a Function-storage parameter is no combined image sampler: nothing to decide
    Run r = ValidateCommandTest.run("validate", ROOT.resolve("examples/corpus/spv/ambient_occlusion_query.comp.spv")
        .toString());
    assertFalse(r.out().contains("needs a pipeline description"), r.out());
  }

  @Test
  void aMatrixCellOfAPipelineSaysPerStageWhatItNeeds() throws Exception {
    Run r = ValidateCommandTest.run("validate", "--matrix", "json",
        "--profile", ROOT.resolve("spec-sources/profiles/devices/vp_gpuinfo_apple_m1_0_2_2015_osx_14_3.json").toString(),
        "--pipeline", ROOT.resolve("peers/vvl-pipelines/cases/pos-ShaderInterface-RelaxedTypeMatch/pipeline.json").toString(),
        "--pipeline", EXAMPLES.resolve("terrain/pipeline.json").toString());
    com.fasterxml.jackson.databind.JsonNode m = new com.fasterxml.jackson.databind.ObjectMapper().readTree(r.out());
    java.util.List<String> statuses = new java.util.ArrayList<>();
    int needs = 0;
    for (com.fasterxml.jackson.databind.JsonNode row : m.get("modules")) {
      for (com.fasterxml.jackson.databind.JsonNode cell : row.get("results")) {
        statuses.add(cell.get("status").asText());
        // a device fact the cell needs (undecided) or lacks (failing) is named with the stage it is for
        for (com.fasterxml.jackson.databind.JsonNode need : cell.get("needs")) {
          needs++;
          assertTrue(need.asText().matches(".*\\.spv \\(pipeline\\.json pStages\\[\\d\\]\\): \\S.*"), need.asText());
        }
      }
    }
    // the relaxed-type case needs maintenance4 for its vertex stage; terrain fails, lacking geometryShader for pStages[3]
    assertEquals(java.util.List.of("needs-information", "fails"), statuses, r.out());
    assertEquals(2, needs, r.out());
    assertTrue(r.out().contains("wireframe_edge_distance.geom.spv (pipeline.json pStages[3]): geometryShader"), r.out());
  }
}
