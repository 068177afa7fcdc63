package dev.vkrules.generator.rules;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads a table file of {@code rules/tables/}: {@code columns:} (names) and {@code rows:}
 * (lists of cells, each a string or a mapping with {@code text}); a {@code header:} list of
 * rows may stand for {@code columns:} (its last row names the columns).
 */
final class TableFormat {
  private TableFormat() {}

  static Tables.Table read(String name, String file, String text) {
    YNode root = YamlReader.read(file, text);
    if (!(root instanceof YNode.Map map)) {
      throw new RuleError(root.pos(), "a table file must be a mapping");
    }
    List<String> columns = new ArrayList<>();
    if (map.get("columns") instanceof YNode.Seq cols) {
      cols.items().forEach(c -> columns.add(cellText(c)));
    } else if (map.get("header") instanceof YNode.Seq header && !header.items().isEmpty()
        && header.items().get(header.items().size() - 1) instanceof YNode.Seq last) {
      last.items().forEach(c -> columns.add(cellText(c)));
    } else {
      throw new RuleError(map.pos(), "a table needs 'columns' or 'header'");
    }
    if (!(map.get("rows") instanceof YNode.Seq rows)) {
      throw new RuleError(map.pos(), "a table needs 'rows'");
    }
    List<List<String>> out = new ArrayList<>();
    for (YNode r : rows.items()) {
      List<String> cells = new ArrayList<>();
      if (r instanceof YNode.Seq seq) {
        seq.items().forEach(c -> cells.add(cellText(c)));
      } else if (r instanceof YNode.Map m && m.get("cells") instanceof YNode.Seq seq) {
        seq.items().forEach(c -> cells.add(cellText(c)));
      } else {
        throw new RuleError(r.pos(), "a table row must be a list of cells");
      }
      if (cells.size() != columns.size()) {
        throw new RuleError(r.pos(), "row has " + cells.size() + " cells, table has " + columns.size() + " columns");
      }
      out.add(List.copyOf(cells));
    }
    return new Tables.Table(name, List.copyOf(columns), List.copyOf(out));
  }

  private static String cellText(YNode c) {
    if (c instanceof YNode.Scalar s) {
      return s.text() == null ? "" : s.text();
    }
    if (c instanceof YNode.Map m && m.get("text") instanceof YNode.Scalar s) {
      return s.text() == null ? "" : s.text();
    }
    throw new RuleError(c.pos(), "a table cell must be text");
  }
}
