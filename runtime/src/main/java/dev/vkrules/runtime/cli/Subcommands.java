package dev.vkrules.runtime.cli;

import java.util.ServiceLoader;
import java.util.Set;
import picocli.CommandLine;

/** Adds the subcommands that {@link CommandProvider}s offer, and explains the missing ones in one line. */
final class Subcommands {
  /** The commands the tools module provides; named here so a runtime-only install can say how to get them. */
  static final Set<String> TOOLS = Set.of("extract", "diff", "coverage", "tables", "rule-check");

  static final String HOW_TO_GET = "needs the generator, which this runtime-only jar leaves out: run ./vkrules from"
      + " a source checkout, or put the tools jar and its dependencies on the class path";

  private Subcommands() {}

  /** Adds every provided command; returns true when at least one provider was found. */
  static boolean addProvided(CommandLine cl) {
    boolean found = false;
    for (CommandProvider provider : ServiceLoader.load(CommandProvider.class)) {
      found = true;
      for (Object command : provider.commands()) {
        cl.addSubcommand(command);
      }
    }
    if (!found) {
      cl.getCommandSpec().usageMessage().footer("", String.join(", ", TOOLS.stream().sorted().toList())
          + ": " + HOW_TO_GET + ".");
    }
    return found;
  }

  /** The one-line message for a tools command that is not on the class path, or null. */
  static String missing(CommandLine cl, String[] args) {
    if (args.length == 0 || !TOOLS.contains(args[0]) || cl.getSubcommands().containsKey(args[0])) {
      return null;
    }
    return "vkrules: '" + args[0] + "' " + HOW_TO_GET;
  }

}
