package dev.vkrules.generator.extract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The tables written in the appendix itself: format/type matching and the precision tables. */
class AppendixTablesTest {
  /** A cell separator: an optional {@code .N+} row span, then {@code |}. */
  private static final Pattern SEPARATOR = Pattern.compile("(?:\\.(\\d+)\\+)?\\|");
  private static List<String> source;

  @BeforeAll
  static void load() throws Exception {
    source = Files.readAllLines(Extraction.specSourcesDir().resolve(SpecExtractor.APPENDIX));
  }

  private static SpecTable formatTypeTable() {
    List<SpecTable> tables = Extraction.specSources().tables().stream()
        .filter(t -> t.section().equals("Image Format and Type Matching")).toList();
    assertEquals(1, tables.size());
    return tables.get(0);
  }

  /**
   * The format/type table's body read straight from the source lines with a simple grid
   * fill: {@code .N+|} spans N rows downwards. Independent of AsciidoctorJ.
   */
  private static List<String[]> formatTypeFromSource(int tableLine, int columns) {
    int open = tableLine - 1;
    while (!source.get(open).startsWith("|===")) {
      open++;
    }
    List<String[]> rows = new ArrayList<>();
    List<int[]> pending = new ArrayList<>();
    String[] carry = new String[columns];
    int[] remaining = new int[columns];
    boolean header = true;
    for (int i = open + 1; !source.get(i).startsWith("|==="); i++) {
      String line = source.get(i);
      if (line.isBlank()) {
        continue;
      }
      if (header) {
        header = false;
        continue;
      }
      String[] row = new String[columns];
      for (int c = 0; c < columns; c++) {
        if (remaining[c] > 0) {
          row[c] = carry[c];
          remaining[c]--;
        }
      }
      Matcher m = SEPARATOR.matcher(line);
      List<int[]> seps = new ArrayList<>();
      while (m.find()) {
        seps.add(new int[] {m.start(), m.end(), m.group(1) == null ? 1 : Integer.parseInt(m.group(1))});
      }
      int c = 0;
      for (int s = 0; s < seps.size(); s++) {
        int end = s + 1 < seps.size() ? seps.get(s + 1)[0] : line.length();
        while (row[c] != null) {
          c++;
        }
        row[c] = line.substring(seps.get(s)[1], end).strip();
        if (seps.get(s)[2] > 1) {
          carry[c] = row[c];
          remaining[c] = seps.get(s)[2] - 1;
        }
      }
      rows.add(row);
    }
    assertTrue(pending.isEmpty());
    return rows;
  }

  @Test
  void formatTypeMatchingRowsExpandSpans() {
    SpecTable table = formatTypeTable();
    List<String[]> expected = formatTypeFromSource(table.line(), 4);
    assertEquals(42, table.rows().size());
    assertEquals(expected.size(), table.rows().size());
    for (int r = 0; r < expected.size(); r++) {
      List<String> actual = table.rows().get(r).stream().map(SpecTable.Cell::asciidoc).toList();
      assertEquals(List.of(expected.get(r)), actual, "row " + (r + 1));
    }
  }

  @Test
  void formatTypeSpotChecks() {
    List<List<SpecTable.Cell>> rows = formatTypeTable().rows();
    // First row: no spans at all.
    assertTrue(rows.get(0).stream().allMatch(c -> c.rowSpanStart() && c.colSpanStart()));
    // Every row spanned by a .N+ cell copies the cell that starts the span.
    List<String[]> expected = formatTypeFromSource(formatTypeTable().line(), 4);
    int spanStarts = 0;
    int copies = 0;
    for (int r = 1; r < rows.size(); r++) {
      for (int c = 1; c < 4; c++) {
        SpecTable.Cell cell = rows.get(r).get(c);
        if (cell.rowSpanStart()) {
          spanStarts++;
        } else {
          copies++;
          assertEquals(rows.get(r - 1).get(c).text(), cell.text(), "row " + (r + 1) + " col " + (c + 1));
        }
      }
    }
    assertTrue(spanStarts > 0 && copies > 0);
    // Span boundaries: a row where a span ends and the next row starts a new one differ.
    SpecTable.Cell lastOfFloat = rows.stream().filter(r -> r.get(1).text().equals("OpTypeFloat"))
        .reduce((a, b) -> b).orElseThrow().get(0);
    int boundary = rows.stream().map(r -> r.get(0)).toList().indexOf(lastOfFloat);
    assertEquals(expected.get(boundary + 1)[1], rows.get(boundary + 1).get(1).asciidoc());
    assertTrue(rows.get(boundary + 1).get(1).rowSpanStart());
    assertFalse(rows.get(boundary).get(1).rowSpanStart());
    // Last row: its own signedness after a two-row span of type and width.
    List<SpecTable.Cell> last = rows.get(rows.size() - 1);
    assertFalse(last.get(1).rowSpanStart());
    assertFalse(last.get(2).rowSpanStart());
    assertTrue(last.get(3).rowSpanStart());
    assertEquals(List.of(expected.get(expected.size() - 1)), last.stream().map(SpecTable.Cell::asciidoc).toList());
  }

  /**
   * The 1.3.239 fixture (the condition-bearing era): its precision tables come in two variants,
   * with and without float16; 1.4.3xx writes one table each.
   */
  @Test
  void bothPrecisionVariantsUnderOppositeConditions() throws Exception {
    java.nio.file.Path fixture = Extraction.root().resolve("generator/src/test/fixtures/vulkan-1.3.239");
    ExtractedSpec spec = Extraction.extractor().extractFrom(fixture);
    List<String> source = Files.readAllLines(fixture.resolve(SpecExtractor.APPENDIX));
    for (String key : List.of("precision-of-core-spir-v-instructions", "precision-of-glsl-std-450-instructions")) {
      List<SpecTable> variants = spec.tables(key);
      assertEquals(2, variants.size(), key);
      Condition first = variants.get(0).conditions().get(variants.get(0).conditions().size() - 1);
      Condition second = variants.get(1).conditions().get(variants.get(1).conditions().size() - 1);
      assertEquals(Directive.IFDEF, first.directive());
      assertEquals(Directive.IFNDEF, second.directive());
      assertEquals(first.expression(), second.expression());
      // The two variants' header shapes differ (half precision column only when float16 exists).
      assertEquals(3, variants.get(0).header().get(0).size());
      assertEquals(2, variants.get(1).header().get(0).size());
      for (SpecTable t : variants) {
        assertFalse(t.rows().isEmpty(), key);
        // Each row's first cell is an instruction written in the table's source lines.
        int at = t.line() - 1;
        for (List<SpecTable.Cell> row : t.rows()) {
          String first0 = row.get(0).asciidoc();
          int found = -1;
          for (int i = at; i < source.size() && found < 0; i++) {
            if (source.get(i).contains(first0)) {
              found = i;
            }
          }
          assertTrue(found >= 0, key + ": " + first0);
          at = found;
        }
      }
    }
  }

  @Test
  void tablesFromGeneratedIncludesKeepTheirPlace() {
    long generated = Extraction.specSources().tables().stream().filter(t -> !t.include().isEmpty()).count();
    long includes = source.stream().filter(l -> l.startsWith("include::{generated}/")).count();
    assertEquals(includes, generated);
  }
}
