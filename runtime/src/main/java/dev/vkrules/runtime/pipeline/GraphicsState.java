package dev.vkrules.runtime.pipeline;

import java.util.List;
import java.util.Set;

/**
 * The fixed-function state of a graphics pipeline that the graphics create-info checks read, in
 * the shape of its {@code VkGraphicsPipelineCreateInfo} members (after linking its libraries).
 *
 * @param subsets the graphics pipeline subsets the pipeline holds, as
 *     {@code VkGraphicsPipelineLibraryFlagBitsEXT} names: all four for a complete pipeline; for a
 *     library ({@code VkGraphicsPipelineLibraryCreateInfoEXT} in pNext), its flags and those of the
 *     libraries it links
 * @param vertexInput {@code pVertexInputState}; null when not given
 * @param topology {@code pInputAssemblyState->topology} (a {@code VkPrimitiveTopology} name); null
 *     when {@code pInputAssemblyState} is not given
 * @param topologySource where the topology is described (the pipeline's source when not given)
 * @param dynamicStates {@code pDynamicState->pDynamicStates}, as {@code VkDynamicState} names
 */
public record GraphicsState(Set<String> subsets, VertexInput vertexInput, String topology, Source topologySource,
    Set<String> dynamicStates) {
  public static final String VERTEX_INPUT = "VK_GRAPHICS_PIPELINE_LIBRARY_VERTEX_INPUT_INTERFACE_BIT_EXT";
  public static final String PRE_RASTERIZATION = "VK_GRAPHICS_PIPELINE_LIBRARY_PRE_RASTERIZATION_SHADERS_BIT_EXT";
  public static final String FRAGMENT_SHADER = "VK_GRAPHICS_PIPELINE_LIBRARY_FRAGMENT_SHADER_BIT_EXT";
  public static final String FRAGMENT_OUTPUT = "VK_GRAPHICS_PIPELINE_LIBRARY_FRAGMENT_OUTPUT_INTERFACE_BIT_EXT";
  /** Every subset: what a pipeline created without VkGraphicsPipelineLibraryCreateInfoEXT holds. */
  public static final Set<String> COMPLETE = Set.of(VERTEX_INPUT, PRE_RASTERIZATION, FRAGMENT_SHADER, FRAGMENT_OUTPUT);

  public GraphicsState {
    subsets = Set.copyOf(subsets);
    dynamicStates = Set.copyOf(dynamicStates);
  }

  /** Whether the pipeline holds (requires) the subset {@code bit}. */
  public boolean has(String bit) {
    return subsets.contains(bit);
  }

  /** Whether {@code VK_DYNAMIC_STATE_...} is dynamic. */
  public boolean dynamic(String state) {
    return dynamicStates.contains(state);
  }

  /**
   * {@code VkPipelineVertexInputStateCreateInfo}.
   *
   * @param attributes {@code pVertexAttributeDescriptions}
   * @param source where it is described
   */
  public record VertexInput(List<Attribute> attributes, Source source) {
    public VertexInput {
      attributes = List.copyOf(attributes);
    }
  }

  /** A {@code VkVertexInputAttributeDescription}: {@code format} by its VkFormat name. */
  public record Attribute(int location, int binding, String format, Source source) {}
}
