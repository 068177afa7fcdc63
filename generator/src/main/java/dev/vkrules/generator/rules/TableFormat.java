package dev.vkrules.generator.rules;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads an appendix table of {@code rules/tables/} as {@code vkrules extract} writes it:
 * {@code variants:}, each with its {@code condition}, {@code columns} and {@code rows}
 * (each row a mapping whose {@code text} lists the plain-text cells, spans expanded).
 *
 * <p>The lookup construct compiles the cells into the checker at build time, when no target
 * is known, so it reads only tables with one unconditional variant; a conditional table is
 * an error at the lookup rather than a silent choice of one variant.
 */
final class TableFormat {
  private TableFormat() {}

  static Tables.Table read(String name, String file, String text) {
    YNode root = YamlReader.read(file, text);
    if (!(root instanceof YNode.Map map)) {
      throw new RuleError(root.pos(), "a table file must be a mapping");
    }
    if (!(map.get("variants") instanceof YNode.Seq variants) || variants.items().isEmpty()) {
      throw new RuleError(map.pos(), "table " + name + " has no 'variants' (only appendix tables can be looked up)");
    }
    if (variants.items().size() != 1) {
      throw new RuleError(variants.pos(), "table " + name + " has " + variants.items().size()
          + " conditional variants; a lookup reads tables with exactly one");
    }
    if (!(variants.items().get(0) instanceof YNode.Map variant)) {
      throw new RuleError(variants.items().get(0).pos(), "a table variant must be a mapping");
    }
    String condition = variant.get("condition") instanceof YNode.Scalar s ? s.text() : null;
    if (!"core".equals(condition)) {
      throw new RuleError(variant.pos(), "table " + name + " holds only under condition " + condition
          + "; a lookup reads unconditional tables");
    }
    if (!(variant.get("columns") instanceof YNode.Seq cols)) {
      throw new RuleError(variant.pos(), "a table variant needs 'columns'");
    }
    List<String> columns = new ArrayList<>();
    cols.items().forEach(c -> columns.add(cellText(c)));
    if (!(variant.get("rows") instanceof YNode.Seq rows)) {
      throw new RuleError(variant.pos(), "a table variant needs 'rows'");
    }
    List<List<String>> out = new ArrayList<>();
    for (YNode r : rows.items()) {
      if (!(r instanceof YNode.Map m) || !(m.get("text") instanceof YNode.Seq seq)) {
        throw new RuleError(r.pos(), "a table row must be a mapping with 'text' (a list of cells)");
      }
      List<String> cells = new ArrayList<>();
      seq.items().forEach(c -> cells.add(cellText(c)));
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
    throw new RuleError(c.pos(), "a table cell must be text");
  }
}
