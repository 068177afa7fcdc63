package dev.vkrules.generator.tables;

import java.util.List;

/**
 * One table as published: a grid of text cells (a cell may hold several lines, separated by
 * {@code \n}), with its name (what {@code --table} selects), title, source and condition.
 * A table written under several conditions is published once per condition, under one name.
 *
 * <p>{@code html} is the same grid as the spec renders it (superscripts, code, math) for the
 * HTML page, or empty when the cells are plain text. {@code footnotes} explain markers such
 * as {@code [1]} in the cells (the authored overrides of a requirement entry).
 */
public record PublishedTable(String name, String title, String source, String condition, List<String> columns,
    List<List<String>> rows, List<List<String>> html, List<String> footnotes) {
  public PublishedTable {
    columns = List.copyOf(columns);
    rows = rows.stream().map(List::copyOf).toList();
    html = html.stream().map(List::copyOf).toList();
    footnotes = List.copyOf(footnotes);
    for (List<String> row : rows) {
      if (row.size() != columns.size()) {
        throw new IllegalArgumentException("table " + name + ": row " + row + " has " + row.size() + " cells for "
            + columns.size() + " columns");
      }
    }
    if (!html.isEmpty() && html.size() != rows.size()) {
      throw new IllegalArgumentException("table " + name + ": " + html.size() + " HTML rows for " + rows.size() + " rows");
    }
  }

  /** A table of plain-text cells without footnotes. */
  public PublishedTable(String name, String title, String source, String condition, List<String> columns,
      List<List<String>> rows) {
    this(name, title, source, condition, columns, rows, List.of(), List.of());
  }

  /** An id unique in one page: the name, plus the condition's position when there are several. */
  public String anchor(int variant) {
    return variant == 0 ? name : name + "-" + (variant + 1);
  }

  /** The condition in words ("always", "when Vulkan 1.2 is supported"). */
  public String conditionWords() {
    return ConditionText.words(condition);
  }
}
