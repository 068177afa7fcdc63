package dev.vkrules.generator.audit;

import java.util.Map;

/** The coverage report for people: plain text for a terminal, or Markdown. */
public final class CoverageText {
  private CoverageText() {}

  public static String text(Coverage c) {
    return render(c, false);
  }

  public static String markdown(Coverage c) {
    return render(c, true);
  }

  private static String render(Coverage c, boolean md) {
    StringBuilder sb = new StringBuilder();
    Tally t = c.total();
    sb.append(md ? "# vkrules coverage\n\n" : "vkrules coverage\n\n");
    String summary = summary(c, t);
    sb.append(md ? summary.replaceAll("(?m)^(?=.)", "- ") : summary).append('\n');
    section(sb, md, "By section", tallies(c.bySection(), "section"));
    section(sb, md, "By target (VUIDs that apply; extensions: " + extensionsLabel(c) + ")",
        tallies(c.byTarget(), "target"));
    section(sb, md, "By condition", tallies(c.byCondition(), "condition"));
    TextTable ext = new TextTable("extension", "adds", "adds checked", "removes", "removes checked").numericFrom(1);
    for (Map.Entry<String, Coverage.ExtensionSlice> e : c.byExtension().entrySet()) {
      Tally a = e.getValue().adds();
      Tally r = e.getValue().removes();
      ext.row(e.getKey(), a.total(), a.checked(), r.total(), r.checked());
    }
    section(sb, md, "By extension (VUIDs each one brings in or takes away at "
        + c.selection().sliceEnv() + ")", ext);
    TextTable reasons = new TextTable("reason", "VUIDs").numericFrom(1);
    c.byReason().forEach(reasons::row);
    if (!reasons.isEmpty()) {
      section(sb, md, "Not checkable offline, by reason", reasons);
    }
    // Markdown is read in a browser, so it also carries the rule file and the spec's text;
    // plain text stays one short line per VUID.
    TextTable rows = md
        ? new TextTable("vuid", "status", "valid", "invalid", "tests", "stale", "spirv-val", "condition", "reason",
            "rule file", "spec text")
        : new TextTable("vuid", "status", "valid", "invalid", "tests", "stale", "spirv-val", "condition", "reason");
    for (CoverageRow r : c.rows()) {
      AuditRule rule = r.rule();
      if (md) {
        rows.row(rule.vuid(), rule.status().label(), rule.validExamples(), rule.invalidExamples(),
            r.tests().label(), rule.isStale() ? "stale" : "", r.spirvVal() ? "yes" : "",
            rule.condition(), rule.reason(), "rules/" + rule.file(), rule.text());
      } else {
        rows.row(rule.vuid(), rule.status().label(), rule.validExamples(), rule.invalidExamples(),
            r.tests().label(), rule.isStale() ? "stale" : "", r.spirvVal() ? "yes" : "",
            rule.condition(), rule.reason());
      }
    }
    section(sb, md, "VUIDs", rows);
    if (!c.retired().isEmpty()) {
      TextTable retired = new TextTable("vuid", "status", "rule file");
      c.retired().forEach(r -> retired.row(r.vuid(), r.status().label(), "rules/" + r.file()));
      section(sb, md, "Retired (VUIDs no longer in the spec; not counted)", retired);
    }
    return sb.toString();
  }

  static String summary(Coverage c, Tally t) {
    StringBuilder sb = new StringBuilder();
    sb.append(t.total()).append(" VUIDs");
    if (c.selection().targetEnv() != null) {
      sb.append(" applying under ").append(c.selection().targetEnv());
    }
    sb.append(" (extensions: ").append(extensionsLabel(c)).append(")\n");
    sb.append("checked: ").append(t.checked()).append(" (").append(Tally.percent(t.checkedPercent()))
        .append("%): ").append(t.count(Status.DECLARATIVE)).append(" declarative, ")
        .append(t.count(Status.NATIVE)).append(" native\n");
    sb.append("reach: ").append(t.moduleReach()).append(" from the module alone, ").append(t.pipelineReach())
        .append(" with a pipeline description (validate --pipeline)\n");
    sb.append("not checkable offline: ").append(t.count(Status.NOT_CHECKABLE))
        .append("; to do: ").append(t.count(Status.TODO)).append("; stale: ").append(t.stale()).append('\n');
    sb.append("generated tests: ");
    if (c.testsRun()) {
      sb.append(t.testsPassed()).append(" rules passed, ").append(t.testsFailed()).append(" failed\n");
    } else {
      sb.append("not run (no Surefire reports found)\n");
    }
    sb.append("spirv-val knows: ").append(t.spirvVal()).append(" (").append(c.peerName()).append(")\n");
    sb.append("retired: ").append(c.retired().size())
        .append(" rule files of VUIDs no longer in the spec (not counted)\n");
    return sb.toString();
  }

  static String extensionsLabel(Coverage c) {
    return c.selection().extensions() == null ? "all" : c.selection().extensions().isEmpty()
        ? "none" : String.join(", ", c.selection().extensions());
  }

  private static TextTable tallies(Map<String, Tally> map, String first) {
    TextTable table = new TextTable(first, "total", "declarative", "native", "not-checkable", "todo",
        "checked %", "stale", "spirv-val", "tests passed", "tests failed").numericFrom(1);
    for (Map.Entry<String, Tally> e : map.entrySet()) {
      Tally t = e.getValue();
      table.row(e.getKey(), t.total(), t.count(Status.DECLARATIVE), t.count(Status.NATIVE),
          t.count(Status.NOT_CHECKABLE), t.count(Status.TODO), Tally.percent(t.checkedPercent()),
          t.stale(), t.spirvVal(), t.testsPassed(), t.testsFailed());
    }
    return table;
  }

  private static void section(StringBuilder sb, boolean md, String title, TextTable table) {
    if (md) {
      sb.append("## ").append(title).append("\n\n").append(table.markdown()).append('\n');
    } else {
      sb.append(title).append('\n').append(table.text()).append('\n');
    }
  }
}
