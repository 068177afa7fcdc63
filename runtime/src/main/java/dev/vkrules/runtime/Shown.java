package dev.vkrules.runtime;

/**
 * Input text as an error message quotes it: cut to a few dozen characters (a number of a million
 * digits or a megabyte string is named, never printed whole), control characters escaped.
 */
public final class Shown {
  /** How many characters of a found value an error line quotes. */
  public static final int MAX = 40;

  private Shown() {}

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
