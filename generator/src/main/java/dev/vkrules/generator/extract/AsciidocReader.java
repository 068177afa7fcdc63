package dev.vkrules.generator.extract;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.asciidoctor.Asciidoctor;
import org.asciidoctor.Attributes;
import org.asciidoctor.Options;
import org.asciidoctor.SafeMode;
import org.asciidoctor.ast.Document;
import org.asciidoctor.ast.ListItem;
import org.asciidoctor.ast.Section;
import org.asciidoctor.ast.StructuralNode;
import org.asciidoctor.ast.Table;

/**
 * The AsciiDoc side of extraction: parses a {@link ScannedSource} with AsciidoctorJ and
 * collects VUID list items and tables, with their lines from the source map.
 *
 * <p>One instance owns one AsciidoctorJ (JRuby) runtime, which is costly to start; create it
 * once and reuse it for several files.
 */
public final class AsciidocReader implements AutoCloseable {
  private static final Pattern VUID_ANCHOR = Pattern.compile("\\[\\[(VUID-[^\\],]*)(?:,[^\\]]*)?\\]\\]");
  private static final Pattern LEADING_VUID_ANCHOR = Pattern.compile("^\\s*" + VUID_ANCHOR.pattern());
  private static final Pattern VUID_SHAPE = Pattern.compile("VUID-([A-Za-z0-9_]+)-([A-Za-z0-9_]+)-(\\d+)");

  /** Held strongly: java.util.logging forgets the level of a logger nobody references. */
  private static final Logger ASCIIDOCTOR_LOG = Logger.getLogger("asciidoctor");

  private final Asciidoctor asciidoctor;

  /** Starts AsciidoctorJ and registers the Vulkan spec macros. */
  public AsciidocReader() {
    // Asciidoctor reports unresolved cross references (the appendix links into the rest of
    // the spec) through java.util.logging; they are expected here, not news to the user.
    ASCIIDOCTOR_LOG.setLevel(Level.OFF);
    this.asciidoctor = Asciidoctor.Factory.create();
    SpecMacros.register(asciidoctor);
  }

  /** Where the Vulkan specification defines its attributes ({times}, {vert}, ...), below the spec directory. */
  public static final String ATTRIBUTES_FILE = "spec/config/attribs.adoc";

  /**
   * The attributes {@code attribs.adoc} defines, with their values as Asciidoctor resolves them
   * (pass macros applied), read by Asciidoctor itself; empty when the file is absent.
   */
  public Map<String, String> specAttributes(Path specDir) {
    Path file = specDir.resolve(ATTRIBUTES_FILE);
    if (!Files.isRegularFile(file)) {
      return Map.of();
    }
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new SpecSyntaxException("cannot read: " + e.getMessage(), file.toString());
    }
    Document doc = asciidoctor.load(text, Options.builder().safe(SafeMode.SECURE).build());
    Map<String, String> out = new TreeMap<>();
    Matcher entry = ATTRIBUTE_ENTRY.matcher(text);
    while (entry.find()) {
      Object value = doc.getAttribute(entry.group(1).toLowerCase(java.util.Locale.ROOT));
      if (value != null) {
        out.put(entry.group(1), value.toString());
      }
    }
    return out;
  }

  private static final Pattern ATTRIBUTE_ENTRY = Pattern.compile("(?m)^:([A-Za-z0-9_][A-Za-z0-9_-]*):");

  /** VUIDs and tables of one scanned file. */
  public record Result(List<Vuid> vuids, List<SpecTable> tables) {}

  /** Parses {@code source}; throws {@link SpecSyntaxException} for malformed VUIDs. */
  public Result read(ScannedSource source) {
    return read(source, Map.of());
  }

  /**
   * Parses {@code source} with the spec's own attribute definitions ({@link #specAttributes}),
   * soft-set so that an entry in the appendix itself still wins.
   */
  public Result read(ScannedSource source, Map<String, String> specAttributes) {
    org.asciidoctor.AttributesBuilder attributes = Attributes.builder().attribute("attribute-missing", "skip");
    // A value ending in '@' is a soft set in Asciidoctor: the document may redefine it.
    specAttributes.forEach((name, value) -> attributes.attribute(name, value + "@"));
    Document doc = asciidoctor.load(source.text(), Options.builder()
        .sourcemap(true)
        .safe(SafeMode.SECURE)
        .attributes(attributes.build())
        .build());
    List<Visit> order = new ArrayList<>();
    flatten(doc, null, order);
    List<Vuid> vuids = new ArrayList<>();
    List<SpecTable> tables = new ArrayList<>();
    Map<String, Integer> seen = new HashMap<>();
    List<Integer> itemLines = new ArrayList<>();
    AttributePlayback playback = new AttributePlayback(doc, source.attributeEntries());
    for (int i = 0; i < order.size(); i++) {
      Visit visit = order.get(i);
      if (visit.line() > 0) {
        playback.advanceTo(visit.line());
      }
      if (visit.node() instanceof ListItem item) {
        Matcher anchor = LEADING_VUID_ANCHOR.matcher(item.getSource() == null ? "" : item.getSource());
        if (!anchor.find()) {
          continue;
        }
        int end = endLine(source, order, i);
        Vuid vuid = vuid(source, playback, item, visit.line(), end, anchor.group(1));
        Integer first = seen.putIfAbsent(vuid.id(), vuid.line());
        if (first != null) {
          throw new SpecSyntaxException("duplicate " + vuid.id() + " (first at line " + first + ")",
              source.file(), vuid.line());
        }
        itemLines.add(visit.line());
        vuids.add(vuid);
      } else if (visit.node() instanceof Table table) {
        tables.add(TableReader.table(source, table, visit.line(), visit.section()));
      }
    }
    checkEveryAnchorRead(source, itemLines);
    return new Result(vuids, tables);
  }

  private Vuid vuid(ScannedSource source, AttributePlayback playback, ListItem item, int line, int end,
      String written) {
    String id = playback.resolve(written);
    if (id == null) {
      throw new SpecSyntaxException("VUID anchor " + written + " uses an attribute that is not set here",
          source.file(), line);
    }
    Matcher shape = VUID_SHAPE.matcher(id);
    if (!shape.matches()) {
      throw new SpecSyntaxException("malformed VUID '" + id + "', expected VUID-Section-Name-NNNNN", source.file(), line);
    }
    String html = item.getText().replace('\n', ' ');
    html = html.replaceFirst("^\\s*<a id=\"" + Pattern.quote(id) + "\"></a>", "");
    StringBuilder text = new StringBuilder(HtmlText.plain(html));
    for (StructuralNode block : item.getBlocks()) {
      String part = HtmlText.plain(block.convert());
      if (!part.isEmpty()) {
        text.append(text.length() == 0 ? "" : "\n").append(part);
      }
    }
    if (text.toString().isBlank()) {
      throw new SpecSyntaxException(id + " has no text", source.file(), line);
    }
    List<String> lines = source.original().subList(line - 1, end);
    return new Vuid(id, shape.group(1), source.stackAt(line), Fragments.of(source, line, end), line,
        fileName(source), String.join("\n", lines), text.toString(), html, Hashing.sha256(text.toString()));
  }

  /** The file name alone: output names the file relative to the spec directory, never a path. */
  private static String fileName(ScannedSource source) {
    return java.nio.file.Path.of(source.file()).getFileName().toString();
  }

  /**
   * Every {@code [[VUID-...]]} in the file must have become a VUID: an anchor anywhere else
   * (a paragraph, a table cell, the middle of an item) would otherwise be lost silently.
   */
  private static void checkEveryAnchorRead(ScannedSource source, List<Integer> itemLines) {
    String[] lines = source.text().split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      Matcher m = VUID_ANCHOR.matcher(lines[i]);
      int onLine = 0;
      while (m.find()) {
        if (!itemLines.contains(i + 1) || ++onLine > 1) {
          throw new SpecSyntaxException("VUID anchor " + m.group() + " does not start a list item",
              source.file(), i + 1);
        }
      }
    }
  }

  /**
   * Last line of the item at {@code order[index]}: the line before the next node outside its
   * subtree, less trailing lines that cannot belong to an item's text (blank lines, comments,
   * directives, block delimiters, anchors, titles and attribute lists of the next block).
   */
  private static int endLine(ScannedSource source, List<Visit> order, int index) {
    Visit visit = order.get(index);
    int end = source.lineCount();
    for (int next = index + 1 + visit.descendants(); next < order.size(); next++) {
      if (order.get(next).line() > visit.line()) {
        end = order.get(next).line() - 1;
        break;
      }
    }
    while (end > visit.line() && Fragments.isTrailingNoise(source, end)) {
      end--;
    }
    return end;
  }

  /** A node in document order with its line, section title and subtree size. */
  private record Visit(StructuralNode node, int line, Section section, int descendants) {}

  private static int flatten(StructuralNode node, Section section, List<Visit> out) {
    Section here = node instanceof Section s ? s : section;
    int index = out.size();
    int line = node.getSourceLocation() == null ? -1 : node.getSourceLocation().getLineNumber();
    out.add(null);
    int descendants = 0;
    if (!(node instanceof Table)) {
      for (StructuralNode child : node.getBlocks()) {
        descendants += flatten(child, here, out);
      }
    }
    out.set(index, new Visit(node, line, here, descendants));
    return descendants + 1;
  }

  @Override
  public void close() {
    asciidoctor.shutdown();
  }
}
