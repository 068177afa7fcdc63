package dev.vkrules.runtime.cli;

import dev.vkrules.runtime.NearNames;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A bad value of an option with a fixed set of values, worded as picocli words it for an enum option. */
final class Choices {
  /** picocli's words for a bad enum value, which {@link #invalid} uses too. */
  private static final Pattern INVALID = Pattern.compile("expected one of \\[([^]]*)\\] \\(case-sensitive\\) but was '(.*)'$");

  private Choices() {}

  /**
   * {@code Invalid value for option '--format': expected one of [text, json] (case-sensitive) but was 'jsno', did
   * you mean json}.
   */
  static String invalid(String option, String value, List<String> allowed) {
    String message = "Invalid value for option '" + option + "': expected one of " + allowed + " (case-sensitive) but was '"
        + value + "'";
    return message + suggest(message);
  }

  /** ", did you mean X" for a message in picocli's wording of a bad enumerated value, when a value is near; else "". */
  static String suggest(String message) {
    Matcher m = INVALID.matcher(message == null ? "" : message);
    if (!m.find()) {
      return "";
    }
    List<String> allowed = Arrays.stream(m.group(1).split(", ")).toList();
    String value = m.group(2);
    // closer than for free-form names: among a few short values a distant one misleads ('xml' is not 'html')
    List<String> near = NearNames.near(value, allowed).stream()
        .filter(n -> !n.equals(value) && NearNames.distance(value, n) <= value.length() / 2).toList();
    if (near.isEmpty()) {
      // a case slip: picocli compares case-sensitively
      near = allowed.stream().filter(a -> a.equalsIgnoreCase(value)).toList();
    }
    return near.isEmpty() ? "" : ", did you mean " + near.get(0);
  }
}
