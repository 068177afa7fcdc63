package dev.vkrules.generator.requirements;

import dev.vkrules.generator.GeneratorException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code VkShaderModuleCreateInfo} VUIDs read from the spec's own AsciiDoc, for a release
 * imported without Khronos' validusage.json: the {@code .Valid Usage} block of the
 * {@code VkShaderModuleCreateInfo} ref page in {@code spec/chapters/shaders.adoc}, with the
 * {@code commonvalidity} files it includes, as an all-extensions build reads it (every
 * {@code VK_*} attribute defined, Vulkan SC's {@code VKSC_*} not). Gives what
 * {@link ShaderModuleVuidsEmitter#read} gives from {@code validusage-shadermodule.json} for the
 * VUIDs the AsciiDoc writes (all under {@code core}, the plain text); the implicit ones Khronos
 * generates from vk.xml ({@code -sType-sType}, {@code -pCode-parameter}) are not in it.
 */
public final class ShaderModuleValidUsage {
  /** Where the block lives, relative to the spec-sources directory. */
  public static final String FILE = "spec/chapters/shaders.adoc";

  private static final String STRUCT = "VkShaderModuleCreateInfo";
  private static final Pattern ATTRIBUTE_ENTRY = Pattern.compile(":(\\w+):\\s*(.*)");
  private static final Pattern DIRECTIVE = Pattern.compile("(ifdef|ifndef|endif)::([^\\[]*)\\[(.*)\\]");
  private static final Pattern INCLUDE = Pattern.compile("include::([^\\[]+)\\[\\]");
  private static final Pattern ITEM = Pattern.compile("\\s*\\*\\s+\\[\\[(VUID-[^\\]]+)\\]\\]\\s*(.*)");
  private static final Pattern REFERENCE = Pattern.compile("\\{(\\w+)\\}");
  private static final Pattern XREF = Pattern.compile("<<([^,>]+)(?:,([^>]*))?>>", Pattern.DOTALL);
  private static final Pattern MACRO = Pattern.compile("\\b(?:pname|ptext|code|sname|stext|fname|ftext|ename|etext|dname"
      + "|tname|tag|attr|reflink|apiext|flink|slink|elink|dlink|tlink|basetype):([\\w*.]*\\w\\**)");
  private static final Pattern NORMATIVE =
      Pattern.compile("\\b(must|should|may|can|cannot|required|optional|optionally|undefined):");

  private ShaderModuleValidUsage() {}

  /** VUID to {condition, plain text}, sorted by VUID, as {@link ShaderModuleVuidsEmitter#read}. */
  public static Map<String, String[]> read(Path specSources) {
    Path file = specSources.resolve(FILE);
    List<String> lines = lines(file);
    int open = -1;
    for (int i = 0; i < lines.size() && open < 0; i++) {
      if (lines.get(i).startsWith("[open,refpage='" + STRUCT + "'")) {
        open = i;
      }
    }
    int start = open < 0 ? -1 : indexOf(lines, ".Valid Usage", open);
    if (start < 0 || start + 1 >= lines.size() || !lines.get(start + 1).equals("****")) {
      throw new GeneratorException("spec-sources/" + FILE + ": no .Valid Usage block of the " + STRUCT + " ref page");
    }
    int end = indexOf(lines, "****", start + 2);
    if (end < 0) {
      throw new GeneratorException("spec-sources/" + FILE + ":" + (start + 2) + ": valid-usage block not closed (****)");
    }
    Map<String, String> attributes = new HashMap<>(documentAttributes(specSources));
    attributes.put("refpage", STRUCT);
    attributes.put("chapters", "chapters");
    Map<String, StringBuilder> items = new TreeMap<>();
    new Reader(specSources, attributes, items).read(lines.subList(start + 2, end), FILE, start + 3);
    Map<String, String[]> out = new TreeMap<>();
    items.forEach((vuid, text) -> out.put(vuid, new String[] {"core", plain(text.toString(), attributes)}));
    if (out.isEmpty()) {
      throw new GeneratorException("spec-sources/" + FILE + ":" + (start + 1) + ": the " + STRUCT + " valid-usage block has no VUID");
    }
    return out;
  }

  /** Walks the block: attribute entries, ifdef/ifndef/endif, includes, list items. */
  private record Reader(Path specSources, Map<String, String> attributes, Map<String, StringBuilder> items) {
    void read(List<String> lines, String file, int firstLine) {
      Deque<Boolean> active = new ArrayDeque<>();
      StringBuilder item = null;
      for (int i = 0; i < lines.size(); i++) {
        String line = lines.get(i);
        String where = "spec-sources/" + file + ":" + (firstLine + i);
        Matcher d = DIRECTIVE.matcher(line.strip());
        if (d.matches()) {
          if (d.group(1).equals("endif")) {
            if (active.isEmpty()) {
              throw new GeneratorException(where + ": endif without ifdef");
            }
            active.pop();
          } else if (d.group(3).isEmpty()) {
            active.push(defined(d.group(2)) == d.group(1).equals("ifdef"));
          } else if (active.stream().allMatch(b -> b) && defined(d.group(2)) == d.group(1).equals("ifdef") && item != null) {
            item.append(' ').append(d.group(3));
          }
          continue;
        }
        if (!active.stream().allMatch(b -> b) || line.startsWith("//")) {
          continue;
        }
        Matcher a = ATTRIBUTE_ENTRY.matcher(line);
        Matcher inc = INCLUDE.matcher(line.strip());
        Matcher it = ITEM.matcher(line);
        if (a.matches()) {
          attributes.put(a.group(1), a.group(2).strip());
          item = null;
        } else if (inc.matches()) {
          String path = substitute(inc.group(1), attributes);
          read(lines(specSources.resolve("spec").resolve(path)), "spec/" + path, 1);
          item = null;
        } else if (it.matches()) {
          String vuid = substitute(it.group(1), attributes);
          if (items.containsKey(vuid)) {
            throw new GeneratorException(where + ": " + vuid + " twice");
          }
          item = new StringBuilder(substitute(it.group(2), attributes));
          items.put(vuid, item);
        } else if (line.isBlank() || line.strip().equals("****")) {
          item = null;
        } else if (item != null) {
          item.append(' ').append(substitute(line, attributes));
        }
      }
      if (!active.isEmpty()) {
        throw new GeneratorException("spec-sources/" + file + ": " + active.size() + " ifdef/ifndef not closed in the block");
      }
    }
  }

  /** Whether an ifdef condition holds in an all-extensions build ({@code A,B}: any; {@code A+B}: all). */
  public static boolean defined(String condition) {
    if (condition.contains(",")) {
      return List.of(condition.split(",")).stream().anyMatch(ShaderModuleValidUsage::defined);
    }
    if (condition.contains("+")) {
      return List.of(condition.split("\\+")).stream().allMatch(ShaderModuleValidUsage::defined);
    }
    String name = condition.strip();
    return name.startsWith("VK_") && !name.startsWith("VKSC_");
  }

  /** The attribute references replaced by their values (an unknown one stays as written). */
  public static String substitute(String s, Map<String, String> attributes) {
    Matcher m = REFERENCE.matcher(s);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String v = attributes.get(m.group(1));
      m.appendReplacement(out, Matcher.quoteReplacement(v == null ? m.group() : v));
    }
    return m.appendTail(out).toString();
  }

  /** The text as validusage.json's, rendered and reduced by {@link ShaderModuleVuidsEmitter#plain}. */
  public static String plain(String asciidoc, Map<String, String> attributes) {
    String s = substitute(asciidoc, attributes);
    s = s.replaceAll("\\s+", " ");
    Matcher x = XREF.matcher(s);
    StringBuilder out = new StringBuilder();
    while (x.find()) {
      x.appendReplacement(out, Matcher.quoteReplacement(x.group(2) == null ? x.group(1) : x.group(2)));
    }
    s = x.appendTail(out).toString();
    s = MACRO.matcher(s).replaceAll("$1");
    s = NORMATIVE.matcher(s).replaceAll("$1");
    s = s.replace("\"`", "\u201c").replace("`\"", "\u201d").replaceAll("`([^`]*)`", "$1");
    return s.replaceAll("\\s+", " ").strip();
  }

  /** {@code spec/config/attribs.adoc}'s attribute entries, when it is there. */
  public static Map<String, String> documentAttributes(Path specSources) {
    Path f = specSources.resolve("spec/config/attribs.adoc");
    Map<String, String> out = new HashMap<>();
    if (Files.isRegularFile(f)) {
      for (String line : lines(f)) {
        Matcher a = ATTRIBUTE_ENTRY.matcher(line);
        if (a.matches()) {
          out.put(a.group(1), a.group(2).strip());
        }
      }
    }
    return out;
  }

  private static int indexOf(List<String> lines, String line, int from) {
    for (int i = from; i < lines.size(); i++) {
      if (lines.get(i).equals(line)) {
        return i;
      }
    }
    return -1;
  }

  private static List<String> lines(Path file) {
    try {
      return Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new GeneratorException("cannot read " + file + ": " + (e instanceof java.nio.file.NoSuchFileException
          ? "no such file (import.sh copies it with the release)" : String.valueOf(e.getMessage()).lines().findFirst().orElse("")));
    }
  }
}
