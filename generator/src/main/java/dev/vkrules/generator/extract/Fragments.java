package dev.vkrules.generator.extract;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/** Finds the conditional fragments inside one VUID item's lines, and what may trail an item. */
final class Fragments {
  private static final Pattern DIRECTIVE = Pattern.compile("^(ifdef|ifndef|ifeval|endif)::.*\\[\\]$");
  private static final Pattern NOISE = Pattern.compile(
      "^(\\s*|//.*|(ifdef|ifndef|endif)::\\S*\\[\\]|ifeval::\\[.*\\]|include::.*\\[.*\\]|[*=_+.-]{4,}|--|\\+|\\|={3,}"
          + "|\\[\\[[^\\]]+\\]\\]|\\[[^\\]]*\\]|\\.[^.\\s].*|:!?[\\w][\\w-]*!?:.*)$");

  private Fragments() {}

  /**
   * The conditions that open inside lines {@code first..last} (beyond those enclosing the
   * anchor line), and the one-line conditionals among those lines, ordered by line.
   */
  static List<Vuid.TextCondition> of(ScannedSource source, int first, int last) {
    int outer = source.stackAt(first).size();
    Map<Condition, List<String>> blocks = new LinkedHashMap<>();
    Map<Condition, Integer> starts = new LinkedHashMap<>();
    List<Vuid.TextCondition> out = new ArrayList<>();
    for (int line = first; line <= last; line++) {
      String text = source.line(line);
      List<Condition> stack = source.stackAt(line);
      boolean directive = DIRECTIVE.matcher(text).matches();
      for (Condition c : stack.subList(Math.min(outer, stack.size()), stack.size())) {
        if (!directive) {
          blocks.computeIfAbsent(c, k -> new ArrayList<>()).add(text);
          starts.putIfAbsent(c, line);
        }
      }
      ScannedSource.InlineCondition inline = source.inlineConditions().get(line);
      if (inline != null) {
        out.add(new Vuid.TextCondition(inline.condition(), line, inline.content()));
      }
    }
    blocks.forEach((c, lines) -> out.add(new Vuid.TextCondition(c, starts.get(c), String.join("\n", lines))));
    out.sort(Comparator.comparingInt(Vuid.TextCondition::line).thenComparingInt(t -> t.condition().line()));
    return out;
  }

  /** Whether 1-based {@code line} is something that cannot end an item's own text. */
  static boolean isTrailingNoise(ScannedSource source, int line) {
    return NOISE.matcher(source.line(line)).matches();
  }
}
