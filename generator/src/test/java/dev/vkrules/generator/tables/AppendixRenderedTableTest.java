package dev.vkrules.generator.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.asciidoctor.Asciidoctor;
import org.asciidoctor.Options;
import org.asciidoctor.SafeMode;
import org.asciidoctor.ast.Cell;
import org.asciidoctor.ast.Document;
import org.asciidoctor.ast.PhraseNode;
import org.asciidoctor.ast.Row;
import org.asciidoctor.ast.StructuralNode;
import org.asciidoctor.ast.Table;
import org.asciidoctor.extension.InlineMacroProcessor;
import org.junit.jupiter.api.Test;

/**
 * The Markdown "Image Format and Type Matching" table equals the appendix's table as Asciidoctor
 * renders it (row spans expanded), row for row: Unknown plus every SPIR-V image format of vk.xml.
 * The columns are the appendix's own headings (upstream renamed 'Type' to 'Type-Declaration
 * instructions' in 1.4.3xx), taken from the published table.
 */
class AppendixRenderedTableTest {
  @Test
  void formatTypeMatchingMarkdownMatchesTheRenderedAppendix() throws IOException {
    RuleTables rules = RuleTablesReader.read(TestRules.dir());
    PublishedTable published = TableCatalog.build(rules).stream()
        .filter(t -> t.source().startsWith("spirvenv.adoc") && t.columns().size() == 4
            && t.columns().get(0).equals("Image Format") && t.columns().contains("Bit Width"))
        .findFirst().orElseThrow();
    List<List<String>> rendered = renderedTable(published.columns());
    List<List<String>> markdown = PublishersTest.markdownRows(MarkdownPublisher.render(List.of(published)), published.name());
    int formats = VkXmlFormats.spirvImageFormats(
        TestRules.root().resolve("spec-sources/vk.xml")).size();

    assertEquals(formats + 1, rendered.size());
    assertEquals("`Unknown`", rendered.get(0).get(0));
    assertEquals(formats, rendered.stream().filter(r -> !r.get(0).equals("`Unknown`")).count());
    assertEquals(rendered.size(), markdown.size());
    for (int i = 0; i < rendered.size(); i++) {
      assertEquals(rendered.get(i), markdown.get(i), "row " + (i + 1));
    }
  }

  /** The appendix's table whose header is {@code columns}, as Asciidoctor renders its cells. */
  private static List<List<String>> renderedTable(List<String> columns) throws IOException {
    String adoc = Files.readString(TestRules.root().resolve("spec-sources/spirvenv.adoc"));
    try (Asciidoctor asciidoctor = Asciidoctor.Factory.create()) {
      // Khronos renders code:X as <code>X</code> (Vulkan-Docs config/spec-macros); the one macro this table uses
      asciidoctor.javaExtensionRegistry().inlineMacro(new CodeMacro());
      Document doc = asciidoctor.load(adoc, Options.builder().safe(SafeMode.UNSAFE).build());
      for (StructuralNode node : doc.findBy(Map.of("context", ":table"))) {
        Table table = (Table) node;
        if (!table.getHeader().isEmpty() && text(table.getHeader().get(0).getCells()).equals(columns)) {
          return expand(table.getBody(), table.getColumns().size());
        }
      }
    }
    throw new AssertionError("no table with columns " + columns + " in spirvenv.adoc");
  }

  /** {@code code:Name} as Khronos' spec toolchain renders it. */
  private static final class CodeMacro extends InlineMacroProcessor {
    CodeMacro() {
      super("code", new HashMap<>(Map.of(InlineMacroProcessor.REGEXP, "code:(\\w+)")));
    }

    @Override
    public PhraseNode process(StructuralNode parent, String target, Map<String, Object> attributes) {
      return createPhraseNode(parent, "quoted", "<code>" + target + "</code>");
    }
  }

  private static List<String> text(List<Cell> cells) {
    return cells.stream().map(AppendixRenderedTableTest::plain).toList();
  }

  /** A body cell as Markdown shows it: code in backticks (monospace), other markup removed. */
  private static String markdown(Cell c) {
    return c.getText().replaceAll("<code>([^<]*)</code>", "`$1`").replaceAll("<[^>]*>", "").strip();
  }

  private static String plain(Cell c) {
    return c.getText().replaceAll("<[^>]*>", "").strip();
  }

  private static List<List<String>> expand(List<Row> rows, int columns) {
    List<String[]> grid = new ArrayList<>();
    for (int r = 0; r < rows.size(); r++) {
      while (grid.size() <= r) {
        grid.add(new String[columns]);
      }
      int c = 0;
      for (Cell cell : rows.get(r).getCells()) {
        while (grid.get(r)[c] != null) {
          c++;
        }
        int span = Math.max(1, cell.getRowspan());
        for (int k = 0; k < span; k++) {
          while (grid.size() <= r + k) {
            grid.add(new String[columns]);
          }
          grid.get(r + k)[c] = markdown(cell);
        }
        c++;
      }
    }
    return grid.stream().map(Arrays::asList).toList();
  }
}
