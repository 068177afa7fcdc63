package dev.vkrules.runtime.engine.memory;

import dev.vkrules.runtime.engine.base.Unknown;

/**
 * The memory order of a Memory Semantics mask and comparisons between two masks, as the
 * appendix's MemorySemantics and UnequalMemorySemantics rules use them.
 *
 * <p>SPIR-V's memory order is at most one of the Acquire, Release, AcquireRelease and
 * SequentiallyConsistent bits; none set is Relaxed. A mask with more than one of them has no
 * single memory order: {@link #of} calls that unknown, so the rules that compare orders stay
 * silent and VUID-StandaloneSpirv-MemorySemantics-10865 reports the mask once.
 */
public final class MemoryOrders {
  /** Relaxed: no order bit. The values are the MemorySemantics bits of the SPIR-V grammar. */
  public static final long RELAXED = 0x0;
  public static final long ACQUIRE = 0x2;
  public static final long RELEASE = 0x4;
  public static final long ACQUIRE_RELEASE = 0x8;
  public static final long SEQUENTIALLY_CONSISTENT = 0x10;
  private static final long ORDER_BITS = ACQUIRE | RELEASE | ACQUIRE_RELEASE | SEQUENTIALLY_CONSISTENT;

  private MemoryOrders() {}

  /** The memory order of a semantics mask (one of the constants above); unknown with two or more order bits. */
  public static long of(long semantics) {
    long bits = semantics & ORDER_BITS;
    return Long.bitCount(bits) <= 1 ? bits : Unknown.raise();
  }

  /**
   * True when order {@code a} is not stronger than order {@code b}. Strength is the partial
   * order of the memory model: Relaxed below everything, Acquire and Release each below
   * AcquireRelease and not comparable with each other, SequentiallyConsistent above
   * everything. "Stronger" is strictly above, so Acquire is not stronger than Release (nor
   * Release than Acquire; spirv-val agrees), and Acquire is stronger than Relaxed.
   */
  public static boolean noStrongerThan(long a, long b) {
    return a == b || !atMost(b, a);
  }

  /** {@code a} is below or equal to {@code b} in the partial order. */
  private static boolean atMost(long a, long b) {
    return a == b || a == RELAXED || b == SEQUENTIALLY_CONSISTENT
        || (b == ACQUIRE_RELEASE && (a == ACQUIRE || a == RELEASE));
  }

  /** True when every bit of {@code on} that is set in {@code a} is also set in {@code b}. */
  public static boolean bitsWithin(long a, long b, long on) {
    return (a & on & ~b) == 0;
  }

  /** True when {@code a} and {@code b} set the same bits of {@code on}. */
  public static boolean sameBits(long a, long b, long on) {
    return ((a ^ b) & on) == 0;
  }
}
