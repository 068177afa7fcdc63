package dev.vkrules.runtime.spirv.grammar;

/** How often an operand slot may occur: exactly once, at most once ({@code ?}), any number ({@code *}). */
public enum Quantifier {
  ONE,
  OPTIONAL,
  VARIADIC;

  /** The grammar's spelling ({@code ""}, {@code "?"}, {@code "*"}). */
  public String symbol() {
    return switch (this) {
      case ONE -> "";
      case OPTIONAL -> "?";
      case VARIADIC -> "*";
    };
  }
}
