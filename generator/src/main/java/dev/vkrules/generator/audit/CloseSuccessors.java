package dev.vkrules.generator.audit;

import dev.vkrules.generator.audit.SpecFacts.VuidFact;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Pairs removed VUIDs with added ones whose text is close: the same rule re-issued under a new
 * number with its text changed (a split-barrier instruction added to a list, "declares" become
 * "dynamically accesses").
 *
 * <p>Similarity is word-level: {@code 1 - changed / (words before + words after)}, where
 * {@code changed} counts the words the word diff ({@link WordDiff}) removes and adds; 1 is the
 * same words, 0 none in common. A pair needs {@value #SAME_NAME} when both VUIDs have the same
 * name part ({@code MeshEXT} in {@code VUID-RuntimeSpirv-MeshEXT-10883}, {@code None} aside),
 * else {@value #OTHER_NAME}. Both figures come from the releases 1.3.239 → 1.4.335 and 1.4.335 →
 * 1.4.357 (docs/audit.md): every pair read as a real successor scored at least 0.609 with a
 * shared name and 0.836 without; the closest pairs read as unrelated or as one rule split in
 * two scored 0.600 and 0.602, with other names.
 *
 * <p>Pairs are taken best first, each VUID in at most one; equally close candidates are ordered
 * same name part first, then same section, then by old and new VUID.
 */
final class CloseSuccessors {
  /** The least similarity of a pair whose VUIDs share their name part. */
  static final double SAME_NAME = 0.6;
  /** The least similarity of any other pair. */
  static final double OTHER_NAME = 0.75;

  private CloseSuccessors() {}

  /** A removed VUID, its close successor, and how close their texts are (0–1). */
  record Candidate(VuidFact before, VuidFact after, double similarity) {
    boolean sameName() {
      String name = name(before);
      return !"None".equals(name) && name.equals(name(after));
    }

    boolean sameSection() {
      return before.section().equals(after.section());
    }
  }

  /**
   * The close successors among {@code removed} and {@code added}, sorted by old VUID; the VUIDs
   * paired leave both lists.
   */
  static List<SpecDiff.ClosePair> pair(List<VuidFact> removed, List<VuidFact> added) {
    List<Candidate> candidates = new ArrayList<>();
    for (VuidFact o : removed) {
      for (VuidFact n : added) {
        Candidate c = candidate(o, n);
        if (c != null) {
          candidates.add(c);
        }
      }
    }
    candidates.sort(Comparator.comparingDouble(Candidate::similarity).reversed()
        .thenComparing(Candidate::sameName, Comparator.reverseOrder())
        .thenComparing(Candidate::sameSection, Comparator.reverseOrder())
        .thenComparing(c -> c.before().id())
        .thenComparing(c -> c.after().id()));
    List<SpecDiff.ClosePair> out = new ArrayList<>();
    for (Candidate c : candidates) {
      if (removed.contains(c.before()) && added.contains(c.after())) {
        removed.remove(c.before());
        added.remove(c.after());
        out.add(new SpecDiff.ClosePair(c.before(), c.after(), c.similarity()));
      }
    }
    out.sort(Comparator.comparing((SpecDiff.ClosePair p) -> p.before().id()));
    return out;
  }

  /** The pair when it is close enough, else null. */
  private static Candidate candidate(VuidFact o, VuidFact n) {
    Candidate shape = new Candidate(o, n, 0);
    double needed = shape.sameName() ? SAME_NAME : OTHER_NAME;
    List<String> a = WordDiff.words(o.text());
    List<String> b = WordDiff.words(n.text());
    if (a.isEmpty() || b.isEmpty() || bound(a, b) < needed) {
      return null;
    }
    double s = similarity(o.text(), n.text());
    return s >= needed ? new Candidate(o, n, s) : null;
  }

  /** Word-level similarity of two texts: 1 for the same words, 0 for none in common. */
  static double similarity(String before, String after) {
    int words = WordDiff.words(before).size() + WordDiff.words(after).size();
    return words == 0 ? 1 : 1 - (double) WordDiff.changedWords(before, after) / words;
  }

  /**
   * An upper bound of {@link #similarity}, without a diff: the words both texts hold (as
   * multisets) bound the words a diff keeps.
   */
  private static double bound(List<String> a, List<String> b) {
    Map<String, Integer> counts = new HashMap<>();
    a.forEach(w -> counts.merge(w, 1, Integer::sum));
    int common = 0;
    for (String w : b) {
      Integer left = counts.get(w);
      if (left != null && left > 0) {
        counts.put(w, left - 1);
        common++;
      }
    }
    return 2.0 * common / (a.size() + b.size());
  }

  /** The name part of a VUID: {@code MeshEXT} of {@code VUID-RuntimeSpirv-MeshEXT-10883}. */
  static String name(VuidFact v) {
    String id = v.id();
    int first = id.indexOf('-', id.indexOf('-') + 1);
    int last = id.lastIndexOf('-');
    return first < 0 || last <= first ? "" : id.substring(first + 1, last);
  }
}
