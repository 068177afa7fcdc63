package dev.vkrules.runtime.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * {@code vkrules validate} without picocli, for the common command lines of a build: picocli
 * builds its model of every command by reflection over their annotations, which costs more
 * than validating a small module. This parser knows a few options of {@link ValidateCommand}
 * and fills the same fields picocli would; for anything else ({@code --help}, {@code --matrix},
 * an option it does not know, a repeated option, an {@code @file}, {@code --}, a value it cannot
 * read) it returns null and {@link Main} runs picocli, so an option added to ValidateCommand can
 * never be parsed differently here: it is picocli's until it is added below.
 * {@code FastValidateTest} checks that both parse a shared set of argument lists alike, and that
 * every option picocli knows is either parsed alike here or left to picocli.
 */
final class FastValidate {
  /** Options taking one value ({@code --name VALUE} or {@code --name=VALUE}). */
  static final Set<String> VALUES = Set.of("--target-env", "--format", "--max-findings-per-rule", "--fail-on",
      "--profile", "--files-from", "--pipeline", "--module-time-limit", "--ignore", "--spec-constant", "--config",
      "--baseline", "--write-baseline", "--preset", "--cache");

  /** Of {@link #VALUES}, those given any number of times. */
  private static final Set<String> REPEATABLE = Set.of("--profile", "--pipeline", "--ignore", "--spec-constant",
      "--fail-on");

  /** Options without a value. */
  static final Set<String> FLAGS = Set.of("--verbose", "--all-findings", "--allow-empty", "-0", "--null",
      "--no-config", "--show-undecided", "-q", "--quiet");

  private FastValidate() {}

  /** Runs {@code args} when this parser reads them all; null when picocli must. */
  static Integer run(String[] args, PrintWriter out, PrintWriter err) {
    ValidateCommand command = parse(args);
    if (command == null) {
      return null;
    }
    try {
      return command.call(out, err);
    } catch (ValidateCommand.UsageError e) {
      // as Main's picocli handler prints a usage error
      out.flush();
      err.println("vkrules: " + e.getMessage());
      err.println("try 'vkrules validate --help'");
      return Main.EXIT_USAGE;
    } catch (RuntimeException e) {
      return failed(e, out, err);
    }
  }

  /** A fast path's command that threw: reported as Main's execution-exception handler reports it. */
  static int failed(RuntimeException e, PrintWriter out, PrintWriter err) {
    out.flush();
    err.println("vkrules: " + ErrorText.of(e));
    return Main.EXIT_USAGE;
  }

  /** The command {@code args} ({@code validate ...}) describe, or null when picocli must read them. */
  static ValidateCommand parse(String[] args) {
    if (args.length < 2 || !args[0].equals("validate")) {
      return null;
    }
    ValidateCommand c = new ValidateCommand();
    Set<String> seen = new HashSet<>();
    List<String> files = new ArrayList<>();
    for (int i = 1; i < args.length; i++) {
      String a = args[i];
      if (a.equals("-") || !a.startsWith("-") && !a.startsWith("@")) {
        files.add(a);
        continue;
      }
      int eq = a.indexOf('=');
      String name = eq > 0 ? a.substring(0, eq) : a;
      // picocli rejects a single-value option or a flag given twice (-q and --quiet are one option)
      if (!seen.add(name.equals("-q") ? "--quiet" : name) && !REPEATABLE.contains(name)) {
        return null;
      }
      if (FLAGS.contains(name)) {
        if (eq > 0) {
          return null;
        }
        switch (name) {
          case "--verbose" -> c.verbose = true;
          case "--all-findings" -> c.allFindings = true;
          case "--allow-empty" -> c.allowEmpty = true;
          case "--no-config" -> c.noConfig = true;
          case "--show-undecided" -> c.showUndecided = true;
          case "-q", "--quiet" -> c.quiet = true;
          default -> c.nullSeparated = true;
        }
        continue;
      }
      if (!VALUES.contains(name)) {
        return null;
      }
      String value;
      if (eq > 0) {
        value = a.substring(eq + 1);
      } else if (i + 1 < args.length && (args[i + 1].equals("-") || !args[i + 1].startsWith("-"))) {
        value = args[++i];
      } else {
        return null;
      }
      if (value.indexOf('\0') >= 0) {
        return null; // no path or value holds NUL: picocli's to refuse
      }
      switch (name) {
        case "--target-env" -> c.targetEnv = value;
        case "--format" -> c.format = value;
        case "--fail-on" -> c.failOn.add(value); // split at commas by the command, as under picocli
        case "--preset" -> c.preset = value;
        case "--files-from" -> c.filesFrom = value;
        case "--profile" -> c.profileFiles.add(Names.path(value));
        case "--pipeline" -> c.pipelineFiles.add(Names.path(value));
        case "--module-time-limit" -> c.moduleTimeLimit = value; // read (or refused) by the command, as picocli leaves it
        case "--ignore" -> c.ignore.add(value);
        case "--spec-constant" -> c.specConstants.add(value);
        case "--config" -> c.configFile = Names.path(value);
        case "--baseline" -> c.baselineFile = Names.path(value);
        case "--write-baseline" -> c.writeBaseline = Names.path(value);
        case "--cache" -> c.cacheDir = Names.path(value);
        default -> {
          // digits only: anything else (a sign, a radix, too large) is picocli's to read or refuse
          if (value.isEmpty() || value.length() > 9 || !value.chars().allMatch(ch -> ch >= '0' && ch <= '9')) {
            return null;
          }
          c.maxFindingsPerRule = Integer.parseInt(value);
        }
      }
    }
    c.files = files;
    return c;
  }
}
