package dev.vkrules.runtime.pipeline;

/** The vk.xml enumerants pipeline rules name, for the engine (the generated {@link VkPipelineTypes} behind it). */
public final class PipelineTypes {
  private PipelineTypes() {}

  /**
   * The bit {@code name} of the bits type {@code type}; a VkPipelineCreateFlagBits2 name is
   * accepted for VkPipelineCreateFlagBits and the other way round (the same bits below bit 32).
   */
  public static long bit(String type, String name) {
    for (String t : new String[] {type, type.endsWith("2") ? type.substring(0, type.length() - 1) : type + "2"}) {
      var v = Registry.value(t, name);
      if (v.isPresent()) {
        return v.get();
      }
    }
    throw new IllegalArgumentException(name + " is no " + type + " in the pinned vk.xml");
  }
}
