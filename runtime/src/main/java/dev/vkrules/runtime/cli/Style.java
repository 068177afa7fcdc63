package dev.vkrules.runtime.cli;

import java.io.Console;
import java.lang.reflect.Method;

/**
 * Colour in text output, as compilers print it: bold locations, red "error:", cyan "note:", a
 * green caret. Only on a terminal, never when {@code NO_COLOR} is set (https://no-color.org) or
 * {@code TERM=dumb}.
 */
record Style(boolean colour) {
  static final Style PLAIN = new Style(false);

  /** Colour when standard output is a terminal and the environment allows it. */
  static Style forTerminal() {
    String noColor = System.getenv("NO_COLOR");
    if (noColor != null && !noColor.isEmpty() || "dumb".equals(System.getenv("TERM"))) {
      return PLAIN;
    }
    return new Style(interactive());
  }

  /** Whether standard input and output are a terminal (Java 22+ says so through Console.isTerminal). */
  private static boolean interactive() {
    Console c = System.console();
    if (c == null) {
      return false;
    }
    try {
      Method isTerminal = Console.class.getMethod("isTerminal");
      return (Boolean) isTerminal.invoke(c);
    } catch (ReflectiveOperationException e) {
      return true; // before Java 22 a console exists only on a terminal
    }
  }

  String bold(String s) {
    return colour ? "\u001b[1m" + s + "\u001b[0m" : s;
  }

  String error(String s) {
    return colour ? "\u001b[1;31m" + s + "\u001b[0m" : s;
  }

  String note(String s) {
    return colour ? "\u001b[1;36m" + s + "\u001b[0m" : s;
  }

  String warning(String s) {
    return colour ? "\u001b[1;35m" + s + "\u001b[0m" : s;
  }

  String caret(String s) {
    return colour ? "\u001b[1;32m" + s + "\u001b[0m" : s;
  }
}
