package dev.vkrules.generator.extract;

import dev.vkrules.generator.requirements.ShaderModuleValidUsage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The shader-interface VUIDs of the pipeline create infos: the items of
 * {@code commonvalidity/pipeline_create_info_common.adoc} that speak of what "is declared in a
 * shader" (push constant blocks and resource variables against the pipeline layout), once
 * for each ref page of {@code chapters/pipelines.adoc} whose {@code .Valid Usage} block includes
 * that file ({@code VkGraphicsPipelineCreateInfo}, {@code VkComputePipelineCreateInfo}, the ray
 * tracing ones). A line scan, as {@link ShaderModuleValidUsage} reads the shader-module block:
 * {@code {refpage}} stands for the including ref page, the text is rendered as an
 * all-extensions build renders it (every {@code VK_*} attribute defined), the conditions are
 * the ref page's {@code ifdef} stack at the include followed by the stack in the common file.
 *
 * <p>Nothing is chosen by number: which items count is decided by their text, which ref pages
 * by their includes, so a renumbered or added VUID comes out on the next extraction. The rule
 * files go to {@code rules/pipeline/} (their section is the ref page).
 */
public final class PipelineValidUsage {
  /** The chapter whose ref pages include the common file, relative to the spec-sources directory. */
  public static final String CHAPTER = "spec/chapters/pipelines.adoc";
  /** The common valid usage of every pipeline type, relative to the spec-sources directory. */
  public static final String COMMON = "spec/chapters/commonvalidity/pipeline_create_info_common.adoc";
  /** What an item's text says when it is about the shader interface against the layout. */
  static final String PHRASE = "declared in a shader";
  /** The ref page whose own valid usage holds the graphics create-info checks. */
  static final String GRAPHICS = "VkGraphicsPipelineCreateInfo";
  /**
   * What the items of {@code VkGraphicsPipelineCreateInfo}'s own valid usage say when they state
   * what a renderer's pipeline is checked for offline from its stages and fixed-function state:
   * vertex input state against the vertex shader's inputs, tessellation stages paired, and the
   * patch-list topology with them. Chosen by text, never by number.
   */
  static final List<String> GRAPHICS_PHRASES = List.of(
      "must contain a location in VkVertexInputAttributeDescription::location",
      "must be the same as VkVertexInputAttributeDescription::format",
      "includes a tessellation control shader stage, it must include a tessellation evaluation shader stage",
      "includes a tessellation evaluation shader stage, it must include a tessellation control shader stage",
      "the topology member of pInputAssembly must be VK_PRIMITIVE_TOPOLOGY_PATCH_LIST",
      "then pStages must include tessellation shader stages");
  /**
   * The ref pages whose whole {@code .Valid Usage} block is in scope: the specialization
   * structures a stage's {@code pSpecializationInfo} holds, checked where a description is read
   * against the module's {@code SpecId} constants. Chosen by ref page, every explicit item.
   */
  public static final List<String> WHOLE_PAGES = List.of("VkSpecializationInfo", "VkSpecializationMapEntry");

  private static final String INCLUDE_LINE = "include::{chapters}/commonvalidity/pipeline_create_info_common.adoc[]";
  private static final Pattern REFPAGE = Pattern.compile("\\[open,refpage='([A-Za-z0-9_]+)'.*");
  private static final Pattern DIRECTIVE = Pattern.compile("(ifdef|ifndef|endif)::([^\\[]*)\\[(.*)\\]");
  private static final Pattern ITEM = Pattern.compile("\\s*\\*\\s+\\[\\[(VUID-[^\\]]+)\\]\\].*");

  private PipelineValidUsage() {}

  /** Whether the spec-sources directory holds the two files (older imports do not). */
  public static boolean present(Path specSources) {
    return Files.isRegularFile(specSources.resolve(CHAPTER)) && Files.isRegularFile(specSources.resolve(COMMON));
  }

  /** The VUIDs, ref page by ref page in chapter order, items in file order; empty without the files. */
  public static List<Vuid> read(Path specSources) {
    if (!present(specSources)) {
      return List.of();
    }
    Map<String, String> attributes = new HashMap<>(ShaderModuleValidUsage.documentAttributes(specSources));
    List<String> common = lines(specSources.resolve(COMMON));
    List<Vuid> out = new ArrayList<>();
    List<String> chapter = lines(specSources.resolve(CHAPTER));
    for (Including page : includingPages(chapter)) {
      attributes.put("refpage", page.refpage());
      out.addAll(items(common, page, attributes, text -> text.contains(PHRASE), COMMON, 0));
    }
    out.addAll(graphicsItems(chapter, attributes));
    for (String page : WHOLE_PAGES) {
      out.addAll(pageItems(chapter, page, attributes, text -> true)
          .orElseThrow(() -> new SpecSyntaxException("no .Valid Usage block of " + page, "spec-sources/" + CHAPTER)));
    }
    return out;
  }

  /**
   * The items of {@code VkGraphicsPipelineCreateInfo}'s own {@code .Valid Usage} block that say one
   * of {@link #GRAPHICS_PHRASES}. An older release may lack some (they were added over time); the
   * build of the pinned spec fails when a check finds no rule or two (PipelineVuidsEmitter).
   */
  static List<Vuid> graphicsItems(List<String> chapter, Map<String, String> attributes) {
    return pageItems(chapter, GRAPHICS, attributes, text -> GRAPHICS_PHRASES.stream().anyMatch(text::contains))
        .orElseThrow(() -> new SpecSyntaxException("no .Valid Usage block of " + GRAPHICS, "spec-sources/" + CHAPTER));
  }

  /**
   * The items of ref page {@code refpage}'s own {@code .Valid Usage} block whose rendered text
   * {@code wanted} accepts, with the chapter's conditions open at the block; empty when the
   * chapter has no such block.
   */
  static java.util.Optional<List<Vuid>> pageItems(List<String> chapter, String refpage, Map<String, String> attributes,
      java.util.function.Predicate<String> wanted) {
    Deque<Condition> stack = new ArrayDeque<>();
    boolean inPage = false;
    for (int i = 0; i < chapter.size(); i++) {
      String line = chapter.get(i).strip();
      if (directive(line, stack, i + 1)) {
        continue;
      }
      Matcher r = REFPAGE.matcher(line);
      if (r.matches()) {
        inPage = r.group(1).equals(refpage);
      } else if (inPage && line.equals(".Valid Usage") && i + 1 < chapter.size() && chapter.get(i + 1).strip().equals("****")) {
        int end = i + 2;
        while (end < chapter.size() && !chapter.get(end).strip().equals("****")) {
          end++;
        }
        List<Condition> open = new ArrayList<>(stack);
        java.util.Collections.reverse(open);
        attributes.put("refpage", refpage);
        return java.util.Optional.of(items(chapter.subList(i + 2, end), new Including(refpage, open), attributes,
            wanted, CHAPTER, i + 2));
      }
    }
    return java.util.Optional.empty();
  }

  /**
   * Keeps {@code stack} the conditions open at a line of the chapter: a block {@code ifdef},
   * {@code ifndef} or {@code endif} line (1-based {@code lineNo}) pushes or pops one; true when
   * {@code line} was such a directive.
   */
  private static boolean directive(String line, Deque<Condition> stack, int lineNo) {
    Matcher d = DIRECTIVE.matcher(line);
    if (!d.matches() || !d.group(3).isEmpty()) {
      return false;
    }
    if (d.group(1).equals("endif")) {
      if (stack.isEmpty()) {
        throw new SpecSyntaxException("endif without ifdef", "spec-sources/" + CHAPTER, lineNo);
      }
      stack.pop();
    } else {
      stack.push(new Condition(Directive.ofKeyword(d.group(1)), d.group(2), lineNo));
    }
    return true;
  }

  /** A ref page that includes the common file, with the conditions open at the include line. */
  record Including(String refpage, List<Condition> conditions) {}

  static List<Including> includingPages(List<String> chapter) {
    List<Including> out = new ArrayList<>();
    Deque<Condition> stack = new ArrayDeque<>();
    String refpage = null;
    for (int i = 0; i < chapter.size(); i++) {
      String line = chapter.get(i).strip();
      if (directive(line, stack, i + 1)) {
        continue;
      }
      Matcher r = REFPAGE.matcher(line);
      if (r.matches()) {
        refpage = r.group(1);
      } else if (line.equals(INCLUDE_LINE) && refpage != null) {
        List<Condition> conditions = new ArrayList<>(stack);
        java.util.Collections.reverse(conditions);
        out.add(new Including(refpage, conditions));
      }
    }
    return out;
  }

  private static List<Vuid> items(List<String> common, Including page, Map<String, String> attributes,
      java.util.function.Predicate<String> wanted, String file, int firstLine) {
    List<Vuid> out = new ArrayList<>();
    Deque<Condition> stack = new ArrayDeque<>();
    for (int i = 0; i < common.size(); i++) {
      String line = common.get(i);
      Matcher d = DIRECTIVE.matcher(line.strip());
      if (d.matches() && d.group(3).isEmpty()) {
        if (d.group(1).equals("endif")) {
          if (stack.isEmpty()) {
            throw new SpecSyntaxException("endif without ifdef", "spec-sources/" + file, firstLine + i + 1);
          }
          stack.pop();
        } else {
          stack.push(new Condition(Directive.ofKeyword(d.group(1)), d.group(2), firstLine + i + 1));
        }
        continue;
      }
      Matcher item = ITEM.matcher(line);
      if (!item.matches()) {
        continue;
      }
      int end = itemEnd(common, i);
      List<String> source = common.subList(i, end);
      String text = render(source, attributes);
      if (!wanted.test(text)) {
        continue;
      }
      List<Condition> conditions = new ArrayList<>(page.conditions());
      List<Condition> inner = new ArrayList<>(stack);
      java.util.Collections.reverse(inner);
      conditions.addAll(inner);
      String id = ShaderModuleValidUsage.substitute(item.group(1), attributes);
      String asciidoc = String.join("\n", source);
      out.add(new Vuid(id, page.refpage(), conditions, textConditions(source, firstLine + i + 1), firstLine + i + 1,
          file, asciidoc, text, "", "", "", Hashing.sha256(text)));
    }
    return out;
  }

  /**
   * The line after an item: the next item, the end of the file, or an {@code endif} closing a
   * block opened before the item; directives opened after the item's last text line (they
   * guard the next item) are not part of it, and neither are trailing comments or blanks.
   */
  static int itemEnd(List<String> lines, int start) {
    int depth = 0;
    int end = start + 1;
    int lastText = start;
    for (; end < lines.size(); end++) {
      String line = lines.get(end).strip();
      if (ITEM.matcher(lines.get(end)).matches() || line.equals("****")) {
        break;
      }
      Matcher d = DIRECTIVE.matcher(line);
      if (d.matches() && d.group(3).isEmpty()) {
        if (d.group(1).equals("endif")) {
          if (depth == 0) {
            break;
          }
          depth--;
          if (depth == 0) {
            lastText = end;
          }
        } else {
          depth++;
        }
      } else if (!line.isEmpty() && !line.startsWith("//") && depth == 0) {
        lastText = end;
      } else if (!line.isEmpty() && !line.startsWith("//")) {
        // text inside a block opened in the item; counted once the block closes
      }
    }
    return lastText + 1;
  }

  /** The blocks opened inside the item, each with its first content line and its AsciiDoc. */
  private static List<Vuid.TextCondition> textConditions(List<String> source, int firstLine) {
    List<Vuid.TextCondition> out = new ArrayList<>();
    for (int i = 0; i < source.size(); i++) {
      Matcher d = DIRECTIVE.matcher(source.get(i).strip());
      if (d.matches() && !d.group(1).equals("endif")) {
        Condition c = new Condition(Directive.ofKeyword(d.group(1)), d.group(2), firstLine + i);
        if (!d.group(3).isEmpty()) {
          out.add(new Vuid.TextCondition(c, firstLine + i, d.group(3)));
          continue;
        }
        StringBuilder body = new StringBuilder();
        int depth = 1;
        int j = i + 1;
        for (; j < source.size() && depth > 0; j++) {
          Matcher e = DIRECTIVE.matcher(source.get(j).strip());
          if (e.matches() && e.group(3).isEmpty()) {
            depth += e.group(1).equals("endif") ? -1 : 1;
            if (depth == 0) {
              break;
            }
          }
          body.append(body.length() == 0 ? "" : "\n").append(source.get(j).strip());
        }
        out.add(new Vuid.TextCondition(c, firstLine + i + 1, body.toString()));
      }
    }
    return out;
  }

  /** The item's text as an all-extensions build renders it, anchor dropped. */
  private static String render(List<String> source, Map<String, String> attributes) {
    StringBuilder kept = new StringBuilder();
    Deque<Boolean> active = new ArrayDeque<>();
    for (String raw : source) {
      String line = raw.strip();
      Matcher d = DIRECTIVE.matcher(line);
      if (d.matches()) {
        boolean holds = ShaderModuleValidUsage.defined(d.group(2)) == d.group(1).equals("ifdef");
        if (d.group(1).equals("endif")) {
          active.poll();
        } else if (d.group(3).isEmpty()) {
          active.push(holds);
        } else if (holds && active.stream().allMatch(b -> b)) {
          kept.append(' ').append(d.group(3));
        }
        continue;
      }
      if (active.stream().allMatch(b -> b) && !line.startsWith("//")) {
        kept.append(' ').append(line);
      }
    }
    String text = kept.toString().replaceFirst("^\\s*\\*\\s+\\[\\[VUID-[^\\]]+\\]\\]", "");
    return ShaderModuleValidUsage.plain(text.replace("{empty}", ""), attributes);
  }

  private static List<String> lines(Path file) {
    try {
      return List.of(Files.readString(file, StandardCharsets.UTF_8).replace("\r\n", "\n").split("\n", -1));
    } catch (IOException e) {
      throw new SpecSyntaxException("cannot read: " + e.getMessage(), file.toString());
    }
  }
}
