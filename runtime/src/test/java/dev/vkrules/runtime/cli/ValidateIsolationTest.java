package dev.vkrules.runtime.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.runtime.engine.Checker;
import dev.vkrules.runtime.engine.Engine;
import dev.vkrules.runtime.support.ExampleAssembler;
import dev.vkrules.runtime.support.ExampleRunner;
import dev.vkrules.runtime.engine.Facts;
import dev.vkrules.runtime.engine.Report;
import dev.vkrules.runtime.engine.RuleInfo;
import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.engine.Validator;
import dev.vkrules.runtime.rules.CheckerRegistry;
import dev.vkrules.runtime.spirv.grammar.ExecutionMode;
import dev.vkrules.runtime.spirv.grammar.Op;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** A failure of vkrules while checking one module stays with that module; every other file gets its verdict. */
class ValidateIsolationTest {
  /** A rule of this test only: not a spec VUID, so it can never be confused with one. */
  static final RuleInfo BROKEN = new RuleInfo("VUID-Test-Broken-00000", "Never reported.", "", "declarative", "", "");

  @TempDir Path dir;

  /** A checker that throws {@code failure} on OpExecutionMode OriginLowerLeft, and does nothing elsewhere. */
  static Checker throwingOnLowerLeft(Supplier<? extends Throwable> failure) {
    return new Checker() {
      @Override
      public RuleInfo info() {
        return BROKEN;
      }

      @Override
      public int[] opcodes() {
        return new int[] {Op.OpExecutionMode};
      }

      @Override
      public void check(Facts f, int s, Report out) {
        if (f.word(s, 2) == ExecutionMode.OriginLowerLeft) {
          Throwable t = failure.get();
          if (t instanceof RuntimeException r) {
            throw r;
          }
          throw (Error) t;
        }
      }
    };
  }

  static Function<Target, Engine> enginesWith(Checker extra) {
    return t -> {
      List<Checker> all = new ArrayList<>(CheckerRegistry.all());
      all.add(extra);
      return new Engine(all, t);
    };
  }

  record Run(int exit, String out, String err) {}

  static Run run(Function<Target, Engine> engines, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cl = Main.configure(new CommandLine(new Main()), new ValidateCommand(engines));
    int exit = Main.execute(cl, args, new PrintWriter(out, true), new PrintWriter(err, true));
    return new Run(exit, out.toString(), err.toString());
  }

  private void write(String name, String asm) throws Exception {
    Files.write(dir.resolve(name), ExampleAssembler.assemble(asm, Target.VULKAN_1_3));
  }

  @Test
  void aThrowingCheckerFailsOnlyItsModuleInAParallelDirectoryRun() throws Exception {
    // Enough files that the parallel stream splits them across threads.
    for (int i = 0; i < 12; i++) {
      write(String.format("clean%02d.spv", i), ValidateCommandTest.CLEAN);
    }
    write("lowerleft.spv", ValidateCommandTest.LOWER_LEFT);
    Files.write(dir.resolve("short.spv"), new byte[] {3, 2, 35, 7});
    Run r = run(enginesWith(throwingOnLowerLeft(() -> new IndexOutOfBoundsException("Index 7 out of bounds for length 7"))),
        "validate", dir.toString());
    assertEquals(2, r.exit(), r.out() + r.err());
    assertEquals("", r.err());
    assertTrue(r.out().endsWith("14 modules: 12 clean, 0 invalid, 1 malformed, 1 not checked (vkrules error);"
        + " seen: 0 pipelines, 3 distinct modules\n"),
        r.out());
    String broken = r.out().lines().filter(l -> l.contains(BROKEN.vuid())).findFirst().orElseThrow();
    assertTrue(broken.startsWith(dir.resolve("lowerleft.spv") + ": [" + BROKEN.vuid() + "] internal error in the check"
        + " of this rule (IndexOutOfBoundsException: Index 7 out of bounds for length 7"), broken);
    // The other rules still ran on the module whose checker failed.
    Validator.ValidationResult real = Validator.validate(
        ExampleAssembler.assemble(ValidateCommandTest.LOWER_LEFT, Target.VULKAN_1_3), Target.VULKAN_1_3);
    for (var d : real.diagnostics()) {
      assertTrue(r.out().contains(dir.resolve("lowerleft.spv") + ": [" + d.vuid() + "] "), r.out());
    }
  }

  @Test
  void aStackOverflowInACheckerIsAnInternalErrorOfThatRule() throws Exception {
    write("lowerleft.spv", ValidateCommandTest.LOWER_LEFT);
    Run r = run(enginesWith(throwingOnLowerLeft(StackOverflowError::new)), "validate", "--format", "json",
        dir.resolve("lowerleft.spv").toString());
    assertEquals(2, r.exit(), r.out() + r.err());
    assertTrue(r.out().contains("\"severity\" : \"internal-error\""), r.out());
    assertTrue(r.out().contains("StackOverflowError"), r.out());
  }

  @Test
  void theLibraryReportsTheFailureAsADiagnosticNotAnException() throws Exception {
    Engine engine = enginesWith(throwingOnLowerLeft(() -> new IllegalStateException("bug"))).apply(Target.VULKAN_1_3);
    Validator.ValidationResult r = Validator.validate(
        ByteBuffer.wrap(ExampleAssembler.assemble(ValidateCommandTest.LOWER_LEFT, Target.VULKAN_1_3)), engine,
        Validator.requirements(Target.VULKAN_1_3, java.util.Optional.empty()));
    assertTrue(r.internalError());
    assertFalse(r.ok());
    assertEquals(1, r.diagnostics().stream().filter(d -> d.isInternalError()).count());
  }

  @Test
  void outOfMemoryAdvisesOnlyOptionsTheCommandHas() {
    assertTrue(Main.outOfMemory("validate").contains("--max-findings-per-rule"), Main.outOfMemory("validate"));
    assertFalse(Main.outOfMemory("extract").contains("--max-findings-per-rule"), Main.outOfMemory("extract"));
    assertTrue(Main.outOfMemory("extract").contains("VKRULES_JAVA_OPTS=-Xmx"), Main.outOfMemory("extract"));
  }

  @Test
  void outOfMemoryIsAToolErrorOnOneLineNotAVerdict() throws Exception {
    write("ok.spv", ValidateCommandTest.CLEAN);
    Run r = run(t -> {
      throw new OutOfMemoryError("Java heap space");
    }, "validate", dir.resolve("ok.spv").toString());
    assertEquals(2, r.exit());
    assertEquals(1, r.err().lines().count(), r.err());
    assertTrue(r.err().startsWith("vkrules: out of memory"), r.err());
  }

  @Test
  void anExampleWhoseCheckerCrashesDoesNotPassForItsVuid() {
    Checker broken = throwingOnLowerLeft(() -> new IllegalStateException("bug"));
    dev.vkrules.runtime.support.ExampleRunner.Outcome o = dev.vkrules.runtime.support.ExampleRunner.run(List.of(broken),
        BROKEN.vuid(), "", true, null, ValidateCommandTest.LOWER_LEFT);
    assertTrue(o.problem() != null && o.problem().contains("internal error"), String.valueOf(o.problem()));
  }
}
