package dev.vkrules.runtime.engine;

import dev.vkrules.runtime.engine.base.Unknown;

/** The path segment {@code as(OpX)}: an instruction only when it has one of the named opcodes. */
public final class Narrowing {
  private Narrowing() {}

  /** {@code x} when its opcode is one of {@code opcodes}; unknown otherwise (the rule says nothing about it). */
  public static int as(Facts f, int x, int... opcodes) {
    int op = f.opcode(x);
    for (int o : opcodes) {
      if (o == op) {
        return x;
      }
    }
    return Unknown.raise();
  }

  /** Element {@code n} of a list (path segment {@code at(N)}); unknown when the list is shorter. */
  public static int at(int[] list, int n) {
    return n < list.length ? list[n] : Unknown.raise();
  }
}
