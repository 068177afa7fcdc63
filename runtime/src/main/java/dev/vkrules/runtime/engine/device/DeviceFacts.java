package dev.vkrules.runtime.engine.device;

import dev.vkrules.runtime.engine.Unknown;
import java.util.List;
import java.util.Set;

/**
 * The device facts generated checkers query ({@code f.device().feature(...)}). Backed by one
 * {@link DeviceView}, or by none: then every query is unknown. A query whose fact is not
 * known remembers which fact it was (the first one of a check) and raises {@link Unknown},
 * so the check's three-valued outcome tells a decided verdict from one that needs device
 * information, and the report can name the missing fact. That memory makes an instance belong
 * to one module's facts (one thread): never share one between modules checked in parallel.
 */
public final class DeviceFacts {
  private final DeviceView view;
  private String missing;

  public DeviceFacts(DeviceView view) {
    this.view = view;
  }

  /** Facts without a description: every device fact is unknown. */
  public static DeviceFacts none() {
    return new DeviceFacts(null);
  }

  /** The description behind these facts, or null. */
  public DeviceView view() {
    return view;
  }

  /** Whether the feature {@code struct::member} is supported. */
  public boolean feature(String struct, String member) {
    Boolean v = view == null ? null : view.feature(struct, member);
    return v != null ? v : unknown(struct + "::" + member);
  }

  /** An integer property or limit; a specification constant compared with it is read by the caller. */
  public long limit(String struct, String member) {
    Object v = view == null ? null : view.property(struct, member);
    return v instanceof Long l ? l : unknown(struct + "::" + member);
  }

  /** Element {@code index} of an array property ({@code maxComputeWorkGroupSize[1]}). */
  public long limit(String struct, String member, int index) {
    Object v = view == null ? null : view.property(struct, member);
    if (v instanceof List<?> l && index < l.size() && l.get(index) instanceof Long n) {
      return n;
    }
    return unknown(struct + "::" + member + "[" + index + "]");
  }

  /** Member {@code field} of a structure-typed property ({@code maxBlockMatchRegion.width}). */
  public long limit(String struct, String member, String field) {
    Object v = view == null ? null : view.property(struct, member);
    if (v instanceof java.util.Map<?, ?> m && m.get(field) instanceof Long n) {
      return n;
    }
    return unknown(struct + "::" + member + "." + field);
  }

  /**
   * Whether an unsigned limit is at least the module's value ({@code at-least} in a rule): a value
   * of 0 or less is decided without the device, as every value of an unsigned limit is at least
   * 0; otherwise the limit is read (unknown when the device states none).
   */
  public boolean unsignedAtLeast(long module, String struct, String member) {
    return module <= 0 || module <= limit(struct, member);
  }

  /** As {@link #unsignedAtLeast(long, String, String)}, for element {@code index} of an array limit. */
  public boolean unsignedAtLeast(long module, String struct, String member, int index) {
    return module <= 0 || module <= limit(struct, member, index);
  }

  /** As {@link #unsignedAtLeast(long, String, String)}, for member {@code field} of an extent limit. */
  public boolean unsignedAtLeast(long module, String struct, String member, String field) {
    return module <= 0 || module <= limit(struct, member, field);
  }

  /**
   * As {@link #unsignedAtLeast(long, String, String, String)}, for a module value that is a float
   * constant's ({@code maxBoxFilterBlockSize.height} at least a box size).
   */
  public boolean unsignedAtLeast(double module, String struct, String member, String field) {
    return module <= 0 || module <= limit(struct, member, field);
  }

  /**
   * A {@code float} property or limit ({@code minInterpolationOffset}), as the device's 32-bit
   * value: a description writes it as a JSON number, integral ({@code -2}) or not ({@code 0.4375}).
   */
  public double real(String struct, String member) {
    Object v = view == null ? null : view.property(struct, member);
    return v instanceof Number n ? (double) n.floatValue() : unknown(struct + "::" + member);
  }

  /** Element {@code index} of a {@code float} array property ({@code pointSizeRange[1]}). */
  public double real(String struct, String member, int index) {
    Object v = view == null ? null : view.property(struct, member);
    if (v instanceof List<?> l && index < l.size() && l.get(index) instanceof Number n) {
      return n.floatValue();
    }
    return unknown(struct + "::" + member + "[" + index + "]");
  }

  /**
   * A device value computed from properties ({@code {device: {value: ...}}}), as compared: NaN
   * (a 0 / 0 of stated limits) has no order, so the comparison is unknown.
   */
  public static double number(double value) {
    return Double.isNaN(value) ? Unknown.raise() : value;
  }

  /** A VkBool32 property. */
  public boolean propertyTrue(String struct, String member) {
    return limit(struct, member) != 0;
  }

  /**
   * Whether an enum property has the value {@code names} name (an enumerant and its aliases; a
   * description writes an enum property as its enumerant's name).
   */
  public boolean propertyIs(String struct, String member, String... names) {
    Object v = view == null ? null : view.property(struct, member);
    if (v instanceof List<?> l && l.size() == 1) {
      return List.of(names).contains(l.get(0));
    }
    return unknown(struct + "::" + member);
  }

  /**
   * Whether a flags property (a VkFlags member written as a list of bit names) has the bit that
   * {@code names} name: its name and its aliases, as a description may write any of them.
   */
  public boolean propertyHas(String struct, String member, String... names) {
    Object v = view == null ? null : view.property(struct, member);
    if (v instanceof List<?> l) {
      for (String name : names) {
        if (l.contains(name)) {
          return true;
        }
      }
      return false;
    }
    return unknown(struct + "::" + member);
  }

  /** Whether the device's VkPhysicalDeviceProperties::apiVersion is at least {@code major.minor}. */
  public boolean apiVersionAtLeast(int major, int minor) {
    int[] v = view == null ? null : view.apiVersion();
    if (v == null) {
      return unknown("VkPhysicalDeviceProperties::apiVersion");
    }
    return v[0] > major || (v[0] == major && v[1] >= minor);
  }

  /** Whether the device has the extension. */
  public boolean extension(String name) {
    return view != null ? view.extension(name) : unknown(name);
  }

  /**
   * Whether {@code format} has {@code feature} for the tiling. {@code feature} is a
   * VK_FORMAT_FEATURE_*_BIT name, or a VK_FORMAT_FEATURE_2_*_BIT one for the flags only
   * VkFormatProperties3 has (then decided only when the description states that structure).
   */
  public boolean formatFeature(String format, String tiling, String feature) {
    Set<String> features = view == null ? null : view.formatFeatures(format, tiling);
    String fact = format + " " + tiling + " " + feature;
    if (features == null) {
      return unknown(fact);
    }
    String wide = feature.replace("VK_FORMAT_FEATURE_", "VK_FORMAT_FEATURE_2_").replace("_2_2_", "_2_");
    String narrow = feature.replace("VK_FORMAT_FEATURE_2_", "VK_FORMAT_FEATURE_");
    if (features.contains(wide) || features.contains(narrow)) {
      return true;
    }
    return feature.startsWith("VK_FORMAT_FEATURE_2_") && !view.extendedFormatFeatures(format) ? unknown(fact) : false;
  }

  /** The VkFormat of a SPIR-V image format by its value ({@code formats[value]}); unknown when it has none. */
  public static String format(String[] formats, long imageFormat) {
    return imageFormat >= 0 && imageFormat < formats.length && formats[(int) imageFormat] != null
        ? formats[(int) imageFormat] : Unknown.raise();
  }

  /** Starts one check: forgets the fact the previous one missed. */
  public void begin() {
    missing = null;
  }

  /** The first fact the current check needed and the description did not give, or null. */
  public String missing() {
    return missing;
  }

  private <T> T unknown(String fact) {
    if (missing == null) {
      missing = fact;
    }
    return Unknown.raise();
  }
}
