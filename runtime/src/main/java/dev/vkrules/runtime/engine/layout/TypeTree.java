package dev.vkrules.runtime.engine.layout;

import dev.vkrules.runtime.engine.base.Opcodes;
import dev.vkrules.runtime.engine.module.Decorations;
import dev.vkrules.runtime.engine.module.ModuleIndex;
import dev.vkrules.runtime.engine.module.ModuleView;
import java.util.ArrayDeque;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The types a type is built from: backs the {@code contained-types} path field ("must not
 * contain any PhysicalStorageBuffer pointers"). Pointers are leaves: what a pointer points
 * to is not part of the value.
 */
public final class TypeTree {
  private TypeTree() {}

  /**
   * The type itself and, recursively, the element types of its arrays, runtime arrays,
   * vectors (long vectors, OpTypeVectorIdEXT, too) and matrices and the member types of its structs; each once, in the order
   * first reached. Undefined ids are skipped.
   */
  public static int[] contained(ModuleView f, int t) {
    // many rules ask for the same few types of a module: each type's walk is done once per module
    java.util.Map<Integer, int[]> memo = f.containedTypesMemo();
    int[] known = memo.get(t);
    if (known != null) {
      return known;
    }
    int[] out = walk(f, t);
    memo.put(t, out);
    return out;
  }

  private static int[] walk(ModuleView f, int t) {
    Set<Integer> seen = new LinkedHashSet<>();
    ArrayDeque<Integer> todo = new ArrayDeque<>();
    todo.add(t);
    while (!todo.isEmpty()) {
      int x = todo.poll();
      if (!seen.add(x)) {
        continue;
      }
      switch (f.opcode(x)) {
        case Opcodes.OP_TYPE_ARRAY, Opcodes.OP_TYPE_RUNTIME_ARRAY, Opcodes.OP_TYPE_VECTOR,
            Opcodes.OP_TYPE_VECTOR_ID_EXT, Opcodes.OP_TYPE_MATRIX -> push(f, f.module().words[x + 2], todo);
        case Opcodes.OP_TYPE_STRUCT -> {
          for (int i = 2; i < f.count(x); i++) {
            push(f, f.module().words[x + i], todo);
          }
        }
        default -> { }
      }
    }
    int[] out = new int[seen.size()];
    int i = 0;
    for (int x : seen) {
      out[i++] = x;
    }
    return out;
  }

  private static void push(ModuleView f, int id, ArrayDeque<Integer> todo) {
    ModuleIndex m = f.module();
    if (id > 0 && id < m.bound && m.def(id) >= 0) {
      todo.add(m.def(id));
    }
  }

  /** The decorations on the members of a struct type ({@code OpMemberDecorate}); none for other types. */
  public static long[] memberDecorations(ModuleView f, int t) {
    ModuleIndex m = f.module();
    int id = f.opcode(t) == Opcodes.OP_TYPE_STRUCT ? m.words[t + 1] : 0;
    if (id <= 0 || id >= m.bound) {
      return new long[0];
    }
    return java.util.Arrays.stream(m.decorationsOf(id))
        .filter(d -> Decorations.isMemberDecoration(f.opcode(d)))
        .mapToLong(f::decoration).distinct().sorted().toArray();
  }
}
