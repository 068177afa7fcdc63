package dev.vkrules.runtime.pipeline;

import java.util.List;
import java.util.Optional;

/** {@code VkDescriptorSetLayoutCreateInfo}: its flags and {@code pBindings}. */
public record SetLayout(Flags flags, List<DescriptorBinding> bindings, Source source) {
  public SetLayout {
    bindings = List.copyOf(bindings);
  }

  public Optional<DescriptorBinding> binding(int binding) {
    return bindings.stream().filter(b -> b.binding() == binding).findFirst();
  }
}
