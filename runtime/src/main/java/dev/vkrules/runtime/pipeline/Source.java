package dev.vkrules.runtime.pipeline;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Where a value of a description comes from: the file, a JSON pointer into it and the line and
 * column it starts at. {@link #toString} is the form findings quote: {@code pipeline.json pStages[1]}.
 *
 * <p>A description's reader makes a source for every value it reads, and nearly all of them are
 * never quoted: the pointer is kept as the parent's source and the last step, and written out
 * only when an error message or a finding asks for it (once; so is the readable path).
 */
public final class Source {
  private final String file;
  /** The archive entry the value is in ({@code 06.f6afb675e108a8f1}), or null: the file is one document. */
  private final String entry;
  private final Source parent;
  /** The pointer's last step, escaped ({@code ~0}, {@code ~1}); or, without a parent, the whole pointer. */
  private final String step;
  private final int line;
  private final int column;
  private String pointer;
  private String readable;

  public Source(String file, String pointer, int line, int column) {
    this(file, null, null, Objects.requireNonNull(pointer), line, column);
  }

  /**
   * A value of one entry of an archive ({@code .foz}): the line and column are within the entry's
   * own document, so positions name the entry ({@code capture.foz: entry 06.f6afb675e108a8f1:1:245}).
   */
  public Source(String file, String entry, String pointer, int line, int column) {
    this(file, Objects.requireNonNull(entry), null, Objects.requireNonNull(pointer), line, column);
  }

  private Source(String file, String entry, Source parent, String step, int line, int column) {
    this.file = Objects.requireNonNull(file);
    this.entry = entry;
    this.parent = parent;
    this.step = step;
    this.line = line;
    this.column = column;
  }

  /** A source for a value given on the command line ({@code --spec-constant 3=64}). */
  public static Source commandLine(String option) {
    return new Source("", option, 0, 0);
  }

  /** The member {@code name} of this object. */
  public Source member(String name, int line, int column) {
    // a member name of a megabyte is named by its start (the pointer is for people to read)
    // (and a control character in one is escaped: a finding's location is one line)
    name = name.length() > dev.vkrules.runtime.Shown.MAX ? dev.vkrules.runtime.Shown.cut(name)
        : dev.vkrules.runtime.Shown.oneLine(name);
    String escaped = name.indexOf('~') < 0 && name.indexOf('/') < 0 ? name : name.replace("~", "~0").replace("/", "~1");
    return new Source(file, entry, this, escaped, line, column);
  }

  /** The element {@code index} of this array. */
  public Source element(int index, int line, int column) {
    return new Source(file, entry, this, Integer.toString(index), line, column);
  }

  /** The file the value is in ("" for the command line). */
  public String file() {
    return file;
  }

  /** The JSON pointer of the value ({@code /VkGraphicsPipelineCreateInfo/pStages/1}), or the option. */
  public String pointer() {
    String p = pointer;
    if (p == null) {
      p = parent == null ? step : parent.pointer() + "/" + step;
      pointer = p;
    }
    return p;
  }

  public int line() {
    return line;
  }

  public int column() {
    return column;
  }

  /** The archive entry the value is in, or null when the file is one document. */
  public String entry() {
    return entry;
  }

  /**
   * {@code file:line:column}, the prefix of an error message about this value; in an archive's
   * entry, {@code file: entry NAME:line:column}.
   */
  public String position() {
    return (entry == null ? file : file + ": entry " + entry) + ":" + line + ":" + column;
  }

  /**
   * The readable path of the value: {@code pipeline.json pStages[1]} for the pointer
   * {@code /VkGraphicsPipelineCreateInfo/pStages/1} (the create-info key left out), or the option.
   */
  @Override
  public String toString() {
    String r = readable;
    if (r == null) {
      r = readable();
      readable = r;
    }
    return r;
  }

  private String readable() {
    if (file.isEmpty()) {
      return pointer();
    }
    // the pointer's steps, from the root's (split as a pointer is) to this one's
    java.util.ArrayDeque<String> steps = new java.util.ArrayDeque<>();
    Source root = this;
    for (; root.parent != null; root = root.parent) {
      steps.addFirst(root.step);
    }
    List<String> parts = new ArrayList<>();
    if (!root.step.isEmpty()) {
      parts.addAll(Arrays.asList(root.step.substring(1).split("/", -1)));
    }
    parts.addAll(steps);
    StringBuilder path = new StringBuilder();
    for (int i = 0; i < parts.size(); i++) {
      String p = parts.get(i);
      if (p.indexOf('~') >= 0) {
        p = p.replace("~1", "/").replace("~0", "~");
      }
      if (i == 0 && p.startsWith("Vk")) {
        continue;  // the create-info structure is the pipeline itself
      }
      if (digits(p)) {
        path.append('[').append(p).append(']');
      } else {
        path.append(path.length() == 0 ? "" : ".").append(p);
      }
    }
    String file = this.file.substring(this.file.lastIndexOf('/') + 1);
    return path.length() == 0 ? file : file + " " + path;
  }

  private static boolean digits(String s) {
    if (s.isEmpty()) {
      return false;
    }
    for (int i = 0; i < s.length(); i++) {
      if (!Character.isDigit(s.charAt(i))) {
        return false;
      }
    }
    return true;
  }

  /** Sources are equal when they name the same value: file, pointer, line and column. */
  @Override
  public boolean equals(Object o) {
    return o instanceof Source s && line == s.line && column == s.column && file.equals(s.file)
        && Objects.equals(entry, s.entry) && pointer().equals(s.pointer());
  }

  @Override
  public int hashCode() {
    return Objects.hash(file, pointer(), line, column);
  }
}
