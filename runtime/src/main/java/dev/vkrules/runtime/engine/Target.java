package dev.vkrules.runtime.engine;

import java.util.Locale;

/**
 * A target environment: a Vulkan version. It sets the version attributes up to itself (which
 * attributes are versions comes from vk.xml, see {@link ApiVersionAttributes}) and, as the
 * appendix's standalone rules assume, every extension attribute; and it bounds the SPIR-V
 * version a module may declare, as the appendix's opening section states per API version
 * ({@code :spirv-versions:}; a test reads them from the pinned appendix).
 */
public enum Target {
  VULKAN_1_0(0, 0x10000),
  VULKAN_1_1(1, 0x10300),
  VULKAN_1_2(2, 0x10500),
  VULKAN_1_3(3, 0x10600),
  VULKAN_1_4(4, 0x10600);

  private final int minor;
  private final int maxSpirv;

  Target(int minor, int maxSpirv) {
    this.minor = minor;
    this.maxSpirv = maxSpirv;
  }

  /** The name used on the command line: {@code vulkan1.2}. */
  public String envName() {
    return "vulkan1." + minor;
  }

  /** Highest SPIR-V version, as {@code major << 16 | minor << 8}. */
  public int maxSpirvVersion() {
    return maxSpirv;
  }

  /** Every environment name, oldest first, for messages: {@code vulkan1.0, ..., vulkan1.4}. */
  public static String names() {
    return java.util.Arrays.stream(values()).map(Target::envName).collect(java.util.stream.Collectors.joining(", "));
  }

  /** Parses {@code vulkan1.0} .. {@code vulkan1.4}; null for anything else. */
  public static Target parse(String env) {
    for (Target t : values()) {
      if (t.envName().equals(env.toLowerCase(Locale.ROOT))) {
        return t;
      }
    }
    return null;
  }

  /** The API version as {@code major * 100 + minor}. */
  public int version() {
    return 100 + minor;
  }

  /**
   * Whether an attribute is set for this target: a Vulkan version block ({@code VK_VERSION_1_1},
   * {@code VK_COMPUTE_VERSION_1_2}) up to the target, never a block of another API
   * ({@code VKSC_VERSION_1_0}), every extension.
   */
  public boolean isSet(String attribute) {
    String a = attribute.trim();
    Integer version = ApiVersionAttributes.VULKAN.get(a);
    if (version != null) {
      return version <= version();
    }
    if (ApiVersionAttributes.OTHER_APIS.contains(a)) {
      return false;
    }
    if (a.startsWith("VK_API_VERSION_")) {
      // vk.xml 1.3.239 writes VK_API_VERSION_1_3 where VK_VERSION_1_3 is meant.
      return isSet("VK_VERSION_" + a.substring("VK_API_VERSION_".length()));
    }
    return true;
  }

  /**
   * Evaluates a condition stack ({@code ifdef:EXPR;ifndef:EXPR}) with AsciiDoc's semantics:
   * in an expression {@code a,b} is any, {@code a+b} is all; ifndef inverts.
   */
  public boolean holds(String conditionStack) {
    if (conditionStack == null || conditionStack.isEmpty()) {
      return true;
    }
    for (String level : conditionStack.split(";")) {
      int colon = level.indexOf(':');
      boolean value = expression(level.substring(colon + 1));
      if (level.startsWith("ifndef") ? value : !value) {
        return false;
      }
    }
    return true;
  }

  private boolean expression(String expr) {
    if (expr.contains(",")) {
      for (String part : expr.split(",")) {
        if (isSet(part)) {
          return true;
        }
      }
      return false;
    }
    for (String part : expr.split("\\+")) {
      if (!isSet(part)) {
        return false;
      }
    }
    return true;
  }

  /** The highest target for which the condition holds, or null. */
  public static Target highestSatisfying(String conditionStack) {
    Target[] all = values();
    for (int i = all.length - 1; i >= 0; i--) {
      if (all[i].holds(conditionStack)) {
        return all[i];
      }
    }
    return null;
  }
}
