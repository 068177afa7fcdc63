package dev.vkrules.runtime.pipeline;

/**
 * {@code VkSamplerCreateInfo}, with {@code VkSamplerYcbcrConversionInfo}'s conversion from pNext
 * (its {@code VkSamplerYcbcrConversionCreateInfo} written in place of the handle). Enumerants are
 * their vk.xml names.
 */
public record Sampler(Flags flags, String magFilter, String minFilter, String mipmapMode, String addressModeU,
    String addressModeV, String addressModeW, double mipLodBias, boolean anisotropyEnable, double maxAnisotropy,
    boolean compareEnable, String compareOp, double minLod, double maxLod, String borderColor,
    boolean unnormalizedCoordinates, YcbcrConversion ycbcrConversion, Source source) {

  /** Whether a Y'CbCr conversion is chained. */
  public boolean hasYcbcrConversion() {
    return ycbcrConversion != null;
  }

  /** {@code VkSamplerYcbcrConversionCreateInfo}. */
  public record YcbcrConversion(String format, String ycbcrModel, String ycbcrRange, java.util.List<String> components,
      String xChromaOffset, String yChromaOffset, String chromaFilter, boolean forceExplicitReconstruction,
      Source source) {}
}
