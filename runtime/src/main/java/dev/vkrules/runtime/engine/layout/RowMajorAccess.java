package dev.vkrules.runtime.engine.layout;

import dev.vkrules.runtime.engine.base.Opcodes;
import dev.vkrules.runtime.engine.base.Unknown;
import dev.vkrules.runtime.engine.module.ModuleView;
import dev.vkrules.runtime.engine.module.Uses;
import dev.vkrules.runtime.spirv.grammar.Decoration;
import dev.vkrules.runtime.spirv.grammar.Op;

/**
 * Access chains that index into a RowMajor matrix, and what they are used by. A chain's
 * indices are followed through the types from the memory object its base is rooted in (base
 * chains first, so a chain that continues another one knows where it stands): a struct index
 * (a constant) selects a member and picks up the member's RowMajor decoration, arrays keep it,
 * and an index applied to a matrix, or to a column vector of one, while RowMajor holds is an
 * access into a RowMajor matrix. A dynamic struct index or an unknown type ends the walk (no
 * finding).
 */
public final class RowMajorAccess {
  private static final int MAX_CHAIN = 256;

  private RowMajorAccess() {}

  private static boolean isChain(int op) {
    return op == Opcodes.OP_ACCESS_CHAIN || op == Opcodes.OP_IN_BOUNDS_ACCESS_CHAIN || isPtrChain(op) || isUntyped(op);
  }

  private static boolean isPtrChain(int op) {
    return op == Opcodes.OP_PTR_ACCESS_CHAIN || op == Opcodes.OP_IN_BOUNDS_PTR_ACCESS_CHAIN
        || op == Op.OpUntypedPtrAccessChainKHR || op == Op.OpUntypedInBoundsPtrAccessChainKHR;
  }

  /** The untyped chains of SPV_KHR_untyped_pointers: Base Type, then Base, then (Element and) Indexes. */
  private static boolean isUntyped(int op) {
    return op == Op.OpUntypedAccessChainKHR || op == Op.OpUntypedInBoundsAccessChainKHR
        || op == Op.OpUntypedPtrAccessChainKHR || op == Op.OpUntypedInBoundsPtrAccessChainKHR;
  }

  /** True when the access chain at word {@code chain} indexes into a RowMajor matrix. */
  public static boolean accessesRowMajorMatrix(ModuleView f, int chain) {
    int[] w = f.module().words;
    int[] chains = new int[MAX_CHAIN];
    int n = 0;
    int x = chain;
    while (isChain(f.opcode(x)) || f.opcode(x) == Opcodes.OP_COPY_OBJECT) {
      if (n == MAX_CHAIN) {
        return false;
      }
      chains[n++] = x;
      x = f.def(w[x + (isUntyped(f.opcode(x)) ? 4 : 3)]);
    }
    int type = -1; // what the next typed chain indexes: its Base's pointee, read when first needed
    boolean rowMajor = false;
    boolean inMatrix = false;
    for (int c = n - 1; c >= 0; c--) {
      int ch = chains[c];
      int op = f.opcode(ch);
      if (!isChain(op)) {
        continue;
      }
      try {
        // an untyped chain indexes its Base Type; the first typed one its Base's pointee
        type = isUntyped(op) ? f.def(w[ch + 3]) : type >= 0 ? type : f.pointee(x);
      } catch (Unknown u) {
        return false;
      }
      if (isUntyped(op)) { // the memory is read as the Base Type from here on, with its own layout
        rowMajor = false;
        inMatrix = false;
      }
      int first = (isUntyped(op) ? 5 : 4) + (isPtrChain(op) ? 1 : 0);
      for (int k = first; k < f.count(ch); k++) {
        int t = f.opcode(type);
        if (t == Opcodes.OP_TYPE_STRUCT) {
          long member;
          try {
            member = f.constant(f.def(w[ch + k]));
          } catch (Unknown u) {
            return false;
          }
          if (member < 0 || member >= f.count(type) - 2) {
            return false;
          }
          rowMajor = memberDecorated(f, w[type + 1], member, Decoration.RowMajor);
          type = f.def(w[type + 2 + (int) member]);
        } else if (t == Opcodes.OP_TYPE_ARRAY || t == Opcodes.OP_TYPE_RUNTIME_ARRAY) {
          type = f.def(w[type + 2]);
        } else if (t == Opcodes.OP_TYPE_MATRIX || (t == Opcodes.OP_TYPE_VECTOR && inMatrix)) {
          if (rowMajor && c == 0) {
            return true;
          }
          inMatrix = t == Opcodes.OP_TYPE_MATRIX;
          type = f.def(w[type + 2]);
        } else {
          return false;
        }
      }
    }
    return false;
  }

  private static boolean memberDecorated(ModuleView f, int structId, long member, long decoration) {
    return member >= 0 && f.module().firstDecoration(structId, member, decoration) >= 0;
  }

  /** True when every use of the result of {@code x} inside a function is the Pointer of an OpLoad or OpStore. */
  public static boolean onlyLoadedOrStored(ModuleView f, int x) {
    int[] w = f.module().words;
    int id = w[x + 2];
    for (int u : Uses.of(f).usersOf(x)) {
      int op = f.opcode(u);
      boolean pointerOfLoad = op == Opcodes.OP_LOAD && w[u + 3] == id && countOf(f, u, id) == 1;
      boolean pointerOfStore = op == Op.OpStore && w[u + 1] == id && w[u + 2] != id;
      if (!pointerOfLoad && !pointerOfStore) {
        return false;
      }
    }
    return true;
  }

  private static int countOf(ModuleView f, int u, int id) {
    int n = 0;
    for (int operand : f.module().idOperands(u)) {
      n += operand == id ? 1 : 0;
    }
    return n;
  }
}
