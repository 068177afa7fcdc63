package dev.vkrules.runtime.engine.module;

import dev.vkrules.runtime.engine.base.Opcodes;
import dev.vkrules.runtime.engine.base.Unknown;
import dev.vkrules.runtime.spirv.grammar.Op;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Backs the {@code accessed-types} path field: the types in which a memory object declaration
 * ({@code OpVariable}, {@code OpUntypedVariableKHR}) is read and written, for the rules whose
 * exemption depends on how an object is accessed ("unless shaderUntypedPointers is VK_TRUE and
 * they are accessed in 32-bit multiples"). Through untyped pointers (SPV_KHR_untyped_pointers) a
 * module may access memory in other types than the ones it declares, so the declared type alone
 * does not say it.
 *
 * <p>Pointers derived from a variable are followed forward through typed and untyped access
 * chains (an untyped chain names its Base Type first, then its Base) and {@code OpCopyObject}.
 * An access is an {@code OpLoad} (its Result Type), an {@code OpStore} (its Object's type), an
 * atomic (its Result Type; {@code OpAtomicStore}: its Value's type) or an {@code OpCopyMemory}
 * through a typed pointer (the pointee). Array lengths and pointer comparisons access nothing. Any
 * other use of a derived pointer (a function call argument, {@code OpPhi}, {@code OpSelect}, a
 * store of the pointer itself, {@code OpCopyMemorySized}, a conversion, ...) leaves the object's
 * accesses unknown. Gathered in one pass over the function bodies, the first time it is asked:
 * SPIR-V orders blocks so that a definition precedes its uses, except through {@code OpPhi},
 * which counts as an unknown use.
 */
public final class ObjectAccesses {
  private final Map<Integer, Set<Integer>> types = new HashMap<>();
  private final Set<Integer> unknown = new HashSet<>();

  public ObjectAccesses(ModuleView f) {
    ModuleIndex m = f.module();
    int[] w = m.words;
    // word offset of a pointer-producing instruction -> word offset of its variable
    Map<Integer, Integer> rootOf = new HashMap<>();
    for (int i = 0; i < m.starts.length; i++) {
      int x = m.starts[i];
      int op = f.opcode(x);
      if (op == Op.OpVariable || op == Op.OpUntypedVariableKHR) {
        // module-scope and function-scope objects alike; an Initializer is a value, not a pointer use
        rootOf.put(x, x);
        continue;
      }
      if (m.functionOf[i] < 0) {
        continue;
      }
      int pointer = -1;
      int accessed = -1;
      boolean derives = false;
      switch (op) {
        case Op.OpAccessChain, Op.OpInBoundsAccessChain, Op.OpPtrAccessChain, Op.OpInBoundsPtrAccessChain,
            Op.OpCopyObject -> {
          pointer = 3;
          derives = true;
        }
        case Op.OpUntypedAccessChainKHR, Op.OpUntypedInBoundsAccessChainKHR, Op.OpUntypedPtrAccessChainKHR,
            Op.OpUntypedInBoundsPtrAccessChainKHR -> {
          pointer = 4;
          derives = true;
        }
        case Op.OpLoad -> {
          pointer = 3;
          accessed = w[x + 1];
        }
        case Op.OpStore -> {
          pointer = 1;
          accessed = typeId(f, w[x + 2]);
        }
        case Op.OpAtomicStore -> {
          pointer = 1;
          accessed = typeId(f, w[x + 4]);
        }
        case Op.OpAtomicLoad, Op.OpAtomicExchange, Op.OpAtomicCompareExchange, Op.OpAtomicCompareExchangeWeak,
            Op.OpAtomicIIncrement, Op.OpAtomicIDecrement, Op.OpAtomicIAdd, Op.OpAtomicISub, Op.OpAtomicSMin,
            Op.OpAtomicUMin, Op.OpAtomicSMax, Op.OpAtomicUMax, Op.OpAtomicAnd, Op.OpAtomicOr, Op.OpAtomicXor,
            Op.OpAtomicFAddEXT, Op.OpAtomicFMinEXT, Op.OpAtomicFMaxEXT -> {
          pointer = 3;
          accessed = w[x + 1];
        }
        default -> { }
      }
      int[] ids = m.idOperands(x);
      if (op == Op.OpCopyMemory) {
        for (int k = 1; k <= 2; k++) {
          Integer r = root(f, rootOf, w[x + k]);
          if (r != null) {
            int t = pointeeOrMinus(f, w[x + k]);
            if (t < 0) {
              unknown.add(r);
            } else {
              types.computeIfAbsent(r, k2 -> new LinkedHashSet<>()).add(t);
            }
          }
        }
        continue;
      }
      if (op == Op.OpArrayLength || op == Op.OpUntypedArrayLengthKHR || op == Op.OpPtrEqual
          || op == Op.OpPtrNotEqual || op == Op.OpPtrDiff) {
        continue; // no memory is accessed
      }
      for (int id : ids) {
        Integer r = root(f, rootOf, id);
        if (r == null) {
          continue;
        }
        boolean isPointerOperand = pointer > 0 && id == w[x + pointer];
        if (isPointerOperand && derives) {
          rootOf.put(x, r);
        } else if (isPointerOperand && accessed != -1) {
          int t = accessed == 0 ? -1 : f.def(accessed);
          if (t < 0) {
            unknown.add(r);
          } else {
            types.computeIfAbsent(r, k -> new LinkedHashSet<>()).add(t);
          }
        } else {
          // the pointer is used otherwise (stored, passed, selected, converted): not followed
          unknown.add(r);
        }
      }
    }
  }

  /** The variable a pointer id is derived from, or null when it is none this index follows. */
  private static Integer root(ModuleView f, Map<Integer, Integer> rootOf, int id) {
    int d = f.module().validId(id) ? f.module().def(id) : -1;
    return d < 0 ? null : rootOf.get(d);
  }

  /** The Result Type id of the value {@code id}; 0 when it has none. */
  private static int typeId(ModuleView f, int id) {
    int d = f.module().validId(id) ? f.module().def(id) : -1;
    return d >= 0 && Opcodes.hasResultType(f.opcode(d)) ? f.module().words[d + 1] : 0;
  }

  /** What a typed pointer value points to; -1 for an untyped one. */
  private static int pointeeOrMinus(ModuleView f, int id) {
    try {
      return f.pointee(f.def(id));
    } catch (Unknown u) {
      return -1;
    }
  }

  /**
   * The types in which the object {@code v} is accessed, each once; unknown when {@code v} is no
   * variable or a pointer derived from it is used in a way that is not followed.
   */
  public int[] of(ModuleView f, int v) {
    int op = f.opcode(v);
    if ((op != Op.OpVariable && op != Op.OpUntypedVariableKHR) || unknown.contains(v)) {
      return Unknown.raise();
    }
    Set<Integer> t = types.get(v);
    if (t == null) {
      return new int[0];
    }
    List<Integer> out = new ArrayList<>(t);
    return out.stream().mapToInt(Integer::intValue).toArray();
  }
}
