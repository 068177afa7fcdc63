package dev.vkrules.runtime.engine.device;

import dev.vkrules.runtime.engine.base.Unknown;
import java.util.Arrays;

/**
 * Whether a VkShaderStageFlags property of the device has the stage of each of a set of
 * execution models ({@code {device: {property: cooperativeMatrixSupportedStages, has-all:
 * execution-models}}}). The generated checker passes the execution model to bit-name tables the
 * generator derived from the grammar and vk.xml.
 */
public final class ShaderStageFacts {
  private ShaderStageFacts() {}

  /**
   * Every (or, with {@code all} false, some) model's stage is in the property. A model with no
   * stage (Kernel) is unknown; an empty set of models has all of its stages.
   */
  public static boolean has(DeviceFacts d, String struct, String member, long[] models, long[] known,
      String[][] names, boolean all) {
    for (long model : models) {
      int i = Arrays.binarySearch(known, model);
      if (i < 0) {
        return Unknown.raise();
      }
      boolean has = false;
      for (String bit : names[i]) {
        has |= d.propertyHas(struct, member, bit);
      }
      if (has != all) {
        return has;
      }
    }
    return all;
  }
}
