package dev.vkrules.tests;

import static org.junit.jupiter.api.Assertions.fail;

import dev.vkrules.runtime.engine.ExampleRunner;
import dev.vkrules.runtime.rules.CheckerRegistry;
import java.util.List;

/** The assertions the generated rule tests call; every built checker runs on every example. */
public final class RuleExamples {
  private RuleExamples() {}

  /** The example must raise exactly {@code vuid}, the {@code also} VUIDs it declares, and nothing else. */
  public static void assertRaisesExactly(String vuid, String condition, String targetEnv, String asm, String... also) {
    check(vuid, condition, true, targetEnv, asm, List.of(also));
  }

  /** The example must raise nothing. */
  public static void assertClean(String vuid, String condition, String targetEnv, String asm) {
    check(vuid, condition, false, targetEnv, asm, List.of());
  }

  private static void check(String vuid, String condition, boolean invalid, String targetEnv, String asm,
      List<String> also) {
    ExampleRunner.Outcome o = ExampleRunner.run(CheckerRegistry.all(), vuid, condition, invalid, targetEnv, asm, also);
    if (!o.passed()) {
      fail(o.problem());
    }
  }
}
