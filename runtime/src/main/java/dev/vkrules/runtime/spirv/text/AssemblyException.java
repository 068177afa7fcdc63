package dev.vkrules.runtime.spirv.text;

/**
 * Bad assembly text: one line, a lower-case fragment ending with {@code at line L, column C}
 * (1-based). Text quoted from the input has its control characters escaped ({@code \n}) and is
 * cut after {@value #MAX_WHAT} characters, so a string token that runs over many lines or
 * megabytes still makes a one-line message.
 */
public final class AssemblyException extends Exception {
  private static final long serialVersionUID = 1L;
  private final int line;
  private final int column;

  static final int MAX_WHAT = 160;

  AssemblyException(String what, int line, int column) {
    super(oneLine(what) + " at line " + line + ", column " + column);
    this.line = line;
    this.column = column;
  }

  public int line() {
    return line;
  }

  public int column() {
    return column;
  }

  private static String oneLine(String what) {
    StringBuilder b = new StringBuilder();
    int i = 0;
    for (; i < what.length() && b.length() < MAX_WHAT; i++) {
      char c = what.charAt(i);
      switch (c) {
        case '\n' -> b.append("\\n");
        case '\r' -> b.append("\\r");
        case '\t' -> b.append("\\t");
        default -> {
          if (c < 0x20 || c == 0x7f || Character.getType(c) == Character.LINE_SEPARATOR
              || Character.getType(c) == Character.PARAGRAPH_SEPARATOR) {
            b.append(String.format("\\u%04x", (int) c));
          } else {
            b.append(c);
          }
        }
      }
    }
    return i < what.length() ? b.append("...").toString() : b.toString();
  }
}
