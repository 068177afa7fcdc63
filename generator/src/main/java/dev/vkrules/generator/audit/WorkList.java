package dev.vkrules.generator.audit;

import dev.vkrules.generator.audit.SpecFacts.VuidFact;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a spec update leaves to do in the project's rules: authored rules whose VUID text
 * changed (stale) or whose VUID is gone or renamed (orphaned), and new VUIDs with no
 * authored rule yet.
 *
 * <p>A rule counts as authored when its status is not {@code todo}, or it has examples or a
 * reviewed hash. Staleness is decided against the new tree: the rule's reviewed hash (or,
 * lacking one, the hash its file was extracted with) differs from the new text's hash.
 * This holds whether {@code rules/} was extracted from the old tree or already from the new
 * (then a VUID that left the spec has its rule under {@code retired/}; when a VUID has both an
 * active and a retired rule file, the active one is read). A retired rule whose VUID is in neither
 * tree left the spec in an earlier update and is no work of this one.
 *
 * @param rules the rules directory read, for display (relative), or null when there was none
 */
public record WorkList(String rules, List<Item> stale, List<Item> orphaned, List<VuidFact> unruled) {
  /**
   * One rule file that needs attention.
   *
   * @param moveTo the VUID the authored block moves to (renamed, succeeded or closely
   *     succeeded), or null
   */
  public record Item(String vuid, String file, String status, String detail, String moveTo) {}

  public int size() {
    return stale.size() + orphaned.size() + unruled.size();
  }

  public static WorkList of(SpecDiff diff, SpecFacts after, String rulesDir, List<AuditRule> rules) {
    Map<String, String> renamedTo = new TreeMap<>();
    diff.renamed().forEach(p -> renamedTo.put(p.before().id(), p.after().id()));
    Map<String, String> succeededBy = new TreeMap<>();
    diff.successors().forEach(p -> succeededBy.put(p.before().id(), p.after().id()));
    Map<String, SpecDiff.ClosePair> closelySucceededBy = new TreeMap<>();
    diff.closeSuccessors().forEach(p -> closelySucceededBy.put(p.before().id(), p));
    Map<String, AuditRule> authored = new TreeMap<>();
    for (AuditRule r : rules) {
      if (isAuthored(r) && (!r.retired() || !authored.containsKey(r.vuid()))) {
        authored.put(r.vuid(), r);
      }
    }
    java.util.Set<String> removed = new java.util.TreeSet<>();
    diff.removed().forEach(v -> removed.add(v.id()));
    List<Item> stale = new ArrayList<>();
    List<Item> orphaned = new ArrayList<>();
    for (AuditRule r : authored.values()) {
      VuidFact now = after.vuids().get(r.vuid());
      if (now == null) {
        String to = renamedTo.get(r.vuid());
        String successor = succeededBy.get(r.vuid());
        SpecDiff.ClosePair close = closelySucceededBy.get(r.vuid());
        if (r.retired() && to == null && successor == null && close == null && !removed.contains(r.vuid())) {
          // retired by an earlier update: its VUID is in neither tree, so this update leaves no work on it
          continue;
        }
        String target = to != null ? to : successor != null ? successor : close != null ? close.after().id() : null;
        String detail = to != null
            ? "renamed to " + to + "; move the authored block to its rule file"
            : successor != null
            ? "succeeded by " + successor + " (same text); move the authored block to its rule file"
            : close != null
            ? "move to " + close.after().id() + " (close successor, similarity "
                + DiffText.similarity(close.similarity()) + "): move the authored block to its rule file, review it "
                + "against the changed text and set reviewed-hash to " + close.after().hash()
            : "removed from the spec";
        if (target != null && authored.containsKey(target)) {
          detail = "its successor " + target + " has an authored rule already; check that it holds this block's "
              + "work, then delete this file";
        }
        orphaned.add(new Item(r.vuid(), r.file(), r.status().label(), detail, target));
        continue;
      }
      String reviewed = r.reviewedHash() != null ? r.reviewedHash() : r.hash();
      if (!reviewed.equals(now.hash()) || r.isStale()) {
        stale.add(new Item(r.vuid(), r.file(), r.status().label(),
            "text changed since the authored part was reviewed; review it and update reviewed-hash to "
                + now.hash(), null));
      }
    }
    List<VuidFact> unruled = new ArrayList<>();
    for (VuidFact v : diff.added()) {
      if (!authored.containsKey(v.id())) {
        unruled.add(v);
      }
    }
    // A successor inherits its predecessor's rule (orphaned above); without one it needs a rule.
    List<SpecDiff.Pair> successors = new ArrayList<>(diff.successors());
    diff.closeSuccessors().forEach(p -> successors.add(new SpecDiff.Pair(p.before(), p.after())));
    for (SpecDiff.Pair p : successors) {
      if (!authored.containsKey(p.after().id()) && !authored.containsKey(p.before().id())) {
        unruled.add(p.after());
      }
    }
    unruled.sort(java.util.Comparator.comparing(VuidFact::id));
    return new WorkList(rulesDir, stale, orphaned, unruled);
  }

  static boolean isAuthored(AuditRule r) {
    return r.status() != Status.TODO || r.validExamples() + r.invalidExamples() > 0 || r.reviewedHash() != null;
  }
}
