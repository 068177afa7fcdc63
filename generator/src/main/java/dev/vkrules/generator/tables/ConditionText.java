package dev.vkrules.generator.tables;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A condition key ({@code core}, {@code (A,B)}, {@code !(A+B)}, {@code (A)+!(B)}) in words, as
 * AsciiDoc evaluates it: {@code ifdef::A,B[]} holds when A or B is defined, {@code A+B} when
 * both are; {@code ifndef::A,B[]} when neither is, {@code ifndef::A+B[]} when not both are.
 * Version attributes read as "Vulkan 1.2"; extensions keep their names.
 */
public final class ConditionText {
  private static final Pattern PART = Pattern.compile("(!?)\\(([^()]*)\\)|eval\\(([^()]*)\\)");
  private static final Pattern VERSION = Pattern.compile("VK_(?:API_)?VERSION_(\\d+)_(\\d+)");

  private ConditionText() {}

  /** "always" for {@code core}, else "when ..." (a key it cannot read is returned as written). */
  public static String words(String key) {
    if (key.equals("core") || key.isEmpty()) {
      return "always";
    }
    List<String> clauses = new ArrayList<>();
    Matcher m = PART.matcher(key);
    int end = 0;
    while (m.find()) {
      if (m.start() != end && !key.substring(end, m.start()).equals("+")) {
        return key;
      }
      clauses.add(m.group(3) != null ? m.group(3) : clause(m.group(1).equals("!"), m.group(2)));
      end = m.end();
    }
    if (end != key.length() || clauses.isEmpty()) {
      return key;
    }
    return "when " + String.join(" and ", clauses);
  }

  private static String clause(boolean negated, String expression) {
    boolean all = expression.contains("+");
    List<String> names = Arrays.stream(expression.split("[,+]")).filter(s -> !s.isEmpty()).map(ConditionText::name)
        .toList();
    if (names.size() == 1) {
      return names.get(0) + (negated ? " is not supported" : " is supported");
    }
    String list = String.join(", ", names.subList(0, names.size() - 1)) + (all ? " and " : " or ")
        + names.get(names.size() - 1);
    if (!negated) {
      return list + (all ? " are supported" : " is supported");
    }
    return all ? list + " are not all supported"
        : "neither " + String.join(" nor ", names) + " is supported";
  }

  static String name(String attribute) {
    Matcher v = VERSION.matcher(attribute);
    return v.matches() ? "Vulkan " + v.group(1) + "." + v.group(2) : attribute;
  }
}
