package dev.vkrules.runtime.engine;

/** The static call graph of a module, for native predicates. */
public final class StaticCallGraph {
  private final Facts f;

  private StaticCallGraph(Facts f) {
    this.f = f;
  }

  public static StaticCallGraph of(Facts f) {
    return new StaticCallGraph(f);
  }

  /** True when a function reachable from the entry point calls itself, directly or not. */
  public boolean hasCycleFrom(int entryPoint) {
    EntryPointUsage r = f.reach();
    int start = r.functionIndex(f.m.words[entryPoint + 2]);
    if (start < 0) {
      return false;
    }
    // Iterative DFS with colours: 1 on the stack, 2 done; an edge to a colour-1 node is a cycle.
    int n = f.m.functionStarts.length;
    byte[] colour = new byte[n];
    int[] stack = new int[n];
    int[] next = new int[n];
    int sp = 0;
    stack[sp++] = start;
    colour[start] = 1;
    while (sp > 0) {
      int fn = stack[sp - 1];
      int[] callees = f.m.callees[fn];
      if (next[fn] < callees.length) {
        int c = r.functionIndex(callees[next[fn]++]);
        if (c < 0) {
          continue;
        }
        if (colour[c] == 1) {
          return true;
        }
        if (colour[c] == 0) {
          colour[c] = 1;
          stack[sp++] = c;
        }
      } else {
        colour[fn] = 2;
        sp--;
      }
    }
    return false;
  }
}
