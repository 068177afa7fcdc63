package dev.vkrules.runtime.engine.interfaces;

import dev.vkrules.runtime.engine.Facts;
import dev.vkrules.runtime.engine.Opcodes;
import dev.vkrules.runtime.engine.Unknown;
import dev.vkrules.runtime.engine.module.ModuleIndex;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The Input or Output interface of one entry point, as the Shader Interfaces chapter's
 * "Location and Component Assignment" lays it out: which (Location, Component) slots each
 * user-defined variable (or block member) consumes, and which built-ins each variable
 * carries. Backs the {@code interface:} predicate of the rule language.
 *
 * <p>Slots: a 32-bit (or narrower) scalar or vector takes one Component per component in one
 * Location; a 64-bit one takes two Components per component, running on into the next
 * Location; a matrix takes whole Locations like an array of its columns widened to four
 * components; an array of n elements of l Locations takes n times l Locations, each
 * element at the same Components; a struct lays its members out in order, from the
 * variable's Location or from each member's own. The per-vertex outer array level is
 * dropped where interface matching drops it: non-Patch inputs of tessellation control,
 * tessellation evaluation and geometry shaders, non-Patch outputs of tessellation control
 * shaders, outputs of mesh shaders, and PerVertexKHR inputs of fragment shaders. The
 * {@code Index} decoration (dual-source blending) is part of a slot, and so is
 * {@code Patch}: per-patch and per-vertex variables are counted against separate limits
 * (maxTessellationControlPerPatchOutputComponents), so they have separate Locations.
 *
 * <p>All work is linear in the interface: slots are hashed, never compared pairwise. A
 * variable whose layout cannot be determined (no Location, an array sized by a
 * specialization constant, an undefined type, more than {@link #MAX_LOCATIONS} Locations)
 * contributes nothing: other rules report a missing Location or too many Locations.
 */
public final class InterfaceSlots {
  // Enumerant values of the SPIR-V grammar (the runtime carries no grammar).
  public static final long INPUT = 1;
  public static final long OUTPUT = 3;
  static final long TESSELLATION_CONTROL = 1;
  static final long TESSELLATION_EVALUATION = 2;
  static final long GEOMETRY = 3;
  static final long FRAGMENT = 4;
  static final long MESH_NV = 5268;
  static final long MESH_EXT = 5365;
  static final long PATCH = 15;
  static final long LOCATION = 30;
  static final long COMPONENT = 31;
  static final long INDEX = 32;
  static final long PER_VERTEX_KHR = 5285;

  /** Far above any device's interface limit; bounds the work for absurd array sizes. */
  static final int MAX_LOCATIONS = 4096;

  private InterfaceSlots() {}

  /**
   * One consumed slot: which variable (its offset) and which member of it, if any, and the
   * numeric type (scalar, vector or matrix column, by offset) whose component fills it.
   */
  public   record Slot(int variable, long location, long component, long index, int member, boolean patch, int type) {
    long key() {
      return (patch ? 1L << 50 : 0) | (index << 40) | (location << 2) | component;
    }
  }

  /**
   * No (Location, Component, Index) slot is consumed twice: by two variables
   * ({@code acrossVariables}), or by two members of one variable (otherwise).
   */
  public static boolean uniqueSlots(Facts f, int ep, long storageClass, boolean acrossVariables) {
    Map<Long, Integer> owner = new HashMap<>();
    for (int v : interfaceVariables(f, ep, storageClass)) {
      if (!acrossVariables) {
        owner.clear();
      }
      for (Slot s : slots(f, ep, v)) {
        Integer prev = owner.putIfAbsent(s.key(), acrossVariables ? v : s.member());
        if (prev != null && prev != (acrossVariables ? v : s.member())) {
          return false;
        }
      }
    }
    return true;
  }

  /**
   * Every two different variables that share a Location carry the same subset of the given
   * decorations (on the variable, or on the member that consumes the Location).
   */
  public static boolean samePerLocation(Facts f, int ep, long storageClass, long... decorations) {
    Map<Long, Set<Integer>> owners = new HashMap<>();
    Map<Long, Set<Integer>> signatures = new HashMap<>();
    for (int v : interfaceVariables(f, ep, storageClass)) {
      for (Slot s : slots(f, ep, v)) {
        long where = (s.patch() ? 1L << 50 : 0) | (s.index() << 40) | s.location();
        owners.computeIfAbsent(where, k -> new HashSet<>()).add(v);
        signatures.computeIfAbsent(where, k -> new HashSet<>()).add(signature(f, v, s.member(), decorations));
      }
    }
    // Two owners and two signatures at one Location always include a pair of different
    // variables with different decorations (if X and Y agree, the odd one out differs from one).
    for (Map.Entry<Long, Set<Integer>> e : owners.entrySet()) {
      if (e.getValue().size() > 1 && signatures.get(e.getKey()).size() > 1) {
        return false;
      }
    }
    return true;
  }

  /** No BuiltIn is used twice: on the interface's variables and their blocks' members. */
  public static boolean uniqueBuiltIns(Facts f, int ep, long storageClass) {
    Set<Long> seen = new HashSet<>();
    for (int v : interfaceVariables(f, ep, storageClass)) {
      for (long b : builtIns(f, v)) {
        if (!seen.add(b)) {
          return false;
        }
      }
    }
    return true;
  }

  /**
   * The Locations the entry point's user-defined Input or Output interface spans: the
   * highest Location a non-Patch variable or block member consumes, plus one (0 when none).
   * Per-patch variables are left out: the stage limits of "Shader Input and Output
   * Locations" are the per-vertex ones (per-patch Locations have limits of their own).
   */
  public static long locationsSpanned(Facts f, int ep, long storageClass) {
    long span = 0;
    for (int v : interfaceVariables(f, ep, storageClass)) {
      for (Slot s : slots(f, ep, v)) {
        if (!s.patch()) {
          span = Math.max(span, s.location() + 1);
        }
      }
    }
    return span;
  }

  /** The number of distinct Locations the entry point's user-defined non-Patch variables of the storage class consume. */
  public static long distinctLocations(Facts f, int ep, long storageClass) {
    Set<Long> locations = new HashSet<>();
    for (int v : interfaceVariables(f, ep, storageClass)) {
      for (Slot s : slots(f, ep, v)) {
        if (!s.patch()) {
          locations.add(s.location());
        }
      }
    }
    return locations.size();
  }

  /** The distinct variables of the entry point's Interface operands in the storage class. */
  public static List<Integer> interfaceVariables(Facts f, int ep, long storageClass) {
    ModuleIndex m = f.m;
    int end = ep + f.count(ep);
    Set<Integer> out = new LinkedHashSet<>();
    for (int p = m.stringEnd(ep + 3); p < end; p++) {
      int id = m.words[p];
      if (id <= 0 || id >= m.bound || m.def(id) < 0) {
        continue;
      }
      int v = m.def(id);
      try {
        if (f.opcode(v) == Opcodes.OP_VARIABLE && f.storageClass(v) == storageClass) {
          out.add(v);
        }
      } catch (Unknown u) {
        // not a variable whose storage class can be read: not part of this interface
      }
    }
    return new ArrayList<>(out);
  }

  /** BuiltIns decorating the variable or the members of its (arrays removed) struct type. */
  static List<Long> builtIns(Facts f, int v) {
    List<Long> out = new ArrayList<>();
    collectBuiltIns(f, f.m.words[v + 2], -1, out);
    try {
      int t = f.base(f.pointee(v));
      if (f.opcode(t) == Opcodes.OP_TYPE_STRUCT) {
        collectBuiltIns(f, f.m.words[t + 1], -2, out);
      }
    } catch (Unknown u) {
      // an undefined type has no members
    }
    return out;
  }

  /** {@code member} -1: only decorations of the id itself; -2: only member decorations. */
  private static void collectBuiltIns(Facts f, int id, int member, List<Long> out) {
    ModuleIndex m = f.m;
    if (id <= 0 || id >= m.bound) {
      return;
    }
    for (int d : m.decorationsOf(id, member == -2 ? -2 : -1, Opcodes.DECORATION_BUILTIN)) {
      out.add(f.decorationParam(d, 0));
    }
  }

  /**
   * The slots a user-defined variable consumes; empty for built-ins and undeterminable layouts.
   * Made once per entry point and variable of a module (several rules and their device
   * re-evaluations ask for the same interface: a 16,383-member block was walked member by member
   * for each); the list is unmodifiable.
   */
  public static List<Slot> slots(Facts f, int ep, int v) {
    Map<Long, List<Slot>> known = f.memo(SlotsByVariable.class, x -> new SlotsByVariable()).made;
    long key = ((long) ep << 32) | (v & 0xffffffffL);
    List<Slot> out = known.get(key);
    if (out == null) {
      out = List.copyOf(walk(f, ep, v));
      known.put(key, out);
    }
    return out;
  }

  /** {@link #slots} by entry point and variable, for one module. */
  private static final class SlotsByVariable {
    final Map<Long, List<Slot>> made = new HashMap<>();
  }

  private static List<Slot> walk(Facts f, int ep, int v) {
    List<Slot> out = new ArrayList<>();
    try {
      int varId = f.m.words[v + 2];
      if (decoration(f, varId, -1, Opcodes.DECORATION_BUILTIN) >= 0) {
        return out;
      }
      int t = f.pointee(v);
      if (perVertexArrayed(f, ep, v, varId) && (f.opcode(t) == Opcodes.OP_TYPE_ARRAY
          || f.opcode(t) == Opcodes.OP_TYPE_RUNTIME_ARRAY)) {
        t = f.element(t);
      }
      long location = decoration(f, varId, -1, LOCATION);
      long component = orZero(decoration(f, varId, -1, COMPONENT));
      long index = orZero(decoration(f, varId, -1, INDEX));
      boolean patch = decoration(f, varId, -1, PATCH) >= 0;
      if (f.opcode(t) == Opcodes.OP_TYPE_STRUCT) {
        int structId = f.m.words[t + 1];
        long next = location;
        for (int i = 0; i + 2 < f.count(t); i++) {
          int memberType = f.def(f.m.words[t + 2 + i]);
          if (decoration(f, structId, i, Opcodes.DECORATION_BUILTIN) >= 0) {
            continue;
          }
          long own = decoration(f, structId, i, LOCATION);
          long at = own >= 0 ? own : next;
          if (at < 0) {
            continue;
          }
          long c = orZero(decoration(f, structId, i, COMPONENT));
          next = at + place(f, memberType, at, c, v, index, patch, i, out);
        }
      } else if (location >= 0) {
        place(f, t, location, component, v, index, patch, -1, out);
      }
    } catch (Unknown | TooLarge e) {
      out.clear();
    }
    return out;
  }

  private static final class TooLarge extends RuntimeException {
    TooLarge() {
      super(null, null, false, false);
    }
  }

  /** Adds the slots of a value of type {@code t} placed at (location, component); returns the Locations it takes. */
  private static long place(Facts f, int t, long location, long component, int v, long index, boolean patch,
      int member, List<Slot> out) {
    long locations = locations(f, t);
    if (location + locations > MAX_LOCATIONS) {
      throw new TooLarge();
    }
    switch (f.opcode(t)) {
      case Opcodes.OP_TYPE_ARRAY -> {
        int e = f.element(t);
        long each = locations(f, e);
        long n = f.constant(f.def(f.m.words[t + 3]));
        for (long i = 0; i < n; i++) {
          place(f, e, location + i * each, component, v, index, patch, member, out);
        }
      }
      case Opcodes.OP_TYPE_STRUCT -> {
        // A nested struct: its members in order, each from Component 0 of its first Location.
        long at = location;
        for (int i = 0; i + 2 < f.count(t); i++) {
          at += place(f, f.def(f.m.words[t + 2 + i]), at, 0, v, index, patch, member, out);
        }
      }
      case Opcodes.OP_TYPE_MATRIX -> {
        // Like an array of its columns widened to four components: whole Locations.
        for (long l = 0; l < locations; l++) {
          for (long c = 0; c < 4; c++) {
            out.add(new Slot(v, location + l, c, index, member, patch, f.element(t)));
          }
        }
      }
      default -> {
        long width = f.width(t);
        long taken = f.components(t) * (width == 64 ? 2 : 1);
        // 64-bit values run on into the next Location; narrower ones stay in one (another
        // rule reports a vector that does not fit).
        long last = width == 64 ? component + taken : Math.min(component + taken, 4);
        for (long c = component; c < last; c++) {
          out.add(new Slot(v, location + c / 4, c % 4, index, member, patch, t));
        }
      }
    }
    return locations;
  }

  /** The Locations a type takes. */
  static long locations(Facts f, int t) {
    long n = switch (f.opcode(t)) {
      case Opcodes.OP_TYPE_ARRAY -> f.constant(f.def(f.m.words[t + 3])) * locations(f, f.element(t));
      case Opcodes.OP_TYPE_MATRIX -> f.word(t, 3) * (f.width(t) == 64 && f.components(f.element(t)) > 2 ? 2 : 1);
      case Opcodes.OP_TYPE_STRUCT -> {
        long sum = 0;
        for (int i = 0; i + 2 < f.count(t); i++) {
          sum += locations(f, f.def(f.m.words[t + 2 + i]));
        }
        yield sum;
      }
      case Opcodes.OP_TYPE_VECTOR, Opcodes.OP_TYPE_VECTOR_ID_EXT -> f.width(t) == 64 && f.components(t) > 2 ? 2 : 1;
      case Opcodes.OP_TYPE_INT, Opcodes.OP_TYPE_FLOAT, Opcodes.OP_TYPE_BOOL -> 1;
      default -> Unknown.raise();
    };
    if (n < 0 || n > MAX_LOCATIONS) {
      throw new TooLarge();
    }
    return n;
  }

  private static boolean perVertexArrayed(Facts f, int ep, int v, int varId) {
    long model = f.word(ep, 1);
    long sc = f.storageClass(v);
    boolean patch = decoration(f, varId, -1, PATCH) >= 0;
    if (sc == INPUT) {
      return (!patch && (model == TESSELLATION_CONTROL || model == TESSELLATION_EVALUATION || model == GEOMETRY))
          || (model == FRAGMENT && decoration(f, varId, -1, PER_VERTEX_KHR) >= 0);
    }
    return sc == OUTPUT && ((model == TESSELLATION_CONTROL && !patch) || model == MESH_NV || model == MESH_EXT);
  }

  /** The bit set of the given decorations on the variable, or on the member that consumes the slot. */
  private static int signature(Facts f, int v, int member, long... decorations) {
    int varId = f.m.words[v + 2];
    int structId = -1;
    if (member >= 0) {
      int t = f.base(f.pointee(v));
      structId = f.m.words[t + 1];
    }
    int sig = 0;
    for (int i = 0; i < decorations.length; i++) {
      if (decoration(f, varId, -1, decorations[i]) >= 0
          || (structId > 0 && decoration(f, structId, member, decorations[i]) >= 0)) {
        sig |= 1 << i;
      }
    }
    return sig;
  }

  /**
   * The first parameter of a decoration of the id ({@code member} -1) or of one of its
   * members; 0 for a decoration without parameters; null when absent.
   */
  /**
   * The first parameter of the first decoration {@code decoration} of {@code id} at {@code member}
   * (-1: the id itself), 0 when it has none; -1 when there is no such decoration (parameters are
   * words, never negative).
   */
  private static long decoration(Facts f, int id, int member, long decoration) {
    ModuleIndex m = f.m;
    if (id <= 0 || id >= m.bound) {
      return -1;
    }
    int d = m.firstDecoration(id, member, decoration);
    if (d < 0) {
      return -1;
    }
    int params = f.count(d) - (member >= 0 ? 4 : 3);
    return params > 0 ? f.decorationParam(d, 0) : 0L;
  }

  private static long orZero(long x) {
    return Math.max(x, 0);
  }
}
