package dev.vkrules.runtime.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.generator.rules.RuleFile;
import dev.vkrules.generator.rules.RuleLoader;
import dev.vkrules.runtime.rules.CheckerRegistry;
import dev.vkrules.runtime.support.ExampleRunner;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * An invalid example with {@code also} must raise exactly its rule's VUID and the declared
 * ones: the set is exact in both directions. Runs every such example of the project's rules.
 */
class AlsoExamplesRunTest {
  static final Path RULES = Path.of(System.getProperty("vkrules.root", "..")).resolve("rules");

  @Test
  void alsoExamplesRaiseExactlyTheDeclaredSet() {
    int seen = 0;
    for (RuleFile r : RuleLoader.loadAll(RULES)) {
      for (RuleFile.Example e : r.authored().invalid()) {
        if (e.also().isEmpty() || !r.executable()) {
          continue;
        }
        seen++;
        ExampleRunner.Outcome with = ExampleRunner.run(CheckerRegistry.all(), r.vuid(), r.conditionString(), true,
            e.targetEnv(), e.asm(), e.deviceJson(RULES.resolve("tables")), e.also());
        assertTrue(with.passed(), r.vuid() + ": " + with.problem());
        TreeSet<String> expected = new TreeSet<>(e.also());
        expected.add(r.vuid());
        assertEquals(expected, with.raised());
        // Without its also, the same example fails: the other VUIDs are raised, not ignored.
        ExampleRunner.Outcome without = ExampleRunner.run(CheckerRegistry.all(), r.vuid(), r.conditionString(), true,
            e.targetEnv(), e.asm(), e.deviceJson(RULES.resolve("tables")), List.of());
        assertFalse(without.passed(), r.vuid());
        assertTrue(without.problem().startsWith("expected exactly " + r.vuid() + " under"), without.problem());
        // Declaring one VUID too many fails as well.
        ExampleRunner.Outcome extra = ExampleRunner.run(CheckerRegistry.all(), r.vuid(), r.conditionString(), true,
            e.targetEnv(), e.asm(), e.deviceJson(RULES.resolve("tables")), List.of(e.also().get(0), "VUID-StandaloneSpirv-None-00000"));
        assertFalse(extra.passed(), r.vuid());
      }
    }
    assertTrue(seen > 0, "no rule example declares also; this test then checks nothing");
  }
}
