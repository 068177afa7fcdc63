package dev.vkrules.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.runtime.cli.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** With the tools module on the class path, the runtime's Main finds its commands through ServiceLoader. */
class ToolsCommandsTest {
  @Test
  void everyProvidedCommandAnswersHelp() {
    List<Object> commands = new ToolsCommands().commands();
    assertTrue(commands.size() >= 5, commands.toString());
    for (Object command : commands) {
      String name = command.getClass().getAnnotation(CommandLine.Command.class).name();
      StringWriter out = new StringWriter();
      StringWriter err = new StringWriter();
      int exit = Main.execute(new String[] {name, "--help"}, new PrintWriter(out, true), new PrintWriter(err, true));
      assertEquals(0, exit, name + ": " + err);
      assertTrue(out.toString().startsWith("Usage: vkrules " + name), out.toString());
    }
  }

  /**
   * The top-level help lists every command with a one-sentence summary, shown whole: the first
   * element of the command's description, one sentence ending in a period, and the listing
   * carries all of it (picocli shows only the first element, so a summary split over two
   * elements would be cut mid-sentence).
   */
  @Test
  void topLevelHelpGivesEachCommandOneWholeSentence() {
    StringWriter out = new StringWriter();
    int exit = Main.execute(new String[] {"--help"}, new PrintWriter(out, true), new PrintWriter(new StringWriter(), true));
    assertEquals(0, exit);
    String help = out.toString();
    String listing = help.substring(help.indexOf("Commands:") + "Commands:".length());
    java.util.Map<String, String> shown = new java.util.LinkedHashMap<>();
    String current = null;
    for (String line : listing.lines().toList()) {
      java.util.regex.Matcher m = java.util.regex.Pattern.compile("^  (\\S+)\\s+(.*)$").matcher(line);
      if (m.matches()) {
        current = m.group(1);
        shown.put(current, m.group(2).strip());
      } else if (current != null && !line.isBlank()) {
        shown.merge(current, line.strip(), (a, b) -> a + " " + b);
      }
    }
    assertTrue(shown.keySet().containsAll(List.of("validate", "profile-check", "tables", "extract", "diff", "coverage")),
        shown.toString());
    for (var e : shown.entrySet()) {
      if (e.getKey().equals("help")) {
        continue;  // picocli's own
      }
      String summary = e.getValue();
      assertTrue(summary.endsWith("."), e.getKey() + " cut: " + summary);
      assertEquals(1, summary.split("\\.\\s+[A-Z]").length, e.getKey() + " is more than one sentence: " + summary);
      assertTrue(summary.length() <= 90, e.getKey() + " is not a summary (" + summary.length() + " characters): " + summary);
    }
  }

  /**
   * A --format typo is worded one way by every command that has the option: picocli's own
   * wording for an enum option, with the command's values.
   */
  @Test
  void formatTyposAreWordedOneWayEverywhere() {
    java.util.regex.Pattern shape = java.util.regex.Pattern.compile(
        "vkrules: Invalid value for option '--format': expected one of \\[[a-z-]+(, [a-z-]+)+\\] \\(case-sensitive\\) but was 'xml'");
    String profile = java.nio.file.Path.of("..", "spec-sources", "profiles", "VP_KHR_roadmap_2022.json").toString();
    List<String[]> calls = List.of(
        new String[] {"validate", "--format", "xml", "../examples/shaders"},
        new String[] {"profile-check", "--profile", profile, "--format", "xml"},
        new String[] {"tables", "--rules", "../rules", "--format", "xml"},
        new String[] {"coverage", "--format", "xml"},
        new String[] {"diff", "--format", "xml", "../spec-sources", "../spec-sources"},
        new String[] {"extract", "--format", "xml", "--spec", "../spec-sources", "--out", "../target/never"});
    for (String[] call : calls) {
      StringWriter err = new StringWriter();
      int exit = Main.execute(call, new PrintWriter(new StringWriter(), true), new PrintWriter(err, true));
      assertEquals(2, exit, String.join(" ", call) + ": " + err);
      String first = err.toString().lines().findFirst().orElse("");
      assertTrue(shape.matcher(first).matches(), String.join(" ", call) + ": " + first);
    }
  }
}
