package dev.vkrules.runtime.engine.natives;

import dev.vkrules.runtime.engine.Facts;
import dev.vkrules.runtime.spirv.IdMap;
import dev.vkrules.runtime.spirv.grammar.Decoration;
import dev.vkrules.runtime.spirv.grammar.ExecutionMode;
import dev.vkrules.runtime.spirv.grammar.Op;
import dev.vkrules.runtime.spirv.grammar.StorageClass;

/**
 * Native predicate for an OpTypeRuntimeArray: every place the module uses the type is one
 * the Vulkan environment allows. The rule is about the users of a type (struct members and
 * their position, array elements, variables, pointer types to the enclosing struct), a
 * reverse relation the check language does not navigate, hence native (see the rule file's
 * justification).
 *
 * <p>Allowed (Vulkan 1.4.335): the last member of a struct decorated Block whose pointers are
 * in the StorageBuffer, PhysicalStorageBuffer or Uniform storage class, or decorated
 * BufferBlock whose pointers are in the Uniform storage class; the type of a variable (the
 * outermost dimension) in the StorageBuffer, Uniform or UniformConstant storage class, or in
 * the NodePayloadAMDX storage class when the module uses the CoalescingAMDX execution mode.
 * Not allowed: the element of another array, any other member position, a function type's
 * operand.
 */
public final class RuntimeArrayPlacement {
  private RuntimeArrayPlacement() {}

  public static boolean test(Facts f, int runtimeArray) {
    int[] w = f.module().words();
    int id = w[runtimeArray + 1];
    int[] starts = f.module().starts();
    // Ids are unsigned 32-bit values (any bound below 2^32 is legal), so sets of ids are
    // IdMaps, not BitSets, which take only non-negative indices.
    IdMap structs = IdMap.hashed();
    IdMap pointersToIt = IdMap.hashed();
    boolean coalescing = false;
    for (int x : starts) {
      int count = w[x] >>> 16;
      switch (f.opcode(x)) {
        case Op.OpTypeArray, Op.OpTypeRuntimeArray -> {
          if (count > 2 && w[x + 2] == id) {
            return false;
          }
        }
        case Op.OpTypeStruct -> {
          for (int k = 2; k < count; k++) {
            if (w[x + k] == id) {
              if (k != count - 1 || !f.decorated(x, Decoration.Block, Decoration.BufferBlock)) {
                return false;
              }
              structs.putIfAbsent(w[x + 1], 1);
            }
          }
        }
        case Op.OpTypeFunction -> {
          for (int k = 2; k < count; k++) {
            if (w[x + k] == id) {
              return false;
            }
          }
        }
        case Op.OpTypePointer -> {
          if (count > 3 && w[x + 3] == id) {
            pointersToIt.putIfAbsent(w[x + 1], 1);
          }
        }
        case Op.OpExecutionMode, Op.OpExecutionModeId -> coalescing |= count > 2 && w[x + 2] == ExecutionMode.CoalescingAMDX;
        default -> {
          // names, decorations (ArrayStride) and pointer uses say nothing about placement
        }
      }
    }
    for (int x : starts) {
      int op = f.opcode(x);
      if (op == Op.OpVariable && pointersToIt.contains(w[x + 1])) {
        long sc = f.storageClass(x);
        boolean nodePayload = coalescing && sc == StorageClass.NodePayloadAMDX;
        if (sc != StorageClass.StorageBuffer && sc != StorageClass.Uniform && sc != StorageClass.UniformConstant
            && !nodePayload) {
          return false;
        }
      } else if (op == Op.OpTypePointer && structs.size() > 0) {
        int data = f.base(f.def(w[x + 3]));
        if (f.opcode(data) == Op.OpTypeStruct && structs.contains(w[data + 1]) && !storageMatchesBlock(f, x, data)) {
          return false;
        }
      }
    }
    return true;
  }

  /** A pointer to a struct holding the runtime array: Block with (Physical)StorageBuffer, Block or BufferBlock with Uniform. */
  private static boolean storageMatchesBlock(Facts f, int pointer, int struct) {
    long sc = f.storageClass(pointer);
    if (sc == StorageClass.StorageBuffer || sc == StorageClass.PhysicalStorageBuffer) {
      return f.decorated(struct, Decoration.Block);
    }
    if (sc == StorageClass.Uniform) {
      // 1.4.335 allows the last member of a Block struct in Uniform as well as a BufferBlock one
      return f.decorated(struct, Decoration.BufferBlock, Decoration.Block);
    }
    return false;
  }
}
