package dev.vkrules.runtime.cli;

/** Names in text output: a control character in a file name cannot forge a line of the report. */
final class Text {
  private Text() {}

  /**
   * {@code name} with line breaks, tabs and every other control character escaped ({@code \n},
   * {@code \r}, {@code \t}, {@code \x1b}, {@code \u2028}) and each byte that is not valid UTF-8
   * ({@code \xE9}, {@link Names}); other names unchanged (a backslash
   * too: Windows paths stay readable). JSON and SARIF keep the name as it is (their encoders
   * escape it).
   */
  static String escape(String name) {
    StringBuilder out = null;
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      String rep = switch (c) {
        case '\n' -> "\\n";
        case '\r' -> "\\r";
        case '\t' -> "\\t";
        default -> c >= '\uDC80' && c <= '\uDCFF' ? String.format("\\x%02X", 0x80 | (c - 0xDC80))
            : Character.isISOControl(c) ? String.format("\\x%02x", (int) c)
            : c == '\u2028' || c == '\u2029' || c == '\u0085' ? String.format("\\u%04x", (int) c) : null;
      };
      if (rep != null && out == null) {
        out = new StringBuilder(name.length() + 8).append(name, 0, i);
      }
      if (out != null) {
        out.append(rep != null ? rep : String.valueOf(c));
      }
    }
    return out == null ? name : out.toString();
  }
}
