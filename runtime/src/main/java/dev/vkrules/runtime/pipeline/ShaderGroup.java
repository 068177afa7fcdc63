package dev.vkrules.runtime.pipeline;

/**
 * A {@code VkRayTracingShaderGroupCreateInfoKHR}: the group's type and the indices of its shaders
 * in the pipeline's stages ({@link #UNUSED} for none).
 */
public record ShaderGroup(String type, long generalShader, long closestHitShader, long anyHitShader,
    long intersectionShader, Source source) {
  /** {@code VK_SHADER_UNUSED_KHR}. */
  public static final long UNUSED = 0xffff_ffffL;
}
