package dev.vkrules.runtime.cli;

import java.util.List;

/** A bad value of an option with a fixed set of values, worded as picocli words it for an enum option. */
final class Choices {
  private Choices() {}

  /** {@code Invalid value for option '--format': expected one of [text, json] (case-sensitive) but was 'xml'}. */
  static String invalid(String option, String value, List<String> allowed) {
    return "Invalid value for option '" + option + "': expected one of " + allowed + " (case-sensitive) but was '" + value + "'";
  }
}
