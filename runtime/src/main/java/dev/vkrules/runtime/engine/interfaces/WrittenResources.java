package dev.vkrules.runtime.engine.interfaces;

import dev.vkrules.runtime.engine.Diagnostic;
import dev.vkrules.runtime.engine.Facts;
import dev.vkrules.runtime.engine.Positions;
import dev.vkrules.runtime.engine.Unknown;
import dev.vkrules.runtime.engine.module.ModuleIndex;
import dev.vkrules.runtime.spirv.grammar.Op;
import dev.vkrules.runtime.spirv.grammar.StorageClass;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;

/**
 * The module-scope variables each function writes, and from them the resources an entry
 * point's call tree writes: what maxFragmentCombinedOutputResources bounds. A write is an
 * instruction that writes memory through a pointer (the generator's memory-access table,
 * passed in as positions) or an OpImageWrite; its pointer or image is followed to the
 * variable it comes from (access chains, OpCopyObject, the OpLoad of an image,
 * OpImageTexelPointer). Gathered in one pass over the module, the first time it is asked.
 */
public final class WrittenResources {
  private final Facts f;
  /** Per function index: word offsets of the module-scope variables it writes, sorted. */
  private final List<TreeSet<Integer>> byFunction = new ArrayList<>();

  public WrittenResources(Facts f, Positions writes) {
    this.f = f;
    ModuleIndex m = f.m;
    for (int i = 0; i < m.functionStarts.length; i++) {
      byFunction.add(new TreeSet<>());
    }
    for (int i = 0; i < m.starts.length; i++) {
      int x = m.starts[i];
      int enc = writes.get(f.opcode(x));
      if (enc == 0 || m.functionOf[i] < 0) {
        continue;
      }
      try {
        int v = variableOf(f.refAt(x, enc));
        if (v >= 0) {
          byFunction.get(m.functionOf[i]).add(v);
        }
      } catch (Unknown u) {
        // a pointer or image whose origin cannot be followed: not counted
      }
    }
  }

  /** The module-scope variable a written pointer or image value comes from; -1 for none. */
  private int variableOf(int p) {
    int[] w = f.m.words;
    int op = f.opcode(p);
    if (op == Op.OpLoad || op == Op.OpImageTexelPointer) {
      // an image value loaded from its variable; a texel pointer into an image variable
      p = f.def(w[p + 3]);
    }
    int root = f.root(p);
    int rop = f.opcode(root);
    return (rop == Op.OpVariable || rop == Op.OpUntypedVariableKHR) && f.storageClass(root) != StorageClass.Function
        ? root : -1;
  }

  /**
   * The storage buffers and storage images the entry point's call tree writes (each
   * variable once: which elements of a descriptor array are written is a run-time matter)
   * plus the distinct Locations of its user-defined outputs: a lower bound of what
   * maxFragmentCombinedOutputResources limits.
   */
  public long combinedOutputResources(int ep) {
    int e = Arrays.binarySearch(f.m.entryPoints, ep);
    if (e < 0) {
      return Unknown.raise();
    }
    TreeSet<Integer> written = new TreeSet<>();
    // the functions its call tree reaches, not every function of the module per entry point
    for (int fn : f.reach().reachedFunctions[e]) {
      written.addAll(byFunction.get(fn));
    }
    long n = 0;
    for (int v : written) {
      if (f.resource(v, ResourceType.STORAGE_BUFFER, ResourceType.STORAGE_IMAGE)) {
        n++;
      }
    }
    long total = n + InterfaceSlots.distinctLocations(f, ep, InterfaceSlots.OUTPUT);
    if (f.device().counting()) {
      f.device().counted(parts(written, ep));
    }
    return total;
  }

  /** Each written storage buffer or image as one resource, and the Locations of each output. */
  private List<Diagnostic.Part> parts(TreeSet<Integer> written, int ep) {
    List<Diagnostic.Part> out = new ArrayList<>();
    for (int v : written) {
      if (f.resource(v, ResourceType.STORAGE_BUFFER, ResourceType.STORAGE_IMAGE)) {
        out.add(new Diagnostic.Part(CountedParts.names(f).variable(v), 1, CountedParts.RESOURCES, v));
      }
    }
    out.addAll(CountedParts.locations(f, ep, InterfaceSlots.OUTPUT));
    return CountedParts.ordered(out);
  }
}
