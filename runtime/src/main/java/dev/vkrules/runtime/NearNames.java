package dev.vkrules.runtime;

import java.util.ArrayList;
import java.util.List;

/** Near names of a misspelt one (edit distance), for messages: a pipeline member, a VUID. */
public final class NearNames {
  private NearNames() {}

  /** Up to three names of {@code candidates} nearest to {@code wrong} (edit distance), nearest first. */
  public static List<String> near(String wrong, Iterable<String> candidates) {
    List<String[]> scored = new ArrayList<>();
    int most = Math.max(3, wrong.length() / 3);
    for (String c : candidates) {
      // the lengths alone tell a name too far (a megabyte of text is near no name, and costs nothing)
      if (Math.abs(wrong.length() - c.length()) > most) {
        continue;
      }
      int d = distance(wrong, c);
      if (d <= most) {
        scored.add(new String[] {String.format("%06d", d), c});
      }
    }
    scored.sort((a, b) -> { // not Comparator's combinators: see engine.Findings.ORDER
      int c = a[0].compareTo(b[0]);
      return c != 0 ? c : a[1].compareTo(b[1]);
    });
    return scored.stream().limit(3).map(a -> a[1]).toList();
  }

  /** "; near: A, B" (the nearest names) or nothing, to end a message about a misspelt name. */
  public static String text(String wrong, Iterable<String> candidates) {
    List<String> n = near(wrong, candidates);
    return n.isEmpty() ? "" : "; near: " + String.join(", ", n);
  }

  /** The edit distance (Levenshtein) between two names. */
  public static int distance(String a, String b) {
    int[] prev = new int[b.length() + 1];
    int[] cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      cur[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.length()];
  }
}
