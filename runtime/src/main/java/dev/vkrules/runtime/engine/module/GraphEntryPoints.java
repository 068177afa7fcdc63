package dev.vkrules.runtime.engine.module;

import dev.vkrules.runtime.engine.base.Opcodes;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * Backs the {@code graph-entry-points} path field (SPV_ARM_graph): the OpGraphEntryPointARM
 * instructions whose graph uses an instruction. A graph is the OpGraphARM named by the entry
 * point's Graph operand; its body runs to OpGraphEndARM. The graph uses the instructions of
 * its body and the definitions of their id operands, which is how it uses module-scope
 * instructions such as OpGraphConstantARM ("used by the OpGraph" in the RuntimeSpirv rules of
 * VK_ARM_data_graph). Computed in one pass over the module, the first time a rule asks.
 */
public final class GraphEntryPoints {
  private static final int[] NONE = {};
  /** Instruction word offset to the word offsets of the graph entry points whose graph uses it. */
  private final Map<Integer, int[]> users = new HashMap<>();

  private GraphEntryPoints(ModuleView f) {
    ModuleIndex m = f.module();
    int[] w = m.words;
    Map<Integer, Set<Integer>> byGraph = new HashMap<>();
    for (int off : m.starts) {
      if ((w[off] & 0xffff) == Opcodes.OP_GRAPH_ENTRY_POINT_ARM && (w[off] >>> 16) > 1) {
        byGraph.computeIfAbsent(w[off + 1], g -> new LinkedHashSet<>()).add(off);
      }
    }
    Map<Integer, Set<Integer>> found = new HashMap<>();
    Set<Integer> current = null;
    for (int i = 0; i < m.starts.length; i++) {
      int off = m.starts[i];
      int opcode = w[off] & 0xffff;
      if (opcode == Opcodes.OP_GRAPH_ARM && (w[off] >>> 16) > 2) {
        current = byGraph.getOrDefault(w[off + 2], Set.of());
      }
      if (current == null) {
        continue;
      }
      if (!current.isEmpty()) {
        found.computeIfAbsent(off, k -> new LinkedHashSet<>()).addAll(current);
        for (int id : m.idOperandsOf(i)) {
          int def = m.validId(id) ? m.def(id) : -1;
          if (def >= 0) {
            found.computeIfAbsent(def, k -> new LinkedHashSet<>()).addAll(current);
          }
        }
      }
      if (opcode == Opcodes.OP_GRAPH_END_ARM) {
        current = null;
      }
    }
    found.forEach((off, eps) -> users.put(off, eps.stream().mapToInt(Integer::intValue).sorted().toArray()));
  }

  /** The graph entry points whose graph uses the instruction at word offset {@code x}, in module order. */
  public static int[] of(ModuleView f, int x) {
    return f.memo(GraphEntryPoints.class, GraphEntryPoints::new).users.getOrDefault(x, NONE);
  }
}
