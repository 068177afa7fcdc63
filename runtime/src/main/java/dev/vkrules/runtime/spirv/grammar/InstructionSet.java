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
  /** Where the grammar's binary form has each entry (grammar order), decoded on first use. */
  private final GrammarDecoder decoder;
  private final int[] offsets;
  private final InstructionInfo[] entries;
  /** Per instruction number: 1 + the index of the entry printed for it, or 0. */
  private final int[] byNumber;
  private volatile List<InstructionInfo> all;
  private volatile Map<String, InstructionInfo> byName;
  private final Map<String, OperandKind> kinds;

  /**
   * {@code printed[i]} marks the entry printed for its number. Grammars since 2024 give each
   * number one entry with an aliases array; its name is the printed one. Older grammars repeat the
   * entry per name; there the generator marks the alphabetically first (spirv-dis of that era
   * printed OpTypeAccelerationStructureKHR, not the NV name listed first).
   */
  InstructionSet(String importName, String source, int version, int revision, GrammarDecoder decoder,
      int[] numbers, boolean[] printed, int[] offsets, Map<String, OperandKind> kinds) {
    this.importName = importName;
    this.source = source;
    this.version = version;
    this.revision = revision;
    this.decoder = decoder;
    this.offsets = offsets;
    this.entries = new InstructionInfo[offsets.length];
    int max = -1;
    for (int n : numbers) {
      max = Math.max(max, n);
    }
    this.byNumber = new int[max + 1];
    for (int i = 0; i < numbers.length; i++) {
      if (printed[i]) {
        byNumber[numbers[i]] = i + 1;
      }
    }
    this.kinds = Collections.unmodifiableMap(kinds);
  }

  /** Entry {@code i}, decoded on first use. */
  private InstructionInfo entry(int i) {
    InstructionInfo in = entries[i];
    return in != null ? in : decode(i);
  }

  private synchronized InstructionInfo decode(int i) {
    InstructionInfo in = entries[i];
    if (in == null) {
      in = decoder.instruction(offsets[i]);
      entries[i] = in;
    }
    return in;
  }

  /** The look-up by name (aliases included), made on first use: validation never needs it. */
  private Map<String, InstructionInfo> byName() {
    Map<String, InstructionInfo> m = byName;
    if (m == null) {
      m = Grammar.byNameAndAliases(instructions(), InstructionInfo::name, InstructionInfo::aliases);
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
    int i = number >= 0 && number < byNumber.length ? byNumber[number] - 1 : -1;
    return i < 0 ? null : entry(i);
  }

  /**
   * One more than the largest instruction number of the set: a table indexed by opcode needs
   * this many slots (no instruction is decoded to answer).
   */
  public int numberLimit() {
    return byNumber.length;
  }

  /** The instruction with this name (aliases included), or null. */
  public InstructionInfo byName(String name) {
    return byName().get(name);
  }

  /** Every instruction in grammar order, aliases included. */
  public List<InstructionInfo> instructions() {
    List<InstructionInfo> list = all;
    if (list == null) {
      InstructionInfo[] out = new InstructionInfo[entries.length];
      for (int i = 0; i < out.length; i++) {
        out[i] = entry(i);
      }
      list = List.of(out);
      all = list;
    }
    return list;
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
