package dev.vkrules.runtime.engine.module;

import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Backs the {@code id-operands} path field: what an instruction's id operands name, for rules
 * about "an instruction with result type or any operand type that includes a 16-bit float"
 * (FPFastMathMode on an OpFOrdLessThan names no float in its Result Type, only in its operands).
 */
public final class IdOperands {
  private IdOperands() {}

  /**
   * The defining instructions of the ids in the instruction's id operands, per the grammar's
   * operand layout (Result Type and Result are not operands here); each once, in operand order.
   * Ids without a definition are skipped; ids inside enumerant parameters (image operands, memory
   * operands) and pairs count too, as for static use.
   */
  public static int[] of(ModuleView f, int x) {
    Set<Integer> out = new LinkedHashSet<>();
    for (int id : f.module().idOperands(x)) {
      if (f.module().validId(id) && f.module().def(id) >= 0) {
        out.add(f.module().def(id));
      }
    }
    return out.stream().mapToInt(Integer::intValue).toArray();
  }
}
