package dev.vkrules.runtime.profile;

import dev.vkrules.runtime.profile.JsonValue.JsonArray;
import dev.vkrules.runtime.profile.JsonValue.JsonBoolean;
import dev.vkrules.runtime.profile.JsonValue.JsonNumber;
import dev.vkrules.runtime.profile.JsonValue.JsonObject;
import dev.vkrules.runtime.profile.JsonValue.JsonString;
import dev.vkrules.runtime.requirements.VulkanVersion;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Merges capability blocks into one device description, as the profiles layer stacks them:
 * a feature is on when any block turns it on, flag lists are united, nested structures
 * (VkPhysicalDeviceProperties::limits) merge member by member, other values take the last block's.
 */
final class DeviceAccumulator {
  /** Wrapper structures whose single member holds the real one (the Vulkan 1.1 "2" queries). */
  private static final Map<String, String[]> WRAPPERS = Map.of(
      "VkPhysicalDeviceFeatures2", new String[] {"features", "VkPhysicalDeviceFeatures"},
      "VkPhysicalDeviceFeatures2KHR", new String[] {"features", "VkPhysicalDeviceFeatures"},
      "VkPhysicalDeviceProperties2", new String[] {"properties", "VkPhysicalDeviceProperties"},
      "VkPhysicalDeviceProperties2KHR", new String[] {"properties", "VkPhysicalDeviceProperties"});

  private final VulkanVersion apiVersion;
  private final TreeSet<String> extensions = new TreeSet<>();
  private final TreeMap<String, TreeMap<String, JsonValue>> features = new TreeMap<>();
  private final TreeMap<String, TreeMap<String, JsonValue>> properties = new TreeMap<>();
  /** {@code VK_FORMAT_*} to tiling ({@code linear}, {@code optimal}, {@code buffer}) to feature flags. */
  private final TreeMap<String, TreeMap<String, TreeSet<String>>> formats = new TreeMap<>();
  /** The formats stated with a VkFormatProperties3(KHR), which carries the 64-bit flags. */
  private final TreeSet<String> extendedFormats = new TreeSet<>();
  /** The members of the format property structures that hold feature flags, by tiling. */
  private static final Map<String, String> TILINGS = Map.of(
      "linearTilingFeatures", "linear", "optimalTilingFeatures", "optimal", "bufferFeatures", "buffer");

  DeviceAccumulator(VulkanVersion apiVersion) {
    this.apiVersion = apiVersion;
  }

  DeviceAccumulator copy() {
    DeviceAccumulator c = new DeviceAccumulator(apiVersion);
    c.extensions.addAll(extensions);
    features.forEach((k, v) -> c.features.put(k, new TreeMap<>(v)));
    properties.forEach((k, v) -> c.properties.put(k, new TreeMap<>(v)));
    formats.forEach((k, v) -> {
      TreeMap<String, TreeSet<String>> t = new TreeMap<>();
      v.forEach((tiling, flags) -> t.put(tiling, new TreeSet<>(flags)));
      c.formats.put(k, t);
    });
    c.extendedFormats.addAll(extendedFormats);
    return c;
  }

  void add(JsonObject block) throws ProfileException {
    JsonValue ext = block.members().get("extensions");
    if (ext != null) {
      for (Map.Entry<String, JsonValue> e : ProfileReader.object(ext, "'extensions'").members().entrySet()) {
        if (!(e.getValue() instanceof JsonNumber)) {
          throw ProfileException.at(e.getValue(), "expected the spec version of extension '" + e.getKey() + "' to be a number, got "
              + e.getValue().typeName());
        }
        // a loose spelling of a vk.xml name (VK_KHR_maintenance_4) is that extension (UnknownMembers warns)
        String known = ExtensionNames.canonical(e.getKey());
        extensions.add(known == null ? e.getKey() : known);
      }
    }
    addStructs(block.members().get("features"), "'features'", features);
    addStructs(block.members().get("properties"), "'properties'", properties);
    addFormats(block.members().get("formats"));
  }

  /**
   * {@code formats: {VK_FORMAT_X: {VkFormatProperties: {linearTilingFeatures: [...], ...}}}}; the
   * flags of every format property structure are united (a feature is on when any says so).
   */
  private void addFormats(JsonValue section) throws ProfileException {
    if (section == null) {
      return;
    }
    for (Map.Entry<String, JsonValue> f : ProfileReader.object(section, "'formats'").members().entrySet()) {
      JsonObject structs = ProfileReader.object(f.getValue(), "format '" + f.getKey() + "'");
      TreeMap<String, TreeSet<String>> tilings = formats.computeIfAbsent(f.getKey(), k -> new TreeMap<>());
      for (Map.Entry<String, JsonValue> st : structs.members().entrySet()) {
        JsonObject struct = ProfileReader.object(st.getValue(), "structure '" + st.getKey() + "'");
        if (st.getKey().startsWith("VkFormatProperties3")) {
          extendedFormats.add(f.getKey());
        }
        if (struct.members().get("formatProperties") instanceof JsonObject inner) {
          struct = inner;  // VkFormatProperties2 wraps VkFormatProperties
        }
        for (Map.Entry<String, JsonValue> m : struct.members().entrySet()) {
          String tiling = TILINGS.get(m.getKey());
          if (tiling != null) {
            tilings.computeIfAbsent(tiling, k -> new TreeSet<>()).addAll(flags(m.getValue()));
          }
        }
      }
    }
  }

  /** Flags written as an array of bit names or as one string joined with {@code |}. */
  private static List<String> flags(JsonValue v) throws ProfileException {
    List<String> out = new ArrayList<>();
    if (v instanceof JsonArray a) {
      for (JsonValue e : a.elements()) {
        if (!(e instanceof JsonString s)) {
          throw ProfileException.at(e, "expected a format feature flag name, got " + e.typeName());
        }
        out.add(s.value().strip());
      }
    } else if (v instanceof JsonString s) {
      for (String part : s.value().split("\\|")) {
        if (!part.isBlank()) {
          out.add(part.strip());
        }
      }
    } else {
      throw ProfileException.at(v, "expected format feature flags (an array of names), got " + v.typeName());
    }
    return out;
  }

  private static void addStructs(JsonValue section, String what, TreeMap<String, TreeMap<String, JsonValue>> into)
      throws ProfileException {
    if (section == null) {
      return;
    }
    for (Map.Entry<String, JsonValue> e : ProfileReader.object(section, what).members().entrySet()) {
      JsonObject struct = ProfileReader.object(e.getValue(), "structure '" + e.getKey() + "'");
      String name = e.getKey();
      String[] wrapper = WRAPPERS.get(name);
      if (wrapper != null && struct.members().get(wrapper[0]) instanceof JsonObject inner) {
        struct = inner;
        name = wrapper[1];
      }
      TreeMap<String, JsonValue> members = into.computeIfAbsent(name, k -> new TreeMap<>());
      for (Map.Entry<String, JsonValue> m : struct.members().entrySet()) {
        JsonValue known = withoutNulls(m.getValue());
        if (known != null) {  // null: unknown (a warning of MemberTypes), so left out as a member never stated
          members.merge(m.getKey(), known, DeviceAccumulator::merge);
        }
      }
    }
  }

  /** {@code v} with the null members of its objects left out; null when {@code v} is, or holds, a null elsewhere. */
  static JsonValue withoutNulls(JsonValue v) {
    if (v instanceof JsonValue.JsonNull) {
      return null;
    }
    if (v instanceof JsonArray a) {
      for (JsonValue e : a.elements()) {
        if (withoutNulls(e) != e) {
          return null;  // an array with an unknown element is unknown as a whole
        }
      }
      return v;
    }
    if (v instanceof JsonObject o) {
      boolean any = false;
      Map<String, JsonValue> members = new java.util.LinkedHashMap<>();
      Map<String, JsonString> keys = new java.util.LinkedHashMap<>();
      for (Map.Entry<String, JsonValue> e : o.members().entrySet()) {
        JsonValue k = withoutNulls(e.getValue());
        any |= k != e.getValue();
        if (k != null) {
          members.put(e.getKey(), k);
          keys.put(e.getKey(), o.keys().get(e.getKey()));
        }
      }
      return any ? new JsonObject(Collections.unmodifiableMap(members), Collections.unmodifiableMap(keys), o.line(),
          o.column()) : o;
    }
    return v;
  }

  private static JsonValue merge(JsonValue old, JsonValue now) {
    if (old instanceof JsonBoolean a && now instanceof JsonBoolean b) {
      return a.value() ? a : b;
    }
    if (old instanceof JsonObject a && now instanceof JsonObject b) {
      // a nested structure (VkPhysicalDeviceProperties::limits) stacks member by member: a later
      // block that states some limits keeps the earlier block's others
      Map<String, JsonValue> members = new java.util.LinkedHashMap<>(a.members());
      b.members().forEach((k, v) -> members.merge(k, v, DeviceAccumulator::merge));
      Map<String, JsonString> keys = new java.util.LinkedHashMap<>(a.keys());
      keys.putAll(b.keys());
      return new JsonObject(Collections.unmodifiableMap(members), Collections.unmodifiableMap(keys), a.line(), a.column());
    }
    if (old instanceof JsonArray a && now instanceof JsonArray b) {
      List<JsonValue> union = new ArrayList<>(a.elements());
      Set<String> seen = new LinkedHashSet<>();
      for (JsonValue v : a.elements()) {
        if (v instanceof JsonString s) {
          seen.add(s.value());
        }
      }
      for (JsonValue v : b.elements()) {
        if (!(v instanceof JsonString s) || seen.add(s.value())) {
          union.add(v);
        }
      }
      return new JsonArray(List.copyOf(union), a.line(), a.column());
    }
    return now;
  }

  DeviceDescription build() {
    SortedMap<String, SortedMap<String, JsonValue>> f = new TreeMap<>();
    features.forEach((k, v) -> f.put(k, Collections.unmodifiableSortedMap(v)));
    SortedMap<String, SortedMap<String, JsonValue>> p = new TreeMap<>();
    properties.forEach((k, v) -> p.put(k, Collections.unmodifiableSortedMap(v)));
    SortedMap<String, DeviceDescription.FormatFeatures> fm = new TreeMap<>();
    formats.forEach((k, v) -> fm.put(k, new DeviceDescription.FormatFeatures(
        frozen(v.get("linear")), frozen(v.get("optimal")), frozen(v.get("buffer")), extendedFormats.contains(k))));
    return new DeviceDescription(apiVersion, Collections.unmodifiableSortedSet(new TreeSet<>(extensions)),
        Collections.unmodifiableSortedMap(f), Collections.unmodifiableSortedMap(p), Collections.unmodifiableSortedMap(fm));
  }

  private static java.util.SortedSet<String> frozen(TreeSet<String> flags) {
    return Collections.unmodifiableSortedSet(flags == null ? new TreeSet<>() : new TreeSet<>(flags));
  }
}
