package dev.vkrules.runtime.pipeline;

import java.util.List;

/**
 * What a graphics pipeline renders to: the subpass of {@code renderPass} it is created for
 * ({@code VkRenderPassCreateInfo}, with {@code VkRenderPassMultiviewCreateInfo} view masks), or
 * {@code VkPipelineRenderingCreateInfo} from pNext for dynamic rendering. Both come down to the
 * same facts.
 *
 * @param dynamic true for {@code VkPipelineRenderingCreateInfo}, false for a render pass subpass
 * @param viewMask the view mask (0 without multiview)
 * @param colorFormats the {@code VkFormat} names of the color attachments, in location order
 *     ({@code VK_FORMAT_UNDEFINED} for an unused one)
 * @param colorSamples the sample count of each color attachment (1 for dynamic rendering, which
 *     takes it from the multisample state)
 * @param inputFormats the formats of the subpass's input attachments, by input attachment index
 * @param depthFormat the depth attachment's format, or {@code VK_FORMAT_UNDEFINED}
 * @param stencilFormat the stencil attachment's format, or {@code VK_FORMAT_UNDEFINED}
 */
public record RenderingState(boolean dynamic, int viewMask, List<String> colorFormats, List<Integer> colorSamples,
    List<String> inputFormats, String depthFormat, String stencilFormat, Source source) {
  public RenderingState {
    colorFormats = List.copyOf(colorFormats);
    colorSamples = List.copyOf(colorSamples);
    inputFormats = List.copyOf(inputFormats);
  }

  /** How many views are rendered: the bits set in the view mask, 1 without multiview. */
  public int viewCount() {
    return viewMask == 0 ? 1 : Integer.bitCount(viewMask);
  }
}
