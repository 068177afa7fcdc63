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
}
