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
 * This holds whether {@code rules/} was extracted from the old tree or already from the new.
 *
 * @param rules the rules directory read, as given, or null when there was none
 */
public record WorkList(String rules, List<Item> stale, List<Item> orphaned, List<VuidFact> unruled) {
  /** One rule file that needs attention. */
  public record Item(String vuid, String file, String status, String detail) {}

  public int size() {
    return stale.size() + orphaned.size() + unruled.size();
  }

  public static WorkList of(SpecDiff diff, SpecFacts after, String rulesDir, List<AuditRule> rules) {
    Map<String, String> renamedTo = new TreeMap<>();
    diff.renamed().forEach(p -> renamedTo.put(p.before().id(), p.after().id()));
    Map<String, String> succeededBy = new TreeMap<>();
    diff.successors().forEach(p -> succeededBy.put(p.before().id(), p.after().id()));
    Map<String, AuditRule> authored = new TreeMap<>();
    List<Item> stale = new ArrayList<>();
    List<Item> orphaned = new ArrayList<>();
    for (AuditRule r : rules) {
      if (!isAuthored(r)) {
        continue;
      }
      authored.put(r.vuid(), r);
      VuidFact now = after.vuids().get(r.vuid());
      if (now == null) {
        String to = renamedTo.get(r.vuid());
        String successor = succeededBy.get(r.vuid());
        orphaned.add(new Item(r.vuid(), r.file(), r.status().label(), to != null
            ? "renamed to " + to + "; move the authored block to its rule file"
            : successor != null
            ? "succeeded by " + successor + " (same text); move the authored block to its rule file"
            : "removed from the spec"));
        continue;
      }
      String reviewed = r.reviewedHash() != null ? r.reviewedHash() : r.hash();
      if (!reviewed.equals(now.hash()) || r.isStale()) {
        stale.add(new Item(r.vuid(), r.file(), r.status().label(),
            "text changed since the authored part was reviewed; review it and update reviewed-hash to "
                + now.hash()));
      }
    }
    List<VuidFact> unruled = new ArrayList<>();
    for (VuidFact v : diff.added()) {
      if (!authored.containsKey(v.id())) {
        unruled.add(v);
      }
    }
    // A successor inherits its predecessor's rule (orphaned above); without one it needs a rule.
    for (SpecDiff.Pair p : diff.successors()) {
      if (!authored.containsKey(p.after().id()) && !authored.containsKey(p.before().id())) {
        unruled.add(p.after());
      }
    }
    return new WorkList(rulesDir, stale, orphaned, unruled);
  }

  static boolean isAuthored(AuditRule r) {
    return r.status() != Status.TODO || r.validExamples() + r.invalidExamples() > 0 || r.reviewedHash() != null;
  }
}
