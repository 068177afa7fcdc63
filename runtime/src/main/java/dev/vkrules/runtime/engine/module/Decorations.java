package dev.vkrules.runtime.engine.module;

import dev.vkrules.runtime.engine.base.Opcodes;
import dev.vkrules.runtime.engine.base.Unknown;
import dev.vkrules.runtime.spirv.IdMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What a module's decorations say, for the checkers' decoration queries ({@code Facts.decorated},
 * {@code Facts.builtins}, {@code Facts.dataType}, ...): which instructions are decorations and of
 * which form, what a decoration applies to (an id and member, the variables of a struct type, the
 * type of its target), which BuiltIn values an instruction or the module carries, and the
 * WorkgroupSize decoration. Lookups go through {@link ModuleIndex}'s per-id decoration index; the
 * module-wide answers are made once and kept by {@code Facts}.
 */
public final class Decorations {
  private static final int[] NONE = new int[0];
  private static final long[] NO_BUILTINS = new long[0];

  private Decorations() {}

  /** What a decoration test looks at: an id, and a member index or -1 for the id itself. */
  public record Target(int id, long member) {}

  /** OpDecorate, OpMemberDecorate, OpDecorateId, OpMemberDecorateIdEXT, OpDecorateString, OpMemberDecorateString. */
  public static boolean isDecoration(int opcode) {
    return opcode == Opcodes.OP_DECORATE || opcode == Opcodes.OP_MEMBER_DECORATE || opcode == Opcodes.OP_DECORATE_ID
        || opcode == Opcodes.OP_MEMBER_DECORATE_ID_EXT || opcode == Opcodes.OP_DECORATE_STRING
        || opcode == Opcodes.OP_MEMBER_DECORATE_STRING;
  }

  /** The member forms: OpMemberDecorate, OpMemberDecorateIdEXT, OpMemberDecorateString. */
  public static boolean isMemberDecoration(int opcode) {
    return opcode == Opcodes.OP_MEMBER_DECORATE || opcode == Opcodes.OP_MEMBER_DECORATE_ID_EXT
        || opcode == Opcodes.OP_MEMBER_DECORATE_STRING;
  }

  /** OpDecorateId and OpMemberDecorateIdEXT: decorations whose parameters are ids (read as constants). */
  public static boolean isIdDecoration(int opcode) {
    return opcode == Opcodes.OP_DECORATE_ID || opcode == Opcodes.OP_MEMBER_DECORATE_ID_EXT;
  }

  /** A variable declaration: {@code OpVariable} or {@code OpUntypedVariableKHR} (SPV_KHR_untyped_pointers). */
  static boolean isVariable(int opcode) {
    return opcode == Opcodes.OP_VARIABLE || opcode == Opcodes.OP_UNTYPED_VARIABLE_KHR;
  }

  /** {@code Facts.decorationParam}: parameter {@code index} of a decoration, an id parameter read as a constant. */
  public static long param(ModuleView f, int x, int index) {
    int op = f.opcode(x);
    long raw = f.word(x, (isMemberDecoration(op) ? 4 : 3) + index);
    return isIdDecoration(op) ? f.constant(f.def((int) raw)) : raw;
  }

  /**
   * For a decoration instruction, its target and member; for any other instruction with a
   * result, its result id; unknown otherwise.
   */
  public static Target target(ModuleView f, int x) {
    int[] w = f.module().words;
    int op = f.opcode(x);
    if (isDecoration(op)) {
      return new Target(w[x + 1], isMemberDecoration(op) ? f.word(x, 2) : -1);
    }
    if (Opcodes.hasResult(op)) {
      return new Target(w[x + (Opcodes.hasResultType(op) ? 2 : 1)], -1);
    }
    return Unknown.raise();
  }

  /**
   * {@code Facts.decorated}: true when {@code x} carries one of the decorations. For a decoration
   * instruction, the same target and member; for any other instruction, decorations of its result
   * id (member decorations excluded).
   */
  public static boolean decorated(ModuleView f, int x, long... decorations) {
    // target(f, x) without its record (this runs per decoration of a module, for several rules)
    int[] w = f.module().words;
    int op = f.opcode(x);
    int id;
    long member = -1;
    if (isDecoration(op)) {
      id = w[x + 1];
      member = isMemberDecoration(op) ? f.word(x, 2) : -1;
    } else if (Opcodes.hasResult(op)) {
      id = w[x + (Opcodes.hasResultType(op) ? 2 : 1)];
    } else {
      return Unknown.raise();
    }
    for (long decoration : decorations) {
      if (f.module().firstDecoration(id, member, decoration) >= 0) {
        return true;
      }
    }
    return false;
  }

  /**
   * {@code Facts.membersDecorated}: for a struct type, with {@code all}, true when every member
   * carries one of the decorations (a struct without members: true); otherwise true when some
   * member does. Unknown for anything but a struct type.
   */
  public static boolean membersDecorated(ModuleView f, int struct, boolean all, long... decorations) {
    if (f.opcode(struct) != Opcodes.OP_TYPE_STRUCT) {
      return Unknown.raise();
    }
    int members = f.count(struct) - 2;
    BitSet decorated = new BitSet(members);
    for (long decoration : decorations) {
      for (int d : f.module().decorationsOf(f.module().words[struct + 1], -2, decoration)) {
        // A member index past the last member names no member (and must not size the set).
        if (f.word(d, 2) < members) {
          decorated.set((int) f.word(d, 2));
        }
      }
    }
    int n = decorated.cardinality();
    return all ? n == members : n > 0;
  }

  /**
   * {@code Facts.builtins(int)}: the BuiltIn values of an instruction: for a decoration, those of
   * its target and member; for a variable, its own and those of the members of its struct type
   * (arrays removed), as built-in blocks carry them; for any other instruction, those of its id.
   */
  public static long[] builtins(ModuleView f, int x) {
    int op = f.opcode(x);
    Target t = target(f, x);
    long[] out = collectBuiltins(f, t.id(), t.member(), NO_BUILTINS);
    if (op == Opcodes.OP_VARIABLE) {
      try {
        int struct = f.base(f.pointee(x));
        if (f.opcode(struct) == Opcodes.OP_TYPE_STRUCT) {
          out = collectBuiltins(f, f.module().words[struct + 1], -2, out);
        }
      } catch (Unknown u) {
        // a variable of an undefined type has only its own decorations
      }
    }
    return out;
  }

  /**
   * {@code into} with the BuiltIn values decorating {@code id} at {@code member} (-1: the id itself,
   * -2: any member) added: sorted, each once. Plain arrays (a handful of values): this runs for
   * every variable of every module, the first time in the interpreter.
   */
  private static long[] collectBuiltins(ModuleView f, int id, long member, long[] into) {
    if (id <= 0 || id >= f.module().bound) {
      return into;
    }
    long[] out = into;
    for (int d : f.module().decorationsOf(id, member, Opcodes.DECORATION_BUILTIN)) {
      int op = f.opcode(d);
      if (!isIdDecoration(op) && f.count(d) > (isMemberDecoration(op) ? 4 : 3)) {
        long v = param(f, d, 0);
        int at = Arrays.binarySearch(out, v);
        if (at < 0) {
          int i = -at - 1;
          long[] grown = new long[out.length + 1];
          System.arraycopy(out, 0, grown, 0, i);
          grown[i] = v;
          System.arraycopy(out, i, grown, i + 1, out.length - i);
          out = grown;
        }
      }
    }
    return out;
  }

  /**
   * {@code Facts.variables}: the variables a decoration applies to: its target, or the variables
   * of its struct target type (the module's own array: read it, do not modify it). No copy: this
   * runs per decoration and rule (a struct of 16,383 decorated members), and a copy of the same
   * length is a native clone in C1-compiled code (Arrays.copyOf makes it one too).
   */
  public static int[] variables(ModuleView f, int x) {
    int t = f.target(x);
    if (f.opcode(t) == Opcodes.OP_VARIABLE) {
      return new int[] {t};
    }
    int[] vs = f.variablesByBaseType().get(t);
    return vs == null ? NONE : vs;
  }

  /**
   * Module-scope variables by the offset of their pointee type with arrays removed: an int map, no
   * boxed key per lookup (a struct of 16,383 decorated members asks once per decoration and rule).
   */
  public static final class VariablesByType {
    private final IdMap slots = IdMap.hashed();
    private final List<int[]> variables = new ArrayList<>();

    /** The variables of base type {@code t}, in module order (do not modify), or null. */
    public int[] get(int t) {
      int slot = slots.get(t);
      return slot < 0 ? null : variables.get(slot);
    }
  }

  /**
   * Module-scope variables by their pointee type with arrays removed, in module order; made once
   * per module ({@code Facts.variablesByBaseType}: a lookup per decoration, not a scan of the
   * module per decoration).
   */
  public static VariablesByType variablesByBaseType(ModuleView f) {
    Map<Integer, List<Integer>> byType = new HashMap<>();
    for (int v : f.globalVariables()) {
      try {
        Integer type = f.base(f.pointee(v));
        List<Integer> list = byType.get(type);
        if (list == null) {
          list = new ArrayList<>();
          byType.put(type, list);
        }
        list.add(v);
      } catch (Unknown u) {
        // a variable with an undefined type cannot be matched
      }
    }
    VariablesByType out = new VariablesByType();
    for (Map.Entry<Integer, List<Integer>> e : byType.entrySet()) {
      List<Integer> list = e.getValue();
      int[] vs = new int[list.size()];
      for (int i = 0; i < vs.length; i++) {
        vs[i] = list.get(i);
      }
      out.slots.putIfAbsent(e.getKey(), out.variables.size());
      out.variables.add(vs);
    }
    return out;
  }

  /**
   * {@code Facts.dataType}: the type of what a decoration applies to: a member's type, a
   * variable's pointee, or the type itself.
   */
  public static int dataType(ModuleView f, int x) {
    int t = f.target(x);
    if (isMemberDecoration(f.opcode(x))) {
      long member = f.word(x, 2);
      // A member index beyond the struct's members names nothing (never a word of the next instruction).
      return f.opcode(t) == Opcodes.OP_TYPE_STRUCT && member < f.count(t) - 2 ? f.def(f.module().words[t + 2 + (int) member])
          : Unknown.raise();
    }
    return isVariable(f.opcode(t)) ? f.pointee(t) : t;
  }

  /**
   * Every BuiltIn some decoration of {@code applied} ({@link ModuleIndex#appliedDecorations}) uses,
   * sorted, each once (the scan {@code Facts.builtins()} makes once per module).
   */
  public static long[] moduleBuiltins(ModuleView f, int[] applied) {
    ModuleIndex.IntList found = new ModuleIndex.IntList();
    for (int s : applied) {
      int op = f.opcode(s);
      if (isDecoration(op) && !isIdDecoration(op) && f.decoration(s) == Opcodes.DECORATION_BUILTIN
          && f.count(s) > (isMemberDecoration(op) ? 4 : 3)) {
        found.add((int) param(f, s, 0));
      }
    }
    int[] distinct = found.sortedDistinct();
    long[] out = new long[distinct.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = Integer.toUnsignedLong(distinct[i]);
    }
    Arrays.sort(out);
    return out;
  }

  /**
   * The first decoration BuiltIn {@code builtIn} of an id (not a member) among {@code applied},
   * directly or through a decoration group, or -1 ({@code Facts.workgroupSizeDecoration}).
   */
  public static int firstBuiltInDecoration(ModuleView f, int[] applied, long builtIn) {
    for (int s : applied) {
      if (f.opcode(s) == Opcodes.OP_DECORATE && f.count(s) > 3 && f.decoration(s) == Opcodes.DECORATION_BUILTIN
          && param(f, s, 0) == builtIn) {
        return s;
      }
    }
    return -1;
  }
}
