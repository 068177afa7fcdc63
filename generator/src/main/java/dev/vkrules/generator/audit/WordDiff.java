package dev.vkrules.generator.audit;

import com.github.difflib.DiffUtils;
import com.github.difflib.patch.AbstractDelta;
import com.github.difflib.patch.Patch;
import java.util.Arrays;
import java.util.List;

/**
 * A word-level diff of two texts, so a one-word rewording shows as that word: the words of
 * both texts are compared with java-diff-utils (Myers) and rendered inline the way
 * {@code git diff --word-diff} does, {@code [-removed-]{+added+}} among the common words.
 */
public final class WordDiff {
  private WordDiff() {}

  /** {@code before} and {@code after} merged, changes marked; whitespace becomes one space. */
  public static String inline(String before, String after) {
    List<String> a = words(before);
    List<String> b = words(after);
    Patch<String> patch = DiffUtils.diff(a, b);
    StringBuilder sb = new StringBuilder();
    int next = 0;
    for (AbstractDelta<String> delta : patch.getDeltas()) {
      int at = delta.getSource().getPosition();
      append(sb, String.join(" ", a.subList(next, at)));
      if (!delta.getSource().getLines().isEmpty()) {
        append(sb, "[-" + String.join(" ", delta.getSource().getLines()) + "-]");
      }
      if (!delta.getTarget().getLines().isEmpty()) {
        // Removed and added words of one change sit together, as git prints them.
        String added = "{+" + String.join(" ", delta.getTarget().getLines()) + "+}";
        if (delta.getSource().getLines().isEmpty()) {
          append(sb, added);
        } else {
          sb.append(added);
        }
      }
      next = at + delta.getSource().size();
    }
    append(sb, String.join(" ", a.subList(next, a.size())));
    return sb.toString();
  }

  /** How many words changed (removed plus added). */
  public static int changedWords(String before, String after) {
    return DiffUtils.diff(words(before), words(after)).getDeltas().stream()
        .mapToInt(d -> d.getSource().size() + d.getTarget().size()).sum();
  }

  /** The words of a text: its whitespace-separated runs. */
  static List<String> words(String text) {
    String s = text.strip();
    return s.isEmpty() ? List.of() : Arrays.asList(s.split("\\s+"));
  }

  private static void append(StringBuilder sb, String part) {
    if (part.isEmpty()) {
      return;
    }
    if (sb.length() > 0) {
      sb.append(' ');
    }
    sb.append(part);
  }
}
