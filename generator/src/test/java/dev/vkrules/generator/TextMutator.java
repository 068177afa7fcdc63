package dev.vkrules.generator;

import java.util.Random;

/**
 * Text-level mutations for the generator's fuzz tests (spec sources, rule files): one to
 * {@code max} edits after {@code from}, each a token inserted, a few characters deleted, a
 * character replaced, or a line dropped, doubled or indented.
 */
public final class TextMutator {
  private TextMutator() {}

  public static String mutate(String text, int from, String[] tokens, int max, Random rnd) {
    StringBuilder b = new StringBuilder(text);
    int n = 1 + rnd.nextInt(max);
    for (int i = 0; i < n && b.length() > from; i++) {
      int at = from + rnd.nextInt(b.length() - from);
      switch (rnd.nextInt(4)) {
        case 0 -> b.insert(at, tokens[rnd.nextInt(tokens.length)]);
        case 1 -> b.delete(at, Math.min(b.length(), at + 1 + rnd.nextInt(8)));
        case 2 -> b.setCharAt(at, (char) (32 + rnd.nextInt(95)));
        default -> {
          int start = b.lastIndexOf("\n", at) + 1;
          int end = b.indexOf("\n", at);
          end = end < 0 ? b.length() : end + 1;
          switch (rnd.nextInt(3)) {
            case 0 -> b.delete(start, end);
            case 1 -> b.insert(start, b.substring(start, end));
            default -> b.insert(start, rnd.nextBoolean() ? "  " : " ");
          }
        }
      }
    }
    return b.toString();
  }
}
