package dev.vkrules.generator.rules;

import java.util.Collection;
import java.util.Locale;

/** "Did you mean" suggestions for misspelt names in rule files. */
public final class Suggest {
  private Suggest() {}

  /** {@code ", did you mean X"} when a candidate is close to {@code name}, else "". */
  public static String didYouMean(String name, Collection<String> candidates) {
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    String lower = name.toLowerCase(Locale.ROOT);
    for (String c : candidates) {
      int d = distance(lower, c.toLowerCase(Locale.ROOT));
      // Deterministic tie-break: the first in the (sorted) candidate order wins.
      if (d < bestDistance) {
        best = c;
        bestDistance = d;
      }
    }
    int allowed = Math.max(2, name.length() / 3);
    return best != null && bestDistance <= allowed ? ", did you mean " + best : "";
  }

  static int distance(String a, String b) {
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
