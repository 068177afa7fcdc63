package dev.vkrules.runtime.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.runtime.engine.Checker;
import dev.vkrules.runtime.support.ExampleAssembler;
import dev.vkrules.runtime.engine.Facts;
import dev.vkrules.runtime.engine.Report;
import dev.vkrules.runtime.engine.RuleInfo;
import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.engine.Validator;
import dev.vkrules.runtime.spirv.grammar.ExecutionMode;
import dev.vkrules.runtime.spirv.grammar.Op;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * --module-time-limit: a module that takes longer than its budget is reported as not validated (a
 * tool error, exit 2) with one line naming the limit and how to raise it; every other module of
 * the run keeps its verdict. The slow module is made slow by a test checker that sleeps past the
 * limit on its one OriginLowerLeft, so the outcome does not depend on the machine's speed.
 */
class ModuleTimeLimitTest {
  static final RuleInfo SLOW = new RuleInfo("VUID-Test-Slow-00000", "Never reported.", "", "declarative", "", "");

  @TempDir Path dir;

  /** Sleeps {@code millis} on OpExecutionMode OriginLowerLeft; does nothing elsewhere. */
  static Checker sleepingOnLowerLeft(long millis) {
    return new Checker() {
      @Override
      public RuleInfo info() {
        return SLOW;
      }

      @Override
      public int[] opcodes() {
        return new int[] {Op.OpExecutionMode};
      }

      @Override
      public void check(Facts f, int s, Report out) {
        if (f.word(s, 2) == ExecutionMode.OriginLowerLeft) {
          try {
            Thread.sleep(millis);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        }
      }
    };
  }

  private void write(String name, String asm) throws Exception {
    Files.write(dir.resolve(name), ExampleAssembler.assemble(asm, Target.VULKAN_1_3));
  }

  @Test
  void aModuleOverItsBudgetIsNotValidatedAndTheOthersFinish() throws Exception {
    for (int i = 0; i < 12; i++) {
      write(String.format("clean%02d.spv", i), ValidateCommandTest.CLEAN);
    }
    write("slow.spv", ValidateCommandTest.LOWER_LEFT);
    // The clean modules take milliseconds; the slow one sleeps a second past its 3 s.
    ValidateIsolationTest.Run r = ValidateIsolationTest.run(ValidateIsolationTest.enginesWith(sleepingOnLowerLeft(4000)),
        "validate", "--module-time-limit=3", dir.toString());
    String slow = dir.resolve("slow.spv").toString();
    String line = slow + ": not validated: over the per-module time limit of 3 s"
        + " (--module-time-limit=SECONDS raises it, 0 for none)";
    assertEquals(2, r.exit(), r.out() + r.err());
    assertEquals("vkrules: " + line + "\n", r.err());
    assertTrue(r.out().contains(line + "\n"), r.out());
    // the twelve clean modules are one content, validated once and reported at each path
    assertTrue(r.out().endsWith("13 modules: 12 clean, 0 invalid, 0 malformed, 1 not checked (vkrules error);"
        + " seen: 0 pipelines, 2 distinct modules\n"),
        r.out());
    // no verdict of the slow module's rules is reported: it was not validated
    assertEquals(1, r.out().lines().filter(l -> l.startsWith(slow)).count(), r.out());
  }

  @Test
  void withoutALimitTheSlowModuleGetsItsVerdict() throws Exception {
    write("slow.spv", ValidateCommandTest.LOWER_LEFT);
    ValidateIsolationTest.Run r = ValidateIsolationTest.run(ValidateIsolationTest.enginesWith(sleepingOnLowerLeft(50)),
        "validate", "--module-time-limit=0", "--format", "json", dir.toString());
    // LOWER_LEFT breaks a real rule: exit 1, a verdict, no time-limit line
    assertEquals(1, r.exit(), r.out() + r.err());
    assertEquals("", r.err());
    assertTrue(!r.out().contains("not validated"), r.out());
  }

  @Test
  void theJsonReportCountsItAsNotChecked() throws Exception {
    write("slow.spv", ValidateCommandTest.LOWER_LEFT);
    ValidateIsolationTest.Run r = ValidateIsolationTest.run(ValidateIsolationTest.enginesWith(sleepingOnLowerLeft(1500)),
        "validate", "--module-time-limit=0.5", "--format", "json", dir.resolve("slow.spv").toString());
    assertEquals(2, r.exit(), r.out() + r.err());
    assertTrue(r.out().contains("\"severity\" : \"internal-error\""), r.out());
    assertTrue(r.out().contains("over the per-module time limit of 0.5 s"), r.out());
  }

  @Test
  void aLimitThatIsNoNumberIsAUsageError() {
    for (String bad : new String[] {"abc", "-1", "", "1e3"}) {
      ValidateIsolationTest.Run r = ValidateIsolationTest.run(t -> dev.vkrules.runtime.engine.Validator.engine(t),
          "validate", "--module-time-limit=" + bad, dir.toString());
      assertEquals(2, r.exit(), bad + ": " + r.err());
      assertTrue(r.err().startsWith("vkrules: --module-time-limit takes seconds (a number, 0 for no limit), got '"
          + bad + "'"), r.err());
    }
  }
}
