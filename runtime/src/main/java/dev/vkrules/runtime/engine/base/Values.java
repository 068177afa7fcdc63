package dev.vkrules.runtime.engine.base;

/** Tests on the plain values the engine's parts compare (enumerants, opcodes, widths). */
public final class Values {
  private Values() {}

  /** Whether {@code v} is one of {@code values} (a linear scan: the lists are a few entries long). */
  public static boolean in(long v, long... values) {
    for (long x : values) {
      if (x == v) {
        return true;
      }
    }
    return false;
  }
}
