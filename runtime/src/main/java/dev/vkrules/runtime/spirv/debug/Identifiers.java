package dev.vkrules.runtime.spirv.debug;

/** Finding a name in shader source text (GLSL, HLSL, Slang: C-like lexical rules). */
final class Identifiers {
  private Identifiers() {}

  /**
   * The 1-based line and column of the first occurrence of {@code name} as a whole identifier
   * outside comments, string literals and preprocessor lines, or null.
   */
  static int[] find(CharSequence text, String name) {
    int line = 1;
    int lineStart = 0;
    boolean lineHasCode = false;
    int n = text.length();
    for (int i = 0; i < n; i++) {
      char c = text.charAt(i);
      if (c == '\n') {
        line++;
        lineStart = i + 1;
        lineHasCode = false;
        continue;
      }
      if (c == '/' && i + 1 < n && text.charAt(i + 1) == '/') {
        while (i + 1 < n && text.charAt(i + 1) != '\n') {
          i++;
        }
        continue;
      }
      if (c == '/' && i + 1 < n && text.charAt(i + 1) == '*') {
        i += 2;
        while (i < n && !(text.charAt(i) == '*' && i + 1 < n && text.charAt(i + 1) == '/')) {
          if (text.charAt(i) == '\n') {
            line++;
            lineStart = i + 1;
          }
          i++;
        }
        i++;
        continue;
      }
      if (c == '#' && !lineHasCode) {
        // a preprocessor line (with its continuations): names there are not declarations
        while (i + 1 < n && (text.charAt(i + 1) != '\n' || text.charAt(i) == '\\')) {
          i++;
          if (text.charAt(i) == '\n') {
            line++;
            lineStart = i + 1;
          }
        }
        continue;
      }
      if (c == '"') {
        i++;
        while (i < n && text.charAt(i) != '"' && text.charAt(i) != '\n') {
          if (text.charAt(i) == '\\') {
            i++;
          }
          i++;
        }
        lineHasCode = true;
        continue;
      }
      if (!Character.isWhitespace(c)) {
        lineHasCode = true;
      }
      if (Character.isLetter(c) || c == '_') {
        int start = i;
        while (i + 1 < n && (Character.isLetterOrDigit(text.charAt(i + 1)) || text.charAt(i + 1) == '_')) {
          i++;
        }
        if (i + 1 - start == name.length() && text.subSequence(start, i + 1).toString().equals(name)) {
          return new int[] {line, start - lineStart + 1};
        }
      } else if (Character.isDigit(c)) {
        while (i + 1 < n && (Character.isLetterOrDigit(text.charAt(i + 1)) || text.charAt(i + 1) == '.')) {
          i++;
        }
      }
    }
    return null;
  }

  /** The 1-based column of {@code name} as a whole identifier in one line, or 0. */
  static int column(String line, String name) {
    int[] at = find(line, name);
    return at == null || at[0] != 1 ? 0 : at[1];
  }

  /** The 1-based column of the line's first character that is not blank, or 0 for a blank line. */
  static int firstNonBlank(String line) {
    for (int i = 0; i < line.length(); i++) {
      if (!Character.isWhitespace(line.charAt(i))) {
        return i + 1;
      }
    }
    return 0;
  }
}
