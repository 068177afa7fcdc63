package dev.vkrules.generator.extract;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * What the appendix's text needs from the rest of the spec ({@code spec/} next to the
 * appendix), found by a line scan instead of parsing the whole spec: the document attributes
 * of {@code spec/config/attribs.adoc} ({@code {ExecutionModel}}) and the titles of the
 * sections the appendix cross-references without text ({@code <<interfaces-builtin-variables>>}).
 *
 * @param attributes attribute name to its AsciiDoc value, references to other attributes
 *     resolved, as the spec's build defines it
 * @param titles anchor to the AsciiDoc title (or reference text) Khronos shows for it; empty
 *     for an anchor that exists but has no title (Asciidoctor shows {@code [id]})
 * @param hasSpec whether {@code spec/} exists
 */
public record SpecContext(Map<String, String> attributes, Map<String, String> titles, boolean hasSpec) {
  /** The directory with the rest of the spec, relative to the spec directory. */
  public static final String SPEC = "spec";
  /** The document attributes, relative to {@link #SPEC}. */
  public static final String ATTRIBS = "config/attribs.adoc";

  private static final Pattern ENTRY = Pattern.compile("^:(!?)([\\w][\\w-]*)(!?):(?:[ \\t]+(.*))?$");
  private static final Pattern CONDITIONAL = Pattern.compile("^(ifdef|ifndef|endif)::([^\\[]*)\\[(.*)\\]$");
  /** {@code [[id]]}, {@code [[id,reftext]]}, {@code [#id]}, {@code [#id,reftext="..."]} alone on a line. */
  private static final Pattern ANCHOR = Pattern.compile(
      "^\\[\\[([\\w:.-]+)(?:,\\s*(.*?))?\\]\\]\\s*$|^\\[#([\\w:.-]+)(?:,\\s*reftext=\"?(.*?)\"?)?\\]\\s*$");
  private static final Pattern INLINE_ANCHOR = Pattern.compile("\\[\\[([\\w:.-]+)(?:,\\s*([^\\]]+))?\\]\\]");
  private static final Pattern SECTION = Pattern.compile("^=+\\s+(\\S.*?)\\s*$");
  private static final Pattern BLOCK_TITLE = Pattern.compile("^\\.([^.\\s].*)$");
  /** Cross-references without text: {@code <<anchor>>}. */
  private static final Pattern XREF = Pattern.compile("<<([\\w:.-]+)>>");

  public SpecContext {
    attributes = Map.copyOf(attributes);
    titles = Map.copyOf(titles);
  }

  /** No spec/ directory: nothing resolves beyond the appendix. */
  public static SpecContext none() {
    return new SpecContext(Map.of(), Map.of(), false);
  }

  /**
   * Reads what {@code appendix} needs from {@code specDir/spec/}, with {@code defined}
   * attributes set for conditionals in attribs.adoc (the html5 backend is always set).
   */
  public static SpecContext read(Path specDir, List<String> appendix, Set<String> defined) {
    Path spec = specDir.resolve(SPEC);
    if (!Files.isDirectory(spec)) {
      return none();
    }
    Set<String> set = new HashSet<>(defined);
    set.add("backend-html5");
    set.add("basebackend-html");
    Map<String, String> attributes = attributes(spec.resolve(ATTRIBS), set);
    Set<String> wanted = new HashSet<>();
    Set<String> local = new HashSet<>();
    for (String line : appendix) {
      Matcher x = XREF.matcher(line);
      while (x.find()) {
        wanted.add(x.group(1));
      }
      Matcher a = ANCHOR.matcher(line.strip());
      if (a.matches()) {
        local.add(a.group(1) != null ? a.group(1) : a.group(3));
      }
    }
    wanted.removeAll(local);
    return new SpecContext(attributes, titles(spec, wanted), true);
  }

  private static Map<String, String> attributes(Path file, Set<String> defined) {
    return new TreeMap<>(AttributeExpansion.expandAll(definitions(file, defined)));
  }

  /** The attributes {@code file} defines (as written, with their lines), its conditionals applied. */
  static Map<String, AttributeExpansion.Definition> definitions(Path file, Set<String> defined) {
    Map<String, AttributeExpansion.Definition> raw = new LinkedHashMap<>();
    if (!Files.isRegularFile(file)) {
      return raw;
    }
    Deque<Boolean> open = new ArrayDeque<>();
    List<String> all = lines(file);
    for (int number = 1; number <= all.size(); number++) {
      String line = all.get(number - 1);
      Matcher c = CONDITIONAL.matcher(line);
      if (c.matches()) {
        if (c.group(1).equals("endif")) {
          open.poll();
          continue;
        }
        boolean holds = holds(c.group(1), c.group(2), defined, raw);
        if (c.group(3).isEmpty()) {
          open.push(holds);
          continue;
        }
        if (!holds) {
          continue;
        }
        line = c.group(3);
      }
      if (open.contains(false)) {
        continue;
      }
      Matcher e = ENTRY.matcher(line);
      if (e.matches()) {
        if (!e.group(1).isEmpty() || !e.group(3).isEmpty()) {
          raw.remove(e.group(2));
        } else {
          raw.put(e.group(2), new AttributeExpansion.Definition(e.group(4) == null ? "" : e.group(4).strip(),
              file.toString(), number));
        }
      }
    }
    return raw;
  }

  private static boolean holds(String keyword, String expression, Set<String> defined, Map<String, ?> set) {
    boolean allOf = expression.contains("+");
    Stream<String> names = Stream.of(expression.split("[,+]"));
    boolean value = allOf
        ? names.allMatch(n -> defined.contains(n) || set.containsKey(n))
        : names.anyMatch(n -> defined.contains(n) || set.containsKey(n));
    return keyword.equals("ifdef") == value;
  }

  /**
   * Titles of {@code wanted} anchors: the reference text of the anchor, else the title of
   * the section (or titled block) that follows it. One pass over every {@code .adoc} file.
   */
  private static Map<String, String> titles(Path spec, Set<String> wanted) {
    Map<String, String> out = new TreeMap<>();
    if (wanted.isEmpty()) {
      return out;
    }
    List<Path> files;
    try (Stream<Path> walk = Files.walk(spec)) {
      files = walk.filter(p -> p.toString().endsWith(".adoc")).sorted().toList();
    } catch (IOException e) {
      throw new SpecSyntaxException("cannot read: " + e.getMessage(), spec.toString());
    }
    for (Path file : files) {
      List<String> lines = lines(file);
      for (int i = 0; i < lines.size(); i++) {
        String line = lines.get(i);
        if (!line.contains("[[") && !line.startsWith("[#")) {
          continue;
        }
        Matcher alone = ANCHOR.matcher(line);
        if (alone.matches()) {
          String id = alone.group(1) != null ? alone.group(1) : alone.group(3);
          String reftext = alone.group(1) != null ? alone.group(2) : alone.group(4);
          if (wanted.contains(id) && !out.containsKey(id)) {
            String title = reftext != null && !reftext.isEmpty() ? reftext : titleAfter(lines, i + 1);
            out.put(id, title == null ? "" : title);
          }
          continue;
        }
        // An inline anchor (a table cell, a paragraph) titles nothing: Asciidoctor shows
        // a reference to it as [id] unless it gives reference text.
        Matcher inline = INLINE_ANCHOR.matcher(line);
        while (inline.find()) {
          if (wanted.contains(inline.group(1)) && !out.containsKey(inline.group(1))) {
            out.put(inline.group(1), inline.group(2) == null ? "" : inline.group(2));
          }
        }
      }
    }
    return out;
  }

  /** The section or block title after an anchor, skipping other attribute lines; null if none. */
  private static String titleAfter(List<String> lines, int from) {
    for (int i = from; i < lines.size() && i < from + 4; i++) {
      String line = lines.get(i);
      Matcher s = SECTION.matcher(line);
      if (s.matches()) {
        return s.group(1);
      }
      Matcher b = BLOCK_TITLE.matcher(line);
      if (b.matches()) {
        return b.group(1);
      }
      if (!line.startsWith("[")) {
        return null;
      }
    }
    return null;
  }

  private static List<String> lines(Path file) {
    try {
      return List.of(Files.readString(file, StandardCharsets.UTF_8).replace("\r\n", "\n").split("\n", -1));
    } catch (CharacterCodingException e) {
      throw new SpecSyntaxException("not UTF-8 text", file.toString());
    } catch (IOException e) {
      throw new SpecSyntaxException("cannot read: " + e.getMessage(), file.toString());
    }
  }
}
