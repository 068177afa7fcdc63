package dev.vkrules.generator.audit;

import java.util.ArrayList;
import java.util.List;

/** A table rendered either as aligned plain text or as a Markdown table. */
final class TextTable {
  private final List<String> header;
  private final List<List<String>> rows = new ArrayList<>();
  /** Columns to right-align in text (numbers). */
  private final boolean[] right;

  TextTable(String... header) {
    this.header = List.of(header);
    this.right = new boolean[header.length];
  }

  /** Right-aligns the columns from {@code first} on (the numeric ones). */
  TextTable numericFrom(int first) {
    for (int i = first; i < right.length; i++) {
      right[i] = true;
    }
    return this;
  }

  TextTable row(Object... cells) {
    List<String> r = new ArrayList<>();
    for (Object c : cells) {
      r.add(c == null ? "" : c.toString());
    }
    rows.add(r);
    return this;
  }

  boolean isEmpty() {
    return rows.isEmpty();
  }

  String text() {
    int[] width = new int[header.size()];
    for (int i = 0; i < width.length; i++) {
      width[i] = header.get(i).length();
      for (List<String> r : rows) {
        width[i] = Math.max(width[i], r.get(i).length());
      }
    }
    StringBuilder sb = new StringBuilder();
    line(sb, header, width);
    for (List<String> r : rows) {
      line(sb, r, width);
    }
    return sb.toString();
  }

  private void line(StringBuilder sb, List<String> cells, int[] width) {
    StringBuilder l = new StringBuilder();
    for (int i = 0; i < cells.size(); i++) {
      String c = cells.get(i);
      String pad = " ".repeat(width[i] - c.length());
      if (i > 0) {
        l.append("  ");
      }
      l.append(right[i] ? pad + c : c + pad);
    }
    sb.append(l.toString().stripTrailing()).append('\n');
  }

  String markdown() {
    StringBuilder sb = new StringBuilder();
    sb.append("| ").append(String.join(" | ", header.stream().map(TextTable::md).toList())).append(" |\n|");
    for (int i = 0; i < header.size(); i++) {
      sb.append(right[i] ? " ---: |" : " --- |");
    }
    sb.append('\n');
    for (List<String> r : rows) {
      sb.append("| ").append(String.join(" | ", r.stream().map(TextTable::md).toList())).append(" |\n");
    }
    return sb.toString();
  }

  /** Escapes what would break a Markdown table cell. */
  static String md(String s) {
    return s.replace("|", "\\|").replace("\n", " ");
  }
}
