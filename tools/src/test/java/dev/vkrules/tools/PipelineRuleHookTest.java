package dev.vkrules.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.runtime.cli.Main;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The rule language's {@code pipeline:} predicates and example pipelines, end to end through
 * {@code rule-check}: a not-checkable rule of the repository (minSampleShading-08732, its VUID
 * and text read from the file) authored as a check of pipeline state, with an example pipeline
 * that breaks it and one that keeps it; an example without a pipeline does not decide it.
 */
class PipelineRuleHookTest {
  private static final Path RULE = Path.of("..", "rules", "runtime", "VUID-RuntimeSpirv-minSampleShading-08732.yaml");
  private static final String MODULE = String.join("\n",
      "        OpCapability Shader",
      "        OpCapability TileImageDepthReadAccessEXT",
      "        OpExtension \"SPV_EXT_shader_tile_image\"",
      "        OpMemoryModel Logical GLSL450",
      "        OpEntryPoint Fragment %main \"main\"",
      "        OpExecutionMode %main OriginUpperLeft",
      "        %void = OpTypeVoid",
      "        %fn = OpTypeFunction %void",
      "        %float = OpTypeFloat 32",
      "        %main = OpFunction %void None %fn",
      "        %entry = OpLabel",
      "        %d = OpDepthAttachmentReadEXT %float",
      "        OpReturn",
      "        OpFunctionEnd", "");

  @TempDir Path dir;

  private static String example(String multisample) {
    return "    - asm: |\n" + MODULE
        + "      pipeline:\n"
        + "        VkGraphicsPipelineCreateInfo:\n"
        + "          pStages: [{stage: VK_SHADER_STAGE_FRAGMENT_BIT, module: example}]\n"
        + (multisample == null ? "" : "          pMultisampleState: " + multisample + "\n");
  }

  private Path authored(String invalid, String valid) throws IOException {
    String text = Files.readString(RULE, StandardCharsets.UTF_8);
    String hash = text.replaceAll("(?s).*\n  hash: ([0-9a-f]+)\n.*", "$1");
    String extracted = text.substring(0, text.indexOf("\nauthored:") + 1);
    String rule = extracted + "authored:\n"
        + "  status: declarative\n"
        + "  reviewed-hash: " + hash + "\n"
        + "  message: With sample shading enabled, a module that reads attachments through tile images must have"
        + " minSampleShading 1.0.\n"
        + "  check:\n"
        + "    for: {instruction: [OpColorAttachmentReadEXT, OpDepthAttachmentReadEXT, OpStencilAttachmentReadEXT]}\n"
        + "    require:\n"
        + "      any:\n"
        + "      - {pipeline: {state: sampleShadingEnable, is: false}}\n"
        + "      - {pipeline: {state: minSampleShading, at-least: 1}}\n"
        + "  examples:\n"
        + "    invalid:\n" + invalid
        + "    valid:\n" + valid;
    Path p = dir.resolve(RULE.getFileName());
    Files.writeString(p, rule, StandardCharsets.UTF_8);
    return p;
  }

  private static int ruleCheck(StringWriter out, Path rule) {
    String[] args = {"rule-check", "--spec-sources", Path.of("..", "spec-sources").toString(),
        "--tables", Path.of("..", "rules", "tables").toString(), rule.toString()};
    return Main.execute(args, new PrintWriter(out, true), new PrintWriter(out, true));
  }

  @Test
  void aPipelineStateRuleIsDecidedByItsExamplesPipelines() throws IOException {
    Path rule = authored(example("{sampleShadingEnable: true, minSampleShading: 0.5}"),
        example("{sampleShadingEnable: true, minSampleShading: 1.0}")
            + example("{sampleShadingEnable: false, minSampleShading: 0.25}"));
    StringWriter out = new StringWriter();
    assertEquals(0, ruleCheck(out, rule), out.toString());
  }

  @Test
  void aPipelineThatKeepsTheRuleCannotBeItsInvalidExample() throws IOException {
    Path rule = authored(example("{sampleShadingEnable: true, minSampleShading: 1.0}"),
        example("{sampleShadingEnable: false}"));
    StringWriter out = new StringWriter();
    assertEquals(1, ruleCheck(out, rule), out.toString());
    assertTrue(out.toString().contains("invalid 0") && out.toString().contains("FAIL"), out.toString());
  }

  @Test
  void withoutAPipelineTheRuleNeedsAPipelineDescriptionNeverPasses() throws IOException {
    String alone = "    - |\n" + MODULE;
    Path rule = authored(example("{sampleShadingEnable: true, minSampleShading: 0.5}"), alone);
    StringWriter out = new StringWriter();
    assertEquals(1, ruleCheck(out, rule), out.toString());
    assertTrue(out.toString().contains("does not decide") && out.toString().contains("give the example a pipeline"),
        out.toString());
    // and a pipeline without the multisample state does not decide it either
    rule = authored(example("{sampleShadingEnable: true, minSampleShading: 0.5}"), example(null));
    out = new StringWriter();
    assertEquals(1, ruleCheck(out, rule), out.toString());
    assertTrue(out.toString().contains("pMultisampleState"), out.toString());
  }
}
