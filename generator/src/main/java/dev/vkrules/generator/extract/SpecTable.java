package dev.vkrules.generator.extract;

import java.util.List;

/**
 * A table written in the appendix itself (not generated from vk.xml), with spans expanded.
 *
 * <p>A cell spanning rows or columns is repeated in every position it covers, so each row
 * has one entry per column; {@link Cell#rowSpanStart()} tells the first row of a span from
 * the rows it was copied into.
 *
 * @param key stable identifier: the table's anchor, else its title, else its section's anchor,
 *     made file-name safe; tables that share a key are variants (for example under opposite
 *     conditions) and are told apart by {@link #conditions()}
 * @param anchor the table's own {@code [[id]]}, or empty
 * @param title the table's {@code .Title}, or empty
 * @param section the title of the enclosing section
 * @param conditions the block conditions guarding the table, outermost first
 * @param line 1-based line of the table's first line (its title, anchor or attribute line
 *     counts as part of it only for AsciidoctorJ's notion of start)
 * @param include the include target written inside the table ({@code {generated}/...}),
 *     or empty; such tables have their rows in vk.xml, see {@link RegistryTables}
 * @param header header rows (plain text per cell)
 * @param rows body rows (plain text per cell)
 */
public record SpecTable(
    String key,
    String anchor,
    String title,
    String section,
    List<Condition> conditions,
    int line,
    String include,
    List<List<Cell>> header,
    List<List<Cell>> rows) {

  public SpecTable {
    conditions = List.copyOf(conditions);
    header = header.stream().map(List::copyOf).toList();
    rows = rows.stream().map(List::copyOf).toList();
  }

  /** The validusage.json-style key of {@link #conditions()}. */
  public String conditionKey() {
    return Condition.key(conditions);
  }

  /**
   * One table cell in one grid position.
   *
   * @param text plain rendering
   * @param asciidoc the cell's AsciiDoc source
   * @param html the cell as AsciidoctorJ renders it (attributes resolved), for HTML publishing
   * @param rowSpanStart false when this position is covered by a span from a row above
   * @param colSpanStart false when this position is covered by a span from a column to the left
   */
  public record Cell(String text, String asciidoc, String html, boolean rowSpanStart, boolean colSpanStart) {}
}
