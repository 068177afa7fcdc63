package dev.vkrules.runtime.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code vkrules} command: exit 0 clean, 1 invalid input, 2 usage or tool error. */
@Command(
    name = "vkrules",
    mixinStandardHelpOptions = true,
    versionProvider = Version.class,
    exitCodeOnInvalidInput = Main.EXIT_USAGE,
    exitCodeOnExecutionException = Main.EXIT_USAGE,
    description = "Compiles the Vulkan \"Environment for SPIR-V\" rules into validators and runs them.",
    subcommands = {CommandLine.HelpCommand.class, AssembleCommand.class, DisassembleCommand.class})
public final class Main implements Runnable {
  /** Exit code for usage and tool errors (bad arguments, unreadable files). */
  public static final int EXIT_USAGE = 2;

  /** Exit code for invalid input (a malformed module or assembly text). */
  public static final int EXIT_INVALID = 1;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "missing subcommand");
  }

  public static void main(String[] args) {
    System.exit(execute(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
  }

  /** Runs the command line with the given streams; used by tests. */
  public static int execute(String[] args, PrintWriter out, PrintWriter err) {
    CommandLine cl = commandLine();
    cl.setOut(out);
    cl.setErr(err);
    String missing = Subcommands.missing(cl, args);
    if (missing != null) {
      err.println(missing);
      return EXIT_USAGE;
    }
    return cl.execute(args);
  }

  static CommandLine commandLine() {
    CommandLine cl = new CommandLine(new Main());
    cl.addSubcommand(new ValidateCommand());
    cl.addSubcommand(new ProfileCheckCommand());
    Subcommands.addProvided(cl);
    // Bad input is a one-line message, never a stack trace.
    cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
      commandLine.getErr().println("vkrules: " + (ex.getMessage() == null ? ex.toString() : ex.getMessage()));
      return EXIT_USAGE;
    });
    return cl;
  }
}
