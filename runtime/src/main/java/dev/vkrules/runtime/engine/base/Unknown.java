package dev.vkrules.runtime.engine.base;

/**
 * Thrown when a fact a check needs cannot be determined statically (a specialization
 * constant used as a scope, an absent optional operand, an undefined id). Checks treat the
 * outcome as unknown and report nothing. One shared instance without a stack trace: it is
 * control flow, not an error.
 */
public final class Unknown extends RuntimeException {
  private static final long serialVersionUID = 1L;
  static final Unknown INSTANCE = new Unknown();

  private Unknown() {
    super("unknown", null, false, false);
  }

  /** Throws the shared instance; typed to fit in expressions. */
  public static <T> T raise() {
    throw INSTANCE;
  }
}
