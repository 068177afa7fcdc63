package dev.vkrules.runtime.engine.module;

import dev.vkrules.runtime.spirv.SpirvModule;
import dev.vkrules.runtime.spirv.grammar.Op;
import java.util.HashMap;
import java.util.Map;

/**
 * The names a module gives its ids ({@code OpName}) and struct members ({@code OpMemberName}),
 * as findings show what they are about: {@code tile}, {@code Block.member}, {@code %12} when
 * unnamed (an empty name, as glslang gives an anonymous block's variable, is no name). Read in
 * one pass over the module the first time a finding asks ({@code f.memo(Names.class, Names::new)}):
 * a module that passes never pays for it.
 */
public final class Names {
  private final ModuleIndex m;
  /** Id to the offset of its first OpName. */
  private final Map<Integer, Integer> names = new HashMap<>();
  /** (struct id, member) to the offset of its first OpMemberName. */
  private final Map<Long, Integer> memberNames = new HashMap<>();

  public Names(ModuleView f) {
    this.m = f.module();
    for (int x : m.starts) {
      int op = m.words[x] & 0xffff;
      int count = m.words[x] >>> 16;
      if (op == Op.OpName && count >= 3) {
        names.putIfAbsent(m.words[x + 1], x);
      } else if (op == Op.OpMemberName && count >= 4) {
        memberNames.putIfAbsent(key(m.words[x + 1], m.words[x + 2]), x);
      }
    }
  }

  /** The display name of the variable (OpVariable, OpUntypedVariableKHR) at word offset {@code v}. */
  public String variable(int v) {
    return ofId(m.words[v + 2]);
  }

  /** The display name of an id: its OpName, or {@code %id}. */
  public String ofId(int id) {
    Integer at = names.get(id);
    String name = at == null ? "" : string(at, 2);
    return name.isEmpty() ? "%" + id : name;
  }

  /**
   * The display name of member {@code member} of the struct type at word offset {@code struct}:
   * {@code Struct.member}; the member's index stands for a member without a name.
   */
  public String member(int struct, long member) {
    int id = m.words[struct + 1];
    Integer at = memberNames.get(key(id, (int) member));
    String name = at == null ? "" : string(at, 3);
    return ofId(id) + "." + (name.isEmpty() ? Long.toString(member) : name);
  }

  private String string(int x, int from) {
    return SpirvModule.decodeString(m.words, x + from, x + (m.words[x] >>> 16));
  }

  private static long key(int id, int member) {
    return ((long) id << 32) | (member & 0xffffffffL);
  }
}
