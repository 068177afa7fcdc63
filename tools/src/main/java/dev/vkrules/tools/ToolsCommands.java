package dev.vkrules.tools;

import dev.vkrules.generator.cli.GeneratorCommands;
import dev.vkrules.runtime.cli.CommandProvider;
import java.util.ArrayList;
import java.util.List;

/** The maintainers' subcommands (extract, diff, coverage, tables, rule-check) and install, registered in META-INF/services. */
public final class ToolsCommands implements CommandProvider {
  @Override
  public List<Object> commands() {
    List<Object> commands = new ArrayList<>(GeneratorCommands.commands(new ProfileTables()));
    commands.add(new RuleCheckCommand());
    commands.add(new InstallCommand());
    return commands;
  }
}
