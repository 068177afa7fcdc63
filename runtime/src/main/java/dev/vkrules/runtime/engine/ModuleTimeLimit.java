package dev.vkrules.runtime.engine;

import java.util.function.Supplier;

/**
 * A time budget for validating one module, so that in a run over many modules one hostile
 * module (a shape that makes some check slow) cannot hold up the verdicts of the others. The
 * caller sets it around one module's validation ({@link #within}); the engine looks at the clock
 * between instructions (every {@link #POLL_EVERY}, and after the last) and, once the budget is
 * spent, abandons the module with {@link Exceeded}: the module gets no verdict, which is not a
 * pass. Cooperative: a single check of one instruction is not interrupted, but every check is
 * linear in the module, so the overshoot stays small. Without a budget nothing is polled.
 */
public final class ModuleTimeLimit {
  /** Instructions between two looks at the clock (a power of two: the engine masks its counter with it). */
  static final int POLL_EVERY = 256;
  /** The deadline of the module the current thread validates (System.nanoTime), or none. */
  private static final ThreadLocal<Long> DEADLINE = new ThreadLocal<>();

  private ModuleTimeLimit() {}

  /** The module used up its budget; carries no stack trace (it is a verdict, not a bug). */
  public static final class Exceeded extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Exceeded() {
      super("over the per-module time limit", null, false, false);
    }
  }

  /**
   * Runs {@code work} (one module's validation) on this thread with a budget of {@code nanos}
   * (0 or less: none); {@link Exceeded} when the engine found it spent.
   */
  public static <T> T within(long nanos, Supplier<T> work) {
    if (nanos <= 0) {
      return work.get();
    }
    Long outer = DEADLINE.get();
    DEADLINE.set(System.nanoTime() + nanos);
    try {
      return work.get();
    } finally {
      if (outer == null) {
        DEADLINE.remove();
      } else {
        DEADLINE.set(outer);
      }
    }
  }

  /** The current thread's deadline, or {@link Long#MAX_VALUE} without a budget; read once per run. */
  static long deadline() {
    Long d = DEADLINE.get();
    return d == null ? Long.MAX_VALUE : d;
  }

  /** Throws {@link Exceeded} when {@code deadline} (from {@link #deadline()}) has passed. */
  static void check(long deadline) {
    if (deadline != Long.MAX_VALUE && System.nanoTime() - deadline > 0) {
      throw new Exceeded();
    }
  }
}
