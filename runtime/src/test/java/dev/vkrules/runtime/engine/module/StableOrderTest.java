package dev.vkrules.runtime.engine.module;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The decoration table's index sort orders like a stable sort of boxed indices by key. */
class StableOrderTest {
  private static int[] reference(long[] keys) {
    return IntStream.range(0, keys.length).boxed()
        .sorted(Comparator.comparingLong(i -> keys[i]))
        .mapToInt(Integer::intValue).toArray();
  }

  @Test
  void ordersByKeyAndKeepsIndexOrderAmongEqualKeys() {
    Random random = new Random(23);
    for (int n : new int[] {0, 1, 2, 3, 7, 8, 9, 64, 100, 1000, 4097}) {
      for (int distinct : new int[] {1, 3, 50, Integer.MAX_VALUE}) {
        long[] keys = new long[n];
        for (int i = 0; i < n; i++) {
          keys[i] = distinct == Integer.MAX_VALUE ? random.nextLong() : random.nextInt(distinct) * (1L << 33);
        }
        assertArrayEquals(reference(keys), ModuleIndex.stableOrder(keys), n + " keys, " + distinct + " distinct");
        long[] sorted = keys.clone();
        Arrays.sort(sorted);
        assertArrayEquals(reference(sorted), ModuleIndex.stableOrder(sorted), n + " sorted keys");
      }
    }
  }
}
