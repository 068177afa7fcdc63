package dev.vkrules.generator.tables;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * RFC 4180 CSV with {@code \n} line ends. One table: its own columns, prefixed with
 * {@code condition}. Several tables: long form, one line per cell
 * ({@code table,condition,row,column,value}), so every table fits one header; or
 * {@link #files}, one file per table beside the long form.
 */
public final class CsvPublisher {
  /** The long form's file name among {@link #files}. */
  public static final String LONG_FORM = "tables.csv";

  private CsvPublisher() {}

  public static String render(List<PublishedTable> tables) {
    boolean single = tables.stream().map(PublishedTable::name).distinct().count() == 1;
    return single ? wide(tables) : longForm(tables);
  }

  /**
   * One sheet per table, as a spreadsheet opens them: {@code NAME.csv} for every table name (its
   * own columns, prefixed with {@code condition}, one line per row of every condition variant),
   * in catalog order, then {@value #LONG_FORM}, the long form of them all.
   */
  public static Map<String, String> files(List<PublishedTable> tables) {
    Map<String, List<PublishedTable>> byName = new LinkedHashMap<>();
    tables.forEach(t -> byName.computeIfAbsent(t.name(), k -> new ArrayList<>()).add(t));
    Map<String, String> out = new LinkedHashMap<>();
    byName.forEach((name, variants) -> out.put(name + ".csv", wide(variants)));
    out.put(LONG_FORM, longForm(tables));
    return out;
  }

  /**
   * Tables of one name: their columns prefixed with {@code condition}; the long form when the
   * condition variants do not share their columns (one header cannot fit them).
   */
  static String wide(List<PublishedTable> tables) {
    if (tables.stream().map(PublishedTable::columns).distinct().count() > 1) {
      return longForm(tables);
    }
    StringBuilder csv = new StringBuilder();
    {
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
  }

  /** {@code table,condition,row,column,value}, one line per cell. */
  static String longForm(List<PublishedTable> tables) {
    StringBuilder csv = new StringBuilder();
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
