package dev.vkrules.runtime.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.runtime.engine.module.MalformedModuleException;
import dev.vkrules.runtime.engine.module.ModuleIndex;
import dev.vkrules.runtime.rules.CheckerRegistry;
import dev.vkrules.runtime.spirv.TestModules;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The engine offers a decoration instruction only to the checkers its Decoration concerns
 * ({@link Checker#decorations}, the rule's {@code for: {decoration: [...]}}): the verdicts are
 * those of offering every decoration instruction to every checker of its opcode, on every test
 * module, while far fewer checks are made.
 */
class DecorationRowsTest {
  @Test
  void decorationRowsKeepEveryVerdict() {
    List<Checker> real = CheckerRegistry.all();
    long limited = real.stream().filter(c -> c.decorations() != null).count();
    assertTrue(limited > 20, "only " + limited + " checkers limited to decorations");
    AtomicLong filteredCalls = new AtomicLong();
    AtomicLong allCalls = new AtomicLong();
    Engine filtered = new Engine(counting(real, filteredCalls, false), Target.VULKAN_1_3);
    Engine unfiltered = new Engine(counting(real, allCalls, true), Target.VULKAN_1_3);
    int modules = 0;
    int failures = 0;
    for (var p : TestModules.all()) {
      ModuleIndex m;
      try {
        m = ModuleIndex.of(ByteBuffer.wrap(TestModules.read(p)));
      } catch (MalformedModuleException e) {
        continue;
      }
      Engine.Outcome a = unfiltered.run(m, Report.UNLIMITED);
      Engine.Outcome b = filtered.run(m, Report.UNLIMITED);
      assertEquals(a.failures(), b.failures(), p.toString());
      assertEquals(a.obligations(), b.obligations(), p.toString());
      assertEquals(a.pipelineNeeds(), b.pipelineNeeds(), p.toString());
      assertEquals(a.checkerFailures().size(), b.checkerFailures().size(), p.toString());
      modules++;
      failures += a.failures().size();
    }
    assertTrue(modules > 500, "only " + modules + " modules");
    assertTrue(failures > 0, "no failure to compare");
    assertTrue(filteredCalls.get() * 2 < allCalls.get(),
        "decoration checks: " + filteredCalls.get() + " filtered against " + allCalls.get() + " unfiltered");
  }

  /** The checkers, counting their checks of decoration instructions; {@code anyDecoration}: limited to none. */
  private static List<Checker> counting(List<Checker> checkers, AtomicLong calls, boolean anyDecoration) {
    List<Checker> out = new ArrayList<>();
    for (Checker c : checkers) {
      out.add(new Checker() {
        @Override
        public RuleInfo info() {
          return c.info();
        }

        @Override
        public int[] opcodes() {
          return c.opcodes();
        }

        @Override
        public boolean applies(Facts f) {
          return c.applies(f);
        }

        @Override
        public int[] decorations() {
          return anyDecoration ? null : c.decorations();
        }

        @Override
        public void check(Facts f, int s, Report out) {
          if (c.decorations() != null) {
            calls.incrementAndGet();
          }
          c.check(f, s, out);
        }
      });
    }
    return out;
  }
}
