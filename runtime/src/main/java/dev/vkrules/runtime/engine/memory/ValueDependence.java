package dev.vkrules.runtime.engine.memory;

import dev.vkrules.runtime.engine.base.Opcodes;
import dev.vkrules.runtime.engine.base.Unknown;
import dev.vkrules.runtime.engine.module.ModuleIndex;
import dev.vkrules.runtime.engine.module.ModuleView;
import dev.vkrules.runtime.spirv.grammar.Op;
import java.util.ArrayDeque;
import java.util.Arrays;

/**
 * Which built-ins each value of a module is computed from: the data flow from loads of
 * built-in variables (the spec's "must not depend on ViewIndex"), computed once per module
 * with a worklist, so every instruction and memory object changes state at most once per
 * built-in (linear in the module).
 *
 * <p>A value depends on a built-in when it is a load through a pointer into a variable
 * declaring it, or when any id operand of the instruction that computes it depends on it
 * (arithmetic, conversions, composites, OpPhi, OpSelect, OpCopyObject, access chains, loads
 * through a dependent pointer, extended instructions). Memory carries dependence
 * flow-insensitively: storing a dependent value (OpStore, atomics) marks the memory object the
 * pointer is rooted in, and every load from that object depends on it; OpCopyMemory copies the
 * mark; a pointer passed to a function shares its object with the parameter. Calls carry it
 * from arguments to parameters and from OpReturnValue to the call's result.
 *
 * <p>What it does not see, so a check built on it reports only values that certainly depend:
 * control dependence (a value chosen by a branch on the built-in through OpPhi of constants) and
 * pointers chosen by OpSelect/OpPhi (their own memory object).
 */
public final class ValueDependence {

  private final ModuleView f;
  private final ModuleIndex m;
  private final int[] w;
  /** Bit i of a mask stands for built-in {@code builtinOf[i]}. */
  private final long[] builtinOf;
  /** Per instruction index: the built-ins its result depends on. */
  private final long[] dep;
  /** Per instruction index: its memory object (union-find over memory roots), or -1. */
  private final int[] parent;
  /** Per memory object (its union-find root's index): the built-ins stored into it. */
  private final long[] stored;
  private final int[][] users;
  private final int[][] loadsOf;
  private final int[][] copiesFrom;
  private final int[][] callsOf;
  private final ArrayDeque<Integer> values = new ArrayDeque<>();
  private final ArrayDeque<Integer> objects = new ArrayDeque<>();

  private ValueDependence(ModuleView f, long[] builtinOf) {
    this.f = f;
    this.m = f.module();
    this.w = m.words;
    this.builtinOf = builtinOf;
    int n = m.starts.length;
    dep = new long[n];
    stored = new long[n];
    parent = new int[n];
    Arrays.fill(parent, -1);
    users = users();
    unifyCallArguments();
    loadsOf = new int[n][];
    copiesFrom = new int[n][];
    callsOf = new int[n][];
    memoryEdges();
  }

  /** The analysis of a module; unknown when more than 64 distinct built-ins are loaded. */
  public static ValueDependence of(ModuleView f) {
    long[] all = f.builtins();
    if (all.length > Long.SIZE) {
      return Unknown.raise();
    }
    ValueDependence d = new ValueDependence(f, all);
    d.seed();
    d.run();
    return d;
  }

  /** The built-ins the value defined at word {@code x} depends on, sorted. */
  public long[] of(int x) {
    int i = m.indexOf(x);
    if (i < 0) {
      return Unknown.raise();
    }
    long mask = dep[i];
    long[] out = new long[Long.bitCount(mask)];
    int k = 0;
    for (int b = 0; b < builtinOf.length; b++) {
      if ((mask & (1L << b)) != 0) {
        out[k++] = builtinOf[b];
      }
    }
    Arrays.sort(out);
    return out;
  }

  private long mask(long[] builtins) {
    long mask = 0;
    for (long b : builtins) {
      int i = Arrays.binarySearch(builtinOf, b);
      if (i >= 0) {
        mask |= 1L << i;
      }
    }
    return mask;
  }

  private int index(int id) {
    int d = m.def(id);
    return d < 0 ? -1 : m.indexOf(d);
  }

  /** Users of each instruction's result, by instruction index (compressed: counted, then filled). */
  private int[][] users() {
    int n = m.starts.length;
    int[][] ops = new int[n][];
    int[] count = new int[n];
    for (int i = 0; i < n; i++) {
      ops[i] = m.idOperandsOf(i);
      for (int id : ops[i]) {
        int d = index(id);
        if (d >= 0) {
          count[d]++;
        }
      }
    }
    int[][] out = new int[n][];
    for (int i = 0; i < n; i++) {
      out[i] = new int[count[i]];
      count[i] = 0;
    }
    for (int i = 0; i < n; i++) {
      for (int id : ops[i]) {
        int d = index(id);
        if (d >= 0) {
          out[d][count[d]++] = i;
        }
      }
    }
    return out;
  }

  private int find(int i) {
    while (parent[i] >= 0 && parent[parent[i]] >= 0) {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
    return parent[i] >= 0 ? parent[i] : i;
  }

  private void union(int a, int b) {
    int ra = find(a);
    int rb = find(b);
    if (ra != rb) {
      parent[ra] = rb;
    }
  }

  /** The memory object a pointer id is rooted in (an instruction index), or -1 when unknown. */
  private int object(int pointerId) {
    int d = m.def(pointerId);
    if (d < 0) {
      return -1;
    }
    try {
      return find(m.indexOf(MemoryFacts.root(f, d)));
    } catch (Unknown u) {
      return -1;
    }
  }

  /** A pointer argument and the parameter it is passed as name one memory object. */
  private void unifyCallArguments() {
    for (int i = 0; i < m.starts.length; i++) {
      int x = m.starts[i];
      if (f.opcode(x) != Opcodes.OP_FUNCTION_CALL) {
        continue;
      }
      int[] params = parameters(w[x + 3]);
      for (int k = 0; k < params.length && 4 + k < f.count(x); k++) {
        int arg = object(w[x + 4 + k]);
        if (arg >= 0 && isPointer(m.starts[params[k]])) {
          union(params[k], arg);
        }
      }
    }
  }

  private boolean isPointer(int x) {
    int t = m.def(w[x + 1]);
    return t >= 0 && f.opcode(t) == Opcodes.OP_TYPE_POINTER;
  }

  /** Instruction indices of the parameters of the function with this id. */
  private int[] parameters(int functionId) {
    int d = m.def(functionId);
    if (d < 0 || f.opcode(d) != Opcodes.OP_FUNCTION) {
      return new int[0];
    }
    int first = m.indexOf(d) + 1;
    int end = first;
    while (end < m.starts.length && f.opcode(m.starts[end]) == Op.OpFunctionParameter) {
      end++;
    }
    int[] out = new int[end - first];
    for (int k = 0; k < out.length; k++) {
      out[k] = first + k;
    }
    return out;
  }

  /** Loads per memory object, copies between objects, and call sites per function. */
  private void memoryEdges() {
    int n = m.starts.length;
    ModuleIndex.IntList[] loads = new ModuleIndex.IntList[n];
    ModuleIndex.IntList[] copies = new ModuleIndex.IntList[n];
    ModuleIndex.IntList[] calls = new ModuleIndex.IntList[n];
    for (int i = 0; i < n; i++) {
      int x = m.starts[i];
      int op = f.opcode(x);
      if (op == Opcodes.OP_LOAD || (isAtomic(op) && Opcodes.hasResult(op))) {
        int o = object(w[x + 3]);
        if (o >= 0) {
          add(loads, o, i);
        }
      } else if (op == Op.OpCopyMemory || op == Op.OpCopyMemorySized) {
        int target = object(w[x + 1]);
        int source = object(w[x + 2]);
        if (target >= 0 && source >= 0) {
          add(copies, source, target);
        }
      } else if (op == Opcodes.OP_FUNCTION_CALL) {
        int fn = index(w[x + 3]);
        if (fn >= 0) {
          add(calls, fn, i);
        }
      }
    }
    for (int i = 0; i < n; i++) {
      loadsOf[i] = loads[i] == null ? ModuleIndex.IntList.EMPTY : loads[i].toArray();
      copiesFrom[i] = copies[i] == null ? ModuleIndex.IntList.EMPTY : copies[i].toArray();
      callsOf[i] = calls[i] == null ? ModuleIndex.IntList.EMPTY : calls[i].toArray();
    }
  }

  private static void add(ModuleIndex.IntList[] lists, int at, int value) {
    if (lists[at] == null) {
      lists[at] = new ModuleIndex.IntList();
    }
    lists[at].add(value);
  }

  private static boolean isAtomic(int op) {
    return Opcodes.name(op).startsWith("OpAtomic");
  }

  /** Loads through a pointer into a built-in variable, and values decorated as built-ins themselves. */
  private void seed() {
    for (int i = 0; i < m.starts.length; i++) {
      int x = m.starts[i];
      int op = f.opcode(x);
      try {
        if (op == Opcodes.OP_LOAD || (isAtomic(op) && Opcodes.hasResult(op))) {
          raise(i, mask(f.builtins(MemoryFacts.root(f, f.def(w[x + 3])))));
        } else if (Opcodes.hasResult(op) && op != Opcodes.OP_VARIABLE) {
          raise(i, mask(f.builtins(x)));
        }
      } catch (Unknown u) {
        // an undefined pointer names no variable
      }
    }
  }

  private void raise(int i, long bits) {
    if ((dep[i] | bits) != dep[i]) {
      dep[i] |= bits;
      values.add(i);
    }
  }

  private void store(int object, long bits) {
    if (object >= 0 && (stored[object] | bits) != stored[object]) {
      stored[object] |= bits;
      objects.add(object);
    }
  }

  private void run() {
    while (!values.isEmpty() || !objects.isEmpty()) {
      while (!values.isEmpty()) {
        int i = values.poll();
        for (int u : users[i]) {
          flow(i, u);
        }
      }
      while (!objects.isEmpty()) {
        int o = objects.poll();
        for (int load : loadsOf[o]) {
          raise(load, stored[o]);
        }
        for (int target : copiesFrom[o]) {
          store(find(target), stored[o]);
        }
      }
    }
  }

  /** Carries the dependence of instruction {@code i}'s value into its user {@code u}. */
  private void flow(int i, int u) {
    int x = m.starts[u];
    int op = f.opcode(x);
    int id = w[m.starts[i] + (Opcodes.hasResultType(f.opcode(m.starts[i])) ? 2 : 1)];
    long bits = dep[i];
    if (op == Op.OpStore) {
      if (w[x + 2] == id) {
        store(object(w[x + 1]), bits);
      }
    } else if (op == Op.OpAtomicStore) {
      if (f.count(x) > 4 && w[x + 4] == id) {
        store(object(w[x + 1]), bits);
      }
    } else if (op == Op.OpReturnValue) {
      int fn = m.functionOf[u];
      if (fn >= 0) {
        for (int call : callsOf[m.indexOf(m.functionStarts[fn])]) {
          raise(call, bits);
        }
      }
    } else if (op == Opcodes.OP_FUNCTION_CALL) {
      int[] params = parameters(w[x + 3]);
      for (int k = 0; k < params.length && 4 + k < f.count(x); k++) {
        if (w[x + 4 + k] == id) {
          raise(params[k], bits);
        }
      }
    } else if (Opcodes.hasResult(op)) {
      if (isAtomic(op) && w[x + 3] != id) {
        store(object(w[x + 3]), bits); // the value an atomic writes
      }
      raise(u, bits);
    }
  }
}
