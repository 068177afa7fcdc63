package dev.vkrules.generator.rules;

import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The {@code memory-access} subject's table: which instructions read or write memory
 * through a pointer operand, and which operand that is. SPIR-V's grammar does not say
 * whether an operand is read or written, so this is the one place that does.
 */
final class MemoryAccess {
  private MemoryAccess() {}

  /** Instruction name to the name of the pointer operand it writes through (or reads through). */
  static SortedMap<String, String> pointers(RuleGrammar grammar, boolean write) {
    SortedMap<String, String> out = new TreeMap<>();
    if (write) {
      out.put("OpStore", "Pointer");
      out.put("OpCopyMemory", "Target");
      out.put("OpCopyMemorySized", "Target");
    } else {
      out.put("OpLoad", "Pointer");
      out.put("OpCopyMemory", "Source");
      out.put("OpCopyMemorySized", "Source");
    }
    for (String name : grammar.instructions().keySet()) {
      if (name.startsWith("OpAtomic")) {
        // every atomic reads and writes its Pointer, except a load (read only) and a store or flag clear (write only)
        boolean writes = !name.equals("OpAtomicLoad");
        boolean reads = !name.equals("OpAtomicStore") && !name.equals("OpAtomicFlagClear");
        if (write ? writes : reads) {
          out.put(name, "Pointer");
        }
      } else if (name.startsWith(write ? "OpCooperativeMatrixStore" : "OpCooperativeMatrixLoad")) {
        out.put(name, "Pointer");
      }
    }
    out.keySet().retainAll(grammar.instructions().keySet());
    return out;
  }
}
