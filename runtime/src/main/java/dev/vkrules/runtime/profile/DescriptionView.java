package dev.vkrules.runtime.profile;

import dev.vkrules.runtime.engine.device.DeviceView;
import dev.vkrules.runtime.profile.JsonValue.JsonArray;
import dev.vkrules.runtime.profile.JsonValue.JsonBoolean;
import dev.vkrules.runtime.profile.JsonValue.JsonNumber;
import dev.vkrules.runtime.profile.JsonValue.JsonObject;
import dev.vkrules.runtime.profile.JsonValue.JsonString;
import dev.vkrules.runtime.requirements.MemberEquivalences;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * One device description as the device predicates see it. A member is found under its own
 * structure or any equivalent one (an alias, the VkPhysicalDeviceVulkanXY structure it was
 * promoted into); {@code VkPhysicalDeviceLimits} and {@code VkPhysicalDeviceSparseProperties}
 * members are read inside {@code VkPhysicalDeviceProperties}, where descriptions nest them.
 */
public final class DescriptionView implements DeviceView {
  /** Structures a description nests inside {@code VkPhysicalDeviceProperties}, by member name. */
  private static final Map<String, String> NESTED = Map.of(
      "VkPhysicalDeviceLimits", "limits", "VkPhysicalDeviceSparseProperties", "sparseProperties");

  private final String name;
  private final DeviceDescription description;
  private final MemberEquivalences equivalences;

  public DescriptionView(String name, DeviceDescription description, MemberEquivalences equivalences) {
    this.name = name;
    this.description = description;
    this.equivalences = equivalences;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public Boolean feature(String struct, String member) {
    // A feature is enabled through any structure that holds it (its own, an alias, the
    // VkPhysicalDeviceVulkanXYFeatures it was promoted into): a description may state it false in
    // one and true in another (an application enables it in one of them), so true wins; false
    // needs a statement, and a member stated in none is unknown.
    Boolean out = null;
    for (String n : equivalences.of(struct, member)) {
      int sep = n.indexOf("::");
      Optional<JsonValue> v = description.feature(n.substring(0, sep), n.substring(sep + 2));
      if (v.isPresent() && v.get() instanceof JsonBoolean b) {
        if (b.value()) {
          return true;
        }
        out = false;
      }
    }
    return out;
  }

  @Override
  public Object property(String struct, String member) {
    String nest = NESTED.get(struct);
    if (nest != null) {
      Optional<JsonValue> outer = description.property("VkPhysicalDeviceProperties", nest);
      if (outer.isPresent() && outer.get() instanceof JsonObject o && o.members().containsKey(member)) {
        return convert(o.members().get(member));
      }
      return null;
    }
    for (String n : equivalences.of(struct, member)) {
      int sep = n.indexOf("::");
      Optional<JsonValue> v = description.property(n.substring(0, sep), n.substring(sep + 2));
      if (v.isPresent()) {
        return convert(v.get());
      }
    }
    return null;
  }

  @Override
  public int[] apiVersion() {
    return description.apiVersion() == null ? null
        : new int[] {description.apiVersion().major(), description.apiVersion().minor()};
  }

  @Override
  public boolean extension(String extension) {
    return description.extensions().contains(extension);
  }

  @Override
  public Set<String> formatFeatures(String format, String tiling) {
    DeviceDescription.FormatFeatures f = description.formats().get(format);
    return f == null ? null : f.of(tiling);
  }

  @Override
  public boolean extendedFormatFeatures(String format) {
    DeviceDescription.FormatFeatures f = description.formats().get(format);
    return f != null && f.extended();
  }

  /** Integers (VkBool32 as 0/1), doubles, lists of flag names or integers, and structures as maps; null for anything else. */
  static Object convert(JsonValue v) {
    if (v instanceof JsonBoolean b) {
      return b.value() ? 1L : 0L;
    }
    if (v instanceof JsonNumber n) {
      return n.number();
    }
    if (v instanceof JsonString s) {
      List<String> bits = new ArrayList<>();
      for (String part : s.value().split("\\|")) {
        if (!part.isBlank()) {
          bits.add(part.strip());
        }
      }
      return bits;
    }
    if (v instanceof JsonObject o) {
      // a structure-typed member (VkExtent2D): its members by name
      java.util.Map<String, Object> out = new java.util.TreeMap<>();
      o.members().forEach((k, m) -> out.put(k, convert(m)));
      return out;
    }
    if (v instanceof JsonArray a) {
      List<Object> out = new ArrayList<>();
      for (JsonValue e : a.elements()) {
        Object c = e instanceof JsonString s ? s.value().strip() : convert(e);
        if (c == null) {
          return null;
        }
        out.add(c);
      }
      return out;
    }
    return null;
  }
}
