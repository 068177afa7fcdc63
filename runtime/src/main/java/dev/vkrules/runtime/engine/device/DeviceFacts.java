package dev.vkrules.runtime.engine.device;

import dev.vkrules.runtime.engine.base.CountedPart;
import dev.vkrules.runtime.engine.base.Unknown;
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
  /**
   * While recording (see {@link #explain}): the facts a check read, each once, in order, as a
   * failure's note words them. Off, nothing is recorded: a check's reads cost no allocation.
   */
  private final java.util.ArrayList<String> read = new java.util.ArrayList<>(4);
  private boolean recording;
  /**
   * Whether the measures a summing rule compares with a limit say what they counted
   * ({@link #counted}): while a failure is explained, or in facts made {@link #counting} to
   * explain an undecided verdict. Off, a measure costs one test of this flag.
   */
  private final boolean countingAlways;
  /** What the last measure counted (while counting), until a comparison takes it. */
  private List<CountedPart> counted;
  /** What the measure of the first failed comparison counted, and of the first one left unknown. */
  private List<CountedPart> failedParts;
  private List<CountedPart> missingParts;

  public DeviceFacts(DeviceView view) {
    this(view, false);
  }

  private DeviceFacts(DeviceView view, boolean counting) {
    this.view = view;
    this.countingAlways = counting;
  }

  /** Facts without a description: every device fact is unknown. */
  public static DeviceFacts none() {
    return new DeviceFacts(null);
  }

  /**
   * Facts of {@code view} (null: none) whose measures say what they counted: to re-run one check
   * whose verdict is reported undecided and list the parts of the sum it could not compare.
   */
  public static DeviceFacts counting(DeviceView view) {
    return new DeviceFacts(view, true);
  }

  /** Whether a measure should say what it counted ({@link #counted}). */
  public boolean counting() {
    return recording || countingAlways;
  }

  /** What a measure just counted, for the comparison that reads its value next (only while {@link #counting}). */
  public void counted(List<CountedPart> parts) {
    counted = parts;
  }

  /** What the measure of the current check's first failed comparison counted (empty when none was counted). */
  public List<CountedPart> failedParts() {
    return failedParts == null ? List.of() : failedParts;
  }

  /** What the measure of the comparison the current check's first missing fact left unknown counted. */
  public List<CountedPart> missingParts() {
    return missingParts == null ? List.of() : missingParts;
  }

  /** The description behind these facts, or null. */
  public DeviceView view() {
    return view;
  }

  /** Whether the feature {@code struct::member} is supported. */
  public boolean feature(String struct, String member) {
    Boolean v = view == null ? null : view.feature(struct, member);
    if (v == null) {
      return unknown(struct + "::" + member);
    }
    if (recording) {
      read(struct + "::" + member + (v ? " is supported" : " is not supported"));
    }
    return v;
  }

  /** An integer property or limit; a specification constant compared with it is read by the caller. */
  public long limit(String struct, String member) {
    Object v = view == null ? null : view.property(struct, member);
    if (v instanceof Long l) {
      if (recording) {
        read(struct + "::" + member + " = " + l);
      }
      return l;
    }
    return unknown(struct + "::" + member);
  }

  /** Element {@code index} of an array property ({@code maxComputeWorkGroupSize[1]}). */
  public long limit(String struct, String member, int index) {
    Object v = view == null ? null : view.property(struct, member);
    if (v instanceof List<?> l && index < l.size() && l.get(index) instanceof Long n) {
      if (recording) {
        read(struct + "::" + member + "[" + index + "] = " + n);
      }
      return n;
    }
    return unknown(struct + "::" + member + "[" + index + "]");
  }

  /** Member {@code field} of a structure-typed property ({@code maxBlockMatchRegion.width}). */
  public long limit(String struct, String member, String field) {
    Object v = view == null ? null : view.property(struct, member);
    if (v instanceof java.util.Map<?, ?> m && m.get(field) instanceof Long n) {
      if (recording) {
        read(struct + "::" + member + "." + field + " = " + n);
      }
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
    if (module <= 0) {
      return true;
    }
    long limit = limit(struct, member);
    return compared(module <= limit || failed(struct + "::" + member, limit, module));
  }

  /** As {@link #unsignedAtLeast(long, String, String)}, for element {@code index} of an array limit. */
  public boolean unsignedAtLeast(long module, String struct, String member, int index) {
    if (module <= 0) {
      return true;
    }
    long limit = limit(struct, member, index);
    return compared(module <= limit || failed(struct + "::" + member + "[" + index + "]", limit, module));
  }

  /** As {@link #unsignedAtLeast(long, String, String)}, for member {@code field} of an extent limit. */
  public boolean unsignedAtLeast(long module, String struct, String member, String field) {
    if (module <= 0) {
      return true;
    }
    long limit = limit(struct, member, field);
    return compared(module <= limit || failed(struct + "::" + member + "." + field, limit, module));
  }

  /**
   * As {@link #unsignedAtLeast(long, String, String, String)}, for a module value that is a float
   * constant's ({@code maxBoxFilterBlockSize.height} at least a box size).
   */
  public boolean unsignedAtLeast(double module, String struct, String member, String field) {
    if (module <= 0) {
      return true;
    }
    long limit = limit(struct, member, field);
    return compared(module <= limit || failed(struct + "::" + member + "." + field, limit, module));
  }

  /**
   * A {@code float} property or limit ({@code minInterpolationOffset}), as the device's 32-bit
   * value: a description writes it as a JSON number, integral ({@code -2}) or not ({@code 0.4375}).
   */
  public double real(String struct, String member) {
    Object v = view == null ? null : view.property(struct, member);
    if (v instanceof Number n) {
      if (recording) {
        read(struct + "::" + member + " = " + n.floatValue());
      }
      return n.floatValue();
    }
    return unknown(struct + "::" + member);
  }

  /** Element {@code index} of a {@code float} array property ({@code pointSizeRange[1]}). */
  public double real(String struct, String member, int index) {
    Object v = view == null ? null : view.property(struct, member);
    if (v instanceof List<?> l && index < l.size() && l.get(index) instanceof Number n) {
      if (recording) {
        read(struct + "::" + member + "[" + index + "] = " + n.floatValue());
      }
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
      if (recording) {
        read(struct + "::" + member + " = " + l.get(0));
      }
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
          if (recording) {
            read(struct + "::" + member + " has " + name);
          }
          return true;
        }
      }
      if (recording) {
        read(struct + "::" + member + " lacks " + names[0]);
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
    if (recording) {
      read("VkPhysicalDeviceProperties::apiVersion = " + v[0] + "." + v[1]);
    }
    return v[0] > major || (v[0] == major && v[1] >= minor);
  }

  /** Whether the device has the extension. */
  public boolean extension(String name) {
    if (view == null) {
      return unknown(name);
    }
    boolean has = view.extension(name);
    if (recording) {
      read(name + (has ? " is supported" : " is not supported"));
    }
    return has;
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
      if (recording) {
        read(format + " " + tiling + " tiling has " + feature);
      }
      return true;
    }
    if (feature.startsWith("VK_FORMAT_FEATURE_2_") && !view.extendedFormatFeatures(format)) {
      return unknown(fact);
    }
    if (recording) {
      read(format + " " + tiling + " tiling lacks " + feature);
    }
    return false;
  }

  /** The VkFormat of a SPIR-V image format by its value ({@code formats[value]}); unknown when it has none. */
  public static String format(String[] formats, long imageFormat) {
    return imageFormat >= 0 && imageFormat < formats.length && formats[(int) imageFormat] != null
        ? formats[(int) imageFormat] : Unknown.raise();
  }

  /** Starts one check: forgets the fact the previous one missed, and what it counted. */
  public void begin() {
    missing = null;
    counted = null;
    failedParts = null;
    missingParts = null;
  }

  /** The first fact the current check needed and the description did not give, or null. */
  public String missing() {
    return missing;
  }

  /**
   * Evaluates a failed check's condition again, recording the device facts it reads, and returns
   * them as a note for the failure ({@link #readNote}); the evaluation is deterministic, so it
   * fails again. Only failures pay for this.
   */
  public String explain(java.util.function.BooleanSupplier fails) {
    read.clear();
    recording = true;
    try {
      fails.getAsBoolean();
    } catch (Unknown u) {
      // decided before; an unknown here leaves the facts read so far
    } finally {
      recording = false;
    }
    String note = readNote();
    read.clear();
    return note;
  }

  /** How many facts a failure's note names. */
  private static final int NOTED = 3;

  /** How a failure's note on the device facts starts, after its message (see {@link #noteIn}). */
  private static final String NOTE = " (device: ";

  /**
   * What a failed check read of the device, to append to its message: {@code (device:
   * VkPhysicalDeviceLimits::maxComputeWorkGroupInvocations = 256, 512 needed)}, at most three facts
   * and how many more; null when it read none.
   */
  String readNote() {
    if (read.isEmpty()) {
      return null;
    }
    StringBuilder b = new StringBuilder(NOTE.substring(1));
    for (int i = 0; i < Math.min(NOTED, read.size()); i++) {
      b.append(i == 0 ? "" : "; ").append(read.get(i));
    }
    if (read.size() > NOTED) {
      b.append("; and ").append(read.size() - NOTED).append(" more");
    }
    return b.append(')').toString();
  }

  /**
   * The device facts a failure's message names ({@code device: ...::maxMeshOutputVertices = 256,
   * 300 needed}), or null: for a report that shows the failure without its message (a cell of the
   * portability matrix). The note holds no parenthesis of its own.
   */
  public static String noteIn(String message) {
    int at = message.indexOf(NOTE);
    int end = at < 0 ? -1 : message.indexOf(')', at);
    return end < 0 ? null : message.substring(at + 2, end);
  }

  private void read(String fact) {
    if (!read.contains(fact)) {
      read.add(fact);
    }
  }

  /** A comparison's outcome; what the measure compared counted is its own, not the next one's. */
  private boolean compared(boolean outcome) {
    counted = null;
    return outcome;
  }

  /** False, noting (while recording) what the module needs of the limit {@code fact} and what it counted. */
  private boolean failed(String fact, long limit, double module) {
    if (failedParts == null && counted != null) {
      failedParts = counted;
    }
    if (recording) {
      String needs = module == Math.rint(module) ? Long.toString((long) module) : Double.toString(module);
      read.remove(fact + " = " + limit);
      read(fact + " = " + limit + ", " + needs + " needed");
    }
    return false;
  }

  private <T> T unknown(String fact) {
    if (missing == null) {
      missing = fact;
      missingParts = counted;
    }
    counted = null;
    return Unknown.raise();
  }
}
