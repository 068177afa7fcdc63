package dev.vkrules.runtime.cli;

import java.io.PrintWriter;
import picocli.CommandLine;

/**
 * What {@link ValidateCommand} needs from picocli when picocli runs it: its streams and its
 * usage error. Kept apart so that the fast path, which never calls these, loads no picocli class.
 */
final class PicocliStreams {
  private PicocliStreams() {}

  static PrintWriter out(CommandLine.Model.CommandSpec spec) {
    return spec.commandLine().getOut();
  }

  static PrintWriter err(CommandLine.Model.CommandSpec spec) {
    return spec.commandLine().getErr();
  }

  static RuntimeException usage(CommandLine.Model.CommandSpec spec, String message) {
    return new CommandLine.ParameterException(spec.commandLine(), message);
  }
}
