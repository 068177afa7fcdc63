package dev.vkrules.runtime.engine.layout;

import dev.vkrules.runtime.engine.base.Unknown;
import dev.vkrules.runtime.engine.module.ModuleView;
import dev.vkrules.runtime.spirv.grammar.Op;
import java.util.HashMap;
import java.util.Map;

/**
 * Sizes and alignments of types without explicit layout, as the Shader Interfaces chapter's
 * "Standard Storage Buffer Layout" assigns them (GLSL std430), with Boolean values taken as
 * 32-bit integers. The Workgroup-padding paragraph of the Shaders chapter bounds the storage
 * of Workgroup variables by this layout; the limits on task payload, mesh and execution-graph
 * payload sizes are read the same way. An array whose Length is a specialization constant (or
 * an OpSpecConstantOp of such) has its default length ({@link SpecConstantDefaults}): the size
 * the module has unless a pipeline specializes it. Each type is laid out once per module.
 */
public final class StandardLayout {
  private static final int MAX_DEPTH = 64;
  private static final long POINTER_BYTES = 8;
  private final ModuleView f;
  /** type offset → {size, alignment} */
  private final Map<Integer, long[]> memo = new HashMap<>();

  public StandardLayout(ModuleView f) {
    this.f = f;
  }

  /** Size in bytes, padded at the end to the type's alignment (the next value starts there). */
  long size(int t) {
    return layout(t, 0)[0];
  }

  long alignment(int t) {
    return layout(t, 0)[1];
  }

  /**
   * Size in bytes up to the end of the type's last byte of data: without the padding an array's
   * last element, a matrix's last column or a struct's last member leave before the next
   * multiple of the alignment (a value placed last needs none).
   */
  public long tightSize(int t) {
    return switch (f.opcode(t)) {
      case Op.OpTypeArray, Op.OpTypeMatrix -> {
        int e = f.def((int) f.word(t, 2));
        long n = f.opcode(t) == Op.OpTypeArray ? f.defaultValue(f.def((int) f.word(t, 3))) : f.word(t, 3);
        yield n == 0 ? 0 : (n - 1) * roundUp(size(e), alignment(e)) + tightSize(e);
      }
      case Op.OpTypeStruct -> {
        long offset = 0;
        long end = 0;
        for (int k = 2; k < f.count(t); k++) {
          int m = f.def((int) f.word(t, k));
          offset = roundUp(offset, alignment(m));
          end = offset + tightSize(m);
          offset += size(m);
        }
        yield end;
      }
      default -> size(t);
    };
  }

  private long[] layout(int t, int depth) {
    long[] known = memo.get(t);
    if (known != null) {
      return known;
    }
    if (depth > MAX_DEPTH) {
      return Unknown.raise();
    }
    long[] sa = switch (f.opcode(t)) {
      case Op.OpTypeBool -> new long[] {4, 4};
      case Op.OpTypeInt, Op.OpTypeFloat -> new long[] {f.word(t, 2) / 8, f.word(t, 2) / 8};
      case Op.OpTypePointer, Op.OpTypeUntypedPointerKHR -> new long[] {POINTER_BYTES, POINTER_BYTES};
      case Op.OpTypeVector -> {
        long[] c = layout(f.def((int) f.word(t, 2)), depth + 1);
        long n = f.word(t, 3);
        // two components align to twice the component, three and four to four times it
        yield new long[] {n * c[0], (n == 2 ? 2 : 4) * c[1]};
      }
      case Op.OpTypeMatrix -> {
        long[] column = layout(f.def((int) f.word(t, 2)), depth + 1);
        yield new long[] {f.word(t, 3) * roundUp(column[0], column[1]), column[1]};
      }
      case Op.OpTypeArray -> {
        long[] e = layout(f.def((int) f.word(t, 2)), depth + 1);
        yield new long[] {f.defaultValue(f.def((int) f.word(t, 3))) * roundUp(e[0], e[1]), e[1]};
      }
      case Op.OpTypeStruct -> {
        long offset = 0;
        long align = 1;
        for (int k = 2; k < f.count(t); k++) {
          long[] m = layout(f.def((int) f.word(t, k)), depth + 1);
          offset = roundUp(offset, m[1]) + m[0];
          align = Math.max(align, m[1]);
        }
        yield new long[] {roundUp(offset, align), align};
      }
      default -> Unknown.raise();
    };
    memo.put(t, sa);
    return sa;
  }

  static long roundUp(long value, long alignment) {
    return alignment <= 1 ? value : (value + alignment - 1) / alignment * alignment;
  }
}
