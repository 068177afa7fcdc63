package dev.vkrules.runtime.engine.interfaces;

import dev.vkrules.runtime.engine.base.Opcodes;
import dev.vkrules.runtime.engine.base.Unknown;
import dev.vkrules.runtime.engine.module.ModuleIndex;
import dev.vkrules.runtime.engine.module.ModuleView;
import dev.vkrules.runtime.spirv.grammar.ExecutionModel;
import dev.vkrules.runtime.spirv.grammar.Op;
import dev.vkrules.runtime.spirv.grammar.StorageClass;
import java.util.ArrayDeque;
import java.util.BitSet;

/**
 * The writes to Output variables that a MeshEXT entry point can execute before any
 * OpSetMeshOutputsEXT: "reaches a write before a set" over the control flow and the static
 * call graph, computed once per module in linear time.
 *
 * <p>Each function is entered at most once in the state "outputs not set yet": the MeshEXT
 * entry points' functions, and every function called at a point of such a function that the
 * state still holds. From the entry block, a block's instructions are read in order: a write
 * through an Output pointer is recorded; OpSetMeshOutputsEXT, or a call to a function that
 * may execute one (directly or through its callees), ends the state on that path (the
 * successors are not visited from there); otherwise the successors are visited. Every path of
 * the control-flow graph counts as executable, so a recorded write is one that some path
 * reaches with no OpSetMeshOutputsEXT before it, and a write after a call that may set the
 * outputs is never recorded.
 */
public final class MeshOutputOrder {

  private final ModuleView f;
  private final ModuleIndex m;
  private final int[] w;
  /** Per function index: 1 when it may execute OpSetMeshOutputsEXT, 2 when not, 0 unknown yet. */
  private final byte[] maySet;
  private final BitSet early = new BitSet();

  private MeshOutputOrder(ModuleView f) {
    this.f = f;
    this.m = f.module();
    this.w = m.words;
    this.maySet = new byte[m.functionStarts.length];
  }

  /** The analysis of the module {@code f} describes, made once and kept with it. */
  public static MeshOutputOrder of(ModuleView f) {
    return f.memo(MeshOutputOrder.class, view -> {
      MeshOutputOrder o = new MeshOutputOrder(view);
      o.run();
      return o;
    });
  }

  /** True when a MeshEXT entry point can execute the write at word {@code x} before any OpSetMeshOutputsEXT. */
  public boolean writesBeforeSet(int x) {
    return early.get(m.indexOf(x));
  }

  private void run() {
    boolean[] entered = new boolean[m.functionStarts.length];
    ArrayDeque<Integer> queue = new ArrayDeque<>();
    for (int ep : m.entryPoints) {
      int fn = f.reach().functionIndex(w[ep + 2]);
      if (Integer.toUnsignedLong(w[ep + 1]) == ExecutionModel.MeshEXT && fn >= 0 && !entered[fn]) {
        entered[fn] = true;
        queue.add(fn);
      }
    }
    while (!queue.isEmpty()) {
      int fn = queue.poll();
      for (int callee : walk(fn)) {
        if (!entered[callee]) {
          entered[callee] = true;
          queue.add(callee);
        }
      }
    }
  }

  /** Walks function {@code fn} from its entry with the outputs not set; returns the functions it calls so. */
  private int[] walk(int fn) {
    int first = m.indexOf(m.functionStarts[fn]);
    int end = first;
    while (end < m.starts.length && m.functionOf[end] == fn) {
      end++;
    }
    int entry = first;
    while (entry < end && f.opcode(m.starts[entry]) != Op.OpLabel) {
      entry++;
    }
    ModuleIndex.IntList calls = new ModuleIndex.IntList();
    if (entry == end) {
      return calls.toArray();
    }
    BitSet visited = new BitSet();
    ArrayDeque<Integer> blocks = new ArrayDeque<>();
    blocks.add(entry);
    visited.set(entry);
    while (!blocks.isEmpty()) {
      int i = blocks.poll() + 1;
      boolean open = true;
      for (; i < end && open; i++) {
        int x = m.starts[i];
        int op = f.opcode(x);
        if (op == Op.OpSetMeshOutputsEXT) {
          open = false;
        } else if (op == Opcodes.OP_FUNCTION_CALL) {
          int callee = f.reach().functionIndex(w[x + 3]);
          if (callee >= 0) {
            calls.add(callee);
            open = !maySet(callee);
          }
        } else if (writesOutput(x, op)) {
          early.set(i);
        } else if (isTerminator(op)) {
          for (int label : successors(x, op)) {
            int d = m.def(label);
            int b = d < 0 ? -1 : m.indexOf(d);
            if (b >= first && b < end && !visited.get(b)) {
              visited.set(b);
              blocks.add(b);
            }
          }
          break;
        }
      }
    }
    return calls.toArray();
  }

  private boolean writesOutput(int x, int op) {
    if (op != Op.OpStore && op != Op.OpCopyMemory && op != Op.OpCopyMemorySized && op != Op.OpAtomicStore) {
      return false;
    }
    try {
      return f.storageClass(f.def(w[x + 1])) == StorageClass.Output;
    } catch (Unknown u) {
      return false;
    }
  }

  private static boolean isTerminator(int op) {
    return switch (op) {
      case Op.OpBranch, Op.OpBranchConditional, Op.OpSwitch, Op.OpLabel, Op.OpReturn, Op.OpReturnValue, Op.OpKill,
          Op.OpUnreachable, Op.OpTerminateInvocation, Op.OpIgnoreIntersectionKHR, Op.OpTerminateRayKHR,
          Op.OpEmitMeshTasksEXT -> true;
      default -> false;
    };
  }

  /** The labels a block terminator branches to (OpSwitch: by its selector's width, 1 or 2 literal words). */
  private int[] successors(int x, int op) {
    if (op == Op.OpBranch) {
      return new int[] {w[x + 1]};
    }
    if (op == Op.OpBranchConditional) {
      return new int[] {w[x + 2], w[x + 3]};
    }
    if (op == Op.OpSwitch) {
      int literalWords;
      try {
        literalWords = f.width(f.typeOf(f.def(w[x + 1]))) > 32 ? 2 : 1;
      } catch (Unknown u) {
        literalWords = 1;
      }
      int count = f.count(x);
      ModuleIndex.IntList out = new ModuleIndex.IntList();
      out.add(w[x + 2]);
      for (int k = 3 + literalWords; k < count; k += literalWords + 1) {
        out.add(w[x + k]);
      }
      return out.toArray();
    }
    return new int[0];
  }

  /** Whether function {@code fn} may execute OpSetMeshOutputsEXT, itself or through its callees. */
  private boolean maySet(int fn) {
    if (maySet[fn] != 0) {
      return maySet[fn] == 1;
    }
    maySet[fn] = 2; // a call cycle (invalid anyway) ends here instead of looping
    int first = m.indexOf(m.functionStarts[fn]);
    boolean sets = false;
    for (int i = first; i < m.starts.length && m.functionOf[i] == fn && !sets; i++) {
      sets = f.opcode(m.starts[i]) == Op.OpSetMeshOutputsEXT;
    }
    for (int i = 0; i < m.callees[fn].length && !sets; i++) {
      int callee = f.reach().functionIndex(m.callees[fn][i]);
      sets = callee >= 0 && maySet(callee);
    }
    maySet[fn] = (byte) (sets ? 1 : 2);
    return sets;
  }
}
