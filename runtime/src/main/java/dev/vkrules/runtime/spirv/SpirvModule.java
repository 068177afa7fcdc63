package dev.vkrules.runtime.spirv;

import dev.vkrules.runtime.spirv.grammar.Grammar;
import dev.vkrules.runtime.spirv.grammar.InstructionInfo;
import dev.vkrules.runtime.spirv.grammar.InstructionSet;
import dev.vkrules.runtime.spirv.grammar.OperandKind;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.function.IntConsumer;

/**
 * A parsed module: its words (host order) plus flat indices, no object per instruction or
 * operand. Instructions are numbered 0..{@link #instructionCount()}-1 in module order; an
 * instruction's operands are numbered 0..{@link #operandCount(int)}-1 and include its result
 * type and result id, the operands of the enumerants it uses (in order), and for
 * {@code OpExtInst} and {@code OpSpecConstantOp} the operands of the inner instruction.
 */
public final class SpirvModule {
  /** Header words: magic, version, generator, bound, schema. */
  public static final int HEADER_WORDS = 5;

  private final int[] words;
  /** How many instructions: {@link #instOffset} and {@link #operandBase} have one more entry in use (their tails are unused). */
  private final int instCount;
  private final int[] instOffset;
  private final int[] operandBase;
  /**
   * Bit {@code i} is set for an instruction of a simple layout (SpirvParser's quick path): its
   * operands are one word each, in order after the opcode word, their kinds given by the layout;
   * it has no entries in the operand arrays.
   */
  private final long[] quickBits;
  private final int[] operandOffset;
  private final short[] operandKind;
  private final IdMap definitions;
  private final IdMap extSets;
  private final InstructionSet[] extSetTable;
  private final String[] extSetNames;

  SpirvModule(int[] words, int instCount, int[] instOffset, int[] operandBase, long[] quickBits,
      int[] operandOffset, short[] operandKind, IdMap definitions, IdMap extSets, InstructionSet[] extSetTable,
      String[] extSetNames) {
    this.words = words;
    this.instCount = instCount;
    this.instOffset = instOffset;
    this.operandBase = operandBase;
    this.quickBits = quickBits;
    this.operandOffset = operandOffset;
    this.operandKind = operandKind;
    this.definitions = definitions;
    this.extSets = extSets;
    this.extSetTable = extSetTable;
    this.extSetNames = extSetNames;
  }

  /** The module's words in host order; do not modify. */
  public int[] words() {
    return words;
  }

  public int wordCount() {
    return words.length;
  }

  public int word(int offset) {
    return words[offset];
  }

  /** The header's version word, {@code 0x00MMmm00}. */
  public int version() {
    return words.length > 1 ? words[1] : 0;
  }

  public int generator() {
    return words.length > 2 ? words[2] : 0;
  }

  /** The header's id bound (unsigned). */
  public long bound() {
    return words.length > 3 ? Integer.toUnsignedLong(words[3]) : 0;
  }

  public int schema() {
    return words.length > 4 ? words[4] : 0;
  }

  public int instructionCount() {
    return instCount;
  }

  /** Word offset of instruction {@code inst} (its opcode word). */
  public int offset(int inst) {
    return instOffset[inst];
  }

  /** Word offset one past the instruction's last word. */
  public int end(int inst) {
    return instOffset[inst + 1];
  }

  public int opcode(int inst) {
    return words[instOffset[inst]] & 0xffff;
  }

  public int instructionWordCount(int inst) {
    return instOffset[inst + 1] - instOffset[inst];
  }

  /** The core grammar entry of the instruction, or null for an unknown opcode. */
  public InstructionInfo info(int inst) {
    return Grammar.core().byNumber(opcode(inst));
  }

  /** The instruction's result id, or 0. */
  public int resultId(int inst) {
    InstructionInfo info = info(inst);
    if (info == null || !info.hasResult() || instructionWordCount(inst) < (info.hasResultType() ? 3 : 2)) {
      return 0;
    }
    return words[instOffset[inst] + (info.hasResultType() ? 2 : 1)];
  }

  /** The instruction's result type id, or 0. */
  public int resultTypeId(int inst) {
    InstructionInfo info = info(inst);
    if (info == null || !info.hasResultType() || instructionWordCount(inst) < 2) {
      return 0;
    }
    return words[instOffset[inst] + 1];
  }

  /** The word offsets of all instructions, in order (a copy). */
  public int[] instructionOffsets() {
    return Arrays.copyOf(instOffset, instructionCount());
  }

  /**
   * Adds to {@code out} the ids the instruction's operands name, in operand order: every operand
   * of an id kind ({@code IdRef}, {@code IdScope}, {@code IdMemorySemantics}), also inside
   * enumerant parameters, pairs and extended-instruction operands; not the Result Type or Result.
   */
  public void idOperands(int inst, IntConsumer out) {
    if (quick(inst)) {
      int op = opcode(inst);
      for (int k = 0, at = instOffset[inst] + 1, end = instOffset[inst + 1]; at < end; k++, at++) {
        if (ID_KIND[SpirvParser.quickKind(op, k)]) {
          out.accept(words[at]);
        }
      }
      return;
    }
    for (int i = operandBase[inst], end = operandBase[inst + 1]; i < end; i++) {
      if (ID_KIND[operandKind[i]]) {
        out.accept(words[operandOffset[i]]);
      }
    }
  }

  /** By operand kind id: whether the kind is an id operand other than Result Type and Result. */
  private static final boolean[] ID_KIND = new boolean[Grammar.kindCount()];

  static {
    for (int k = 0; k < ID_KIND.length; k++) {
      ID_KIND[k] = Grammar.kindById(k).role() == OperandKind.Role.ID;
    }
  }

  /** Whether the instruction has a simple layout read by SpirvParser's quick path (see {@link #quickBits}). */
  private boolean quick(int inst) {
    return (quickBits[inst >>> 6] & (1L << inst)) != 0;
  }

  public int operandCount(int inst) {
    return quick(inst) ? instOffset[inst + 1] - instOffset[inst] - 1 : operandBase[inst + 1] - operandBase[inst];
  }

  /** Word offset of operand {@code k} of instruction {@code inst}. */
  public int operandOffset(int inst, int k) {
    return quick(inst) ? instOffset[inst] + 1 + k : operandOffset[operandBase[inst] + k];
  }

  /** Number of words operand {@code k} occupies (strings, wide literals: more than one). */
  public int operandWords(int inst, int k) {
    if (quick(inst)) {
      return 1;
    }
    int i = operandBase[inst] + k;
    int next = k + 1 < operandCount(inst) ? operandOffset[i + 1] : instOffset[inst + 1];
    return next - operandOffset[i];
  }

  public OperandKind operandKind(int inst, int k) {
    return Grammar.kindById(quick(inst) ? SpirvParser.quickKind(opcode(inst), k) : operandKind[operandBase[inst] + k]);
  }

  /** The first word of operand {@code k}: an id, a literal, an enumerant value or a mask. */
  public int operandWord(int inst, int k) {
    return words[operandOffset(inst, k)];
  }

  /** A literal number of one or two words, zero-extended. */
  public long operandLiteral(int inst, int k) {
    int off = operandOffset(inst, k);
    long low = Integer.toUnsignedLong(words[off]);
    return operandWords(inst, k) >= 2 ? low | ((long) words[off + 1] << 32) : low;
  }

  /** Operand {@code k} read as a literal string (up to its nul). */
  public String operandString(int inst, int k) {
    return decodeString(words, operandOffset(inst, k), operandOffset(inst, k) + operandWords(inst, k));
  }

  /** Decodes a nul-terminated UTF-8 string packed little-end first into words [from, to). */
  public static String decodeString(int[] words, int from, int to) {
    byte[] bytes = new byte[(to - from) * 4];
    int n = 0;
    outer:
    for (int w = from; w < to; w++) {
      for (int b = 0; b < 4; b++) {
        byte c = (byte) (words[w] >>> (8 * b));
        if (c == 0) {
          break outer;
        }
        bytes[n++] = c;
      }
    }
    return new String(bytes, 0, n, StandardCharsets.UTF_8);
  }

  /** The instruction defining {@code id}, or -1. */
  public int definition(int id) {
    return definitions.get(id);
  }

  /** The id → defining instruction map (for the model, which reuses it). */
  public IdMap definitions() {
    return definitions;
  }

  /** For an {@code OpExtInst}: the imported set it names, or null when unknown. */
  public InstructionSet extInstSet(int inst) {
    int slot = extSlot(inst);
    return slot < 0 ? null : extSetTable[slot];
  }

  /** For an {@code OpExtInst}: the import name of its set, or null when the id is no import. */
  public String extInstSetName(int inst) {
    int slot = extSlot(inst);
    return slot < 0 ? null : extSetNames[slot];
  }

  private int extSlot(int inst) {
    if (instructionWordCount(inst) < 4) {
      return -1;
    }
    return extSets.get(words[instOffset[inst] + 3]);
  }

  /** For an {@code OpExtInst}: the grammar of its extended instruction, or null. */
  public InstructionInfo extInstInfo(int inst) {
    InstructionSet set = extInstSet(inst);
    return set == null || instructionWordCount(inst) < 5 ? null : set.byNumber(words[instOffset[inst] + 4]);
  }

  /** The instruction containing word {@code offset}, or -1 (header or past the end). */
  public int instructionAt(int offset) {
    int i = Arrays.binarySearch(instOffset, 0, instCount + 1, offset);
    if (i >= 0) {
      return i < instructionCount() ? i : -1;
    }
    int ins = -i - 2;
    return ins >= 0 && ins < instructionCount() ? ins : -1;
  }
}
