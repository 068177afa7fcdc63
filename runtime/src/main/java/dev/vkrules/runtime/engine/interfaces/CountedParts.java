package dev.vkrules.runtime.engine.interfaces;

import dev.vkrules.runtime.engine.base.CountedPart;
import dev.vkrules.runtime.engine.base.Opcodes;
import dev.vkrules.runtime.engine.base.Unknown;
import dev.vkrules.runtime.engine.module.ModuleView;
import dev.vkrules.runtime.engine.module.Names;
import dev.vkrules.runtime.spirv.grammar.Decoration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What the measures that device limits are compared with counted, as a failing (or undecided)
 * finding of a summing rule lists it: each variable, block member or buffer with its size,
 * largest first. Made only while {@link dev.vkrules.runtime.engine.device.DeviceFacts#counting}:
 * a measure whose comparison passes never builds a list.
 */
public final class CountedParts {
  public static final String BYTES = "bytes";
  public static final String LOCATIONS = "Locations";
  public static final String RESOURCES = "resources";

  private CountedParts() {}

  /** The names of the module's ids, read once per module when a finding first asks. */
  static Names names(ModuleView f) {
    return f.memo(Names.class, Names::new);
  }

  /** Largest first; ties by the declaring instruction's word offset, then as listed (a struct's members in Offset order). */
  static List<CountedPart> ordered(List<CountedPart> parts) {
    List<CountedPart> out = new ArrayList<>(parts);
    out.sort(Comparator.comparingLong(CountedPart::size).reversed().thenComparingInt(CountedPart::wordOffset));
    return List.copyOf(out);
  }

  /**
   * The bytes of a Block variable as its members take them: each member from its Offset to the
   * next member's (the last one to {@code size}, the block's bytes up to its last byte of data),
   * so the parts add up to what the sum counted. The variable as one part when its type is not a
   * struct (an array of blocks) or a member has no Offset.
   */
  static List<CountedPart> blockMembers(ModuleView f, int v, int type, long size) {
    Names names = names(f);
    List<CountedPart> whole = List.of(new CountedPart(names.variable(v), size, BYTES, v));
    if (f.opcode(type) != Opcodes.OP_TYPE_STRUCT || f.count(type) <= 2) {
      return whole;
    }
    int structId = f.module().words[type + 1];
    int members = f.count(type) - 2;
    // member index by Offset (a TreeMap: members at one Offset keep the first)
    TreeMap<Long, Integer> byOffset = new TreeMap<>();
    for (int k = 0; k < members; k++) {
      int[] d = f.module().decorationsOf(structId, k, Decoration.Offset);
      if (d.length == 0) {
        return whole;
      }
      byOffset.putIfAbsent(f.decorationParam(d[0], 0), k);
    }
    List<CountedPart> out = new ArrayList<>();
    for (Map.Entry<Long, Integer> e : byOffset.entrySet()) {
      Long next = byOffset.higherKey(e.getKey());
      long end = next == null ? size : next;
      out.add(new CountedPart(names.member(type, e.getValue()), Math.max(0, end - e.getKey()), BYTES, type));
    }
    return out;
  }

  /**
   * The Locations each user-defined non-Patch variable (or block member) of the entry point's
   * Input or Output interface consumes: what {@link InterfaceSlots#locationsSpanned} and
   * {@link InterfaceSlots#distinctLocations} count.
   */
  static List<CountedPart> locations(InterfaceView f, int ep, long storageClass) {
    Names names = names(f);
    List<CountedPart> out = new ArrayList<>();
    for (int v : InterfaceSlots.interfaceVariables(f, ep, storageClass)) {
      long[] ranges = InterfaceSlots.locationRanges(f, ep, v);
      if (ranges != null) {
        // too large to enumerate: the variable's ranges, as one part
        long n = 0;
        for (int i = 0; i < ranges.length; i += 2) {
          n += ranges[i + 1] - ranges[i];
        }
        if (n > 0) {
          out.add(new CountedPart(names.variable(v), n, LOCATIONS, v));
        }
        continue;
      }
      Map<Integer, Set<Long>> byMember = new TreeMap<>();
      for (InterfaceSlots.Slot s : InterfaceSlots.slots(f, ep, v)) {
        if (!s.patch()) {
          byMember.computeIfAbsent(s.member(), k -> new TreeSet<>()).add(s.location());
        }
      }
      int struct = -1;
      try {
        struct = f.base(f.pointee(v));
      } catch (Unknown u) {
        // a variable of undefined type has no slots: nothing below asks for its struct
      }
      for (Map.Entry<Integer, Set<Long>> e : byMember.entrySet()) {
        String name = e.getKey() < 0 || struct < 0 ? names.variable(v) : names.member(struct, e.getKey());
        out.add(new CountedPart(name, e.getValue().size(), LOCATIONS, e.getKey() < 0 || struct < 0 ? v : struct));
      }
    }
    return out;
  }
}
