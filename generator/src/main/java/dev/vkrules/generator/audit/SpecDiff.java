package dev.vkrules.generator.audit;

import dev.vkrules.generator.audit.SpecFacts.EntryFact;
import dev.vkrules.generator.audit.SpecFacts.FormatFact;
import dev.vkrules.generator.audit.SpecFacts.TableFact;
import dev.vkrules.generator.audit.SpecFacts.VuidFact;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The differences between two spec-source trees, classified.
 *
 * <p>VUIDs are matched by id. Of the rest, an old and a new VUID with the same number are one
 * rule renamed (its anchor name changed); a removed and an added VUID with the same
 * normalized text are a successor (a VUID retired and re-issued under a new number); of the
 * rest, a removed and an added VUID with close texts are a close successor (re-issued with its
 * text changed, paired by {@link CloseSuccessors}); the others were removed or added. A
 * matched pair (renamed ones included) is reworded when the hash of its plain text changed
 * (attributes and cross-references resolved, so an attribute spelled differently is no
 * rewording), whitespace-only when its AsciiDoc source changed in
 * whitespace alone (re-indentation, re-wrapping), markup-only when its source changed
 * otherwise (anchor aside), and condition-changed when the ifdef/ifndef stack around it or
 * the conditions inside its text changed; a VUID can be both reworded and condition-changed.
 * Capabilities and extensions removed under one name and added under another that the
 * SPIR-V grammar gives the same value ({@code DotProductKHR} and {@code DotProduct}) are
 * renamed, not removed and added.
 */
public record SpecDiff(
    List<VuidFact> added,
    List<VuidFact> removed,
    List<Pair> renamed,
    List<Pair> successors,
    List<ClosePair> closeSuccessors,
    List<Pair> reworded,
    List<Pair> markupOnly,
    List<Pair> whitespaceOnly,
    List<Pair> conditionChanged,
    EntryChanges capabilities,
    EntryChanges extensions,
    FormatChanges imageFormats,
    TableChanges tables) {

  /** The same rule in the old and the new tree. */
  public record Pair(VuidFact before, VuidFact after) {}

  /**
   * A removed VUID and the added one that re-issues it with a changed text.
   *
   * @param similarity how close the texts are, 0–1 ({@link CloseSuccessors#similarity})
   */
  public record ClosePair(VuidFact before, VuidFact after, double similarity) {}

  /** Capabilities or extensions added, removed, renamed (registry aliases), or with other enables. */
  public record EntryChanges(List<EntryFact> added, List<EntryFact> removed, List<EntryChange> renamed,
      List<EntryChange> changed) {
    public int size() {
      return added.size() + removed.size() + renamed.size() + changed.size();
    }
  }

  /**
   * One capability or extension whose name or requirements changed.
   *
   * @param formerName the old name when the entry was renamed, else {@code name}
   */
  public record EntryChange(String name, String formerName, SortedSet<String> enablesAdded,
      SortedSet<String> enablesRemoved) {}

  /** Image formats added, removed, or with other {@code VkFormat}s. */
  public record FormatChanges(List<FormatFact> added, List<FormatFact> removed, List<Pair2<FormatFact>> changed) {
    public int size() {
      return added.size() + removed.size() + changed.size();
    }
  }

  /** Tables added, removed or changed. */
  public record TableChanges(List<TableFact> added, List<TableFact> removed, List<TableChange> changed) {
    public int size() {
      return added.size() + removed.size() + changed.size();
    }
  }

  /**
   * One table whose content changed.
   *
   * @param rowsAdded body rows only in the new table (cells joined by {@code " | "})
   * @param rowsRemoved body rows only in the old table
   */
  public record TableChange(TableFact before, TableFact after, boolean headerChanged,
      List<String> rowsAdded, List<String> rowsRemoved) {}

  /** An old and a new value of something matched by name. */
  public record Pair2<T>(T before, T after) {}

  /** Whether nothing at all differs. */
  public boolean isEmpty() {
    return added.isEmpty() && removed.isEmpty() && renamed.isEmpty() && successors.isEmpty() && closeSuccessors.isEmpty()
        && reworded.isEmpty() && markupOnly.isEmpty() && whitespaceOnly.isEmpty() && conditionChanged.isEmpty() && capabilities.size() == 0
        && extensions.size() == 0 && imageFormats.size() == 0 && tables.size() == 0;
  }

  public static SpecDiff compare(SpecFacts before, SpecFacts after) {
    List<VuidFact> onlyOld = new ArrayList<>();
    List<Pair> matched = new ArrayList<>();
    for (VuidFact v : before.vuids().values()) {
      VuidFact n = after.vuids().get(v.id());
      if (n == null) {
        onlyOld.add(v);
      } else {
        matched.add(new Pair(v, n));
      }
    }
    // Renames: an unmatched old and new VUID that share a number (numbers are never reused).
    SortedMap<String, VuidFact> newByNumber = new TreeMap<>();
    for (VuidFact n : after.vuids().values()) {
      if (!before.vuids().containsKey(n.id())) {
        newByNumber.put(n.number(), n);
      }
    }
    List<VuidFact> removed = new ArrayList<>();
    List<Pair> renamed = new ArrayList<>();
    for (VuidFact o : onlyOld) {
      VuidFact n = newByNumber.remove(o.number());
      if (n == null) {
        removed.add(o);
      } else {
        renamed.add(new Pair(o, n));
        matched.add(new Pair(o, n));
      }
    }
    List<VuidFact> added = new ArrayList<>(newByNumber.values());
    List<Pair> successors = successors(removed, added);
    List<ClosePair> close = CloseSuccessors.pair(removed, added);
    added.sort(Comparator.comparing(VuidFact::id));
    matched.sort(Comparator.comparing((Pair p) -> p.after().id()));
    List<Pair> reworded = new ArrayList<>();
    List<Pair> markup = new ArrayList<>();
    List<Pair> whitespace = new ArrayList<>();
    List<Pair> conditions = new ArrayList<>();
    for (Pair p : matched) {
      if (!p.before().hash().equals(p.after().hash())) {
        // Text that differs in layout only (a block joined to the principal text) is no rewording.
        (collapse(p.before().text()).equals(collapse(p.after().text())) ? whitespace : reworded).add(p);
      } else if (!p.before().markup().equals(p.after().markup())) {
        (collapse(p.before().markup()).equals(collapse(p.after().markup())) ? whitespace : markup).add(p);
      }
      if (!p.before().condition().equals(p.after().condition())
          || !p.before().textConditions().equals(p.after().textConditions())) {
        conditions.add(p);
      }
    }
    Map<String, Integer> values = new TreeMap<>(before.capabilityValues());
    values.putAll(after.capabilityValues());
    return new SpecDiff(added, removed, renamed, successors, close, reworded, markup, whitespace, conditions,
        entries(before.capabilities(), after.capabilities(), values),
        entries(before.extensions(), after.extensions(), values),
        formats(before.imageFormats(), after.imageFormats()),
        tables(before.tables(), after.tables()));
  }

  /**
   * A removed VUID whose normalized text an added one has, and no other removed one: the
   * same rule re-issued under a new number. Both leave the removed and added lists.
   */
  private static List<Pair> successors(List<VuidFact> removed, List<VuidFact> added) {
    Map<String, List<VuidFact>> addedByText = new TreeMap<>();
    added.forEach(n -> addedByText.computeIfAbsent(collapse(n.text()), k -> new ArrayList<>()).add(n));
    Map<String, Integer> removedPerText = new TreeMap<>();
    removed.forEach(o -> removedPerText.merge(collapse(o.text()), 1, Integer::sum));
    List<Pair> out = new ArrayList<>();
    for (VuidFact o : List.copyOf(removed)) {
      String text = collapse(o.text());
      List<VuidFact> candidates = addedByText.getOrDefault(text, List.of());
      if (candidates.size() == 1 && removedPerText.get(text) == 1) {
        out.add(new Pair(o, candidates.get(0)));
        removed.remove(o);
        added.remove(candidates.get(0));
      }
    }
    return out;
  }

  /** Whitespace runs as one space, ends stripped. */
  static String collapse(String s) {
    return s.replaceAll("\\s+", " ").strip();
  }

  private static EntryChanges entries(Map<String, EntryFact> before, Map<String, EntryFact> after,
      Map<String, Integer> values) {
    List<EntryFact> added = new ArrayList<>();
    List<EntryFact> removed = new ArrayList<>();
    List<EntryChange> renamed = new ArrayList<>();
    List<EntryChange> changed = new ArrayList<>();
    for (EntryFact o : before.values()) {
      EntryFact n = after.get(o.name());
      if (n == null) {
        removed.add(o);
      } else if (!o.enables().equals(n.enables())) {
        changed.add(change(o, n));
      }
    }
    for (EntryFact n : after.values()) {
      if (!before.containsKey(n.name())) {
        added.add(n);
      }
    }
    // Registry renames: one removed and one added name the grammar gives one value.
    for (EntryFact o : List.copyOf(removed)) {
      Integer value = values.get(o.name());
      List<EntryFact> same = value == null ? List.of()
          : added.stream().filter(n -> value.equals(values.get(n.name()))).toList();
      if (same.size() == 1) {
        renamed.add(change(o, same.get(0)));
        removed.remove(o);
        added.remove(same.get(0));
      }
    }
    return new EntryChanges(added, removed, renamed, changed);
  }

  private static EntryChange change(EntryFact o, EntryFact n) {
    SortedSet<String> plus = new TreeSet<>(n.enables());
    plus.removeAll(o.enables());
    SortedSet<String> minus = new TreeSet<>(o.enables());
    minus.removeAll(n.enables());
    return new EntryChange(n.name(), o.name(), plus, minus);
  }

  private static FormatChanges formats(Map<String, FormatFact> before, Map<String, FormatFact> after) {
    List<FormatFact> added = new ArrayList<>();
    List<FormatFact> removed = new ArrayList<>();
    List<Pair2<FormatFact>> changed = new ArrayList<>();
    for (FormatFact o : before.values()) {
      FormatFact n = after.get(o.name());
      if (n == null) {
        removed.add(o);
      } else if (!o.vkFormats().equals(n.vkFormats())) {
        changed.add(new Pair2<>(o, n));
      }
    }
    for (FormatFact n : after.values()) {
      if (!before.containsKey(n.name())) {
        added.add(n);
      }
    }
    return new FormatChanges(added, removed, changed);
  }

  private static TableChanges tables(Map<String, TableFact> before, Map<String, TableFact> after) {
    List<TableFact> added = new ArrayList<>();
    List<TableFact> removed = new ArrayList<>();
    List<TableChange> changed = new ArrayList<>();
    for (Map.Entry<String, TableFact> e : before.entrySet()) {
      TableFact o = e.getValue();
      TableFact n = after.get(e.getKey());
      if (n == null) {
        removed.add(o);
      } else if (!o.header().equals(n.header()) || !o.rows().equals(n.rows())
          || !o.include().equals(n.include())) {
        List<String> plus = rowStrings(n.rows());
        rowStrings(o.rows()).forEach(plus::remove);
        List<String> minus = rowStrings(o.rows());
        rowStrings(n.rows()).forEach(minus::remove);
        changed.add(new TableChange(o, n, !o.header().equals(n.header()), plus, minus));
      }
    }
    for (Map.Entry<String, TableFact> e : after.entrySet()) {
      if (!before.containsKey(e.getKey())) {
        added.add(e.getValue());
      }
    }
    // A table whose conditions changed (variants merged into one, a new guard) keeps its key:
    // each added table is matched with the removed variant of its key closest in rows.
    for (TableFact n : List.copyOf(added)) {
      TableFact best = null;
      int bestDistance = Integer.MAX_VALUE;
      for (TableFact o : removed) {
        if (o.key().equals(n.key())) {
          int distance = rowsOnlyIn(o, n).size() + rowsOnlyIn(n, o).size();
          if (distance < bestDistance) {
            best = o;
            bestDistance = distance;
          }
        }
      }
      if (best != null) {
        removed.remove(best);
        added.remove(n);
        changed.add(new TableChange(best, n, !best.header().equals(n.header()), rowsOnlyIn(n, best), rowsOnlyIn(best, n)));
      }
    }
    return new TableChanges(added, removed, changed);
  }

  /** Rows of {@code a} not in {@code b}, as strings (a multiset difference). */
  private static List<String> rowsOnlyIn(TableFact a, TableFact b) {
    List<String> out = rowStrings(a.rows());
    rowStrings(b.rows()).forEach(out::remove);
    return out;
  }

  /** Rows as strings, a multiset in row order (removal takes the first equal row). */
  private static List<String> rowStrings(List<List<String>> rows) {
    List<String> out = new ArrayList<>();
    for (List<String> r : rows) {
      out.add(String.join(" | ", r));
    }
    return out;
  }
}
