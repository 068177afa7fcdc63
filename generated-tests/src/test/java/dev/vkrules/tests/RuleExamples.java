package dev.vkrules.tests;

import static org.junit.jupiter.api.Assertions.fail;

import dev.vkrules.runtime.support.ExampleRunner;
import dev.vkrules.runtime.rules.CheckerRegistry;

/** The assertions the generated rule tests call; every built checker runs on every example. */
public final class RuleExamples {
  private RuleExamples() {}

  /** The example must raise exactly {@code vuid}. */
  public static void assertRaisesExactly(String vuid, String condition, String targetEnv, String asm) {
    check(vuid, condition, true, targetEnv, asm, null);
  }

  /**
   * The example must raise exactly {@code vuid} and the {@code also} VUIDs it necessarily breaks too,
   * on the device {@code deviceJson} describes (a Vulkan Profiles document; null for none).
   */
  public static void assertRaisesExactly(String vuid, String condition, String targetEnv, String asm, String deviceJson,
      String... also) {
    check(vuid, condition, true, targetEnv, asm, deviceJson, also);
  }

  /** The example must raise nothing. */
  public static void assertClean(String vuid, String condition, String targetEnv, String asm) {
    check(vuid, condition, false, targetEnv, asm, null);
  }

  /** The example must raise nothing on the device {@code deviceJson} describes. */
  public static void assertClean(String vuid, String condition, String targetEnv, String asm, String deviceJson) {
    check(vuid, condition, false, targetEnv, asm, deviceJson);
  }

  /**
   * The example, a stage of the pipeline {@code pipelineJson} describes (vkrules' own form), must
   * raise exactly {@code vuid} and {@code also} ({@code invalid}) or nothing.
   */
  public static void assertWithPipeline(String vuid, String condition, boolean invalid, String targetEnv, String asm,
      String deviceJson, String pipelineJson, String... also) {
    ExampleRunner.Outcome o = ExampleRunner.run(CheckerRegistry.all(), vuid, condition, invalid, targetEnv, asm,
        deviceJson, pipelineJson, java.util.List.of(also));
    if (!o.passed()) {
      fail(o.problem());
    }
  }

  private static void check(String vuid, String condition, boolean invalid, String targetEnv, String asm,
      String deviceJson, String... also) {
    ExampleRunner.Outcome o = ExampleRunner.run(CheckerRegistry.all(), vuid, condition, invalid, targetEnv, asm,
        deviceJson, java.util.List.of(also));
    if (!o.passed()) {
      fail(o.problem());
    }
  }
}
