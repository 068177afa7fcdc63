package dev.vkrules.generator.extract;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;
import org.asciidoctor.ast.Cell;
import org.asciidoctor.ast.Row;
import org.asciidoctor.ast.Section;
import org.asciidoctor.ast.Table;

/** Reads one AsciidoctorJ table into a {@link SpecTable}, expanding row and column spans. */
final class TableReader {
  private TableReader() {}

  /**
   * {@code expand} resolves what AsciidoctorJ left as written in a cell's HTML (the spec's own
   * attributes, {times} and {vert}, and cross-reference titles), as for VUID text.
   */
  static SpecTable table(ScannedSource source, Table table, int line, Section section, UnaryOperator<String> expand) {
    String anchor = table.getId() == null ? "" : table.getId();
    String title = table.getTitle() == null ? "" : HtmlText.plain(table.getTitle());
    String sectionTitle = section == null ? "" : HtmlText.plain(section.getTitle());
    String sectionId = section == null || section.getId() == null ? "" : section.getId();
    // The key names the table's file and `tables --table NAME`, so it must survive upstream
    // adding an anchor to a table that had none (1.4.x anchored the precision tables): the
    // title first, the anchor only for an untitled table, else the section.
    String key;
    if (!title.isEmpty()) {
      key = slug(title);
    } else if (!anchor.isEmpty()) {
      key = slug(anchor);
    } else {
      key = slug(sectionId.isEmpty() ? sectionTitle : sectionId) + "-table";
    }
    int columns = table.getColumns().size();
    return new SpecTable(key, anchor, title, sectionTitle, source.stackAt(line), line,
        include(source, line), grid(table.getHeader(), columns, expand), grid(table.getBody(), columns, expand));
  }

  /** Rows with every span expanded: a spanning cell fills each grid position it covers. */
  static List<List<SpecTable.Cell>> grid(List<Row> rows, int columns, UnaryOperator<String> expand) {
    List<SpecTable.Cell[]> grid = new ArrayList<>();
    for (int r = 0; r < rows.size(); r++) {
      while (grid.size() <= r) {
        grid.add(new SpecTable.Cell[columns]);
      }
      int c = 0;
      for (Cell cell : rows.get(r).getCells()) {
        while (c < columns && grid.get(r)[c] != null) {
          c++;
        }
        String html = expand.apply(html(cell));
        String text = HtmlText.rendered(html);
        String asciidoc = cell.getSource() == null ? "" : cell.getSource().strip();
        int rowspan = Math.max(1, cell.getRowspan());
        int colspan = Math.max(1, cell.getColspan());
        for (int dr = 0; dr < rowspan; dr++) {
          while (grid.size() <= r + dr) {
            grid.add(new SpecTable.Cell[columns]);
          }
          for (int dc = 0; dc < colspan && c + dc < columns; dc++) {
            grid.get(r + dr)[c + dc] = new SpecTable.Cell(text, asciidoc, html, dr == 0, dc == 0);
          }
        }
        c += colspan;
      }
    }
    List<List<SpecTable.Cell>> out = new ArrayList<>();
    for (SpecTable.Cell[] row : grid.subList(0, Math.min(grid.size(), rows.size()))) {
      List<SpecTable.Cell> cells = new ArrayList<>();
      for (SpecTable.Cell cell : row) {
        cells.add(cell == null ? new SpecTable.Cell("", "", "", true, true) : cell);
      }
      out.add(cells);
    }
    return out;
  }

  /** The cell as AsciidoctorJ renders it: inline HTML, or block HTML for an AsciiDoc-style cell. */
  private static String html(Cell cell) {
    if ("asciidoc".equals(cell.getStyle())) {
      Object content = cell.getContent();
      return (content instanceof String s ? s : String.valueOf(content)).strip();
    }
    return cell.getText().strip();
  }

  /** The include target inside the table's delimiters, or empty. */
  private static String include(ScannedSource source, int line) {
    String delimiter = null;
    for (int l = line; l <= source.lineCount(); l++) {
      String text = source.line(l);
      if (delimiter == null && text.matches("^\\|={3,}\\s*$")) {
        delimiter = text.strip();
      } else if (delimiter != null && text.strip().equals(delimiter)) {
        return "";
      } else if (delimiter != null && source.includes().containsKey(l)) {
        return source.includes().get(l);
      }
    }
    return "";
  }

  /** Lower-case, file-name safe form of an anchor or title. */
  static String slug(String s) {
    String slug = s.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("(^-|-$)", "");
    return slug.isEmpty() ? "table" : slug;
  }
}
