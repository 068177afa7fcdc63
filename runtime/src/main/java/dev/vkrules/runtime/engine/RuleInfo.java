package dev.vkrules.runtime.engine;

import java.util.Objects;

/**
 * What a checker knows of its rule: the VUID, the one-sentence message, the condition
 * stack ({@code ifdef:EXPR;ifndef:EXPR}, outermost first, empty when unconditional), the
 * status, the spec's text of the rule, and the rule file it was generated from.
 *
 * <p>{@code equals} and {@code hashCode} are written out: a record's own are linked through
 * {@code ObjectMethods.bootstrap} on first use, which the AOT cache does not keep, and cost a
 * one-module run about 8 ms at its first finding (a report is keyed by rule).
 */
public record RuleInfo(String vuid, String message, String condition, String status, String text, String file) {
  @Override
  public boolean equals(Object o) {
    return o instanceof RuleInfo r && Objects.equals(vuid, r.vuid) && Objects.equals(message, r.message)
        && Objects.equals(condition, r.condition) && Objects.equals(status, r.status)
        && Objects.equals(text, r.text) && Objects.equals(file, r.file);
  }

  @Override
  public int hashCode() {
    int h = Objects.hashCode(vuid);
    h = 31 * h + Objects.hashCode(message);
    h = 31 * h + Objects.hashCode(condition);
    h = 31 * h + Objects.hashCode(status);
    h = 31 * h + Objects.hashCode(text);
    return 31 * h + Objects.hashCode(file);
  }
}
