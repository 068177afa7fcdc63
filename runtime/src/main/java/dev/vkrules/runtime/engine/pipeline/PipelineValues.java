package dev.vkrules.runtime.engine.pipeline;

import dev.vkrules.runtime.engine.base.Unknown;

/**
 * Comparisons of a module's value with pipeline state for the {@code pipeline: {state: ...}}
 * predicates; the module's value is computed first (an argument), so a value unknown in the
 * module is unknown before the description is asked for it.
 */
public final class PipelineValues {
  private PipelineValues() {}

  public static boolean eq(double module, double state) {
    return module == state;
  }

  /** The state is at least the module's value. */
  public static boolean le(double module, double state) {
    return module <= state;
  }

  /** The state is at most the module's value. */
  public static boolean ge(double module, double state) {
    return module >= state;
  }

  /** The module's value is a multiple of the state (unknown for a state that is not positive). */
  public static boolean divides(long module, long state) {
    return state > 0 ? module % state == 0 : Unknown.raise();
  }
}
