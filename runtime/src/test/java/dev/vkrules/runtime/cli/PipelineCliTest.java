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
}
