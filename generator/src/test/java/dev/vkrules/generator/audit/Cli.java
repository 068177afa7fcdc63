package dev.vkrules.generator.audit;

import dev.vkrules.generator.GeneratorException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine;

/** Runs a generator subcommand as {@code vkrules} would, capturing its output. */
final class Cli {
  record Result(int exit, String out, String err) {}

  private Cli() {}

  static Result run(Object command, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cl = new CommandLine(command);
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    // The same contract as dev.vkrules.runtime.cli.Main: one line, exit 2, no stack trace.
    cl.setExecutionExceptionHandler((ex, c, parsed) -> {
      if (!(ex instanceof GeneratorException)) {
        throw ex;
      }
      c.getErr().println("vkrules: " + ex.getMessage());
      return 2;
    });
    int exit = cl.execute(args);
    return new Result(exit, out.toString(), err.toString());
  }

  /** The project root: the nearest directory upwards that holds spec-sources/spirvenv.adoc. */
  static Path root() {
    Path p = Path.of("").toAbsolutePath();
    while (p != null && !Files.isRegularFile(p.resolve("spec-sources/spirvenv.adoc"))) {
      p = p.getParent();
    }
    if (p == null) {
      throw new IllegalStateException("project root not found above " + Path.of("").toAbsolutePath());
    }
    return p;
  }
}
