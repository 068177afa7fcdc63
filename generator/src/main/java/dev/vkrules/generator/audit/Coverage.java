package dev.vkrules.generator.audit;

import dev.vkrules.generator.requirements.ApiVersions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The coverage of the spec's VUIDs by vkrules: one row per rule file, with totals per
 * section, status and not-checkable reason, and slices by target, condition and extension.
 *
 * <p>Without a target or extension list every VUID is reported. With {@code --target-env}
 * only the VUIDs that apply under it are; with {@code --extension} only the named extension
 * attributes count as set (otherwise all are, as the appendix's standalone rules assume).
 *
 * <p>Only the appendix's VUIDs count: retired rules (of VUIDs that left the spec, see
 * {@link AuditRule#retired()}) are listed apart, never in rows, totals or slices, so a VUID
 * whose authored block moved to its successor is counted once, as the successor.
 */
public final class Coverage {
  /** How the report was asked for, echoed in every format. */
  public record Selection(String targetEnv, SortedSet<String> extensions, ApiVersions versions) {
    /** Whether the rows are filtered by applicability. */
    public boolean filters() {
      return targetEnv != null || extensions != null;
    }

    /** The version the extension slice is computed at: the target, else the newest. */
    public String sliceEnv() {
      return targetEnv != null ? targetEnv : AttributeSet.ENVIRONMENTS.get(AttributeSet.ENVIRONMENTS.size() - 1);
    }
  }

  /** What enabling one extension changes at {@link Selection#sliceEnv()}. */
  public record ExtensionSlice(Tally adds, Tally removes) {}

  private final Selection selection;
  private final List<CoverageRow> rows;
  private final List<CoverageRow> allRows;
  private final List<AuditRule> retired;
  private final boolean testsRun;
  private final String peerName;

  private Coverage(Selection selection, List<CoverageRow> allRows, List<CoverageRow> rows,
      List<AuditRule> retired, boolean testsRun, String peerName) {
    this.selection = selection;
    this.allRows = allRows;
    this.rows = rows;
    this.retired = retired;
    this.testsRun = testsRun;
    this.peerName = peerName;
  }

  public static Coverage compute(List<AuditRule> rules, TestResults tests, PeerList peer, Selection selection) {
    List<CoverageRow> all = new ArrayList<>();
    List<CoverageRow> shown = new ArrayList<>();
    List<AuditRule> retired = new ArrayList<>();
    for (AuditRule rule : rules) {
      if (rule.retired()) {
        retired.add(rule);
        continue;
      }
      List<String> targets = new ArrayList<>();
      for (String env : AttributeSet.ENVIRONMENTS) {
        if (AttributeSet.parse(env, selection.extensions(), selection.versions()).includes(rule.conditions())) {
          targets.add(env);
        }
      }
      boolean hasExamples = rule.validExamples() + rule.invalidExamples() > 0;
      CoverageRow row = new CoverageRow(rule, targets,
          tests.outcome(rule.derivedName(), hasExamples), peer.knows(rule.vuid()));
      all.add(row);
      boolean applies = selection.targetEnv() != null ? targets.contains(selection.targetEnv()) : !targets.isEmpty();
      if (!selection.filters() || applies) {
        shown.add(row);
      }
    }
    Comparator<CoverageRow> order = Comparator.comparing((CoverageRow r) -> r.rule().section())
        .thenComparing(r -> r.rule().vuid());
    all.sort(order);
    shown.sort(order);
    retired.sort(Comparator.comparing(AuditRule::section).thenComparing(AuditRule::vuid).thenComparing(AuditRule::file));
    return new Coverage(selection, List.copyOf(all), List.copyOf(shown), List.copyOf(retired), tests.present(),
        peer.name());
  }

  public Selection selection() {
    return selection;
  }

  /** The VUIDs reported, sorted by section, then VUID. */
  public List<CoverageRow> rows() {
    return rows;
  }

  /**
   * The retired rule files (VUIDs no longer in the spec), sorted by section, then VUID; never
   * counted.
   */
  public List<AuditRule> retired() {
    return retired;
  }

  /** Whether test reports were found at all. */
  public boolean testsRun() {
    return testsRun;
  }

  public String peerName() {
    return peerName;
  }

  public Tally total() {
    Tally t = new Tally();
    rows.forEach(t::add);
    return t;
  }

  public SortedMap<String, Tally> bySection() {
    SortedMap<String, Tally> m = new TreeMap<>();
    rows.forEach(r -> m.computeIfAbsent(r.rule().section(), k -> new Tally()).add(r));
    return m;
  }

  /** Not-checkable rules per stated reason ({@code (none given)} when the file has none). */
  public SortedMap<String, Integer> byReason() {
    SortedMap<String, Integer> m = new TreeMap<>();
    for (CoverageRow r : rows) {
      if (r.rule().status() == Status.NOT_CHECKABLE) {
        String reason = r.rule().reason() == null ? "(none given)" : r.rule().reason();
        m.merge(reason, 1, Integer::sum);
      }
    }
    return m;
  }

  /** Every environment, over all rules: the VUIDs that apply under it. */
  public Map<String, Tally> byTarget() {
    Map<String, Tally> m = new LinkedHashMap<>();
    for (String env : AttributeSet.ENVIRONMENTS) {
      Tally t = new Tally();
      allRows.stream().filter(r -> r.targets().contains(env)).forEach(t::add);
      m.put(env, t);
    }
    return m;
  }

  /** The reported rows grouped by their validusage.json condition key. */
  public SortedMap<String, Tally> byCondition() {
    SortedMap<String, Tally> m = new TreeMap<>();
    rows.forEach(r -> m.computeIfAbsent(r.rule().condition(), k -> new Tally()).add(r));
    return m;
  }

  /**
   * For every extension attribute named in some condition: the VUIDs it brings in and the
   * ones it takes away (ifndef) at {@link Selection#sliceEnv()}, relative to the named
   * extensions (or none).
   */
  public SortedMap<String, ExtensionSlice> byExtension() {
    SortedSet<String> names = new TreeSet<>();
    for (CoverageRow r : allRows) {
      for (String a : AttributeSet.attributes(r.rule().conditions())) {
        if (!selection.versions().isVersion(a)) {
          names.add(a);
        }
      }
    }
    SortedSet<String> base = selection.extensions() == null ? new TreeSet<>() : selection.extensions();
    AttributeSet without = AttributeSet.parse(selection.sliceEnv(), base, selection.versions());
    SortedMap<String, ExtensionSlice> m = new TreeMap<>();
    for (String name : names) {
      SortedSet<String> more = new TreeSet<>(base);
      more.add(name);
      AttributeSet with = AttributeSet.parse(selection.sliceEnv(), more, selection.versions());
      Tally adds = new Tally();
      Tally removes = new Tally();
      for (CoverageRow r : allRows) {
        boolean before = without.includes(r.rule().conditions());
        boolean after = with.includes(r.rule().conditions());
        if (after && !before) {
          adds.add(r);
        } else if (before && !after) {
          removes.add(r);
        }
      }
      m.put(name, new ExtensionSlice(adds, removes));
    }
    return m;
  }
}
