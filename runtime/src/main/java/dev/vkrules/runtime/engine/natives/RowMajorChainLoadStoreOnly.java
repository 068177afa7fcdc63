package dev.vkrules.runtime.engine.natives;

import dev.vkrules.runtime.engine.Facts;
import dev.vkrules.runtime.engine.layout.RowMajorAccess;

/**
 * Native predicate for access chains: one that indexes into a RowMajor matrix is used only
 * as the Pointer of OpLoad or OpStore. Following a chain's indices through struct members
 * (picking up their RowMajor member decorations), arrays and matrix columns, across chains
 * built on chains, and then looking at every use of its result, is a walk over types and
 * uses, not a path of fields (see {@link RowMajorAccess}), hence native.
 */
public final class RowMajorChainLoadStoreOnly {
  private RowMajorChainLoadStoreOnly() {}

  public static boolean test(Facts f, int chain) {
    return !RowMajorAccess.accessesRowMajorMatrix(f, chain) || RowMajorAccess.onlyLoadedOrStored(f, chain);
  }
}
