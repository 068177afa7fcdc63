package dev.vkrules.tests;

import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;

/** The oracle agreement table as Markdown: one line per VUID, then the totals. */
final class AgreementTable {
  private AgreementTable() {}

  /** Per VUID counts of the examples; each pair is (agreeing, total). */
  private static final class Tally {
    int invalid;
    int invalidOurs;
    int invalidTheirs;
    int invalidOther;
    int valid;
    int validOurs;
    int validTheirs;
  }

  static String render(List<OracleAgreementTest.Row> rows, SortedSet<String> known, String version) {
    Map<String, Tally> byVuid = new TreeMap<>();
    for (OracleAgreementTest.Row r : rows) {
      Tally t = byVuid.computeIfAbsent(r.vuid(), k -> new Tally());
      if (r.invalid()) {
        t.invalid++;
        t.invalidOurs += r.ours() ? 1 : 0;
        boolean withIt = !r.theirs().accepted() && r.theirs().output().contains(r.vuid());
        t.invalidTheirs += withIt ? 1 : 0;
        t.invalidOther += !r.theirs().accepted() && !withIt ? 1 : 0;
      } else {
        t.valid++;
        t.validOurs += r.ours() ? 1 : 0;
        t.validTheirs += r.theirs().accepted() ? 1 : 0;
      }
    }
    StringBuilder b = new StringBuilder();
    b.append("# Rule examples: vkrules vs spirv-val ").append(version).append("\n\n");
    b.append("invalid: examples that raise exactly the VUID (ours) / that spirv-val rejects with the VUID (spirv-val);\n");
    b.append("valid: examples that raise nothing (ours) / that spirv-val accepts.\n\n");
    b.append("| VUID | spirv-val knows it | invalid: ours | invalid: spirv-val | valid: ours | valid: spirv-val | agreement |\n");
    b.append("| --- | --- | --- | --- | --- | --- | --- |\n");
    int knownCount = 0;
    // The summary counts verdicts as the table states them, so "agrees" means spirv-val knows the VUID.
    Map<String, Integer> verdicts = new java.util.TreeMap<>();
    for (Map.Entry<String, Tally> e : byVuid.entrySet()) {
      Tally t = e.getValue();
      boolean knows = known.contains(e.getKey());
      knownCount += knows ? 1 : 0;
      String verdict;
      if (knows) {
        verdict = t.invalidTheirs == t.invalid && t.validTheirs == t.valid ? "agrees" : "DISAGREES";
      } else {
        verdict = t.validTheirs != t.valid ? "DISAGREES (valid rejected)"
            : t.invalidTheirs + t.invalidOther == 0 ? "not checked by spirv-val" : "spirv-val rejects otherwise";
      }
      verdicts.merge(verdict, 1, Integer::sum);
      b.append("| ").append(e.getKey()).append(" | ").append(knows ? "yes" : "no")
          .append(" | ").append(t.invalidOurs).append('/').append(t.invalid)
          .append(" | ").append(t.invalidTheirs).append('/').append(t.invalid)
          .append(t.invalidOther > 0 ? " (" + t.invalidOther + " otherwise)" : "")
          .append(" | ").append(t.validOurs).append('/').append(t.valid)
          .append(" | ").append(t.validTheirs).append('/').append(t.valid)
          .append(" | ").append(verdict).append(" |\n");
    }
    b.append("\n").append(byVuid.size()).append(" VUIDs with examples, ").append(rows.size()).append(" examples; ")
        .append(knownCount).append(" VUIDs known to spirv-val ").append(version).append("; verdicts: ");
    verdicts.forEach((verdict, n) -> b.append(n).append(' ').append(verdict).append("; "));
    b.setLength(b.length() - 2);
    b.append(".\n");
    return b.toString();
  }
}
