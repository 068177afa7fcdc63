package dev.vkrules.runtime.engine.natives;

import dev.vkrules.runtime.engine.Facts;
import dev.vkrules.runtime.engine.interfaces.MeshOutputOrder;

/**
 * Native predicate for writes to Output variables: no MeshEXT entry point can execute the
 * write before an OpSetMeshOutputsEXT. Whether one instruction is reached before another along
 * the control flow and through calls is a path question over the control-flow and call graphs
 * (see {@link MeshOutputOrder}), not a fact of the instruction, hence native.
 */
public final class MeshOutputsSetFirst {
  private MeshOutputsSetFirst() {}

  public static boolean test(Facts f, int write) {
    return !MeshOutputOrder.of(f).writesBeforeSet(write);
  }
}
