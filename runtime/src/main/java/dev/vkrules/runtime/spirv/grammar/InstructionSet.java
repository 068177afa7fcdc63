package dev.vkrules.runtime.spirv.grammar;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * The instructions of the core grammar or of one extended instruction set, by number and by
 * name, plus the operand kinds the set defines.
 */
public final class InstructionSet {
  private final String importName;
  private final String source;
  private final int version;
  private final int revision;
  private final InstructionInfo[] byNumber;
  private final List<InstructionInfo> all;
  private volatile Map<String, InstructionInfo> byName;
  private final Map<String, OperandKind> kinds;

  InstructionSet(String importName, String source, int version, int revision,
      List<InstructionInfo> instructions, Map<String, OperandKind> kinds) {
    this.importName = importName;
    this.source = source;
    this.version = version;
    this.revision = revision;
    int max = -1;
    for (InstructionInfo i : instructions) {
      max = Math.max(max, i.opcode());
    }
    this.byNumber = new InstructionInfo[max + 1];
    for (InstructionInfo i : instructions) {
      // Grammars since 2024 give each number one entry with an aliases array; its name is
      // the printed one. Older grammars repeat the entry per name; there the printed one is
      // the alphabetically first (spirv-dis of that era printed OpTypeAccelerationStructureKHR,
      // not the NV name listed first).
      InstructionInfo old = byNumber[i.opcode()];
      if (old == null || i.name().compareTo(old.name()) < 0) {
        byNumber[i.opcode()] = i;
      }
    }
    this.all = List.copyOf(instructions);
    this.kinds = Collections.unmodifiableMap(kinds);
  }

  /** The look-up by name (aliases included), made on first use: validation never needs it. */
  private Map<String, InstructionInfo> byName() {
    Map<String, InstructionInfo> m = byName;
    if (m == null) {
      m = Grammar.byNameAndAliases(all, InstructionInfo::name, InstructionInfo::aliases);
      byName = m;
    }
    return m;
  }

  /** {@code ""} for the core grammar, else the name an {@code OpExtInstImport} uses. */
  public String importName() {
    return importName;
  }

  public boolean isCore() {
    return importName.isEmpty();
  }

  /** The grammar file the tables were generated from. */
  public String source() {
    return source;
  }

  /** The core grammar's version ({@link Versions} encoding), or the set's "version" field. */
  public int version() {
    return version;
  }

  public int revision() {
    return revision;
  }

  /** The instruction with this opcode (extended sets: instruction number), or null. */
  public InstructionInfo byNumber(int number) {
    return number >= 0 && number < byNumber.length ? byNumber[number] : null;
  }

  /** The instruction with this name (aliases included), or null. */
  public InstructionInfo byName(String name) {
    return byName().get(name);
  }

  /** Every instruction in grammar order, aliases included. */
  public List<InstructionInfo> instructions() {
    return all;
  }

  /** An operand kind defined by this set (for the core: every core kind), or null. */
  public OperandKind kind(String name) {
    return kinds.get(name);
  }

  public List<String> kindNames() {
    String[] names = kinds.keySet().toArray(new String[0]);
    Arrays.sort(names);
    return List.of(names);
  }

  @Override
  public String toString() {
    return isCore() ? "core" : importName;
  }
}
