package dev.vkrules.generator.tables;

import java.util.List;

/**
 * One table as published: a grid of text cells (a cell may hold several lines, separated by
 * {@code \n}), with its name (what {@code --table} selects), title, source and condition.
 * A table written under several conditions is published once per condition, under one name.
 */
public record PublishedTable(String name, String title, String source, String condition, List<String> columns,
    List<List<String>> rows) {
  public PublishedTable {
    columns = List.copyOf(columns);
    rows = rows.stream().map(List::copyOf).toList();
    for (List<String> row : rows) {
      if (row.size() != columns.size()) {
        throw new IllegalArgumentException("table " + name + ": row " + row + " has " + row.size() + " cells for "
            + columns.size() + " columns");
      }
    }
  }

  /** An id unique in one page: the name, plus the condition's position when there are several. */
  public String anchor(int variant) {
    return variant == 0 ? name : name + "-" + (variant + 1);
  }
}
