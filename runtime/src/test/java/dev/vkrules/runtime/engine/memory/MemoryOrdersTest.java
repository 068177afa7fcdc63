package dev.vkrules.runtime.engine.memory;

import static dev.vkrules.runtime.engine.memory.MemoryOrders.ACQUIRE;
import static dev.vkrules.runtime.engine.memory.MemoryOrders.ACQUIRE_RELEASE;
import static dev.vkrules.runtime.engine.memory.MemoryOrders.RELAXED;
import static dev.vkrules.runtime.engine.memory.MemoryOrders.RELEASE;
import static dev.vkrules.runtime.engine.memory.MemoryOrders.SEQUENTIALLY_CONSISTENT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.runtime.engine.base.Unknown;
import org.junit.jupiter.api.Test;

/** The memory order of a mask and the comparisons the MemorySemantics rules use. */
class MemoryOrdersTest {
  private static final long WORKGROUP_MEMORY = 0x100;
  private static final long VOLATILE = 0x8000;

  @Test
  void orderIgnoresStorageBitsAndIsUnknownWithTwoOrderBits() {
    assertEquals(RELAXED, MemoryOrders.of(WORKGROUP_MEMORY | VOLATILE));
    assertEquals(ACQUIRE, MemoryOrders.of(ACQUIRE | WORKGROUP_MEMORY));
    assertThrows(Unknown.class, () -> MemoryOrders.of(ACQUIRE | RELEASE));
    assertThrows(Unknown.class, () -> MemoryOrders.of(SEQUENTIALLY_CONSISTENT | ACQUIRE));
  }

  @Test
  void strengthIsAPartialOrder() {
    long[] all = {RELAXED, ACQUIRE, RELEASE, ACQUIRE_RELEASE, SEQUENTIALLY_CONSISTENT};
    for (long o : all) {
      assertTrue(MemoryOrders.noStrongerThan(o, o));
      assertTrue(MemoryOrders.noStrongerThan(RELAXED, o));
      assertTrue(MemoryOrders.noStrongerThan(o, SEQUENTIALLY_CONSISTENT));
    }
    assertFalse(MemoryOrders.noStrongerThan(ACQUIRE, RELAXED));
    assertTrue(MemoryOrders.noStrongerThan(ACQUIRE, RELEASE));
    assertTrue(MemoryOrders.noStrongerThan(RELEASE, ACQUIRE));
    assertTrue(MemoryOrders.noStrongerThan(ACQUIRE, ACQUIRE_RELEASE));
    assertFalse(MemoryOrders.noStrongerThan(ACQUIRE_RELEASE, ACQUIRE));
    assertFalse(MemoryOrders.noStrongerThan(SEQUENTIALLY_CONSISTENT, ACQUIRE_RELEASE));
  }

  @Test
  void bitComparisonsLookOnlyAtTheBitsOn() {
    assertTrue(MemoryOrders.bitsWithin(WORKGROUP_MEMORY, WORKGROUP_MEMORY | VOLATILE, WORKGROUP_MEMORY));
    assertFalse(MemoryOrders.bitsWithin(WORKGROUP_MEMORY | VOLATILE, WORKGROUP_MEMORY, -1L));
    assertTrue(MemoryOrders.bitsWithin(WORKGROUP_MEMORY | VOLATILE, WORKGROUP_MEMORY, WORKGROUP_MEMORY));
    assertTrue(MemoryOrders.sameBits(ACQUIRE | VOLATILE, RELEASE | VOLATILE, VOLATILE));
    assertFalse(MemoryOrders.sameBits(ACQUIRE, ACQUIRE | VOLATILE, VOLATILE));
  }
}
