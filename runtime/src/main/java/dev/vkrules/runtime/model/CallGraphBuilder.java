package dev.vkrules.runtime.model;

import dev.vkrules.runtime.spirv.SpirvModule;
import java.util.Arrays;
import java.util.List;

/** Turns call sites into deduplicated callee/caller lists and the reachability sets. Linear. */
final class CallGraphBuilder {
  private final ModuleModel model;
  private final List<IntList> callSites;

  CallGraphBuilder(ModuleModel model, List<IntList> callSites) {
    this.model = model;
    this.callSites = callSites;
  }

  void build() {
    SpirvModule m = model.module();
    List<Function> functions = model.functionList;
    int f = functions.size();
    int[][] callees = new int[f][];
    int[] callerCount = new int[f];
    int[] stamp = new int[f];
    Arrays.fill(stamp, -1);
    for (Function fn : functions) {
      IntList sites = callSites.get(fn.index);
      int[] out = new int[sites.n];
      int n = 0;
      for (int s = 0; s < sites.n; s++) {
        int site = sites.a[s];
        Function callee = m.operandCount(site) > 2 ? model.function(m.operandWord(site, 2)) : null;
        if (callee != null && stamp[callee.index] != fn.index) {
          stamp[callee.index] = fn.index;
          out[n++] = callee.index;
          callerCount[callee.index]++;
        }
      }
      callees[fn.index] = Arrays.copyOf(out, n);
    }
    int[][] callers = new int[f][];
    for (int i = 0; i < f; i++) {
      callers[i] = new int[callerCount[i]];
      callerCount[i] = 0;
    }
    for (int i = 0; i < f; i++) {
      for (int c : callees[i]) {
        callers[c][callerCount[c]++] = i;
      }
    }
    for (Function fn : functions) {
      fn.callees = ids(functions, callees[fn.index]);
      fn.callers = ids(functions, callers[fn.index]);
    }
    int[] entryFunction = new int[model.entryPoints.size()];
    for (EntryPoint e : model.entryPoints) {
      Function fn = model.function(e.function);
      entryFunction[e.index] = fn == null ? -1 : fn.index;
    }
    model.reachability = new Reachability(callees, callers, entryFunction);
  }

  private static int[] ids(List<Function> functions, int[] indices) {
    int[] out = new int[indices.length];
    for (int i = 0; i < indices.length; i++) {
      out[i] = functions.get(indices[i]).id;
    }
    return out;
  }
}
