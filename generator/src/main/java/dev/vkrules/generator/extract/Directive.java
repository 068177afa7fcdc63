package dev.vkrules.generator.extract;

import java.util.Locale;

/** An AsciiDoc conditional preprocessor directive that opens a condition. */
public enum Directive {
  /** Content applies when the expression holds. */
  IFDEF,
  /** Content applies when the expression does not hold. */
  IFNDEF,
  /** Content applies when the expression (an AsciiDoc comparison) evaluates true. */
  IFEVAL;

  /** The directive as written in AsciiDoc ({@code ifdef}). */
  public String keyword() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Parses {@code ifdef}, {@code ifndef} or {@code ifeval}. */
  public static Directive ofKeyword(String keyword) {
    return valueOf(keyword.toUpperCase(Locale.ROOT));
  }
}
