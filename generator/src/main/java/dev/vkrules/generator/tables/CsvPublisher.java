package dev.vkrules.generator.tables;

import java.util.ArrayList;
import java.util.List;

/**
 * RFC 4180 CSV with {@code \n} line ends. One table: its own columns, prefixed with
 * {@code condition}. Several tables: long form, one line per cell
 * ({@code table,condition,row,column,value}), so every table fits one header.
 */
public final class CsvPublisher {
  private CsvPublisher() {}

  public static String render(List<PublishedTable> tables) {
    StringBuilder csv = new StringBuilder();
    boolean single = tables.stream().map(PublishedTable::name).distinct().count() == 1;
    if (single) {
      List<String> header = new ArrayList<>(List.of("condition"));
      header.addAll(tables.get(0).columns());
      line(csv, header);
      for (PublishedTable t : tables) {
        for (List<String> row : t.rows()) {
          List<String> cells = new ArrayList<>(List.of(t.condition()));
          cells.addAll(row);
          line(csv, cells);
        }
      }
      return csv.toString();
    }
    line(csv, List.of("table", "condition", "row", "column", "value"));
    for (PublishedTable t : tables) {
      for (int r = 0; r < t.rows().size(); r++) {
        for (int c = 0; c < t.columns().size(); c++) {
          line(csv, List.of(t.name(), t.condition(), String.valueOf(r + 1), t.columns().get(c), t.rows().get(r).get(c)));
        }
      }
    }
    return csv.toString();
  }

  private static void line(StringBuilder csv, List<String> cells) {
    for (int i = 0; i < cells.size(); i++) {
      if (i > 0) {
        csv.append(',');
      }
      csv.append(quote(cells.get(i)));
    }
    csv.append('\n');
  }

  static String quote(String cell) {
    if (cell.indexOf(',') < 0 && cell.indexOf('"') < 0 && cell.indexOf('\n') < 0 && cell.indexOf('\r') < 0) {
      return cell;
    }
    return '"' + cell.replace("\"", "\"\"") + '"';
  }
}
