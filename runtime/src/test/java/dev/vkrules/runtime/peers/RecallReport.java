package dev.vkrules.runtime.peers;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/** The peer suite's report as Markdown: recall per labelled VUID, then the clean modules' findings. */
final class RecallReport {
  private RecallReport() {}

  /** Per labelled VUID: cases, cases where vkrules reported it, listed disagreements. */
  private static final class Row {
    int cases;
    int reported;
    int listed;
  }

  static String render(List<PeerSuiteTest.Outcome> outcomes, Set<String> checked, PeerDisagreements listed,
      Set<PeerDisagreements.Key> seen, double seconds) {
    Map<String, Row> rows = new TreeMap<>();
    Map<String, Integer> cleanFindings = new TreeMap<>();
    for (PeerSuiteTest.Outcome o : outcomes) {
      PeerCase p = o.peer();
      if (p.negative()) {
        Row r = rows.computeIfAbsent(p.vuid(), k -> new Row());
        r.cases++;
        r.reported += o.reported().contains(p.vuid()) ? 1 : 0;
      }
    }
    for (PeerDisagreements.Key k : seen) {
      if (k.kind() == PeerDisagreements.Kind.MISSED) {
        rows.get(k.vuid()).listed += listed.reasons().containsKey(k) ? 1 : 0;
      } else {
        cleanFindings.merge(k.kind() == PeerDisagreements.Kind.MALFORMED ? "(malformed)" : k.vuid(), 1, Integer::sum);
      }
    }
    StringBuilder b = new StringBuilder();
    b.append("# SPIRV-Tools' validator tests as an external suite\n\n");
    b.append("Written by `runtime/src/test/java/dev/vkrules/runtime/peers/PeerSuiteTest.java` from ")
        .append("`../shared/peer-tests/spirv-tools/`; disagreements reviewed in `peers/spirv-tools-disagreements.yaml`.\n\n");
    b.append(totals(outcomes, checked, seen, seconds)).append("\n\n");
    b.append("## Failing cases: recall per VUID\n\n");
    b.append("recall: cases where vkrules reports the labelled VUID / cases with that label; listed: of the misses, ")
        .append("those in the reviewed list (a VUID vkrules does not check is not required).\n\n");
    b.append("| VUID | vkrules checks it | cases | reported | recall | listed misses |\n");
    b.append("| --- | --- | ---: | ---: | ---: | ---: |\n");
    rows.forEach((vuid, r) -> b.append("| ").append(vuid).append(" | ").append(checked.contains(vuid) ? "yes" : "no")
        .append(" | ").append(r.cases).append(" | ").append(r.reported).append(" | ")
        .append(percent(r.reported, r.cases)).append(" | ").append(checked.contains(vuid) ? r.listed : "-").append(" |\n"));
    b.append("\n## Clean modules: StandaloneSpirv and RuntimeSpirv errors vkrules reports\n\n");
    if (cleanFindings.isEmpty()) {
      b.append("None.\n");
    } else {
      b.append("| VUID | clean modules |\n| --- | ---: |\n");
      cleanFindings.forEach((v, n) -> b.append("| ").append(v).append(" | ").append(n).append(" |\n"));
    }
    return b.toString();
  }

  static String totals(List<PeerSuiteTest.Outcome> outcomes, Set<String> checked, Set<PeerDisagreements.Key> seen,
      double seconds) {
    int negative = 0;
    int checkedCases = 0;
    int checkedReported = 0;
    int clean = 0;
    java.util.Set<String> labels = new java.util.TreeSet<>();
    for (PeerSuiteTest.Outcome o : outcomes) {
      PeerCase p = o.peer();
      if (p.negative()) {
        negative++;
        labels.add(p.vuid());
        if (checked.contains(p.vuid())) {
          checkedCases++;
          checkedReported += o.reported().contains(p.vuid()) ? 1 : 0;
        }
      } else {
        clean++;
      }
    }
    long checkedLabels = labels.stream().filter(checked::contains).count();
    long cleanWithErrors = seen.stream().filter(k -> k.kind() != PeerDisagreements.Kind.MISSED)
        .map(PeerDisagreements.Key::test).distinct().count();
    return String.format(Locale.ROOT, "peer suite: %d failing cases over %d VUIDs, %d clean modules, validated in %.1f s; "
        + "vkrules checks %d of the %d VUIDs and reports the labelled VUID in %d of their %d cases (%s); "
        + "clean modules with a StandaloneSpirv or RuntimeSpirv error: %d; disagreements: %d",
        negative, labels.size(), clean, seconds, checkedLabels, labels.size(), checkedReported, checkedCases,
        percent(checkedReported, checkedCases), cleanWithErrors, seen.size());
  }

  private static String percent(int n, int of) {
    return of == 0 ? "-" : String.format(Locale.ROOT, "%.1f %%", 100.0 * n / of);
  }
}
