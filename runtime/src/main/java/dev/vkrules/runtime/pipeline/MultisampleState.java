package dev.vkrules.runtime.pipeline;

/**
 * {@code VkPipelineMultisampleStateCreateInfo}: the members shader rules depend on.
 *
 * @param rasterizationSamples the {@code VkSampleCountFlagBits} value (1, 2, 4, ...)
 * @param sampleShadingEnable whether sample shading is enabled
 * @param minSampleShading the minimum fraction of samples shaded
 * @param alphaToCoverageEnable whether alpha to coverage is enabled
 * @param alphaToOneEnable whether alpha to one is enabled
 */
public record MultisampleState(int rasterizationSamples, boolean sampleShadingEnable, double minSampleShading,
    boolean alphaToCoverageEnable, boolean alphaToOneEnable, Source source) {}
