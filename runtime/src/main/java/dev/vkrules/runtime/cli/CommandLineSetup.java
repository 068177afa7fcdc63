package dev.vkrules.runtime.cli;

import picocli.CommandLine;

/**
 * Picocli's side of {@link Main}: the subcommands and error handlers, and the missing-subcommand
 * error. Apart from Main because of the AOT cache: picocli's classes (compiled for Java 5) are not
 * kept in it, so a cached class whose bytecode the verifier must check against a picocli type
 * (an exception thrown, a provider passed) makes the JVM load them from the jar while it starts,
 * on every run, even a {@code validate} that never reaches picocli. Only this class has such
 * bytecode, and only the picocli path loads it.
 */
final class CommandLineSetup {
  private CommandLineSetup() {}

  static void missingSubcommand(CommandLine.Model.CommandSpec spec) {
    throw new CommandLine.ParameterException(spec.commandLine(), "missing subcommand");
  }

  /**
   * ", did you mean X" for an unknown option or subcommand (picocli's own suggestions: the names
   * of the command that failed, by similarity), or nothing. A bad enumerated value gets its near
   * value from {@link Choices#suggest}, which reads picocli's wording of that error.
   */
  static String suggestion(CommandLine.ParameterException ex) {
    if (ex instanceof CommandLine.UnmatchedArgumentException u) {
      java.util.List<String> s = u.getSuggestions();
      return s.isEmpty() ? "" : ", did you mean " + String.join(" or ", s.subList(0, Math.min(3, s.size())));
    }
    return Choices.suggest(ex.getMessage());
  }

  /** Adds the subcommands and the error handlers: one line per error, never a stack trace. */
  static CommandLine configure(CommandLine cl, ValidateCommand validate) {
    cl.addSubcommand(validate);
    cl.addSubcommand(new ProfileCheckCommand());
    Subcommands.addProvided(cl);
    // Set after the subcommands are added: both apply to the hierarchy present at this call.
    // A path option is the bytes the system gave, UTF-8 or not (Names).
    cl.registerConverter(java.nio.file.Path.class, Names::path);
    cl.setDefaultValueProvider(ProjectPaths.fromSystemProperty());
    // A usage error is one line and a hint, not the whole usage text.
    cl.setParameterExceptionHandler((ex, args) -> {
      CommandLine failed = ex.getCommandLine();
      failed.getErr().println("vkrules: " + ex.getMessage() + suggestion(ex));
      failed.getErr().println("try '" + failed.getCommandSpec().qualifiedName() + " --help'");
      return Main.EXIT_USAGE;
    });
    // Bad input is a one-line message, never a stack trace.
    cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
      commandLine.getErr().println("vkrules: " + ErrorText.of(ex));
      return Main.EXIT_USAGE;
    });
    return cl;
  }
}
