package dev.vkrules.generator.rules;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The memory-order field of MemorySemantics masks and the mask comparisons (within, same-as with
 * on:, no-stronger-than): what compiles, to which runtime calls, and the type errors. What the
 * calls compute is tested in the runtime's MemoryOrdersTest.
 */
class MemoryOrderLanguageTest {
  private static final String CMPXCHG = "for: {instruction: [OpAtomicCompareExchange]}\nrequire: ";

  private static String compile(String check) {
    return CheckFixture.compile(check).body().toString();
  }

  private static String error(String check) {
    return CheckFixture.error(check);
  }

  @Test
  void memoryOrderComparesWithNamedOrders() {
    String body = compile("for: {operand-kind: IdMemorySemantics}\nrequire: {path: operand.memory-order, "
        + "in: [Release, AcquireRelease]}");
    assertTrue(body.contains("MemoryOrders.of(f.constant(f.refAt(s, o)))"), body);
    assertTrue(body.contains("MemoryOrders.RELEASE,") && body.contains("MemoryOrders.ACQUIRE_RELEASE)"), body);
  }

  @Test
  void noStrongerThanTakesAPathOrAnOrder() {
    assertTrue(compile(CMPXCHG + "{path: Unequal.memory-order, no-stronger-than: Equal.memory-order}")
        .contains("noStrongerThan("));
    assertTrue(compile(CMPXCHG + "{path: Unequal.memory-order, no-stronger-than: Acquire}")
        .contains("MemoryOrders.ACQUIRE)"));
  }

  @Test
  void withinAndSameAsRestrictToTheBitsOn() {
    String within = compile(CMPXCHG + "{path: Unequal, on: [UniformMemory, WorkgroupMemory], within: Equal}");
    assertTrue(within.contains("bitsWithin(") && within.contains(", 320L)"), within);
    String same = compile(CMPXCHG + "{path: Unequal, same-as: Equal}");
    assertTrue(same.contains("sameBits(") && same.contains(", -1L)"), same);
  }

  @Test
  void typeErrors() {
    assertTrue(error(CMPXCHG + "{path: Unequal.memory-order, is: UniformMemory}")
        .startsWith("r.yaml:10:"), "positioned");
    assertTrue(error(CMPXCHG + "{path: Unequal.memory-order, is: UniformMemory}")
        .contains("unknown memory order 'UniformMemory'"));
    assertTrue(error("for: {instruction: [OpLoad]}\nrequire: {path: MemoryAccess.memory-order, is: Relaxed}")
        .contains("'memory-order' needs a MemorySemantics mask"));
    assertTrue(error(CMPXCHG + "{path: Unequal, on: [Volatile], has-any: [Volatile]}")
        .contains("'on' restricts 'within' or 'same-as'"));
    assertTrue(error(CMPXCHG + "{path: Unequal.memory-order, within: Equal}").contains("'within' compares masks"));
    assertTrue(error(CMPXCHG + "{path: Unequal, within: Equal.memory-order}").contains("needs a path to a mask"));
    assertTrue(error(CMPXCHG + "{path: Unequal.memory-order, at-most: 2}")
        .contains("does not apply to a memory order"));
  }
}
