package dev.vkrules.runtime.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vkrules.runtime.cli.ValidateCommandTest.Run;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.support.ExampleAssembler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The rules decided with the {@code immutable-samplers} and {@code specialized} pipeline tests, on
 * the example pipelines of examples/pipelines/block-match and micromap: a pipeline that breaks the
 * rule fails, one that keeps it does not, the lone module needs a pipeline description, and a
 * sampler written at run time (a binding without immutable samplers) is reported as decided at run
 * time: neither an error nor a pass. The VUIDs are those of the rule files that use each test.
 */
class PipelineStateTestsCliTest {
  static final Path ROOT = Path.of(System.getProperty("vkrules.root", ".."));
  static final Path EXAMPLES = ROOT.resolve("examples/pipelines");

  /** The VUIDs of the rule files whose text has every one of {@code words}. */
  private static List<String> rulesUsing(String... words) throws IOException {
    List<String> out = new ArrayList<>();
    try (Stream<Path> files = Files.list(ROOT.resolve("rules/runtime"))) {
      for (Path p : files.sorted().toList()) {
        String text = Files.readString(p, StandardCharsets.UTF_8);
        if (Stream.of(words).allMatch(text::contains)) {
          out.add(p.getFileName().toString().replace(".yaml", ""));
        }
      }
    }
    return out;
  }

  private static String blockMatchRule() throws IOException {
    List<String> vuids = rulesUsing("immutable-samplers:", "for: {instruction: [OpImageBlockMatchSSDQCOM");
    assertEquals(1, vuids.size(), vuids.toString());
    return vuids.get(0);
  }

  private static String micromapRule() throws IOException {
    List<String> vuids = rulesUsing("specialized: Enable", "OpacityMicromapIdKHR");
    assertEquals(1, vuids.size(), vuids.toString());
    return vuids.get(0);
  }

  /** Per file of the JSON report (one per pipeline stage), the severities its findings of {@code vuid} have. */
  private static List<List<String>> severities(JsonNode report, String vuid) {
    List<List<String>> out = new ArrayList<>();
    for (JsonNode file : report.get("files")) {
      List<String> s = new ArrayList<>();
      for (JsonNode d : file.get("diagnostics")) {
        if (d.get("vuid").asText().equals(vuid)) {
          s.add(d.get("severity").asText());
        }
      }
      out.add(s);
    }
    return out;
  }

  @Test
  void aSamplerWrittenAtRunTimeIsNeitherAnErrorNorAPass() throws IOException {
    String vuid = blockMatchRule();
    Run r = ValidateCommandTest.run("validate", "--format", "json", "--pipeline",
        EXAMPLES.resolve("block-match/block-match.json").toString());
    assertEquals(1, r.exit(), r.out() + r.err());
    JsonNode report = new ObjectMapper().readTree(r.out());
    // unnormalized (kept), normalized-reference (broken), sampler-at-run-time (decided at run time)
    assertEquals(List.of(List.of(), List.of("error"), List.of("run-time")), severities(report, vuid), r.out());
    assertEquals(1, report.at("/totals/findings/run-time").asInt(), r.out());
    // SARIF lists what is decided at run time when asked (--show-undecided), as a note
    Run sarif = ValidateCommandTest.run("validate", "--format", "sarif", "--show-undecided", "--pipeline",
        EXAMPLES.resolve("block-match/block-match.json").toString());
    List<String> levels = new ArrayList<>();
    for (JsonNode result : new ObjectMapper().readTree(sarif.out()).at("/runs/0/results")) {
      if (result.get("ruleId").asText().equals(vuid)) {
        JsonNode severity = result.at("/properties/severity");
        levels.add(result.get("level").asText() + (severity.isMissingNode() ? "" : " " + severity.asText()));
      }
    }
    assertEquals(List.of("error", "note run-time"), levels, sarif.out());
    Run text = ValidateCommandTest.run("validate", "--show-undecided", "--pipeline",
        EXAMPLES.resolve("block-match/block-match.json").toString());
    assertTrue(text.out().contains("pipelines[2].VkGraphicsPipelineCreateInfo.pStages[0]): decided at run time: [" + vuid
        + "] Decided at run time by the sampler object written to set 0, binding 3 (a binding without immutable samplers): "),
        text.out());
  }

  @Test
  void theSpecializedEnableDecidesWithTheCreateFlags() throws IOException {
    String vuid = micromapRule();
    Run r = ValidateCommandTest.run("validate", "--format", "json", "--pipeline",
        EXAMPLES.resolve("micromap/micromap.json").toString());
    assertEquals(1, r.exit(), r.out() + r.err());
    JsonNode report = new ObjectMapper().readTree(r.out());
    // enabled-and-disallowed (SpecId 7 = true), disabled-and-disallowed (the default, false), enabled-and-allowed
    assertEquals(List.of(List.of("error"), List.of(), List.of()), severities(report, vuid), r.out());
    Run text = ValidateCommandTest.run("validate", "--pipeline", EXAMPLES.resolve("micromap/micromap.json").toString());
    assertTrue(text.out().contains("(SpecId 7 = 1 from micromap.json pipelines[0].VkComputePipelineCreateInfo.stage)"),
        text.out());
  }

  @TempDir Path dir;

  /** The block-match module with both sampled images made from one array of two samplers, at {@code index}. */
  private Path arrayModule(String index) throws IOException {
    String asm = String.join("\n",
        "OpCapability Shader", "OpCapability TextureBlockMatchQCOM", "OpExtension \"SPV_QCOM_image_processing\"",
        "OpMemoryModel Logical GLSL450", "OpEntryPoint Fragment %main \"main\" %tgt %ref %samps %idx %out",
        "OpExecutionMode %main OriginUpperLeft",
        "OpDecorate %tgt DescriptorSet 0", "OpDecorate %tgt Binding 0", "OpDecorate %tgt BlockMatchTextureQCOM",
        "OpDecorate %ref DescriptorSet 0", "OpDecorate %ref Binding 1", "OpDecorate %ref BlockMatchTextureQCOM",
        "OpDecorate %samps DescriptorSet 0", "OpDecorate %samps Binding 2", "OpDecorate %idx Flat",
        "OpDecorate %idx Location 0", "OpDecorate %out Location 0",
        "%void = OpTypeVoid", "%fn = OpTypeFunction %void", "%float = OpTypeFloat 32", "%uint = OpTypeInt 32 0",
        "%v2uint = OpTypeVector %uint 2", "%v4float = OpTypeVector %float 4",
        "%img = OpTypeImage %float 2D 0 0 0 1 Unknown", "%ptr_img = OpTypePointer UniformConstant %img",
        "%sampler = OpTypeSampler", "%uint_2 = OpConstant %uint 2", "%arr = OpTypeArray %sampler %uint_2",
        "%ptr_arr = OpTypePointer UniformConstant %arr", "%ptr_sampler = OpTypePointer UniformConstant %sampler",
        "%simg = OpTypeSampledImage %img", "%ptr_out = OpTypePointer Output %v4float",
        "%ptr_in = OpTypePointer Input %uint",
        "%tgt = OpVariable %ptr_img UniformConstant", "%ref = OpVariable %ptr_img UniformConstant",
        "%samps = OpVariable %ptr_arr UniformConstant", "%idx = OpVariable %ptr_in Input",
        "%out = OpVariable %ptr_out Output", "%uint_0 = OpConstant %uint 0", "%uint_1 = OpConstant %uint 1",
        "%uint_4 = OpConstant %uint 4", "%coord = OpConstantComposite %v2uint %uint_4 %uint_4",
        "%main = OpFunction %void None %fn", "%entry = OpLabel", "%i = OpLoad %uint %idx",
        "%t = OpLoad %img %tgt", "%r = OpLoad %img %ref",
        "%sp = OpAccessChain %ptr_sampler %samps " + index, "%s = OpLoad %sampler %sp",
        "%ts = OpSampledImage %simg %t %s", "%rs = OpSampledImage %simg %r %s",
        "%v = OpImageBlockMatchSSDQCOM %v4float %ts %coord %rs %coord %coord", "OpStore %out %v",
        "OpReturn", "OpFunctionEnd", "");
    Path spv = dir.resolve("array-" + index.replace("%", "") + ".frag.spv");
    Files.write(spv, ExampleAssembler.assemble(asm, Target.parse("vulkan1.3")));
    return spv;
  }

  /** A pipeline of {@code module} whose binding 2 holds two immutable samplers, the first normalized, the second not. */
  private Path arrayPipeline(Path module) throws IOException {
    String sampler = "{\"magFilter\": \"VK_FILTER_NEAREST\", \"minFilter\": \"VK_FILTER_NEAREST\", \"unnormalizedCoordinates\": %s}";
    String json = "{\"VkGraphicsPipelineCreateInfo\": {\"pStages\": [{\"stage\": \"VK_SHADER_STAGE_FRAGMENT_BIT\", \"module\": \""
        + module.getFileName() + "\"}], \"layout\": {\"pSetLayouts\": [{\"pBindings\": ["
        + "{\"binding\": 0, \"descriptorType\": \"VK_DESCRIPTOR_TYPE_BLOCK_MATCH_IMAGE_QCOM\", \"descriptorCount\": 1, \"stageFlags\": [\"VK_SHADER_STAGE_FRAGMENT_BIT\"]},"
        + "{\"binding\": 1, \"descriptorType\": \"VK_DESCRIPTOR_TYPE_BLOCK_MATCH_IMAGE_QCOM\", \"descriptorCount\": 1, \"stageFlags\": [\"VK_SHADER_STAGE_FRAGMENT_BIT\"]},"
        + "{\"binding\": 2, \"descriptorType\": \"VK_DESCRIPTOR_TYPE_SAMPLER\", \"descriptorCount\": 2, \"stageFlags\": [\"VK_SHADER_STAGE_FRAGMENT_BIT\"],"
        + " \"pImmutableSamplers\": [" + String.format(sampler, "false") + ", " + String.format(sampler, "true") + "]}"
        + "]}]}}}";
    Path p = dir.resolve(module.getFileName().toString().replace(".frag.spv", ".json"));
    Files.writeString(p, json, StandardCharsets.UTF_8);
    return p;
  }

  @Test
  void aConstantIndexSelectsOneImmutableSamplerAndADynamicOneIsDecidedAtRunTime() throws IOException {
    String vuid = blockMatchRule();
    List<String> got = new ArrayList<>();
    for (String index : List.of("%uint_0", "%uint_1", "%i")) {
      Run r = ValidateCommandTest.run("validate", "--format", "json", "--pipeline",
          arrayPipeline(arrayModule(index)).toString());
      got.add(severities(new ObjectMapper().readTree(r.out()), vuid).toString());
    }
    // element 0 lacks unnormalizedCoordinates, element 1 has it, a dynamic index may select either
    assertEquals(List.of("[[error]]", "[[]]", "[[run-time]]"), got);
  }

  @Test
  void theLoneModulesNeedAPipelineDescription() throws IOException {
    for (String[] c : new String[][] {{blockMatchRule(), "block-match/block-match.frag.spv"},
        {micromapRule(), "micromap/micromap.comp.spv"}}) {
      Run r = ValidateCommandTest.run("validate", "--format", "json", EXAMPLES.resolve(c[1]).toString());
      assertEquals(0, r.exit(), r.out() + r.err());
      JsonNode report = new ObjectMapper().readTree(r.out());
      assertEquals(List.of(List.of("needs-pipeline-description")), severities(report, c[0]), r.out());
    }
    // the micromap module's Enable defaults to false: without a description that says nothing of the pipeline's value
    Run r = ValidateCommandTest.run("validate", "--show-undecided", EXAMPLES.resolve("micromap/micromap.comp.spv").toString());
    assertTrue(r.out().contains("needs a pipeline description: [" + micromapRule() + "] Needs the stage's"
        + " VkSpecializationInfo (a pipeline description, --pipeline) to decide"), r.out());
  }
}
