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

  /**
   * VUIDs and tables of one scanned file, and what of the VUID text could not be resolved
   * (attributes with no definition, cross-references with no title found), one line each.
   */
  public record Result(List<Vuid> vuids, List<SpecTable> tables, List<String> unresolved) {}

  /** {@link #read(ScannedSource, SpecContext)} with nothing from the rest of the spec. */
  public Result read(ScannedSource source) {
    return read(source, SpecContext.none());
  }

  /** Parses {@code source}; throws {@link SpecSyntaxException} for malformed VUIDs. */
  public Result read(ScannedSource source, SpecContext context) {
    References references = new References(context, this::renderInline);
    // The spec's attributes stand for themselves while parsing, so the text keeps them as
    // written ({ExecutionModel}) and References resolves them after; this also shadows an
    // Asciidoctor intrinsic of the same name ({plus}), as the spec's own definition does.
    var attributes = Attributes.builder().attribute("attribute-missing", "skip");
    context.attributes().keySet().forEach(name -> attributes.attribute(name, "{" + name + "}"));
    Document doc = asciidoctor.load(source.text(), Options.builder()
        .sourcemap(true)
        .safe(SafeMode.SECURE)
        .attributes(attributes.build())
        .build());
    List<Visit> order = new ArrayList<>();
    flatten(source, doc, null, order);
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
        Vuid vuid = vuid(source, playback, references, item, visit.line(), end, anchor.group(1));
        Integer first = seen.putIfAbsent(vuid.id(), vuid.line());
        if (first != null) {
          throw new SpecSyntaxException("duplicate " + vuid.id() + " (first at line " + first + ")",
              source.file(), vuid.line());
        }
        itemLines.add(visit.line());
        vuids.add(vuid);
      } else if (visit.node() instanceof Table table) {
        tables.add(TableReader.table(source, table, visit.line(), visit.section(), references::expand));
      }
    }
    checkEveryAnchorRead(source, itemLines);
    List<String> unresolved = new ArrayList<>();
    String where = context.hasSpec() ? "" : " (no " + SpecContext.SPEC + "/ directory)";
    references.missingAttributes().forEach(a -> unresolved.add("attribute {" + a + "} has no definition" + where));
    references.missingTitles().forEach(t -> unresolved.add("cross-reference <<" + t + ">> has no title" + where));
    return new Result(vuids, tables, unresolved);
  }

  /** One line of AsciiDoc as inline HTML, with the spec macros (attribute values, titles). */
  private String renderInline(String asciidoc) {
    return asciidoctor.convert(asciidoc, Options.builder()
        .option("doctype", "inline")
        .safe(SafeMode.SECURE)
        .attributes(Attributes.builder().attribute("attribute-missing", "skip").build())
        .build());
  }

  private Vuid vuid(ScannedSource source, AttributePlayback playback, References references, ListItem item,
      int line, int end, String written) {
    String id = playback.resolve(written);
    if (id == null) {
      throw new SpecSyntaxException("VUID anchor " + written + " uses an attribute that is not set here",
          source.file(), line);
    }
    Matcher shape = VUID_SHAPE.matcher(id);
    if (!shape.matches()) {
      throw new SpecSyntaxException("malformed VUID '" + id + "', expected VUID-Section-Name-NNNNN", source.file(), line);
    }
    String asWritten = item.getText().replace('\n', ' ');
    asWritten = asWritten.replaceFirst("^\\s*<a id=\"" + Pattern.quote(id) + "\"></a>", "");
    String html = references.expand(asWritten);
    StringBuilder text = new StringBuilder(HtmlText.plain(html));
    List<String> blocks = new ArrayList<>();
    for (StructuralNode block : item.getBlocks()) {
      String blockHtml = references.expand(block.convert());
      blocks.add(blockHtml);
      String part = HtmlText.plain(blockHtml);
      if (!part.isEmpty()) {
        text.append(text.length() == 0 ? "" : "\n").append(part);
      }
    }
    if (text.toString().isBlank()) {
      throw new SpecSyntaxException(id + " has no text", source.file(), line);
    }
    List<String> lines = source.original().subList(line - 1, end);
    return new Vuid(id, shape.group(1), source.stackAt(line), Fragments.of(source, line, end), line,
        fileName(source), String.join("\n", lines), text.toString(), html, String.join("\n", blocks),
        references.xrefs(asWritten), Hashing.sha256(text.toString()));
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
        int line = source.originalLine(i + 1);
        if (!itemLines.contains(line) || ++onLine > 1) {
          throw new SpecSyntaxException("VUID anchor " + m.group() + " does not start a list item",
              source.file(), line);
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

  private static int flatten(ScannedSource source, StructuralNode node, Section section, List<Visit> out) {
    Section here = node instanceof Section s ? s : section;
    int index = out.size();
    int line = node.getSourceLocation() == null ? -1 : source.originalLine(node.getSourceLocation().getLineNumber());
    out.add(null);
    int descendants = 0;
    if (!(node instanceof Table)) {
      for (StructuralNode child : node.getBlocks()) {
        descendants += flatten(source, child, here, out);
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
