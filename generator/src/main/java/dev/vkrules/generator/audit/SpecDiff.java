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
 * rule renamed (its anchor name changed); the others were removed or added. A matched pair
 * (renamed ones included) is reworded when the hash of its normalized plain text changed,
 * markup-only when only its AsciiDoc source changed (anchor aside), and condition-changed
 * when the ifdef/ifndef stack around it or the conditions inside its text changed; a VUID can
 * be both reworded and condition-changed.
 */
public record SpecDiff(
    List<VuidFact> added,
    List<VuidFact> removed,
    List<Pair> renamed,
    List<Pair> reworded,
    List<Pair> markupOnly,
    List<Pair> conditionChanged,
    EntryChanges capabilities,
    EntryChanges extensions,
    FormatChanges imageFormats,
    TableChanges tables) {

  /** The same rule in the old and the new tree. */
  public record Pair(VuidFact before, VuidFact after) {}

  /** Capabilities or extensions added, removed, or with other enables. */
  public record EntryChanges(List<EntryFact> added, List<EntryFact> removed, List<EntryChange> changed) {
    public int size() {
      return added.size() + removed.size() + changed.size();
    }
  }

  /** One capability or extension whose requirements changed. */
  public record EntryChange(String name, SortedSet<String> enablesAdded, SortedSet<String> enablesRemoved) {}

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
    return added.isEmpty() && removed.isEmpty() && renamed.isEmpty() && reworded.isEmpty()
        && markupOnly.isEmpty() && conditionChanged.isEmpty() && capabilities.size() == 0
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
    added.sort(Comparator.comparing(VuidFact::id));
    matched.sort(Comparator.comparing((Pair p) -> p.after().id()));
    List<Pair> reworded = new ArrayList<>();
    List<Pair> markup = new ArrayList<>();
    List<Pair> conditions = new ArrayList<>();
    for (Pair p : matched) {
      if (!p.before().hash().equals(p.after().hash())) {
        reworded.add(p);
      } else if (!p.before().markup().equals(p.after().markup())) {
        markup.add(p);
      }
      if (!p.before().condition().equals(p.after().condition())
          || !p.before().textConditions().equals(p.after().textConditions())) {
        conditions.add(p);
      }
    }
    return new SpecDiff(added, removed, renamed, reworded, markup, conditions,
        entries(before.capabilities(), after.capabilities()),
        entries(before.extensions(), after.extensions()),
        formats(before.imageFormats(), after.imageFormats()),
        tables(before.tables(), after.tables()));
  }

  private static EntryChanges entries(Map<String, EntryFact> before, Map<String, EntryFact> after) {
    List<EntryFact> added = new ArrayList<>();
    List<EntryFact> removed = new ArrayList<>();
    List<EntryChange> changed = new ArrayList<>();
    for (EntryFact o : before.values()) {
      EntryFact n = after.get(o.name());
      if (n == null) {
        removed.add(o);
      } else if (!o.enables().equals(n.enables())) {
        SortedSet<String> plus = new TreeSet<>(n.enables());
        plus.removeAll(o.enables());
        SortedSet<String> minus = new TreeSet<>(o.enables());
        minus.removeAll(n.enables());
        changed.add(new EntryChange(o.name(), plus, minus));
      }
    }
    for (EntryFact n : after.values()) {
      if (!before.containsKey(n.name())) {
        added.add(n);
      }
    }
    return new EntryChanges(added, removed, changed);
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
    return new TableChanges(added, removed, changed);
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
