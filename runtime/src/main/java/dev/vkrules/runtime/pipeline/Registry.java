package dev.vkrules.runtime.pipeline;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Names of the pinned vk.xml for the pipeline reader ({@link VkPipelineTypes}, generated): an
 * enumerant's value, the name vk.xml defines a value by, and the near names of a misspelt one.
 */
final class Registry {
  private Registry() {}

  // The lookups below are plain code (no lambdas, no string concatenation): a command line reads one
  // description, and in a fresh JVM each lambda or concatenation costs its bootstrap the first time.

  /**
   * The generated tables (sorted maps, for a deterministic source) copied into hash maps once,
   * type by type as a description first needs one: a name is then one hash lookup, not a walk
   * down a tree of string comparisons of names that share their long {@code VK_FORMAT_} prefixes.
   */
  private static final Map<String, Map<String, Long>> ENUMS = new ConcurrentHashMap<>();
  private static final Map<String, Map<String, String>> MEMBERS = new ConcurrentHashMap<>();
  /** Each type's value to name table, built on first use. */
  private static final Map<String, Map<Long, String>> NAMES = new ConcurrentHashMap<>();
  /** Each type's canonical name of every enumerant name, filled as names are read. */
  private static final Map<String, Map<String, String>> CANONICAL = new ConcurrentHashMap<>();

  /** The enumerants of {@code type} by name (empty when vk.xml has no such type). */
  static Map<String, Long> enumerants(String type) {
    Map<String, Long> known = ENUMS.get(type);
    if (known == null) {
      ENUMS.putIfAbsent(type, new HashMap<>(VkPipelineTypes.ENUMS.getOrDefault(type, Map.of())));
      known = ENUMS.get(type);
    }
    return known;
  }

  /** The members of structure {@code struct} with their vk.xml types, or null when vk.xml has no such structure. */
  static Map<String, String> members(String struct) {
    Map<String, String> known = MEMBERS.get(struct);
    if (known == null) {
      Map<String, String> table = VkPipelineTypes.MEMBERS.get(struct);
      if (table == null) {
        return null;
      }
      MEMBERS.putIfAbsent(struct, new HashMap<>(table));
      known = MEMBERS.get(struct);
    }
    return known;
  }

  /** The value of enumerant {@code name} of {@code type}, if vk.xml has it. */
  static Optional<Long> value(String type, String name) {
    return Optional.ofNullable(enumerants(type).get(name));
  }

  /**
   * The name of {@code value} in {@code type}: the one vk.xml defines it by (not an alias; the
   * shortest if several), so {@code VK_SHADER_STAGE_MESH_BIT_EXT} reads the same whichever alias
   * was written.
   */
  static Optional<String> name(String type, long value) {
    Map<Long, String> names = NAMES.get(type);
    if (names == null) {
      NAMES.putIfAbsent(type, names(type));
      names = NAMES.get(type);
    }
    return Optional.ofNullable(names.get(value));
  }

  private static Map<Long, String> names(String type) {
    Map<Long, String> out = new HashMap<>();
    for (Map.Entry<String, Long> e : VkPipelineTypes.ENUMS.getOrDefault(type, Map.of()).entrySet()) {
      String had = out.get(e.getValue());
      if (had == null || preferred(e.getKey(), had) < 0) {
        out.put(e.getValue(), e.getKey());
      }
    }
    return out;
  }

  /** Which of two names of one value vk.xml defines it by: not an alias, then the shorter, then the first in order. */
  private static int preferred(String a, String b) {
    int c = Boolean.compare(VkPipelineTypes.ALIASES.contains(a), VkPipelineTypes.ALIASES.contains(b));
    if (c == 0) {
      c = Integer.compare(a.length(), b.length());
    }
    return c != 0 ? c : a.compareTo(b);
  }

  /** The canonical name (see {@link #name(String, long)}) of a known enumerant. */
  static String canonical(String type, String name) {
    Map<String, String> byName = CANONICAL.get(type);
    if (byName == null) {
      CANONICAL.putIfAbsent(type, new ConcurrentHashMap<>());
      byName = CANONICAL.get(type);
    }
    String known = byName.get(name);
    if (known == null) {
      Long v = enumerants(type).get(name);
      String n = v == null ? null : name(type, v).orElse(null);
      known = n == null ? name : n;
      byName.put(name, known);
    }
    return known;
  }
}
