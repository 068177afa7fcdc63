package dev.vkrules.runtime.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.vkrules.runtime.engine.base.Opcodes;
import dev.vkrules.runtime.engine.interfaces.ResourceType;
import dev.vkrules.runtime.engine.interfaces.ShaderResources;
import dev.vkrules.runtime.engine.module.ModuleIndex;
import dev.vkrules.runtime.support.ExampleAssembler;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * One module per descriptor kind of the "Shader Resource and Storage Class Correspondence"
 * table (chapter "Shader Interfaces"): the one classification ({@link ShaderResources#of})
 * that the rule language's {@code resource:} and the engine's measures use. Each module holds
 * one resource variable {@code %v}, as an array where the kind allows it (arrays are removed).
 */
class DescriptorKindsTest {
  private static final String HEAD = String.join("\n",
      "OpCapability Shader",
      "OpCapability SampledBuffer",
      "OpCapability ImageBuffer",
      "OpCapability InputAttachment",
      "OpCapability RuntimeDescriptorArray",
      "OpMemoryModel Logical GLSL450",
      "OpEntryPoint Fragment %main \"main\" %v",
      "OpExecutionMode %main OriginUpperLeft",
      "OpDecorate %v DescriptorSet 0",
      "OpDecorate %v Binding 0", "");
  private static final String TYPES = String.join("\n",
      "%void = OpTypeVoid",
      "%fn = OpTypeFunction %void",
      "%uint = OpTypeInt 32 0",
      "%int = OpTypeInt 32 1",
      "%float = OpTypeFloat 32",
      "%uint_1 = OpConstant %uint 1",
      "%uint_4 = OpConstant %uint 4", "");
  private static final String TAIL = String.join("\n",
      "%main = OpFunction %void None %fn",
      "%entry = OpLabel",
      "OpReturn",
      "OpFunctionEnd", "");

  static Stream<Arguments> kinds() {
    return Stream.of(
        kind("sampler", ResourceType.SAMPLER, "", "",
            "%t = OpTypeSampler\n%p = OpTypePointer UniformConstant %t\n%v = OpVariable %p UniformConstant\n"),
        kind("sampled image (Sampled 1)", ResourceType.SAMPLED_IMAGE, "", "",
            "%t = OpTypeImage %float 2D 0 0 0 1 Unknown\n%a = OpTypeArray %t %uint_4\n"
                + "%p = OpTypePointer UniformConstant %a\n%v = OpVariable %p UniformConstant\n"),
        kind("storage image (Sampled 2, Dim 2D)", ResourceType.STORAGE_IMAGE, "", "",
            "%t = OpTypeImage %float 2D 0 0 0 2 Rgba8\n%p = OpTypePointer UniformConstant %t\n"
                + "%v = OpVariable %p UniformConstant\n"),
        kind("storage image (Sampled 2, Dim 3D, Unknown format)", ResourceType.STORAGE_IMAGE, "", "",
            "%t = OpTypeImage %float 3D 0 0 0 2 Unknown\n%p = OpTypePointer UniformConstant %t\n"
                + "%v = OpVariable %p UniformConstant\n"),
        kind("combined image sampler", ResourceType.COMBINED_IMAGE_SAMPLER, "", "",
            "%i = OpTypeImage %float 2D 0 0 0 1 Unknown\n%t = OpTypeSampledImage %i\n"
                + "%a = OpTypeRuntimeArray %t\n%p = OpTypePointer UniformConstant %a\n%v = OpVariable %p UniformConstant\n"),
        kind("uniform texel buffer (Buffer, Sampled 1)", ResourceType.UNIFORM_TEXEL_BUFFER, "", "",
            "%t = OpTypeImage %float Buffer 0 0 0 1 Unknown\n%p = OpTypePointer UniformConstant %t\n"
                + "%v = OpVariable %p UniformConstant\n"),
        kind("storage texel buffer (Buffer, Sampled 2)", ResourceType.STORAGE_TEXEL_BUFFER, "", "",
            "%t = OpTypeImage %float Buffer 0 0 0 2 Unknown\n%p = OpTypePointer UniformConstant %t\n"
                + "%v = OpVariable %p UniformConstant\n"),
        kind("input attachment (SubpassData, Sampled 2, Unknown): not a storage image", ResourceType.INPUT_ATTACHMENT,
            "", "OpDecorate %v InputAttachmentIndex 0\n",
            "%t = OpTypeImage %float SubpassData 0 0 0 2 Unknown\n%a = OpTypeArray %t %uint_4\n"
                + "%p = OpTypePointer UniformConstant %a\n%v = OpVariable %p UniformConstant\n"),
        kind("uniform buffer (Uniform, Block)", ResourceType.UNIFORM_BUFFER, "",
            "OpDecorate %s Block\nOpMemberDecorate %s 0 Offset 0\n",
            "%s = OpTypeStruct %float\n%p = OpTypePointer Uniform %s\n%v = OpVariable %p Uniform\n"),
        kind("storage buffer (Uniform, BufferBlock)", ResourceType.STORAGE_BUFFER, "",
            "OpDecorate %s BufferBlock\nOpMemberDecorate %s 0 Offset 0\n",
            "%s = OpTypeStruct %float\n%a = OpTypeArray %s %uint_4\n%p = OpTypePointer Uniform %a\n"
                + "%v = OpVariable %p Uniform\n"),
        kind("storage buffer (StorageBuffer, Block)", ResourceType.STORAGE_BUFFER,
            "OpExtension \"SPV_KHR_storage_buffer_storage_class\"\n",
            "OpDecorate %s Block\nOpMemberDecorate %s 0 Offset 0\n",
            "%s = OpTypeStruct %float\n%p = OpTypePointer StorageBuffer %s\n%v = OpVariable %p StorageBuffer\n"),
        kind("storage buffer (untyped StorageBuffer variable, Data Type a Block)", ResourceType.STORAGE_BUFFER,
            "OpCapability UntypedPointersKHR\nOpExtension \"SPV_KHR_untyped_pointers\"\n",
            "OpDecorate %s Block\nOpMemberDecorate %s 0 Offset 0\n",
            "%s = OpTypeStruct %float\n%p = OpTypeUntypedPointerKHR StorageBuffer\n"
                + "%v = OpUntypedVariableKHR %p StorageBuffer %s\n"),
        kind("uniform buffer (untyped Uniform variable, Data Type a Block)", ResourceType.UNIFORM_BUFFER,
            "OpCapability UntypedPointersKHR\nOpExtension \"SPV_KHR_untyped_pointers\"\n",
            "OpDecorate %s Block\nOpMemberDecorate %s 0 Offset 0\n",
            "%s = OpTypeStruct %float\n%p = OpTypeUntypedPointerKHR Uniform\n%v = OpUntypedVariableKHR %p Uniform %s\n"),
        kind("acceleration structure", ResourceType.ACCELERATION_STRUCTURE,
            "OpCapability RayQueryKHR\nOpExtension \"SPV_KHR_ray_query\"\n", "",
            "%t = OpTypeAccelerationStructureKHR\n%p = OpTypePointer UniformConstant %t\n"
                + "%v = OpVariable %p UniformConstant\n"),
        kind("storage tensor", ResourceType.STORAGE_TENSOR,
            "OpCapability TensorsARM\nOpExtension \"SPV_ARM_tensors\"\n", "",
            "%t = OpTypeTensorARM %int %uint_1\n%p = OpTypePointer UniformConstant %t\n"
                + "%v = OpVariable %p UniformConstant\n"),
        kind("sample weight image (WeightTextureQCOM)", ResourceType.SAMPLE_WEIGHT_IMAGE,
            "OpCapability TextureSampleWeightedQCOM\nOpExtension \"SPV_QCOM_image_processing\"\n",
            "OpDecorate %v WeightTextureQCOM\n",
            "%t = OpTypeImage %float 2D 0 1 0 1 Unknown\n%p = OpTypePointer UniformConstant %t\n"
                + "%v = OpVariable %p UniformConstant\n"),
        kind("block matching image (BlockMatchTextureQCOM)", ResourceType.BLOCK_MATCHING_IMAGE,
            "OpCapability TextureBlockMatchQCOM\nOpExtension \"SPV_QCOM_image_processing\"\n",
            "OpDecorate %v BlockMatchTextureQCOM\n",
            "%t = OpTypeImage %float 2D 0 0 0 1 Unknown\n%p = OpTypePointer UniformConstant %t\n"
                + "%v = OpVariable %p UniformConstant\n"),
        kind("storage image in TileAttachmentQCOM", ResourceType.STORAGE_IMAGE,
            "OpCapability TileShadingQCOM\nOpExtension \"SPV_QCOM_tile_shading\"\n", "",
            "%t = OpTypeImage %float 2D 0 0 0 2 Rgba8\n%p = OpTypePointer TileAttachmentQCOM %t\n"
                + "%v = OpVariable %p TileAttachmentQCOM\n"),
        kind("input attachment in TileAttachmentQCOM", ResourceType.INPUT_ATTACHMENT,
            "OpCapability TileShadingQCOM\nOpExtension \"SPV_QCOM_tile_shading\"\n", "",
            "%t = OpTypeImage %float SubpassData 0 0 0 2 Unknown\n%p = OpTypePointer TileAttachmentQCOM %t\n"
                + "%v = OpVariable %p TileAttachmentQCOM\n"));
  }

  private static Arguments kind(String name, ResourceType kind, String caps, String decorations, String decls) {
    return Arguments.of(name, kind, HEAD.replace("OpMemoryModel", caps + "OpMemoryModel") + decorations + TYPES + decls + TAIL);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("kinds")
  void eachKindIsTheRowOfTheTable(String name, ResourceType kind, String asm) throws Exception {
    Facts f = facts(asm);
    int v = variable(f);
    assertEquals(kind, ShaderResources.of(f, v), name);
    for (ResourceType t : ResourceType.values()) {
      assertEquals(t == kind, f.resource(v, t), name + " as " + t);
    }
  }

  @Test
  void anUntypedVariableWithoutDataTypeIsNoResource() throws Exception {
    String asm = HEAD.replace("OpMemoryModel", "OpCapability UntypedPointersKHR\nOpExtension \"SPV_KHR_untyped_pointers\"\n"
        + "OpMemoryModel") + TYPES
        + "%p = OpTypeUntypedPointerKHR StorageBuffer\n%v = OpUntypedVariableKHR %p StorageBuffer\n" + TAIL;
    Facts f = facts(asm);
    assertNull(ShaderResources.of(f, variable(f)));
  }

  @Test
  void untypedVariablesAreModuleScopeVariablesTheirEntryPointsUse() throws Exception {
    String asm = String.join("\n",
        "OpCapability Shader",
        "OpCapability UntypedPointersKHR",
        "OpExtension \"SPV_KHR_untyped_pointers\"",
        "OpMemoryModel Logical GLSL450",
        "OpEntryPoint Fragment %main \"main\" %y",
        "OpEntryPoint GLCompute %comp \"comp\"",
        "OpExecutionMode %main OriginUpperLeft",
        "OpExecutionMode %comp LocalSize 1 1 1",
        "OpDecorate %y DescriptorSet 0",
        "OpDecorate %y Binding 0",
        "OpDecorate %s Block",
        "OpMemberDecorate %s 0 Offset 0",
        "%void = OpTypeVoid",
        "%fn = OpTypeFunction %void",
        "%int = OpTypeInt 32 1",
        "%int_0 = OpConstant %int 0",
        "%s = OpTypeStruct %int",
        "%p = OpTypeUntypedPointerKHR StorageBuffer",
        "%y = OpUntypedVariableKHR %p StorageBuffer %s",
        "%main = OpFunction %void None %fn",
        "%l1 = OpLabel",
        "%c = OpUntypedAccessChainKHR %p %s %y %int_0",
        "%x = OpLoad %int %c",
        "OpReturn",
        "OpFunctionEnd",
        "%comp = OpFunction %void None %fn",
        "%l2 = OpLabel",
        "OpReturn",
        "OpFunctionEnd", "");
    Facts f = facts(asm);
    int y = variable(f);
    assertArrayEquals(new int[] {y}, f.globalVariables());
    assertEquals(f.def(f.module().words[y + 4]), f.pointee(y), "an untyped variable's pointee is its Data Type");
    assertArrayEquals(new long[] {4}, f.executionModels(y), "used by the Fragment entry point only");
    int main = f.allEntryPoints()[0];
    assertArrayEquals(new int[] {y}, f.usedVariables(main));
  }

  private static int variable(Facts f) {
    return Arrays.stream(f.module().starts)
        .filter(s -> f.opcode(s) == Opcodes.OP_VARIABLE || f.opcode(s) == Opcodes.OP_UNTYPED_VARIABLE_KHR)
        .findFirst().orElseThrow();
  }

  private static Facts facts(String asm) throws Exception {
    return new Facts(ModuleIndex.of(ByteBuffer.wrap(ExampleAssembler.assemble(asm, Target.VULKAN_1_4))));
  }
}
