package dev.vkrules.runtime.engine;

import dev.vkrules.runtime.engine.base.CountedPart;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Collects the failures checkers report during one engine run. At most {@code maxPerRule}
 * failures per rule are kept and the rest only counted, so a module that breaks one rule a
 * million times costs a counter, not a million diagnostics.
 */
public final class Report {
  /** Keep every failure. */
  public static final int UNLIMITED = Integer.MAX_VALUE;

  /**
   * One failure: the rule, the word offset of the offending instruction, a note to append to
   * the message (the specialization values the verdict read, with their sources), or null, and
   * what a summing rule counted (empty for any other rule).
   */
  public record Failure(RuleInfo rule, int offset, String note, List<CountedPart> parts) {
    public Failure {
      parts = parts == null ? List.of() : parts;
    }

    public Failure(RuleInfo rule, int offset, String note) {
      this(rule, offset, note, List.of());
    }

    public Failure(RuleInfo rule, int offset) {
      this(rule, offset, null);
    }
  }

  /**
   * A subject whose verdict depends on a device fact the current description does not give:
   * {@code fact} names it ({@code Struct::member}, an extension, a format's features).
   */
  public record Obligation(RuleInfo rule, int offset, String fact) {}

  private final List<Obligation> obligations = new ArrayList<>();
  private final List<Obligation> pipelineNeeds = new ArrayList<>();
  private final List<Obligation> runTime = new ArrayList<>();
  private final int maxPerRule;
  private final List<Failure> failures = new ArrayList<>();
  private final Map<RuleInfo, int[]> counts = new LinkedHashMap<>();

  public Report() {
    this(UNLIMITED);
  }

  public Report(int maxPerRule) {
    if (maxPerRule < 1) {
      throw new IllegalArgumentException("maxPerRule must be at least 1, got " + maxPerRule);
    }
    this.maxPerRule = maxPerRule;
  }

  public void add(RuleInfo rule, int offset) {
    add(rule, offset, null);
  }

  /** A failure with a note to append to its message (or null): the device facts it read, say. */
  public void add(RuleInfo rule, int offset, String note) {
    add(rule, offset, note, List.of());
  }

  /** A failure with a note (or null) and the parts of the sum it exceeded. */
  public void add(RuleInfo rule, int offset, String note, List<CountedPart> parts) {
    int[] count = counts.computeIfAbsent(rule, r -> new int[1]);
    if (count[0]++ < maxPerRule) {
      failures.add(new Failure(rule, offset, note, parts));
    }
  }

  /** How many failures are kept so far. */
  int kept() {
    return failures.size();
  }

  /** Adds {@code note} to the failures kept since {@code from}. */
  void annotateSince(int from, String note) {
    for (int i = from; i < failures.size(); i++) {
      Failure f = failures.get(i);
      failures.set(i, new Failure(f.rule(), f.offset(), f.note() == null ? note : f.note() + " " + note, f.parts()));
    }
  }

  /** Records a device obligation (every one is kept: each is decided again per device). */
  public void needsDevice(RuleInfo rule, int offset, String fact) {
    obligations.add(new Obligation(rule, offset, fact));
  }

  /**
   * Records a subject whose verdict needs pipeline state the module was validated without
   * ({@code fact} names it); kept once per rule, since every subject needs the same description.
   */
  public void needsPipeline(RuleInfo rule, int offset, String fact) {
    if (pipelineNeeds.stream().noneMatch(o -> o.rule() == rule)) {
      pipelineNeeds.add(new Obligation(rule, offset, fact));
    }
  }

  /**
   * Records a subject whose verdict the pipeline description leaves to an object or value given
   * only at run time ({@code fact} names it): neither passed nor failed.
   */
  public void atRunTime(RuleInfo rule, int offset, String fact) {
    runTime.add(new Obligation(rule, offset, fact));
  }

  /** The subjects decided only at run time, in the order reported. */
  public List<Obligation> runTime() {
    return runTime;
  }

  /** The subjects that need a pipeline description, one per rule, in the order reported. */
  public List<Obligation> pipelineNeeds() {
    return pipelineNeeds;
  }

  /** The device obligations, in the order reported. */
  public List<Obligation> obligations() {
    return obligations;
  }

  /** The failures kept, in the order reported. */
  public List<Failure> failures() {
    return failures;
  }

  /** The rules with failures reported but not kept, and how many each. */
  public Map<RuleInfo, Integer> omitted() {
    Map<RuleInfo, Integer> out = new LinkedHashMap<>();
    counts.forEach((rule, count) -> {
      if (count[0] > maxPerRule) {
        out.put(rule, count[0] - maxPerRule);
      }
    });
    return out;
  }
}
