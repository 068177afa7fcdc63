package dev.vkrules.runtime.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.runtime.support.ExampleAssembler;
import dev.vkrules.runtime.engine.Target;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The fast path of {@code validate} (no picocli) reads an argument list exactly as picocli does,
 * or leaves it to picocli: both parse a shared set of argument lists into the same fields, every
 * option picocli knows is either read alike or left to picocli, and whole runs print the same.
 */
class FastValidateTest {
  @TempDir Path dir;

  /** The bundled example shaders: an error, and findings that need device information or a pipeline. */
  static final Path EXAMPLES = SuppressionsTest.ROOT.resolve("examples/shaders");

  /** The argument lists both parsers are given (after "validate"). */
  static final List<List<String>> SHARED = List.of(
      List.of("a.spv"),
      List.of("a.spv", "b.spv", "-"),
      List.of("--target-env", "vulkan1.2", "a.spv"),
      List.of("--target-env=vulkan1.1", "a.spv"),
      List.of("a.spv", "--format", "json"),
      List.of("--format=sarif", "--verbose", "a.spv"),
      List.of("--max-findings-per-rule", "3", "a.spv"),
      List.of("--max-findings-per-rule=0", "a.spv"),
      List.of("--all-findings", "--allow-empty", "--fail-on", "needs-device-information", "dir"),
      List.of("--profile", "p.json", "--profile", "q.json", "a.spv"),
      List.of("--profile=p.json", "a.spv"),
      List.of("--pipeline", "pipeline.json"),
      List.of("--pipeline=a.json", "--pipeline", "b.json", "--format", "json"),
      List.of("--files-from", "list.txt"),
      List.of("-0", "--files-from", "-"),
      List.of("--null", "--files-from=-", "a.spv"),
      List.of("--target-env", "vulkan9", "a.spv"),
      List.of("--format", "xml", "a.spv"),
      List.of("--module-time-limit", "0", "a.spv"),
      List.of("--module-time-limit=2.5", "--ignore", "A", "--ignore=B", "dir"),
      List.of("--spec-constant", "7=1", "--spec-constant=8=true", "a.spv"),
      List.of("--config", "vkrules.yaml", "--baseline", "b.json", "a.spv"),
      List.of("--no-config", "--write-baseline=b.json", "dir"),
      List.of("--fail-on", "warning,needs-device-information", "--fail-on=run-time", "dir"),
      List.of("--fail-on", "bogus", "a.spv"),
      List.of("--preset", "none", "--show-undecided", "a.spv"),
      List.of("--preset=compiler-compatibility", "-q", "dir"),
      List.of("--quiet", "--format", "sarif", "a.spv"));

  /** Argument lists the fast path must leave to picocli (picocli accepts or refuses them itself). */
  static final List<List<String>> PICOCLI_ONLY = List.of(
      List.of(),
      List.of("--help"),
      List.of("-h", "a.spv"),
      List.of("--version"),
      List.of("--matrix", "md", "--profile", "p.json", "a.spv"),
      List.of("--profile-name", "X", "--profile", "p.json", "a.spv"),
      List.of("--format", "json", "--format", "text", "a.spv"),
      List.of("--verbose", "--verbose", "a.spv"),
      List.of("--verbose=true", "a.spv"),
      List.of("--max-findings-per-rule", "-1", "a.spv"),
      List.of("--max-findings-per-rule", "0x10", "a.spv"),
      List.of("--max-findings-per-rule", "99999999999", "a.spv"),
      List.of("--target-env"),
      List.of("--", "a.spv"),
      List.of("--no-config", "--no-config", "a.spv"),
      List.of("--module-time-limit", "-3", "a.spv"),
      List.of("--config", "a.yaml", "--config", "b.yaml", "a.spv"),
      List.of("@args.txt"),
      List.of("--unknown", "a.spv"),
      List.of("-x", "a.spv"),
      List.of("-q", "--quiet", "a.spv"),
      List.of("--show-undecided", "--show-undecided", "a.spv"),
      List.of("--preset", "none", "--preset", "none", "a.spv"),
      List.of("-q0", "--files-from", "-"));

  private static String[] validate(List<String> args) {
    List<String> all = new ArrayList<>(List.of("validate"));
    all.addAll(args);
    return all.toArray(String[]::new);
  }

  /** The values of every picocli-annotated field of a parsed command. */
  static Map<String, Object> fields(ValidateCommand c) throws IllegalAccessException {
    Map<String, Object> out = new LinkedHashMap<>();
    for (Field f : ValidateCommand.class.getDeclaredFields()) {
      if (f.isAnnotationPresent(CommandLine.Option.class) || f.isAnnotationPresent(CommandLine.Parameters.class)) {
        f.setAccessible(true);
        Object v = f.get(c);
        out.put(f.getName(), v instanceof List<?> l ? List.copyOf(l) : v);
      }
    }
    return out;
  }

  static ValidateCommand picocli(List<String> args) {
    ValidateCommand c = new ValidateCommand();
    new CommandLine(c).parseArgs(args.toArray(String[]::new));
    return c;
  }

  @Test
  void bothParsersReadTheSharedArgumentListsAlike() throws Exception {
    for (List<String> args : SHARED) {
      ValidateCommand fast = FastValidate.parse(validate(args));
      assertNotNull(fast, "the fast path should read " + args);
      assertEquals(fields(picocli(args)), fields(fast), args.toString());
    }
  }

  @Test
  void whatTheFastPathDoesNotKnowIsLeftToPicocli() {
    for (List<String> args : PICOCLI_ONLY) {
      assertNull(FastValidate.parse(validate(args)), "the fast path should leave " + args + " to picocli");
    }
  }

  /**
   * Every option of validate's picocli model, given with a sample value: the fast path reads it
   * as picocli does, or leaves the line to picocli. An option added to ValidateCommand is covered
   * without changing this test.
   */
  @Test
  void everyPicocliOptionIsReadAlikeOrLeftToPicocli() throws Exception {
    CommandLine.Model.CommandSpec spec = new CommandLine(new ValidateCommand()).getCommandSpec();
    int read = 0;
    for (CommandLine.Model.OptionSpec o : spec.options()) {
      if (o.usageHelp() || o.versionHelp()) {
        continue;
      }
      for (String name : o.names()) {
        List<String> args = new ArrayList<>(List.of(name));
        if (o.arity().max() > 0) {
          args.add(o.type() == int.class || o.type() == Integer.class ? "7" : "v");
        }
        args.add("a.spv");
        ValidateCommand fast = FastValidate.parse(validate(args));
        if (fast != null) {
          read++;
          assertEquals(fields(picocli(args)), fields(fast), args.toString());
        }
      }
    }
    assertTrue(read >= FastValidate.VALUES.size() + FastValidate.FLAGS.size(), "options read by the fast path: " + read);
    // and the fast path knows no option picocli does not
    List<String> names = spec.options().stream().flatMap(o -> List.of(o.names()).stream()).toList();
    for (String n : FastValidate.VALUES) {
      assertTrue(names.contains(n), n);
    }
    for (String n : FastValidate.FLAGS) {
      assertTrue(names.contains(n), n);
    }
  }

  record Run(int exit, String out, String err) {}

  static Run fast(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exit = Main.runFast(args, new PrintWriter(out, true), new PrintWriter(err, true));
    return new Run(exit, out.toString(), err.toString());
  }

  static Run picocli(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exit = Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
    return new Run(exit, out.toString(), err.toString());
  }

  @Test
  void wholeRunsPrintTheSameOnBothPaths() throws Exception {
    Path ok = dir.resolve("ok.spv");
    Files.write(ok, ExampleAssembler.assemble(ValidateCommandTest.CLEAN, Target.VULKAN_1_3));
    Path bad = dir.resolve("bad.spv");
    Files.write(bad, ExampleAssembler.assemble(ValidateCommandTest.LOWER_LEFT, Target.VULKAN_1_3));
    Path list = dir.resolve("list.txt");
    Files.writeString(list, ok + "\n" + bad + "\n");
    List<String[]> lines = List.of(
        new String[] {"validate", ok.toString()},
        new String[] {"validate", "--format", "json", bad.toString(), ok.toString()},
        new String[] {"validate", "--verbose", dir.toString()},
        new String[] {"validate", "--files-from", list.toString()},
        new String[] {"validate", "--target-env", "vulkan9", ok.toString()},
        new String[] {"validate", "--format", "xml", ok.toString()},
        new String[] {"validate", "--max-findings-per-rule", "0", ok.toString()},
        new String[] {"validate", dir.resolve("missing.spv").toString()},
        new String[] {"validate", "-0", ok.toString()},
        new String[] {"validate", "--files-from", dir.resolve("nolist.txt").toString()},
        new String[] {"validate", "--pipeline", PipelineCliTest.EXAMPLES.resolve("terrain/pipeline.json").toString()},
        new String[] {"validate", "--format", "json", "--pipeline", PipelineCliTest.EXAMPLES.resolve("link.json").toString(),
            "--pipeline", PipelineCliTest.EXAMPLES.resolve("specialized-compute/compute.json").toString()},
        new String[] {"validate", "--pipeline", dir.resolve("missing.json").toString()},
        new String[] {"validate", "--module-time-limit", "abc", ok.toString()},
        new String[] {"validate", "--module-time-limit=0", "--no-config", bad.toString()},
        new String[] {"validate", "--ignore", "VUID-Unknown-Rule-1", ok.toString()},
        new String[] {"validate", "--spec-constant", "x", ok.toString()},
        new String[] {"validate", "--config", dir.resolve("none.yaml").toString(), ok.toString()},
        new String[] {"validate", "--baseline", dir.resolve("none.json").toString(), ok.toString()},
        new String[] {"validate", "--quiet", dir.toString()},
        new String[] {"validate", "-q", "--format", "sarif", dir.toString()},
        new String[] {"validate", "--show-undecided", "--preset", "none", dir.toString()},
        new String[] {"validate", "--quiet", "--show-undecided", ok.toString()},
        new String[] {"validate", "--preset", "strict", ok.toString()},
        new String[] {"validate", "--fail-on", "warning", "--fail-on=needs-device-information,run-time", dir.toString()},
        new String[] {"validate", "--fail-on", "error,,warning", ok.toString()},
        new String[] {"validate", "--format", "sarif", EXAMPLES.toString()},
        new String[] {"validate", "--preset=none", "--fail-on=needs-pipeline-description", EXAMPLES.toString()});
    for (String[] args : lines) {
      Run f = fast(args);
      assertTrue(f.exit() >= 0, "the fast path should run " + List.of(args));
      assertEquals(picocli(args), f, List.of(args).toString());
    }
    assertEquals(-1, fast("validate", "--help").exit());
  }
}
