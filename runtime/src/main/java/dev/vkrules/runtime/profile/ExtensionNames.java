package dev.vkrules.runtime.profile;

import dev.vkrules.runtime.NearNames;
import dev.vkrules.runtime.requirements.ExtensionNameTable;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The extension names of the pinned vk.xml ({@link ExtensionNameTable}, generated), as the profile
 * reader checks a description's: harvested profiles and real device reports write some with an
 * underscore before a digit ({@code VK_KHR_maintenance_4}, {@code VK_KHR_format_feature_flags_2}),
 * and a device taken to lack such an extension would fail rules it meets. A name vk.xml lacks that
 * matches exactly one vk.xml name once underscores before digits are ignored is read as that name
 * (no two vk.xml names are alike that way); any other unknown name is kept as written, never matching.
 */
final class ExtensionNames {
  /** The names, and each name without its underscores before digits; built on the first profile read. */
  private static volatile Set<String> known;
  private static volatile Map<String, String> loose;

  private ExtensionNames() {}

  /** Whether vk.xml registers {@code name}. */
  static boolean known(String name) {
    return names().contains(name);
  }

  /** The vk.xml name {@code name} stands for: itself when known, the one name it matches loosely, else null. */
  static String canonical(String name) {
    if (known(name)) {
      return name;
    }
    if (loose == null) {
      Map<String, String> m = new HashMap<>();
      Map<String, Integer> count = new HashMap<>();
      for (String n : ExtensionNameTable.NAMES) {
        String k = loosely(n);
        m.put(k, n);
        count.merge(k, 1, Integer::sum);
      }
      count.forEach((k, c) -> {
        if (c > 1) {
          m.remove(k);  // ambiguous: neither is meant more than the other
        }
      });
      loose = m;
    }
    return loose.get(loosely(name));
  }

  /**
   * The warning for a name vk.xml does not register, after {@code line:column: }: read as the vk.xml
   * name it matches, or not used, with the near names.
   */
  static String warning(String name) {
    String as = canonical(name);
    if (as != null) {
      return "extension '" + name + "' is not in the pinned vk.xml; read as " + as;
    }
    String near = NearNames.text(name, ExtensionNameTable.NAMES);
    return "extension '" + name + "' is not in the pinned vk.xml; no rule reads it" + near;
  }

  /** {@code name} without the underscores that come before a digit. */
  static String loosely(String name) {
    StringBuilder b = new StringBuilder(name.length());
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (c == '_' && i + 1 < name.length() && Character.isDigit(name.charAt(i + 1))) {
        continue;
      }
      b.append(c);
    }
    return b.toString();
  }

  private static Set<String> names() {
    Set<String> s = known;
    if (s == null) {
      s = new HashSet<>(ExtensionNameTable.NAMES);
      known = s;
    }
    return s;
  }
}
