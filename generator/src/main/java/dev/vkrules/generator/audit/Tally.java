package dev.vkrules.generator.audit;

import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;

/** Counts over a set of coverage rows: statuses, staleness, test outcomes, peer knowledge. */
public final class Tally {
  private final Map<Status, Integer> byStatus = new EnumMap<>(Status.class);
  private int total;
  private int stale;
  private int spirvVal;
  private int testsPassed;
  private int testsFailed;
  private int pipelineReach;

  public Tally() {
    for (Status s : Status.values()) {
      byStatus.put(s, 0);
    }
  }

  public Tally add(CoverageRow row) {
    total++;
    byStatus.merge(row.rule().status(), 1, Integer::sum);
    if ("pipeline".equals(row.rule().reach())) {
      pipelineReach++;
    }
    if (row.rule().isStale()) {
      stale++;
    }
    if (row.spirvVal()) {
      spirvVal++;
    }
    if (row.tests() == TestResults.Outcome.PASSED) {
      testsPassed++;
    } else if (row.tests() == TestResults.Outcome.FAILED) {
      testsFailed++;
    }
    return this;
  }

  public int total() {
    return total;
  }

  public int count(Status s) {
    return byStatus.get(s);
  }

  /** Rules checked declaratively or natively. */
  public int checked() {
    return count(Status.DECLARATIVE) + count(Status.NATIVE);
  }

  /** Checked rules decided from the module (and a device) alone. */
  public int moduleReach() {
    return checked() - pipelineReach;
  }

  /** Checked rules decided only with a pipeline description (validate --pipeline). */
  public int pipelineReach() {
    return pipelineReach;
  }

  public int stale() {
    return stale;
  }

  public int spirvVal() {
    return spirvVal;
  }

  public int testsPassed() {
    return testsPassed;
  }

  public int testsFailed() {
    return testsFailed;
  }

  /** Checked rules as a percentage of all rules here, 0 when there are none. */
  public double checkedPercent() {
    return total == 0 ? 0 : 100.0 * checked() / total;
  }

  /** The percentage as reports print it: one decimal, a dot. */
  public static String percent(double p) {
    return String.format(Locale.ROOT, "%.1f", p);
  }
}
