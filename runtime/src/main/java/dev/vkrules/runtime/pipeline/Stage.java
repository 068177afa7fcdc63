package dev.vkrules.runtime.pipeline;

/**
 * One element of {@code pStages}: a {@code VkPipelineShaderStageCreateInfo}.
 *
 * @param index its position in pStages
 * @param stage the {@code VkShaderStageFlagBits} name ({@code VK_SHADER_STAGE_VERTEX_BIT})
 * @param module the SPIR-V module: a file named relative to the description, or, for a Fossilize
 *     capture, the module the capture names by hash
 * @param entryPoint {@code pName}
 * @param flags {@code VkPipelineShaderStageCreateFlags} (full subgroups, varying subgroup size)
 * @param specialization {@code pSpecializationInfo}, empty when none
 * @param requiredSubgroupSize {@code VkPipelineShaderStageRequiredSubgroupSizeCreateInfo::requiredSubgroupSize}
 *     from pNext, or 0 when not chained
 * @param source where the stage is described
 */
public record Stage(int index, String stage, ShaderModule module, String entryPoint, Flags flags,
    Specialization specialization, int requiredSubgroupSize, Source source) {

  /** Whether {@code VkPipelineShaderStageRequiredSubgroupSizeCreateInfo} is chained. */
  public boolean hasRequiredSubgroupSize() {
    return requiredSubgroupSize != 0;
  }
}
