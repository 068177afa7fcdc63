package dev.vkrules.runtime.pipeline;

import java.util.List;
import java.util.Optional;

/** {@code VkPipelineLayoutCreateInfo}: {@code pSetLayouts} (by set number) and {@code pPushConstantRanges}. */
public record PipelineLayout(List<SetLayout> setLayouts, List<PushConstantRange> pushConstantRanges, Source source) {
  public PipelineLayout {
    setLayouts = List.copyOf(setLayouts);
    pushConstantRanges = List.copyOf(pushConstantRanges);
  }

  /** The binding {@code binding} of set {@code set}, if the layout has it. */
  public Optional<DescriptorBinding> binding(int set, int binding) {
    if (set < 0 || set >= setLayouts.size()) {
      return Optional.empty();
    }
    return setLayouts.get(set).binding(binding);
  }

  /** {@code VkPushConstantRange}. */
  public record PushConstantRange(Flags stageFlags, int offset, int size, Source source) {}
}
