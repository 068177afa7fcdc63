package dev.vkrules.runtime.spirv;

import java.util.List;

/**
 * What the parser read: the module (complete, or up to the first structural error) and the
 * problems found. {@link #ok()} is true when there are none.
 *
 * @param totalDiagnostics how many problems were found; only the first
 *     {@value SpirvParser#MAX_DIAGNOSTICS} are kept in {@code diagnostics}
 */
public record ParseResult(SpirvModule module, List<ParseProblem> diagnostics, int totalDiagnostics) {
  public boolean ok() {
    return totalDiagnostics == 0;
  }

  /** The first problem as one line, or null. */
  public String firstError() {
    return diagnostics.isEmpty() ? null : diagnostics.get(0).message();
  }
}
