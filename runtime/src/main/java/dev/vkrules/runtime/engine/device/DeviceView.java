package dev.vkrules.runtime.engine.device;

/**
 * What a device description states, as the device predicates of generated checkers ask it.
 * Names are registry names ({@code VkPhysicalDeviceMeshShaderPropertiesEXT::maxMeshOutputVertices});
 * an implementation also finds a member stated under an alias or promoted structure. A fact
 * the description does not state is {@code null}, never a default: the caller then reports
 * that it needs device information.
 */
public interface DeviceView {
  /** A short name for reports (the profile's name). */
  String name();

  /** The feature's value, or null when the description does not state it. */
  Boolean feature(String struct, String member);

  /**
   * A property or limit: a {@link Long} (integers, VkBool32 as 0/1), a {@link Double}, a
   * {@code java.util.List<String>} (flag bits) or {@code java.util.List<Long>} (arrays); null when not stated.
   */
  Object property(String struct, String member);

  /** Whether the device has the extension (a description lists every extension it has). */
  boolean extension(String name);

  /**
   * The format feature flags of {@code format} for a tiling ({@code linear}, {@code optimal},
   * {@code buffer}); null when the description states no properties for the format.
   */
  java.util.Set<String> formatFeatures(String format, String tiling);

  /** Whether the 64-bit format features (VkFormatProperties3) of {@code format} are stated. */
  boolean extendedFormatFeatures(String format);

  /**
   * The device's VkPhysicalDeviceProperties::apiVersion as {major, minor}, or null when the
   * description does not state it.
   */
  default int[] apiVersion() {
    return null;
  }
}
