package dev.vkrules.runtime.engine.module;


/** The static call graph of a module, for native predicates. */
public final class StaticCallGraph {
  private final ModuleView f;
  /**
   * Per function index: whether a function it reaches (itself included) lies on a cycle of the
   * call graph. Found once per module (strongly connected components, Tarjan's algorithm run
   * iteratively), so the question per entry point is a lookup, not a search of its call tree.
   */
  private final boolean[] reachesCycle;

  private StaticCallGraph(ModuleView f) {
    this.f = f;
    this.reachesCycle = reachesCycle(f);
  }

  public static StaticCallGraph of(ModuleView f) {
    return f.memo(StaticCallGraph.class, StaticCallGraph::new);
  }

  /** True when a function reachable from the entry point calls itself, directly or not. */
  public boolean hasCycleFrom(int entryPoint) {
    int start = f.reach().functionIndex(f.module().words[entryPoint + 2]);
    return start >= 0 && reachesCycle[start];
  }

  /**
   * Tarjan's strongly connected components without recursion (a call chain may be as deep as the
   * module has functions). Components complete callees first, so when one completes, whether
   * each of its callees reaches a cycle is known.
   */
  private static boolean[] reachesCycle(ModuleView f) {
    EntryPointUsage r = f.reach();
    int n = f.module().functionStarts.length;
    int[][] callees = new int[n][];
    for (int i = 0; i < n; i++) {
      int[] ids = f.module().callees[i];
      int[] idx = new int[ids.length];
      int k = 0;
      for (int id : ids) {
        int c = r.functionIndex(id);
        if (c >= 0) {
          idx[k++] = c;
        }
      }
      callees[i] = java.util.Arrays.copyOf(idx, k);
    }
    int[] index = new int[n];
    int[] low = new int[n];
    java.util.Arrays.fill(index, -1);
    boolean[] onStack = new boolean[n];
    boolean[] out = new boolean[n];
    int[] stack = new int[n];
    int sp = 0;
    int[] call = new int[n];
    int[] next = new int[n];
    int counter = 0;
    for (int root = 0; root < n; root++) {
      if (index[root] >= 0) {
        continue;
      }
      int csp = 0;
      call[csp++] = root;
      index[root] = low[root] = counter++;
      stack[sp++] = root;
      onStack[root] = true;
      while (csp > 0) {
        int v = call[csp - 1];
        if (next[v] < callees[v].length) {
          int w = callees[v][next[v]++];
          if (index[w] < 0) {
            index[w] = low[w] = counter++;
            stack[sp++] = w;
            onStack[w] = true;
            call[csp++] = w;
          } else if (onStack[w]) {
            low[v] = Math.min(low[v], index[w]);
          }
          continue;
        }
        csp--;
        if (csp > 0) {
          int parent = call[csp - 1];
          low[parent] = Math.min(low[parent], low[v]);
        }
        if (low[v] != index[v]) {
          continue;
        }
        // v roots a component: pop it; it is cyclic when it has two functions or a self call
        int from = sp;
        do {
          from--;
        } while (stack[from] != v);
        boolean cyclic = sp - from > 1;
        boolean reaches = false;
        for (int i = from; i < sp; i++) {
          for (int c : callees[stack[i]]) {
            cyclic |= c == stack[i] && sp - from == 1;
            reaches |= out[c]; // a callee in this component is not decided yet: false
          }
        }
        for (int i = from; i < sp; i++) {
          out[stack[i]] = cyclic || reaches;
          onStack[stack[i]] = false;
        }
        sp = from;
      }
    }
    return out;
  }
}
