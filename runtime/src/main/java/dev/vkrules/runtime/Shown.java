package dev.vkrules.runtime;

/**
 * Input text as an error message quotes it: cut to a few dozen characters (a number of a million
 * digits or a megabyte string is named, never printed whole), control characters escaped.
 */
public final class Shown {
  /** How many characters of a found value an error line quotes. */
  public static final int MAX = 40;

  private Shown() {}

  /**
   * A JSON pointer as an error line shows it: whole up to {@value #MAX_POINTER} characters, else
   * {@code /...} and its last steps (the member that is wrong is the last one).
   */
  public static String pointer(String pointer) {
    if (pointer.length() <= MAX_POINTER) {
      return pointer;
    }
    int from = pointer.indexOf('/', pointer.length() - MAX_POINTER + 4);
    return "/..." + (from < 0 ? pointer.substring(pointer.length() - MAX_POINTER + 4) : pointer.substring(from));
  }

  /** {@code text} with its control characters escaped ({@code \\x0d}): an error stays one line. */
  public static String oneLine(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c < 0x20 || c == 0x7f) {
        StringBuilder b = new StringBuilder(text.length() + 8).append(text, 0, i);
        for (int j = i; j < text.length(); j++) {
          char d = text.charAt(j);
          b.append(d < 0x20 || d == 0x7f ? String.format("\\x%02x", (int) d) : String.valueOf(d));
        }
        return b.toString();
      }
    }
    return text;
  }

  /** How long a JSON pointer in an error line is at most. */
  public static final int MAX_POINTER = 160;

  /** {@code text}, or its first {@value #MAX} characters then "... (N characters)". */
  public static String cut(String text) {
    StringBuilder b = new StringBuilder();
    int end = Math.min(text.length(), MAX);
    for (int i = 0; i < end; i++) {
      char c = text.charAt(i);
      if (c < 0x20 || c == 0x7f) {
        b.append(String.format("\\x%02x", (int) c));
      } else {
        b.append(c);
      }
    }
    if (text.length() > MAX) {
      b.append("... (").append(text.length()).append(" characters)");
    }
    return b.toString();
  }
}
