package dev.vkrules.runtime.spirv.debug;

import java.util.List;

/**
 * Where a finding lands in the shader's source, as the module's debug information records it:
 * {@code file} as the compiler wrote it (an {@code OpString}), a 1-based {@code line}, a 1-based
 * {@code column} ({@code 0} when neither the compiler nor the line's text gives one), the source
 * function it is in ({@code null} when unknown) and, for code a compiler inlined, the call sites
 * it was inlined at, innermost first ({@code DebugInlinedAt}). {@code lineText} is the source line
 * itself when the module embeds its source ({@code OpSource}, {@code DebugSource}), else null.
 */
public record SourceLocation(String file, int line, int column, String function, List<Frame> inlinedAt,
    String lineText) {

  public SourceLocation {
    inlinedAt = List.copyOf(inlinedAt);
  }

  /** One call site a function was inlined at: {@code file:line:column}, in {@code function}. */
  public record Frame(String file, int line, int column, String function) {}

  /** {@code file:line:column} ({@code file:line} without a column). */
  public String position() {
    return file + ":" + line + (column > 0 ? ":" + column : "");
  }

  /** The same location with its line text (read from the source file by a caller) and the column that text gives. */
  public SourceLocation withLineText(String text, int derivedColumn) {
    return new SourceLocation(file, line, column > 0 ? column : derivedColumn, function, inlinedAt, text);
  }
}
