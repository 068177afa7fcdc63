package dev.vkrules.runtime.spirv;

import dev.vkrules.runtime.spirv.grammar.Enumerant;
import dev.vkrules.runtime.spirv.grammar.Grammar;
import dev.vkrules.runtime.spirv.grammar.InstructionInfo;
import dev.vkrules.runtime.spirv.grammar.InstructionSet;
import dev.vkrules.runtime.spirv.grammar.Op;
import dev.vkrules.runtime.spirv.grammar.OperandKind;
import dev.vkrules.runtime.spirv.grammar.OperandSpec;
import dev.vkrules.runtime.spirv.grammar.Quantifier;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads a SPIR-V binary (1.0 to 1.6, either byte order) into a {@link SpirvModule}, walking
 * every instruction's operand layout from the grammar. Never throws on bad input: problems
 * become {@link ParseProblem}s. Time is linear in the module size; memory is a fixed number of
 * ints per word (the words, one offset per instruction, one offset and kind per operand of an
 * instruction the general walk reads (none for those {@link #quick(int, int)} reads), and an
 * id map no larger than twice the word count).
 */
public final class SpirvParser {
  public static final int MAGIC = 0x07230203;
  /** Diagnostics kept per parse; the rest are only counted, so memory stays bounded. */
  public static final int MAX_DIAGNOSTICS = 100;
  private static final int MAX_MINOR = 6;

  private static final OperandKind ID_REF = Grammar.kind("IdRef");
  private static final OperandKind LITERAL_INTEGER = Grammar.kind("LiteralInteger");

  /**
   * The layouts of core instructions whose operands are all one word each and need no look-up
   * (result type, result, ids, literal integers), optionally ending in a variadic list of ids or
   * literals, or in optional operands of any kind (then simple only while they are absent); null
   * for the others. Such an instruction is read in one tight loop; any other shape (and any word
   * count the simple layout does not cover, e.g. present optional operands) takes the general
   * walk, which reports the errors.
   */
  private record Simple(OperandKind[] fixed, OperandKind variadic, short[] kindIds, byte[] roles, int result,
      short variadicKind, boolean variadicId) {
    Simple(OperandKind[] fixed, OperandKind variadic) {
      this(fixed, variadic, new short[fixed.length], new byte[fixed.length], resultIndex(fixed),
          variadic == null ? -1 : (short) variadic.id(),
          variadic != null && (variadic.role() == OperandKind.Role.ID || variadic.role() == OperandKind.Role.RESULT_TYPE));
      for (int i = 0; i < fixed.length; i++) {
        kindIds[i] = (short) fixed[i].id();
        roles[i] = (byte) switch (fixed[i].role()) {
          case RESULT_TYPE -> ROLE_RESULT_TYPE;
          case ID -> ROLE_ID;
          default -> ROLE_PLAIN;
        };
      }
    }

    /** The index of the Result operand among the fixed ones, or -1. */
    private static int resultIndex(OperandKind[] fixed) {
      for (int i = 0; i < fixed.length; i++) {
        if (fixed[i].role() == OperandKind.Role.RESULT) {
          return i;
        }
      }
      return -1;
    }
  }

  private static final byte ROLE_PLAIN = 0;
  private static final byte ROLE_ID = 1;
  private static final byte ROLE_RESULT_TYPE = 2;

  /**
   * Per core opcode, made on first use (a module uses a few dozen of the grammar's opcodes): the
   * simple layout, {@link #NONE} when the instruction has none, null before it is asked for. A
   * race makes equal layouts twice, which is harmless (they are immutable).
   */
  private static final Simple[] SIMPLE = new Simple[Grammar.core().numberLimit()];
  /**
   * The simple layouts {@link #quick} reads, as {@link #SIMPLE}: those whose Result (if any) is
   * where {@link #record} looks for it, except OpTypeInt and OpTypeFloat (whose widths record keeps).
   */
  private static final Simple[] QUICK = new Simple[SIMPLE.length];
  private static final Simple NONE = new Simple(new OperandKind[0], null);

  /** Does nothing but load the grammar (the parser's static initialisation needs it): for a warm-up thread. */
  public static void ready() {
    // calling a static method initialises the class
  }

  /** The simple layout of core opcode {@code op} (within the tables), or null. */
  private static Simple simpleLayout(int op) {
    return layout(SIMPLE, op);
  }

  /** The layout {@link #quick} reads for core opcode {@code op} (within the tables), or null. */
  private static Simple quickLayout(int op) {
    return layout(QUICK, op);
  }

  /** The entry of {@code table} ({@link #SIMPLE} or {@link #QUICK}) for {@code op}, both made on first use. */
  private static Simple layout(Simple[] table, int op) {
    Simple s = table[op];
    if (s == null) {
      layouts(op);
      s = table[op];
    }
    return s == NONE ? null : s;
  }

  private static void layouts(int op) {
    InstructionInfo in = Grammar.core().byNumber(op);
    Simple simple = in == null ? null : simple(in);
    // the quick path records no operand widths (record's bookkeeping): not for the types it reads
    boolean quick = simple != null && op != Op.OpTypeInt && op != Op.OpTypeFloat
        && simple.result() == (in.hasResult() ? (in.hasResultType() ? 1 : 0) : -1);
    QUICK[op] = quick ? simple : NONE;
    SIMPLE[op] = simple != null ? simple : NONE;
  }

  private static Simple simple(InstructionInfo in) {
    List<OperandKind> fixed = new ArrayList<>();
    int i = 0;
    while (i < in.operandCount() && in.operand(i).quantifier() == Quantifier.ONE && oneWord(in.operand(i).kind())) {
      fixed.add(in.operand(i).kind());
      i++;
    }
    OperandKind[] head = fixed.toArray(new OperandKind[0]);
    if (i == in.operandCount()) {
      return new Simple(head, null);
    }
    OperandSpec next = in.operand(i);
    if (next.quantifier() == Quantifier.VARIADIC && i == in.operandCount() - 1 && oneWord(next.kind())) {
      return new Simple(head, next.kind());
    }
    for (int j = i; j < in.operandCount(); j++) {
      if (in.operand(j).quantifier() == Quantifier.ONE) {
        return null;
      }
    }
    return new Simple(head, null);
  }

  /**
   * The kind id of operand {@code k} of an instruction {@link #quick(int, int)} read (opcode
   * {@code opcode}): every operand of such an instruction is one word, at word {@code k + 1}.
   */
  static int quickKind(int opcode, int k) {
    Simple s = quickLayout(opcode);
    return k < s.kindIds().length ? s.kindIds()[k] : s.variadicKind();
  }

  private static boolean oneWord(OperandKind k) {
    return switch (k.role()) {
      case RESULT_TYPE, ID, RESULT, LITERAL_INTEGER -> true;
      default -> false;
    };
  }

  private final int[] words;
  /** Whether simple instructions take {@link #quick(int, int)} (always, except in a test). */
  private final boolean quick;
  private final List<ParseProblem> diagnostics = new ArrayList<>();
  private int totalDiagnostics;

  private int[] instOffset;
  private int instCount;
  private int[] operandBase;
  /** Bit {@code i} is set when instruction {@code i} was read by {@link #quick(int, int)}. */
  private long[] quickBits;
  private int[] operandOffset;
  private short[] operandKind;
  private int operandCount;
  private final IdMap definitions;
  /** The header's id bound, unsigned. */
  private final long bound;
  private final IdMap typeWidths;
  private final IdMap extSets;
  private final List<InstructionSet> extSetTable = new ArrayList<>();
  private final List<String> extSetNames = new ArrayList<>();

  // The instruction being read.
  private int start;
  private int end;
  private int pos;
  private int opcode;
  private String opName;
  private int resultType;
  private boolean stop;

  private SpirvParser(int[] words, boolean quick) {
    this.words = words;
    this.quick = quick;
    // Every operand takes at least one word, so the operand arrays never need to grow.
    int estimate = Math.max(16, words.length / 3);
    instOffset = new int[estimate + 1];
    operandBase = new int[estimate + 1];
    quickBits = new long[(estimate + 1) / 64 + 1];
    // Instructions read by quick() keep no operand entries (their layout says where each is), so
    // the operand arrays start small and grow as the general walk needs (readInstruction).
    operandOffset = new int[Math.max(16, words.length / 8)];
    operandKind = new short[Math.max(16, words.length / 8)];
    bound = words.length > 3 ? Integer.toUnsignedLong(words[3]) : 0;
    definitions = IdMap.forModule(bound, words.length);
    typeWidths = IdMap.hashed();
    extSets = IdMap.hashed();
  }

  /** Parses a binary file's bytes; the byte order is taken from the magic number. */
  public static ParseResult parse(byte[] bytes) {
    List<ParseProblem> early = new ArrayList<>();
    int usable = bytes.length & ~3;
    if (bytes.length != usable) {
      early.add(new ParseProblem(usable / 4, "module size of " + bytes.length
          + " bytes is not a multiple of 4 at word " + usable / 4));
    }
    ByteOrder order = ByteOrder.LITTLE_ENDIAN;
    if (usable >= 4 && ByteBuffer.wrap(bytes, 0, 4).order(ByteOrder.BIG_ENDIAN).getInt() == MAGIC) {
      order = ByteOrder.BIG_ENDIAN;
    }
    int[] words = new int[usable / 4];
    ByteBuffer.wrap(bytes, 0, usable).order(order).asIntBuffer().get(words);
    ParseResult r = parse(words);
    if (words.length == 0 || words[0] != MAGIC) {
      // not SPIR-V at all: say what it looks like (assembly text, GLSL, ...) and nothing else
      return new ParseResult(r.module(), List.of(new ParseProblem(0, NotSpirv.describe(bytes))), 1);
    }
    if (early.isEmpty()) {
      return r;
    }
    List<ParseProblem> all = new ArrayList<>(early);
    all.addAll(r.diagnostics());
    return new ParseResult(r.module(), List.copyOf(all.subList(0, Math.min(all.size(), MAX_DIAGNOSTICS))),
        r.totalDiagnostics() + early.size());
  }

  /** Parses words already in host order (the module keeps this array). */
  public static ParseResult parse(int[] words) {
    return parse(words, true);
  }

  /**
   * As {@link #parse(int[])}; without {@code quick} every instruction takes the general walk
   * (for the test that shows both give the same module and problems).
   */
  static ParseResult parse(int[] words, boolean quick) {
    SpirvParser p = new SpirvParser(words, quick);
    p.run();
    return p.result();
  }

  private ParseResult result() {
    // the module reads instOffset and operandBase up to instCount and the operand arrays only
    // through operandBase, so their unused tails are not copied away
    SpirvModule module = new SpirvModule(words, instCount, instOffset, operandBase, quickBits, operandOffset,
        operandKind, definitions, extSets,
        extSetTable.toArray(new InstructionSet[0]), extSetNames.toArray(new String[0]));
    return new ParseResult(module, List.copyOf(diagnostics), totalDiagnostics);
  }

  private void error(int word, String message) {
    totalDiagnostics++;
    if (diagnostics.size() < MAX_DIAGNOSTICS) {
      diagnostics.add(new ParseProblem(word, message));
    }
  }

  private void run() {
    if (words.length < SpirvModule.HEADER_WORDS) {
      error(0, "module of " + words.length + " words is shorter than the 5-word header at word 0");
      return;
    }
    if (words[0] != MAGIC) {
      error(0, String.format("bad magic number 0x%08x at word 0", words[0]));
      return;
    }
    int version = words[1];
    if ((version & 0xff0000ff) != 0 || ((version >>> 16) & 0xff) != 1 || ((version >>> 8) & 0xff) > MAX_MINOR) {
      error(1, String.format("unsupported version 0x%08x at word 1", version));
    }
    if (words[3] == 0) {
      error(3, "id bound 0 at word 3");
    }
    if (words[4] != 0) {
      error(4, "schema " + Integer.toUnsignedString(words[4]) + " is not 0 at word 4");
    }
    int at = SpirvModule.HEADER_WORDS;
    while (at < words.length) {
      int wc = words[at] >>> 16;
      if (wc == 0) {
        error(at, "instruction at word " + at + " has a word count of 0");
        return;
      }
      if (wc > words.length - at) {
        error(at, "instruction at word " + at + " claims " + wc + " words but " + (words.length - at) + " remain");
        return;
      }
      if (!quick || !quick(at, at + wc)) {
        readInstruction(at, at + wc);
      }
      at += wc;
    }
  }

  /**
   * Reads an instruction of a simple layout ({@link Simple}) whose operands are all in order
   * (every id in 1..bound-1, a new result id) in one loop on locals and returns true; returns
   * false, having written nothing, for anything else: {@link #readInstruction} then reads it and
   * reports what is wrong. Most instructions of a large module take this path.
   */
  private boolean quick(int from, int to) {
    int[] w = words;
    int op = w[from] & 0xffff;
    Simple simple = op < QUICK.length ? quickLayout(op) : null;
    if (simple == null) {
      return false;
    }
    byte[] roles = simple.roles();
    int fixed = roles.length;
    int operandWords = to - from - 1;
    if (operandWords != fixed && (simple.variadic() == null || operandWords < fixed)) {
      return false;
    }
    long limit = bound;
    int at = from + 1;
    for (int k = 0; k < fixed; k++, at++) {
      if (roles[k] != ROLE_PLAIN) {
        int id = w[at];
        if (id == 0 || Integer.toUnsignedLong(id) >= limit) {
          return false;
        }
      }
    }
    if (simple.variadicId()) {
      for (; at < to; at++) {
        int id = w[at];
        if (id == 0 || Integer.toUnsignedLong(id) >= limit) {
          return false;
        }
      }
    }
    int inst = instCount;
    int result = simple.result();
    if (result >= 0) {
      int resultId = w[from + 1 + result];
      // the last test: once the definition is stored, nothing below can fail
      if (resultId == 0 || Integer.toUnsignedLong(resultId) >= limit || definitions.putIfAbsent(resultId, inst) != -1) {
        return false;
      }
    }
    // in order: record it (its operands are where its layout says: no operand entries)
    if (inst + 1 >= instOffset.length) {
      growInstructions();
    }
    instOffset[inst] = from;
    instOffset[inst + 1] = to;
    int n = operandCount;
    operandBase[inst] = n;
    operandBase[inst + 1] = n;
    quickBits[inst >>> 6] |= 1L << inst;
    instCount = inst + 1;
    return true;
  }

  private void growInstructions() {
    int n = instOffset.length * 2;
    instOffset = Arrays.copyOf(instOffset, n);
    operandBase = Arrays.copyOf(operandBase, n);
    quickBits = Arrays.copyOf(quickBits, n / 64 + 1);
  }

  private void readInstruction(int from, int to) {
    if (instCount + 1 >= instOffset.length) {
      growInstructions();
    }
    // every operand takes at least one word: room for as many operands as the instruction has words
    if (operandCount + (to - from) > operandOffset.length) {
      int n = Math.max(operandOffset.length * 2, operandCount + (to - from));
      operandOffset = Arrays.copyOf(operandOffset, n);
      operandKind = Arrays.copyOf(operandKind, n);
    }
    instOffset[instCount] = from;
    instOffset[instCount + 1] = to;
    operandBase[instCount] = operandCount;
    start = from;
    end = to;
    pos = from + 1;
    opcode = words[from] & 0xffff;
    resultType = 0;
    stop = false;
    InstructionInfo info = Grammar.core().byNumber(opcode);
    Simple simple = opcode < SIMPLE.length ? simpleLayout(opcode) : null;
    int operandWords = to - from - 1;
    if (simple != null && (operandWords == simple.fixed().length
        || (simple.variadic() != null && operandWords > simple.fixed().length))) {
      opName = info.name();
      short[] kindIds = simple.kindIds();
      byte[] roles = simple.roles();
      // The loop works on locals, not fields: the baseline JIT keeps locals in registers.
      int[] w = words;
      int[] offsets = operandOffset;
      short[] kinds = operandKind;
      int n = operandCount;
      int at = pos;
      long limit = bound;
      for (int k = 0; k < kindIds.length; k++, n++, at++) {
        byte role = roles[k];
        if (role != ROLE_PLAIN) {
          int id = w[at];
          if (role == ROLE_RESULT_TYPE) {
            resultType = id;
          }
          if (id == 0 || Integer.toUnsignedLong(id) >= limit) {
            pos = at;
            checkId(simple.fixed()[k]);
          }
        }
        offsets[n] = at;
        kinds[n] = kindIds[k];
      }
      operandCount = n;
      pos = at;
      while (pos < end) {
        oneWordOperand(simple.variadic());
      }
      record(info);
    } else if (info == null) {
      error(from, "unknown opcode " + opcode + " at word " + from);
    } else {
      opName = info.name();
      for (int i = 0; i < info.operandCount() && !stop; i++) {
        layoutItem(info.operand(i));
      }
      if (!stop && pos < end) {
        error(pos, opName + " has " + (end - pos) + " words after its last operand at word " + pos);
      }
      record(info);
    }
    instCount++;
    operandBase[instCount] = operandCount;
  }

  /** Bookkeeping that later operands of later instructions depend on. */
  private void record(InstructionInfo info) {
    if (!info.hasResult()) {
      return;
    }
    int resultAt = start + (info.hasResultType() ? 2 : 1);
    if (resultAt >= end) {
      return;
    }
    int id = words[resultAt];
    if (id == 0 || Integer.toUnsignedLong(id) >= bound) {
      error(resultAt, "result id " + Integer.toUnsignedString(id) + " is not in 1.." + (bound - 1) + " at word " + resultAt);
      return;
    }
    int previous = definitions.putIfAbsent(id, instCount);
    if (previous >= 0) {
      error(resultAt, "id %" + id + " is defined twice, first at word " + instOffset[previous] + ", again at word " + resultAt);
      return;
    }
    if ((opcode == Op.OpTypeInt || opcode == Op.OpTypeFloat) && end - start >= 3) {
      typeWidths.putIfAbsent(id, words[start + 2]);
    } else if (opcode == Op.OpExtInstImport && end - start >= 3) {
      String name = SpirvModule.decodeString(words, start + 2, end);
      extSets.putIfAbsent(id, extSetTable.size());
      extSetTable.add(Grammar.extInstSet(name));
      extSetNames.add(name);
    }
  }

  private void layoutItem(OperandSpec spec) {
    switch (spec.quantifier()) {
      case ONE -> {
        if (pos >= end) {
          error(end, opName + " at word " + start + " is missing operand " + describe(spec) + " at word " + end);
          stop = true;
          return;
        }
        operand(spec.kind());
      }
      case OPTIONAL -> {
        if (pos < end) {
          operand(spec.kind());
        }
      }
      case VARIADIC -> {
        while (pos < end && !stop) {
          operand(spec.kind());
        }
      }
    }
  }

  private static String describe(OperandSpec spec) {
    return spec.name().isEmpty() ? spec.kind().name() : spec.label() + " (" + spec.kind().name() + ")";
  }

  private void add(OperandKind kind, int words) {
    if (operandCount == operandOffset.length) {
      int n = operandOffset.length * 2;
      operandOffset = Arrays.copyOf(operandOffset, n);
      operandKind = Arrays.copyOf(operandKind, n);
    }
    operandOffset[operandCount] = pos;
    operandKind[operandCount] = (short) kind.id();
    operandCount++;
    pos += words;
  }

  /** An operand of a simple layout: as {@link #operand}, for the one-word roles only. */
  private void oneWordOperand(OperandKind kind) {
    switch (kind.role()) {
      case RESULT_TYPE -> {
        resultType = words[pos];
        checkId(kind);
      }
      case ID -> checkId(kind);
      default -> { }
    }
    add(kind, 1);
  }

  private void operand(OperandKind kind) {
    switch (kind.role()) {
      case RESULT_TYPE -> {
        resultType = words[pos];
        checkId(kind);
        add(kind, 1);
      }
      case ID -> {
        checkId(kind);
        add(kind, 1);
      }
      case RESULT, LITERAL_INTEGER -> add(kind, 1);
      case LITERAL_STRING -> string(kind);
      case CONTEXT_NUMBER -> contextNumber(kind);
      case EXT_INST_NUMBER -> extInst(kind);
      case SPEC_CONSTANT_OP_NUMBER -> specConstantOp(kind);
      case VALUE_ENUM -> valueEnum(kind);
      case BIT_ENUM -> bitEnum(kind);
      case COMPOSITE -> composite(kind);
    }
  }

  /** An id operand names 1..bound-1 (the result id is checked where it is recorded). */
  private void checkId(OperandKind kind) {
    int id = words[pos];
    if (id == 0 || Integer.toUnsignedLong(id) >= bound) {
      error(pos, opName + " at word " + start + " names " + kind.name() + " %" + Integer.toUnsignedString(id)
          + ", not in 1.." + (bound - 1) + ", at word " + pos);
    }
  }

  private void string(OperandKind kind) {
    for (int w = pos; w < end; w++) {
      int v = words[w];
      if ((v & 0xff) == 0 || (v & 0xff00) == 0 || (v & 0xff0000) == 0 || (v & 0xff000000) == 0) {
        add(kind, w + 1 - pos);
        return;
      }
    }
    error(pos, opName + " at word " + start + " has a string without a terminating nul at word " + pos);
    add(kind, end - pos);
    stop = true;
  }

  /** The literal of OpConstant / OpSpecConstant: as wide as the result type. */
  private void contextNumber(OperandKind kind) {
    int width = typeWidths.get(resultType);
    if (width <= 0) {
      error(pos, opName + " at word " + start + " has result type %" + Integer.toUnsignedString(resultType)
          + ", not a declared integer or float type, at word " + (start + 1));
      add(kind, end - pos);
      return;
    }
    literalOfWidth(kind, width);
  }

  private void literalOfWidth(OperandKind kind, int width) {
    int n = Math.max(1, (int) ((Integer.toUnsignedLong(width) + 31) / 32));
    if (n > end - pos) {
      error(pos, opName + " at word " + start + " needs a " + n + "-word literal but " + (end - pos)
          + " words remain at word " + pos);
      add(kind, end - pos);
      stop = true;
      return;
    }
    add(kind, n);
  }

  private void extInst(OperandKind kind) {
    int setId = words[pos - 1];
    int number = words[pos];
    int slot = extSets.get(setId);
    add(kind, 1);
    stop = true; // the set's layout replaces the rest of OpExtInst's own
    if (slot < 0) {
      error(pos - 2, opName + " at word " + start + " names %" + Integer.toUnsignedString(setId)
          + ", not an OpExtInstImport, at word " + (pos - 2));
      rest(ID_REF);
      return;
    }
    InstructionSet set = extSetTable.get(slot);
    InstructionInfo info = set == null ? null : set.byNumber(number);
    if (info == null) {
      String name = extSetNames.get(slot);
      // Non-semantic sets may be unknown to a consumer, which then treats their operands as ids.
      if (!Grammar.isNonSemantic(name)) {
        if (set == null) {
          error(pos - 2, "unknown extended instruction set \"" + name + "\" at word " + (pos - 2));
        } else {
          error(pos - 1, "unknown extended instruction " + number + " of " + name + " at word " + (pos - 1));
        }
      }
      rest(ID_REF);
      return;
    }
    String outer = opName;
    opName = outer + " " + info.name();
    stop = false;
    for (int i = 0; i < info.operandCount() && !stop; i++) {
      layoutItem(info.operand(i));
    }
    if (!stop && pos < end) {
      error(pos, opName + " has " + (end - pos) + " words after its last operand at word " + pos);
    }
    opName = outer;
    stop = true;
  }

  /** The operands of an instruction whose layout is unknown: ids, as SPV_KHR_non_semantic_info requires. */
  private void rest(OperandKind kind) {
    while (pos < end) {
      if (kind.isId()) {
        checkId(kind);
      }
      add(kind, 1);
    }
  }

  private void specConstantOp(OperandKind kind) {
    int inner = words[pos];
    add(kind, 1);
    stop = true;
    InstructionInfo info = Grammar.core().byNumber(inner);
    if (info == null) {
      error(pos - 1, "unknown opcode " + inner + " in OpSpecConstantOp at word " + (pos - 1));
      rest(ID_REF);
      return;
    }
    String outer = opName;
    opName = outer + " " + info.name();
    stop = false;
    for (int i = 0; i < info.operandCount() && !stop; i++) {
      OperandSpec spec = info.operand(i);
      OperandKind.Role role = spec.kind().role();
      if (role != OperandKind.Role.RESULT_TYPE && role != OperandKind.Role.RESULT) {
        layoutItem(spec);
      }
    }
    if (!stop && pos < end) {
      error(pos, opName + " has " + (end - pos) + " words after its last operand at word " + pos);
    }
    opName = outer;
    stop = true;
  }

  private void valueEnum(OperandKind kind) {
    int at = pos;
    int value = words[pos];
    add(kind, 1);
    Enumerant e = kind.byValue(value);
    if (e == null) {
      error(at, "unknown " + kind.name() + " " + Integer.toUnsignedString(value) + " at word " + at);
      return;
    }
    parameters(e);
  }

  private void bitEnum(OperandKind kind) {
    int at = pos;
    int mask = words[pos];
    add(kind, 1);
    int unknown = 0;
    for (int bit = 0; bit < 32; bit++) {
      int m = 1 << bit;
      if ((mask & m) != 0) {
        Enumerant e = kind.byValue(m);
        if (e == null) {
          unknown |= m;
        } else {
          parameters(e);
        }
      }
    }
    if (unknown != 0) {
      error(at, String.format("unknown %s bits 0x%x at word %d", kind.name(), unknown, at));
    }
  }

  private void parameters(Enumerant e) {
    for (int i = 0; i < e.parameterCount() && !stop; i++) {
      layoutItem(e.parameter(i));
    }
  }

  private void composite(OperandKind kind) {
    for (int i = 0; i < kind.baseCount() && !stop; i++) {
      OperandKind base = kind.base(i);
      if (pos >= end) {
        error(end, opName + " at word " + start + " ends inside a " + kind.name() + " at word " + end);
        stop = true;
        return;
      }
      if (opcode == Op.OpSwitch && base.role() == OperandKind.Role.LITERAL_INTEGER) {
        switchLiteral(base);
      } else {
        operand(base);
      }
    }
  }

  /** OpSwitch case literals are as wide as the selector's type (the grammar says LiteralInteger). */
  private void switchLiteral(OperandKind kind) {
    int selector = words[start + 1];
    int def = definitions.get(selector);
    int width = -1;
    if (def >= 0) {
      int off = instOffset[def];
      InstructionInfo info = Grammar.core().byNumber(words[off] & 0xffff);
      if (info != null && info.hasResultType() && instOffset[def + 1] - off > 1) {
        width = typeWidths.get(words[off + 1]);
      }
    }
    if (width <= 0) {
      error(start + 1, "OpSwitch at word " + start + " has selector %" + Integer.toUnsignedString(selector)
          + " without an integer type at word " + (start + 1));
      width = 32;
    }
    literalOfWidth(kind == null ? LITERAL_INTEGER : kind, width);
  }
}
