package dev.vkrules.generator.audit;

import dev.vkrules.generator.audit.SpecDiff.EntryChange;
import dev.vkrules.generator.audit.SpecDiff.EntryChanges;
import dev.vkrules.generator.audit.SpecDiff.Pair;
import dev.vkrules.generator.audit.SpecDiff.TableChange;
import dev.vkrules.generator.audit.SpecFacts.EntryFact;
import dev.vkrules.generator.audit.SpecFacts.FormatFact;
import dev.vkrules.generator.audit.SpecFacts.TableFact;
import dev.vkrules.generator.audit.SpecFacts.VuidFact;
import java.util.List;

/** The diff for people: plain text, or Markdown (headings and bullet lists). */
public final class DiffText {
  private final boolean md;
  private final StringBuilder sb = new StringBuilder();

  private DiffText(boolean md) {
    this.md = md;
  }

  public static String text(SpecDiff d, WorkList w, String oldDir, String newDir) {
    return new DiffText(false).render(d, w, oldDir, newDir);
  }

  public static String markdown(SpecDiff d, WorkList w, String oldDir, String newDir) {
    return new DiffText(true).render(d, w, oldDir, newDir);
  }

  private String render(SpecDiff d, WorkList w, String oldDir, String newDir) {
    sb.append(md ? "# vkrules diff\n\n" : "vkrules diff\n");
    line("old: " + oldDir);
    line("new: " + newDir);
    line("VUIDs: " + d.added().size() + " added, " + d.removed().size() + " removed, " + d.renamed().size()
        + " renamed, " + d.successors().size() + " succeeded, " + d.closeSuccessors().size() + " close successors, "
        + d.reworded().size() + " reworded, "
        + d.markupOnly().size() + " markup-only, " + d.whitespaceOnly().size() + " whitespace-only, "
        + d.conditionChanged().size() + " condition changes");
    line("capabilities: " + d.capabilities().size() + " changes; extensions: " + d.extensions().size()
        + "; image formats: " + d.imageFormats().size() + "; tables: " + d.tables().size());
    line(w.rules() == null ? "work: no rules directory read (--rules DIR); every added VUID is listed"
        : "work (" + w.rules() + "): " + w.stale().size() + " stale, " + w.orphaned().size() + " orphaned, "
        + w.unruled().size() + " new without rules");

    heading("VUIDs added");
    d.added().forEach(v -> item(v.id() + "  " + where(v) + "\n" + indent(v.text())));
    heading("VUIDs removed");
    d.removed().forEach(v -> item(v.id() + "  " + where(v)));
    heading("VUIDs renamed");
    d.renamed().forEach(p -> item(p.before().id() + " -> " + p.after().id() + "  " + p.after().source()));
    heading("VUIDs succeeded (removed, and added again with the same text)");
    d.successors().forEach(p -> item(p.before().id() + " -> " + p.after().id() + "  " + p.after().source()));
    heading("VUIDs with a close successor (removed, and added again with a changed text)");
    for (SpecDiff.ClosePair p : d.closeSuccessors()) {
      String moved = p.before().section().equals(p.after().section()) && p.before().condition().equals(p.after().condition())
          ? "" : "\n" + indent("was " + p.before().section() + ", " + p.before().condition() + "; now "
              + p.after().section() + ", " + p.after().condition());
      item(p.before().id() + " -> " + p.after().id() + "  " + p.after().source() + "  similarity "
          + similarity(p.similarity()) + "\n" + indent("~ " + WordDiff.inline(p.before().text(), p.after().text())) + moved);
    }
    heading("VUIDs reworded");
    for (Pair p : d.reworded()) {
      item(p.after().id() + "  " + p.after().source() + "\n"
          + indent("~ " + WordDiff.inline(p.before().text(), p.after().text())));
    }
    heading("VUIDs with markup-only changes");
    d.markupOnly().forEach(p -> item(p.after().id() + "  " + p.after().source()));
    heading("VUIDs with whitespace-only changes (re-indented or re-wrapped source)");
    d.whitespaceOnly().forEach(p -> item(p.after().id() + "  " + p.after().source()));
    heading("VUIDs with condition changes");
    for (Pair p : d.conditionChanged()) {
      item(p.after().id() + ": " + conditions(p.before()) + " -> " + conditions(p.after()));
    }
    entries("Capabilities", d.capabilities());
    entries("Extensions", d.extensions());
    heading("Image formats");
    d.imageFormats().added().forEach(f -> item("added " + f.name() + ": " + String.join(", ", f.vkFormats())));
    d.imageFormats().removed().forEach(f -> item("removed " + f.name()));
    for (SpecDiff.Pair2<FormatFact> p : d.imageFormats().changed()) {
      item("changed " + p.after().name() + ": " + String.join(", ", p.before().vkFormats()) + " -> "
          + String.join(", ", p.after().vkFormats()));
    }
    heading("Tables");
    d.tables().added().forEach(t -> item("added " + table(t) + ", " + t.rows().size() + " rows"));
    d.tables().removed().forEach(t -> item("removed " + table(t)));
    for (TableChange c : d.tables().changed()) {
      String was = c.before().condition().equals(c.after().condition()) ? ""
          : " (was under " + c.before().condition() + ")";
      StringBuilder s = new StringBuilder("changed " + table(c.after()) + was + ": " + c.rowsAdded().size()
          + " rows added, " + c.rowsRemoved().size() + " removed" + (c.headerChanged() ? ", header changed" : ""));
      c.rowsRemoved().forEach(r -> s.append('\n').append(indent("- " + r)));
      c.rowsAdded().forEach(r -> s.append('\n').append(indent("+ " + r)));
      item(s.toString());
    }
    heading("Work list");
    w.stale().forEach(i -> item("stale " + i.vuid() + " (" + i.file() + ", " + i.status() + "): " + i.detail()));
    w.orphaned().forEach(i -> item("orphaned " + i.vuid() + " (" + i.file() + ", " + i.status() + "): " + i.detail()));
    w.unruled().forEach(v -> item("no rule " + v.id() + " (" + v.section() + ", " + v.condition() + ")"));
    closeSection();
    return sb.toString();
  }

  private void entries(String title, EntryChanges c) {
    heading(title);
    for (EntryFact e : c.added()) {
      item("added " + e.name() + ": " + String.join("; ", e.enables()));
    }
    c.removed().forEach(e -> item("removed " + e.name()));
    for (EntryChange e : c.renamed()) {
      StringBuilder s = new StringBuilder("renamed " + e.formerName() + " -> " + e.name() + " (one value in the SPIR-V grammar)");
      e.enablesRemoved().forEach(x -> s.append('\n').append(indent("- " + x)));
      e.enablesAdded().forEach(x -> s.append('\n').append(indent("+ " + x)));
      item(s.toString());
    }
    for (EntryChange e : c.changed()) {
      StringBuilder s = new StringBuilder("changed " + e.name());
      e.enablesRemoved().forEach(x -> s.append('\n').append(indent("- " + x)));
      e.enablesAdded().forEach(x -> s.append('\n').append(indent("+ " + x)));
      item(s.toString());
    }
  }

  /** A similarity as reports print it: three decimals, a dot. */
  static String similarity(double s) {
    return String.format(java.util.Locale.ROOT, "%.3f", s);
  }

  private static String where(VuidFact v) {
    return "(" + v.section() + ", " + v.condition() + ") " + v.source();
  }

  private static String conditions(VuidFact v) {
    return v.textConditions().isEmpty() ? v.condition()
        : v.condition() + " [in text: " + String.join(", ", v.textConditions()) + "]";
  }

  private static String table(TableFact t) {
    String name = t.title().isEmpty() ? t.key() : t.title();
    return "'" + name + "'" + ("core".equals(t.condition()) ? "" : " under " + t.condition());
  }

  private void line(String s) {
    sb.append(md ? "- " + s : s).append('\n');
  }

  /** True while the current section has no item yet. */
  private boolean empty;

  private void heading(String title) {
    closeSection();
    sb.append(md ? "\n## " + title + "\n\n" : "\n" + title + "\n");
    empty = true;
  }

  private void closeSection() {
    if (empty) {
      sb.append(md ? "none\n" : "  none\n");
    }
    empty = false;
  }

  private void item(String s) {
    empty = false;
    if (md) {
      List<String> lines = s.lines().toList();
      sb.append("- ").append(TextTable.md(lines.get(0))).append('\n');
      if (lines.size() > 1) {
        sb.append("\n  ```\n");
        lines.subList(1, lines.size()).forEach(l -> sb.append("  ").append(l.strip()).append('\n'));
        sb.append("  ```\n");
      }
    } else {
      sb.append("  ").append(s.replace("\n", "\n  ")).append('\n');
    }
  }

  private static String indent(String s) {
    return "    " + s.replace("\n", "\n    ");
  }
}
