package dev.vkrules.runtime.profile;

import dev.vkrules.runtime.profile.JsonValue.JsonObject;
import dev.vkrules.runtime.profile.JsonValue.JsonString;
import dev.vkrules.runtime.requirements.DeviceStructTable;
import java.util.List;
import java.util.Map;

/**
 * Finds the extensions, structures and members of a capability block that the pinned vk.xml does
 * not define: a description written for a newer (or older) registry, or a loose spelling. They
 * cannot match any device predicate, so they are reported as warnings with their position and the
 * rest is used; an extension name that is a loose spelling of one vk.xml name is read as that name
 * ({@link ExtensionNames}), and its warning says so.
 */
final class UnknownMembers {
  /** Members whose value is itself a structure, and that structure's name. */
  private static final Map<String, String> NESTED = Map.of(
      "limits", "VkPhysicalDeviceLimits",
      "sparseProperties", "VkPhysicalDeviceSparseProperties",
      "features", "VkPhysicalDeviceFeatures",
      "properties", "VkPhysicalDeviceProperties",
      "formatProperties", "VkFormatProperties");

  private UnknownMembers() {}

  /** Appends one warning ({@code line:column: text}) per unknown extension, structure or member of {@code block}. */
  static void check(JsonObject block, List<String> warnings) {
    if (block.members().get("extensions") instanceof JsonObject extensions) {
      for (String name : extensions.members().keySet()) {
        if (!ExtensionNames.known(name)) {
          warnings.add(extensions.keys().get(name).position() + ": " + ExtensionNames.warning(name));
        }
      }
    }
    for (String section : List.of("features", "properties")) {
      if (block.members().get(section) instanceof JsonObject structs) {
        structs(structs, warnings);
      }
    }
    if (block.members().get("formats") instanceof JsonObject formats) {
      for (JsonValue format : formats.members().values()) {
        if (format instanceof JsonObject structs) {
          structs(structs, warnings);
        }
      }
    }
  }

  private static void structs(JsonObject structs, List<String> warnings) {
    for (Map.Entry<String, JsonValue> e : structs.members().entrySet()) {
      struct(structs.keys().get(e.getKey()), e.getKey(), e.getValue(), warnings);
    }
  }

  private static void struct(JsonString key, String name, JsonValue value, List<String> warnings) {
    List<String> members = DeviceStructTable.MEMBERS.get(name);
    if (members == null) {
      warnings.add(key.position() + ": structure '" + name + "' is not in the pinned vk.xml; its members are not used");
      return;
    }
    if (!(value instanceof JsonObject object)) {
      return;  // the reader reports the wrong type
    }
    for (Map.Entry<String, JsonValue> m : object.members().entrySet()) {
      JsonString memberKey = object.keys().get(m.getKey());
      if (!members.contains(m.getKey())) {
        warnings.add(memberKey.position() + ": '" + name + "' has no member '" + m.getKey()
            + "' in the pinned vk.xml; it is not used");
      } else if (NESTED.containsKey(m.getKey()) && m.getValue() instanceof JsonObject) {
        struct(memberKey, NESTED.get(m.getKey()), m.getValue(), warnings);
      }
    }
  }
}
