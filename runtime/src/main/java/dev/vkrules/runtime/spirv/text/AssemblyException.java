package dev.vkrules.runtime.spirv.text;

/** Bad assembly text: a lower-case fragment ending with {@code at line L, column C} (1-based). */
public final class AssemblyException extends Exception {
  private static final long serialVersionUID = 1L;
  private final int line;
  private final int column;

  AssemblyException(String what, int line, int column) {
    super(what + " at line " + line + ", column " + column);
    this.line = line;
    this.column = column;
  }

  public int line() {
    return line;
  }

  public int column() {
    return column;
  }
}
