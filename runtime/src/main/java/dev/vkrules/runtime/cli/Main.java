package dev.vkrules.runtime.cli;

import dev.vkrules.runtime.engine.StartupTrace;
import java.io.PrintWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine;

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
    CommandLineSetup.missingSubcommand(spec);
  }

  public static void main(String[] args) {
    StartupTrace.jvmStarted();
    // file names as the system gives them, whatever the locale (Names)
    args = Names.arguments(args);
    Warmup.grammar(args);
    PrintWriter out = Stdout.writer();
    PrintWriter err = new PrintWriter(new java.io.OutputStreamWriter(
        new java.io.FileOutputStream(java.io.FileDescriptor.err), Names.textCharset()), true);
    int status = runFast(args, out, err);
    boolean fast = status >= 0;
    if (!fast) {
      Warmup.start(args);
      status = execute(args, out, err);
    }
    StartupTrace.mark("report and exit");
    StartupTrace.report(System.err);
    out.flush();
    err.flush();
    System.out.flush();
    System.err.flush();
    if (fast && !Boolean.getBoolean("vkrules.systemExit")) {
      // validate's and dis's fast paths: every output is flushed and nothing on that path registers a
      // shutdown hook, so halt skips the shutdown sequence, whose Runtime.exit logging (JDK 21 and
      // later) initialises the System.Logger backend, a few milliseconds of every run. Other
      // commands keep System.exit: their libraries may leave work to shutdown hooks (JRuby's native
      // stubs are files deleted on exit), and so do profilers (JFR's filename=;
      // -Dvkrules.systemExit=true keeps System.exit for validate too).
      Runtime.getRuntime().halt(status);
    }
    System.exit(status);
  }

  /**
   * {@code validate} on a command line {@link FastValidate} reads, or {@code dis} on one
   * {@link FastDisassemble} reads, without picocli; -1 when picocli must run it. Out of memory and stack overflow as {@link #execute}.
   */
  static int runFast(String[] args, PrintWriter out, PrintWriter err) {
    if (Boolean.getBoolean("vkrules.picocli")) {
      return -1; // for measuring picocli's part (runtime/bench/startup-profile.sh) and for tests
    }
    try {
      Integer status = FastValidate.run(args, out, err);
      if (status == null) {
        status = FastDisassemble.run(args, out, err);
      }
      return status == null ? -1 : checkOutput(status, out, err);
    } catch (OutOfMemoryError e) {
      out.flush();
      err.println(outOfMemory(args.length > 0 ? args[0] : ""));
      return EXIT_USAGE;
    } catch (StackOverflowError e) {
      err.println("vkrules: internal error (stack overflow); please report it");
      return EXIT_USAGE;
    }
  }

  /** The one line for a heap too small for the input; the findings limit is named only where it exists. */
  static String outOfMemory(String command) {
    return "vkrules: out of memory (Java heap " + Runtime.getRuntime().maxMemory() / (1024 * 1024)
        + " MB); give it more with VKRULES_JAVA_OPTS=-Xmx4g"
        + (command.equals("validate") ? ", or list fewer findings (--max-findings-per-rule)" : "");
  }

  /** Runs the command line with the given streams; used by tests. */
  public static int execute(String[] args, PrintWriter out, PrintWriter err) {
    CommandLine cl = commandLine();
    StartupTrace.mark("command line: picocli's model");
    return checkOutput(execute(cl, args, out, err), out, err);
  }

  /**
   * The command's status, or exit 2 with one line when its standard output could not be written
   * whole: a report that did not reach its reader is a tool error, never a verdict.
   */
  static int checkOutput(int status, PrintWriter out, PrintWriter err) {
    // checkError flushes first: what is still buffered is written (or fails) now
    if (!out.checkError() && Stdout.failure() == null) {
      return status;
    }
    String why = Stdout.failure();
    err.println("vkrules: cannot write standard output: " + (why == null ? "i/o error" : why));
    return EXIT_USAGE;
  }

  /** Runs {@code cl} (a command line built by {@link #configure}) with the given streams. */
  static int execute(CommandLine cl, String[] args, PrintWriter out, PrintWriter err) {
    cl.setOut(out);
    cl.setErr(err);
    String missing = Subcommands.missing(cl, args);
    if (missing != null) {
      err.println(missing);
      return EXIT_USAGE;
    }
    try {
      return cl.execute(args);
    } catch (OutOfMemoryError e) {
      // Not a verdict on the input: the JVM's heap was too small for it. One line, exit 2.
      out.flush();
      err.println(outOfMemory(args.length > 0 ? args[0] : ""));
      return EXIT_USAGE;
    } catch (StackOverflowError e) {
      err.println("vkrules: internal error (stack overflow); please report it");
      return EXIT_USAGE;
    }
  }

  static CommandLine commandLine() {
    return configure(new CommandLine(new Main()), new ValidateCommand());
  }

  /** Adds the subcommands and the error handlers: one line per error, never a stack trace. */
  static CommandLine configure(CommandLine cl, ValidateCommand validate) {
    return CommandLineSetup.configure(cl, validate);
  }
}
