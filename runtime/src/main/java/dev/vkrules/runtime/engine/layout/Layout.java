package dev.vkrules.runtime.engine.layout;

import dev.vkrules.runtime.engine.base.Unknown;
import dev.vkrules.runtime.engine.base.Values;
import dev.vkrules.runtime.engine.module.Decorations;
import dev.vkrules.runtime.engine.module.ModuleIndex.IntList;
import dev.vkrules.runtime.engine.module.ModuleView;
import dev.vkrules.runtime.spirv.IdMap;
import dev.vkrules.runtime.spirv.grammar.Decoration;
import dev.vkrules.runtime.spirv.grammar.Op;
import dev.vkrules.runtime.spirv.grammar.StorageClass;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Explicit-layout facts: byte sizes of types, the widths of the scalars a type contains, the
 * Offset decorations of an entry point's output interface and decoration values a block member
 * inherits from its variable (the transform-feedback rules), and the constant byte offset of a
 * pointer from its variable (alignment of accesses through untyped pointers).
 */
public final class Layout {
  /** Longer chains of pointers than this are not followed (a cycle in a malformed module). */
  private static final int MAX_CHAIN = 256;
  /** Deeper type nesting than this is not followed. */
  private static final int MAX_DEPTH = 64;
  private final ModuleView f;
  private final int[] w;
  /** {@link #outputOffsets} by entry point. */
  private final Map<Integer, int[]> outputOffsets = new HashMap<>();
  /** {@link #widthsAt} by type: the index of its entry in {@link #widthMemo}. */
  private final IdMap widthSlots = IdMap.hashed();
  private final List<Widths> widthMemo = new ArrayList<>();

  public Layout(ModuleView f) {
    this.f = f;
    this.w = f.module().words();
  }

  /** Byte size of a type laid out with its Offset and ArrayStride decorations; unknown where undefined. */
  public long size(int t) {
    return size(t, false, 0);
  }

  /**
   * The bytes a type laid out with its Offset and ArrayStride decorations takes up to its last
   * byte of data, for the storage-size measures: an array whose Length is a specialization
   * constant (or an OpSpecConstantOp of such) at its default length (see
   * {@link SpecConstantDefaults}), the size the module has unless a pipeline specializes it; and
   * without the padding at its end (an array's last element ends it, not its last stride), as
   * the Shaders chapter's Workgroup-padding paragraph counts a Block variable.
   */
  public long tightSizeWithDefaults(int t) {
    return tight(t, 0);
  }

  private long tight(int t, int depth) {
    if (depth > MAX_DEPTH) {
      return Unknown.raise();
    }
    return switch (f.opcode(t)) {
      case Op.OpTypeArray -> {
        long n = f.defaultValue(f.def(w[t + 3]));
        long stride = decorationValue(w[t + 1], -1, Decoration.ArrayStride);
        int e = f.def(w[t + 2]);
        yield n == 0 ? 0 : stride >= 0 ? (n - 1) * stride + tight(e, depth + 1) : n * size(e, true, depth + 1);
      }
      case Op.OpTypeStruct -> {
        long end = 0;
        for (int k = 0; k < f.count(t) - 2; k++) {
          long offset = decorationValue(w[t + 1], k, Decoration.Offset);
          if (offset < 0) {
            yield Unknown.raise();
          }
          end = Math.max(end, offset + tight(f.def(w[t + 2 + k]), depth + 1));
        }
        yield end;
      }
      default -> size(t, true, depth);
    };
  }

  private long size(int t, boolean defaults, int depth) {
    if (depth > MAX_DEPTH) {
      return Unknown.raise();
    }
    return switch (f.opcode(t)) {
      case Op.OpTypeInt, Op.OpTypeFloat -> f.word(t, 2) / 8;
      case Op.OpTypeVector -> f.word(t, 3) * size(f.def(w[t + 2]), defaults, depth + 1);
      case Op.OpTypeVectorIdEXT -> f.components(t) * size(f.def(w[t + 2]), defaults, depth + 1);
      case Op.OpTypeMatrix -> f.word(t, 3) * size(f.def(w[t + 2]), defaults, depth + 1);
      case Op.OpTypeArray -> {
        int length = f.def(w[t + 3]);
        long n = defaults ? f.defaultValue(length) : f.constant(length);
        long stride = decorationValue(w[t + 1], -1, Decoration.ArrayStride);
        yield n * (stride >= 0 ? stride : size(f.def(w[t + 2]), defaults, depth + 1));
      }
      case Op.OpTypeStruct -> {
        long end = 0;
        for (int k = 0; k < f.count(t) - 2; k++) {
          long offset = decorationValue(w[t + 1], k, Decoration.Offset);
          if (offset < 0) {
            yield Unknown.raise();
          }
          end = Math.max(end, offset + size(f.def(w[t + 2 + k]), defaults, depth + 1));
        }
        yield end;
      }
      default -> Unknown.raise();
    };
  }

  /** Whether a scalar of this width occurs in the type (through vectors, matrices, arrays, structs). */
  public boolean containsWidth(int t, long width) {
    for (long x : widths(t)) {
      if (x == width) {
        return true;
      }
    }
    return false;
  }

  /** Whether every scalar the type contains has one of the widths. */
  public boolean widthsWithin(int t, long... widths) {
    for (long x : widths(t)) {
      if (!Values.in(x, widths)) {
        return false;
      }
    }
    return true;
  }

  /**
   * The distinct widths of the scalars a type contains, ascending; unknown where a type on the
   * way is undefined or the nesting is deeper than {@link #MAX_DEPTH}. Made once per type and
   * module from its element's or members' (a struct of 4,000 members of a struct of 4,000 floats
   * is 8,000 steps, not 16 million, however many rules ask for each member); callers do not
   * modify it.
   */
  private long[] widths(int t) {
    return widthsAt(t, 0).widths;
  }

  /** A type's widths and its nesting height (edges down to its deepest scalar). */
  private record Widths(long[] widths, int height) {}

  private static final Widths NO_WIDTHS = new Widths(new long[0], 0);

  /**
   * The widths of a type reached at this depth below the type asked about: unknown when the
   * nesting below the question goes deeper than {@link #MAX_DEPTH}, whether or not the type is
   * memoised already (so the answer does not depend on which rule asked first).
   */
  private Widths widthsAt(int t, int depth) {
    if (depth > MAX_DEPTH) {
      return Unknown.raise();
    }
    int slot = widthSlots.get(t);
    if (slot >= 0) {
      Widths known = widthMemo.get(slot);
      return depth + known.height > MAX_DEPTH ? Unknown.raise() : known;
    }
    Widths out = switch (f.opcode(t)) {
      case Op.OpTypeInt, Op.OpTypeFloat -> new Widths(new long[] {f.word(t, 2)}, 0);
      case Op.OpTypeVector, Op.OpTypeVectorIdEXT, Op.OpTypeMatrix, Op.OpTypeArray, Op.OpTypeRuntimeArray -> {
        Widths e = widthsAt(f.def(w[t + 2]), depth + 1);
        yield new Widths(e.widths, e.height + 1);
      }
      case Op.OpTypeStruct -> {
        long[] union = new long[0];
        int height = 0;
        for (int k = 2; k < f.count(t); k++) {
          Widths m = widthsAt(f.def(w[t + k]), depth + 1);
          union = union(union, m.widths);
          height = Math.max(height, m.height + 1);
        }
        yield new Widths(union, height);
      }
      default -> NO_WIDTHS;
    };
    widthSlots.putIfAbsent(t, widthMemo.size());
    widthMemo.add(out);
    return out;
  }

  /** The union of two ascending arrays of distinct values. */
  private static long[] union(long[] a, long[] b) {
    if (b.length == 0 || Arrays.equals(a, b)) {
      return a;
    }
    if (a.length == 0) {
      return b;
    }
    long[] out = new long[a.length + b.length];
    int i = 0;
    int j = 0;
    int n = 0;
    while (i < a.length || j < b.length) {
      long x = j == b.length || (i < a.length && a[i] < b[j]) ? a[i++] : b[j++];
      if (n == 0 || out[n - 1] != x) {
        out[n++] = x;
      }
    }
    return Arrays.copyOf(out, n);
  }

  /**
   * The Offset decorations of the Output variables an entry point uses and of their (arrays
   * removed) struct members, in module order, each once. Made once per entry point (several rules
   * ask, each per entry point); callers do not modify it.
   */
  public int[] outputOffsets(int ep) {
    int[] known = outputOffsets.get(ep);
    if (known != null) {
      return known;
    }
    IntList out = new IntList();
    for (int v : f.usedVariables(ep)) {
      try {
        if (f.storageClass(v) != StorageClass.Output) {
          continue;
        }
        addOffsets(w[v + 2], false, out);
        int struct = f.base(f.pointee(v));
        if (f.opcode(struct) == Op.OpTypeStruct) {
          addOffsets(w[struct + 1], true, out);
        }
      } catch (Unknown u) {
        // a variable of undefined type contributes its own decorations only
      }
    }
    known = out.sortedDistinct(); // a set of decoration offsets: variables may share a struct type
    outputOffsets.put(ep, known);
    return known;
  }

  private void addOffsets(int id, boolean members, IntList out) {
    for (int d : f.module().decorationsOf(id, members ? -2 : -1, Decoration.Offset)) {
      out.add(d);
    }
  }

  /**
   * The first parameter of {@code decoration} where a decoration instruction applies: on its
   * target and member, else (for a member) on a variable whose type, arrays removed, is the
   * struct, as block members inherit XfbBuffer, XfbStride and Stream. On any other
   * instruction, on its result id (a variable's InputAttachmentIndex). Unknown when absent.
   */
  public long effective(int x, long decoration) {
    Decorations.Target t = Decorations.target(f, x);
    long own = decorationValue(t.id(), t.member(), decoration);
    if (own >= 0 || t.member() < 0) {
      return own >= 0 ? own : Unknown.raise();
    }
    for (int v : f.variables(x)) {
      long inherited = decorationValue(w[v + 2], -1, decoration);
      if (inherited >= 0) {
        return inherited;
      }
    }
    return Unknown.raise();
  }

  /** The Offset of the lowest-indexed member of a struct that has one; unknown when none has. */
  public long firstMemberOffset(int struct) {
    if (f.opcode(struct) != Op.OpTypeStruct) {
      return Unknown.raise();
    }
    for (int k = 0; k < f.count(struct) - 2; k++) {
      long offset = decorationValue(w[struct + 1], k, Decoration.Offset);
      if (offset >= 0) {
        return offset;
      }
    }
    return Unknown.raise();
  }

  /**
   * The constant number of bytes between the address a pointer holds and the start of the
   * variable ({@code OpVariable}, {@code OpUntypedVariableKHR}) it is derived from: 0 for the
   * variable, unchanged through {@code OpCopyObject}, and each access chain ({@code
   * OpAccessChain}, {@code OpInBoundsAccessChain} over its Base's pointee, {@code
   * OpUntypedAccessChainKHR}, {@code OpUntypedInBoundsAccessChainKHR} over its Base Type) adding
   * what its indexes step (see {@link #steps}). Unknown for a pointer from anywhere else (a
   * pointer access chain, whose Element strides by a decoration of the pointer type; a function
   * parameter, OpPhi, OpSelect, a load or a conversion).
   */
  public long byteOffset(int p) {
    long total = 0;
    for (int i = 0; i < MAX_CHAIN; i++) {
      switch (f.opcode(p)) {
        case Op.OpVariable, Op.OpUntypedVariableKHR -> {
          return total;
        }
        case Op.OpCopyObject -> p = f.def((int) f.word(p, 3));
        case Op.OpAccessChain, Op.OpInBoundsAccessChain -> {
          int base = f.def((int) f.word(p, 3));
          total = add(total, steps(f.pointee(base), p, 4));
          p = base;
        }
        case Op.OpUntypedAccessChainKHR, Op.OpUntypedInBoundsAccessChainKHR -> {
          int base = f.def((int) f.word(p, 4));
          total = add(total, steps(f.def((int) f.word(p, 3)), p, 5));
          p = base;
        }
        default -> {
          return Unknown.raise();
        }
      }
    }
    return Unknown.raise();
  }

  /**
   * The bytes the indexes of access chain {@code chain}, from its word {@code first} on, step
   * into {@code type}: a struct member's Offset, an index times an array's ArrayStride, an index
   * times a vector's component size. Unknown when an index is not a non-negative integer
   * {@code OpConstant} or {@code OpConstantNull} (a specialization constant may be specialized),
   * a decoration is missing, or the chain steps into a matrix (its stride and majorness belong to
   * the enclosing member) or through an array of Block or BufferBlock structs (an array of
   * descriptors: its index chooses a resource, not a byte offset).
   */
  private long steps(int type, int chain, int first) {
    long offset = 0;
    int t = type;
    for (int k = first; k < f.count(chain); k++) {
      long index = index(f.def(w[chain + k]));
      switch (f.opcode(t)) {
        case Op.OpTypeStruct -> {
          long member = index < f.count(t) - 2 ? decorationValue((int) f.word(t, 1), index, Decoration.Offset) : -1;
          if (member < 0) {
            return Unknown.raise();
          }
          offset = add(offset, member);
          t = f.def((int) f.word(t, 2 + (int) index));
        }
        case Op.OpTypeArray, Op.OpTypeRuntimeArray -> {
          int element = f.def((int) f.word(t, 2));
          long stride = decorationValue((int) f.word(t, 1), -1, Decoration.ArrayStride);
          int inner = f.base(element);
          if (stride < 0 || f.opcode(inner) == Op.OpTypeStruct && f.decorated(inner, Decoration.Block, Decoration.BufferBlock)) {
            return Unknown.raise();
          }
          offset = add(offset, mul(index, stride));
          t = element;
        }
        case Op.OpTypeVector -> {
          int component = f.def((int) f.word(t, 2));
          if (f.opcode(component) != Op.OpTypeInt && f.opcode(component) != Op.OpTypeFloat) {
            return Unknown.raise();
          }
          offset = add(offset, mul(index, f.word(component, 2) / 8));
          t = component;
        }
        default -> {
          return Unknown.raise();
        }
      }
    }
    return offset;
  }

  /** An access-chain index: a non-negative integer constant read as signed by its width; unknown otherwise. */
  private long index(int c) {
    int type = f.typeOf(c);
    if (f.opcode(type) != Op.OpTypeInt) {
      return Unknown.raise();
    }
    long bits = f.constant(c);
    long width = f.word(type, 2);
    long value = width >= 64 ? bits : (bits << (64 - width)) >> (64 - width);
    return value >= 0 ? value : Unknown.raise();
  }

  private static long add(long a, long b) {
    try {
      return Math.addExact(a, b);
    } catch (ArithmeticException e) {
      return Unknown.raise();
    }
  }

  private static long mul(long a, long b) {
    try {
      return Math.multiplyExact(a, b);
    } catch (ArithmeticException e) {
      return Unknown.raise();
    }
  }

  /**
   * The first parameter of a decoration on an id (member -1) or member; -1 when absent. ArrayStride
   * and Offset may also be given by their id forms, ArrayStrideIdEXT (OpDecorateId) and OffsetIdEXT
   * (OpMemberDecorateIdEXT, SPV_EXT_descriptor_heap): their value is the OpConstant they name, and
   * unknown for anything else (a specialization constant, OpConstantSizeOfEXT: a device's size).
   */
  private long decorationValue(int id, long member, long decoration) {
    if (id <= 0 || id >= f.module().bound) {
      return -1;
    }
    long idForm = decoration == Decoration.ArrayStride ? Decoration.ArrayStrideIdEXT
        : decoration == Decoration.Offset ? Decoration.OffsetIdEXT : -1;
    // the first in module order among the plain form and the id form (each list is in module order)
    int first = -1;
    for (int d : f.module().decorationsOf(id, member, decoration)) {
      if (!Decorations.isIdDecoration(f.opcode(d)) && hasParameter(d)) {
        first = d;
        break;
      }
    }
    if (idForm >= 0) {
      for (int d : f.module().decorationsOf(id, member, idForm)) {
        if (first >= 0 && d > first) {
          break;
        }
        if (Decorations.isIdDecoration(f.opcode(d)) && hasParameter(d)) {
          first = d;
          break;
        }
      }
    }
    return first < 0 ? -1 : f.decorationParam(first, 0);
  }

  /** Whether a decoration instruction has a parameter after its decoration. */
  private boolean hasParameter(int d) {
    return f.count(d) > (Decorations.isMemberDecoration(f.opcode(d)) ? 4 : 3);
  }

  static int[] sorted(int[] a) {
    int[] c = a.clone();
    Arrays.sort(c);
    return c;
  }
}
