package dev.vkrules.generator.extract;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * AsciiDoc attribute values with their references to other attributes ({@code {name}}) expanded,
 * with bounded work: each attribute is expanded once (memoized), a reference cycle is left as
 * written, and an attribute whose value would grow past {@link #MAX_VALUE} characters, or a set
 * of attributes whose expansion would produce more than {@link #MAX_WORK}, is an error naming the
 * attribute and where it is defined. A spec attribute is a word or a phrase; definitions that
 * reference each other several times ({@code :a1: {a0}{a0}}, {@code :a2: {a1}{a1}}, ...) double
 * at every step and would otherwise take minutes and gigabytes (in Asciidoctor too) before failing.
 */
final class AttributeExpansion {
  /** Characters one attribute may expand to. */
  static final int MAX_VALUE = 1 << 16;

  /** References to other attributes that one expansion may follow, one inside the other. */
  static final int MAX_DEPTH = 64;

  /** Characters all expansions together may produce. */
  static final long MAX_WORK = 1L << 24;

  /** {@code :name: value} (set) or {@code :name!:} / {@code :!name:} (unset). */
  static final Pattern ENTRY = Pattern.compile("^:(!?)([\\w][\\w-]*)(!?):(?:[ \\t]+(.*))?$");
  private static final Pattern REFERENCE = Pattern.compile("\\{([\\w][\\w-]*)\\}");

  /** An attribute's value as written, and where. */
  record Definition(String value, String file, int line) {}

  private final Map<String, Definition> raw;
  private final Map<String, String> done = new HashMap<>();
  private final Set<String> active = new HashSet<>();
  private long work;

  AttributeExpansion(Map<String, Definition> raw) {
    this.raw = raw;
  }

  /** Every attribute of {@code raw}, expanded. */
  static Map<String, String> expandAll(Map<String, Definition> raw) {
    AttributeExpansion x = new AttributeExpansion(raw);
    Map<String, String> out = new LinkedHashMap<>();
    raw.keySet().forEach(name -> out.put(name, x.expand(name)));
    return out;
  }

  /**
   * Checks the attributes the appendix defines itself (on top of {@code inherited}, e.g. those of
   * attribs.adoc) before Asciidoctor expands them: throws {@link SpecSyntaxException} at the
   * first definition that grows past the limits.
   */
  static void checkDefinitions(String file, List<String> lines, Map<String, Definition> inherited) {
    Map<String, Definition> all = new LinkedHashMap<>(inherited);
    boolean any = false;
    for (int i = 0; i < lines.size(); i++) {
      Matcher e = ENTRY.matcher(lines.get(i));
      if (e.matches() && e.group(1).isEmpty() && e.group(3).isEmpty()) {
        all.put(e.group(2), new Definition(e.group(4) == null ? "" : e.group(4).strip(), file, i + 1));
        any = true;
      }
    }
    if (any) {
      expandAll(all);
    }
  }

  /** The value of {@code name} with every reference to a known attribute replaced. */
  String expand(String name) {
    String cached = done.get(name);
    if (cached != null) {
      return cached;
    }
    Definition d = raw.get(name);
    if (d == null || !active.add(name)) {
      return "{" + name + "}";  // unknown, or a cycle: as written
    }
    if (active.size() > MAX_DEPTH) {
      throw new SpecSyntaxException("attribute '" + name + "' is reached through more than " + MAX_DEPTH
          + " nested references to other attributes; nothing written", d.file(), d.line());
    }
    StringBuilder out = new StringBuilder();
    Matcher m = REFERENCE.matcher(d.value());
    int at = 0;
    while (m.find()) {
      out.append(d.value(), at, m.start());
      String other = raw.containsKey(m.group(1)) ? expand(m.group(1)) : m.group();
      work += other.length();
      if (out.length() + other.length() > MAX_VALUE) {
        throw new SpecSyntaxException("attribute '" + name + "' expands to more than " + MAX_VALUE
            + " characters (its references to other attributes multiply); nothing written", d.file(), d.line());
      }
      if (work > MAX_WORK) {
        throw new SpecSyntaxException("expanding the attributes takes more than " + MAX_WORK
            + " characters of work, at attribute '" + name + "'; nothing written", d.file(), d.line());
      }
      out.append(other);
      at = m.end();
    }
    out.append(d.value(), at, d.value().length());
    active.remove(name);
    String value = out.toString();
    done.put(name, value);
    return value;
  }
}
