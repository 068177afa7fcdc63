package dev.vkrules.runtime.engine.module;

import dev.vkrules.runtime.engine.base.Opcodes;
import dev.vkrules.runtime.engine.base.Values;
import java.util.TreeSet;

/**
 * Backs the {@code width-modes(N)} path field: the float-controls execution modes an entry
 * point declares for one floating-point width, so a rule can ask whether two widths use the
 * same denormals or rounding mode (roundingModeIndependence, denormBehaviorIndependence).
 */
public final class WidthModes {
  private WidthModes() {}

  /**
   * The modes among {@code candidates} (those whose first parameter is Target Width, from the
   * grammar) that the entry point {@code ep} declares with Target Width {@code width}, sorted.
   */
  public static long[] of(ModuleView f, int ep, long width, long... candidates) {
    TreeSet<Long> out = new TreeSet<>();
    for (int m : f.executionModes(ep)) {
      if (f.opcode(m) != Opcodes.OP_EXECUTION_MODE || f.count(m) < 4) {
        continue;
      }
      long mode = f.word(m, 2);
      if (Values.in(mode, candidates) && f.word(m, 3) == width) {
        out.add(mode);
      }
    }
    return out.stream().mapToLong(Long::longValue).toArray();
  }
}
