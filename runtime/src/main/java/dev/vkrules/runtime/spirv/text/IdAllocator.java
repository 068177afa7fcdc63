package dev.vkrules.runtime.spirv.text;

import dev.vkrules.runtime.spirv.text.Lexer.Token;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Gives every id name a number: {@code %12} is 12; other names take the lowest numbers not
 * written numerically anywhere, in order of first appearance.
 */
final class IdAllocator {
  private IdAllocator() {}

  /** Fills {@code ids} and returns the largest id. */
  static long assign(List<Token> idTokens, Map<String, Long> ids) throws AssemblyException {
    TreeSet<Long> numeric = new TreeSet<>();
    long max = 0;
    for (Token t : idTokens) {
      String name = t.text();
      if (isNumber(name)) {
        long v;
        try {
          v = Long.parseLong(name);
        } catch (NumberFormatException e) {
          v = -1;
        }
        if (v <= 0 || v >= 0xffffffffL) {
          throw new AssemblyException("id %" + name + " is not in 1..4294967294", t.line(), t.column());
        }
        ids.put(name, v);
        numeric.add(v);
        max = Math.max(max, v);
      }
    }
    // Small numeric ids are marked in a bit set; the search for free numbers stays linear.
    BitSet taken = new BitSet();
    for (long v : numeric.headSet((long) idTokens.size() + 2)) {
      taken.set((int) v);
    }
    int cursor = 1;
    for (Token t : idTokens) {
      if (!ids.containsKey(t.text())) {
        cursor = taken.nextClearBit(cursor);
        taken.set(cursor);
        ids.put(t.text(), (long) cursor);
        max = Math.max(max, cursor);
      }
    }
    return max;
  }

  private static boolean isNumber(String s) {
    for (int i = 0; i < s.length(); i++) {
      if (s.charAt(i) < '0' || s.charAt(i) > '9') {
        return false;
      }
    }
    return !s.isEmpty();
  }
}
