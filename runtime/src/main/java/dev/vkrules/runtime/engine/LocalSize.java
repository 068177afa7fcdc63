package dev.vkrules.runtime.engine;

/**
 * An entry point's local workgroup size, for the {@code local-size-x|y|z} path fields: the
 * value of the WorkgroupSize built-in constant when the module has one (it overrides the
 * execution modes), else the LocalSize or LocalSizeId execution mode. Unknown when given by a
 * specialization constant, or not given at all.
 */
public final class LocalSize {
  static final long LOCAL_SIZE = 17;
  static final long LOCAL_SIZE_ID = 38;
  static final long WORKGROUP_SIZE = 25;
  static final int OP_CONSTANT_COMPOSITE = 44;

  private LocalSize() {}

  /** Dimension {@code i} (0 = x, 1 = y, 2 = z). */
  public static long dimension(Facts f, int ep, int i) {
    int s = f.workgroupSizeDecoration();
    if (s >= 0) {
      int c = f.target(s);
      return f.opcode(c) == OP_CONSTANT_COMPOSITE && f.count(c) > 3 + i
          ? f.constant(f.def(f.m.words[c + 3 + i])) : Unknown.raise();
    }
    for (int mode : f.executionModes(ep)) {
      long kind = f.word(mode, 2);
      if (kind == LOCAL_SIZE || kind == LOCAL_SIZE_ID) {
        return f.modeParam(mode, i);
      }
    }
    return Unknown.raise();
  }
}
