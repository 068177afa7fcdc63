package dev.vkrules.runtime.engine.interfaces;

/**
 * The resource types of the Vulkan specification's "Shader Resource and Storage Class
 * Correspondence" table (chapter "Shader Interfaces"): what kind of descriptor a
 * module-scope variable is, judged from its storage class, its type (arrays removed) and
 * the decorations the table names. Inline uniform blocks have the shape of uniform buffers
 * and cannot be arrayed, so a Block struct in Uniform is classed as a uniform buffer.
 */
public enum ResourceType {
  SAMPLER,
  SAMPLED_IMAGE,
  STORAGE_IMAGE,
  COMBINED_IMAGE_SAMPLER,
  UNIFORM_TEXEL_BUFFER,
  STORAGE_TEXEL_BUFFER,
  UNIFORM_BUFFER,
  STORAGE_BUFFER,
  INPUT_ATTACHMENT,
  ACCELERATION_STRUCTURE,
  SAMPLE_WEIGHT_IMAGE,
  BLOCK_MATCHING_IMAGE,
  STORAGE_TENSOR
}
