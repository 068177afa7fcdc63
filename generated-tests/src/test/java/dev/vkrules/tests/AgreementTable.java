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

  static String render(List<OracleAgreementTest.Row> rows, SortedSet<String> known) {
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
    b.append("# Rule examples: vkrules vs spirv-val 2023.1\n\n");
    b.append("invalid: examples that raise exactly the VUID (ours) / that spirv-val rejects with the VUID (spirv-val);\n");
    b.append("valid: examples that raise nothing (ours) / that spirv-val accepts.\n\n");
    b.append("| VUID | spirv-val knows it | invalid: ours | invalid: spirv-val | valid: ours | valid: spirv-val | agreement |\n");
    b.append("| --- | --- | --- | --- | --- | --- | --- |\n");
    int agree = 0;
    int knownCount = 0;
    int unknownAccepted = 0;
    for (Map.Entry<String, Tally> e : byVuid.entrySet()) {
      Tally t = e.getValue();
      boolean knows = known.contains(e.getKey());
      knownCount += knows ? 1 : 0;
      boolean ok;
      String verdict;
      if (knows) {
        ok = t.invalidTheirs == t.invalid && t.validTheirs == t.valid;
        verdict = ok ? "agrees" : "DISAGREES";
      } else {
        ok = t.validTheirs == t.valid;
        unknownAccepted += t.invalidTheirs == 0 && t.invalidOther == 0 ? 1 : 0;
        verdict = !ok ? "DISAGREES (valid rejected)"
            : t.invalidTheirs + t.invalidOther == 0 ? "not checked by spirv-val" : "spirv-val rejects otherwise";
      }
      agree += ok ? 1 : 0;
      b.append("| ").append(e.getKey()).append(" | ").append(knows ? "yes" : "no")
          .append(" | ").append(t.invalidOurs).append('/').append(t.invalid)
          .append(" | ").append(t.invalidTheirs).append('/').append(t.invalid)
          .append(t.invalidOther > 0 ? " (" + t.invalidOther + " otherwise)" : "")
          .append(" | ").append(t.validOurs).append('/').append(t.valid)
          .append(" | ").append(t.validTheirs).append('/').append(t.valid)
          .append(" | ").append(verdict).append(" |\n");
    }
    b.append("\n").append(byVuid.size()).append(" VUIDs with examples, ").append(rows.size()).append(" examples; ")
        .append(knownCount).append(" VUIDs known to spirv-val 2023.1; ").append(agree).append(" agree; ")
        .append(unknownAccepted).append(" unknown to spirv-val whose invalid examples it accepts.\n");
    return b.toString();
  }
}
