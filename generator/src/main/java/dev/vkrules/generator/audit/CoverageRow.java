package dev.vkrules.generator.audit;

import java.util.List;

/**
 * One VUID in the coverage report.
 *
 * @param rule the rule file's facts
 * @param targets the environments (of {@link AttributeSet#ENVIRONMENTS}) under which the VUID applies
 * @param tests the outcome of its generated tests
 * @param spirvVal whether spirv-val (the peer list read) can report it
 */
public record CoverageRow(AuditRule rule, List<String> targets, TestResults.Outcome tests, boolean spirvVal) {
  public CoverageRow {
    targets = List.copyOf(targets);
  }
}
