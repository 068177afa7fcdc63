package dev.vkrules.runtime.engine;

import java.util.ArrayList;
import java.util.List;

/** Collects the failures checkers report during one engine run. */
public final class Report {
  /** One failure: the rule and the word offset of the offending instruction. */
  public record Failure(RuleInfo rule, int offset) {}

  private final List<Failure> failures = new ArrayList<>();

  public void add(RuleInfo rule, int offset) {
    failures.add(new Failure(rule, offset));
  }

  public List<Failure> failures() {
    return failures;
  }
}
