package dev.vkrules.runtime.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.vkrules.runtime.support.ExampleAssembler;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A device comparison reads the module's value first: a value computed at run time is unknown
 * whatever the device, so it is not judged and needs no device information; a constant needs
 * the device's limit (VUID-RuntimeSpirv-OpImageBoxFilterQCOM-06989: Box Size.y at most
 * maxBoxFilterBlockSize.height, an integer limit).
 */
class ModuleValueFirstTest {
  private static String module(boolean runtime) {
    return String.join("\n",
        "OpCapability Shader",
        "OpCapability TextureBoxFilterQCOM",
        "OpExtension \"SPV_QCOM_image_processing\"",
        "OpMemoryModel Logical GLSL450",
        "OpEntryPoint Fragment %main \"main\" %tex %samp %out",
        "OpExecutionMode %main OriginUpperLeft",
        "OpDecorate %tex DescriptorSet 0",
        "OpDecorate %tex Binding 0",
        "OpDecorate %samp DescriptorSet 0",
        "OpDecorate %samp Binding 1",
        "OpDecorate %out Location 0",
        "%void = OpTypeVoid",
        "%fn = OpTypeFunction %void",
        "%float = OpTypeFloat 32",
        "%v2float = OpTypeVector %float 2",
        "%v4float = OpTypeVector %float 4",
        "%img = OpTypeImage %float 2D 0 0 0 1 Unknown",
        "%ptr_img = OpTypePointer UniformConstant %img",
        "%sampler = OpTypeSampler",
        "%ptr_sampler = OpTypePointer UniformConstant %sampler",
        "%simg = OpTypeSampledImage %img",
        "%ptr_out = OpTypePointer Output %v4float",
        "%tex = OpVariable %ptr_img UniformConstant",
        "%samp = OpVariable %ptr_sampler UniformConstant",
        "%out = OpVariable %ptr_out Output",
        "%half = OpConstant %float 0.5",
        "%coord = OpConstantComposite %v2float %half %half",
        "%two = OpConstant %float 2",
        "%size = OpConstantComposite %v2float %two %two",
        "%main = OpFunction %void None %fn",
        "%entry = OpLabel",
        "%t = OpLoad %img %tex",
        "%s = OpLoad %sampler %samp",
        "%ts = OpSampledImage %simg %t %s",
        // computed at run time: the constant scaled by a coordinate of the sampled value
        "%probe = OpImageSampleImplicitLod %v4float %ts %coord",
        "%k = OpCompositeExtract %float %probe 0",
        "%scaled = OpVectorTimesScalar %v2float %size %k",
        "%v = OpImageBoxFilterQCOM %v4float %ts %coord " + (runtime ? "%scaled" : "%size"),
        "OpStore %out %v",
        "OpReturn",
        "OpFunctionEnd", "");
  }

  private static List<String> boxFilterFindings(String asm) throws Exception {
    byte[] binary = ExampleAssembler.assemble(asm, Target.VULKAN_1_3);
    Validator.ValidationResult r = Validator.validate(ByteBuffer.wrap(binary), Validator.engine(Target.VULKAN_1_3),
        Validator.requirements(Target.VULKAN_1_3, Optional.empty()));
    return r.diagnostics().stream().filter(d -> d.vuid().startsWith("VUID-RuntimeSpirv-OpImageBoxFilterQCOM-"))
        .map(d -> d.vuid().substring("VUID-RuntimeSpirv-".length())
            + (d.severity() == Diagnostic.Severity.NEEDS_DEVICE_INFO ? " needs device information" : ""))
        .toList();
  }

  @Test
  void aConstantNeedsTheDevicesLimit() throws Exception {
    assertEquals(List.of("OpImageBoxFilterQCOM-06989 needs device information"), boxFilterFindings(module(false)));
  }

  @Test
  void aRunTimeValueIsNotJudgedAndNeedsNoDevice() throws Exception {
    assertEquals(List.of(), boxFilterFindings(module(true)));
  }
}
