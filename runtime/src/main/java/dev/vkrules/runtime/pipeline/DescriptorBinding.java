package dev.vkrules.runtime.pipeline;

import java.util.List;

/**
 * {@code VkDescriptorSetLayoutBinding}.
 *
 * @param descriptorType the {@code VkDescriptorType} name
 * @param immutableSamplers {@code pImmutableSamplers}, each a {@code VkSamplerCreateInfo}
 *     (empty when the binding has none)
 */
public record DescriptorBinding(int binding, String descriptorType, int descriptorCount, Flags stageFlags,
    List<Sampler> immutableSamplers, Source source) {
  public DescriptorBinding {
    immutableSamplers = List.copyOf(immutableSamplers);
  }
}
