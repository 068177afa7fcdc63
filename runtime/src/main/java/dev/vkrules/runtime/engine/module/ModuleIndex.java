package dev.vkrules.runtime.engine.module;

import dev.vkrules.runtime.engine.base.Opcodes;
import dev.vkrules.runtime.spirv.IdMap;
import dev.vkrules.runtime.spirv.ParseResult;
import dev.vkrules.runtime.spirv.SpirvModule;
import dev.vkrules.runtime.spirv.SpirvParser;
import dev.vkrules.runtime.spirv.grammar.Grammar;
import dev.vkrules.runtime.spirv.grammar.Op;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * What checks look up, indexed in one pass over a module the toolkit's parser has read and
 * grammar-checked: instruction starts and the definition of every id (the parser's), decorations
 * by target, entry points, execution modes, functions and the call graph. Everything is int
 * arrays indexed by id or word offset.
 *
 * <p>Decoration groups are resolved here, once, so that every reader of decorations sees them:
 * each application of a group ({@code OpGroupDecorate %g %t}, {@code OpGroupMemberDecorate %g
 * %s m}) becomes, for each decoration of the group ({@code OpDecorate %g D ...},
 * {@code OpDecorateId}, {@code OpDecorateString}), a <em>synthetic</em> decoration instruction
 * written after the module's last word ({@code OpDecorate %t D ...}, or {@code OpMemberDecorate
 * %s m D ...} / {@code OpMemberDecorateString} / {@code OpMemberDecorateIdEXT} for a member),
 * listed in {@link #decorationsOf} of its target like a direct one and visited by the engine
 * after the module's own instructions ({@link #syntheticStarts}). A diagnostic on one names the
 * group application it came from ({@link #sourceOffset}). The group's own decorations (whose
 * target is the {@code OpDecorationGroup}) decorate nothing a rule looks at: the engine does not
 * visit them ({@link #decoratesGroup}). The expansion costs one instruction per decoration and
 * application, which is what the module applies (as spirv-val, which copies group decorations to
 * every target too); a module without groups costs nothing and is not copied.
 */
public final class ModuleIndex {
  /** The module's words followed by the synthetic decorations of group applications, if any. */
  public int[] words;
  /** The word count of the module itself: offsets at or past it are synthetic decorations. */
  final int moduleWords;
  /** Word offsets of the synthetic decorations, in order (empty without decoration groups). */
  public final int[] syntheticStarts;
  /** Per synthetic decoration (by order): the OpGroupDecorate / OpGroupMemberDecorate applying it. */
  private final int[] syntheticSource;
  /** Per synthetic decoration: the group's own decoration instruction it copies. */
  private final int[] syntheticOrigin;
  final int version;
  /** The header's id bound, unsigned: any value below 2^32 is legal. */
  public final long bound;
  /** The parsed module (operand layouts, for id operands and printing). */
  private final SpirvModule module;
  /** Word offsets of all instructions, in order. */
  public final int[] starts;
  /**
   * Id → index of the defining instruction (the parser's map). Dense or hashed by {@link IdMap},
   * so a bound far above the module's size costs nothing (memory follows the input, not the bound).
   */
  private final IdMap defs;
  /** {@link #defs}' array when it is dense (see {@link IdMap#denseTable}), else null. */
  private final int[] denseDefs;
  /** Id → slot in {@link #decorations} / {@link #modes}. */
  private final IdMap decorationSlots;
  private final IdMap modeSlots;
  /** Per slot: decoration instruction offsets targeting one id. */
  private final int[][] decorations;
  /** Per slot: OpExecutionMode(Id) offsets for one function. */
  private final int[][] modes;
  public final int[] entryPoints;
  public final int[] capabilities;
  public final int memoryModel;
  /** Per instruction index: index of the enclosing function in {@link #functionStarts}, -1 outside. */
  public final int[] functionOf;
  /** Word offsets of OpFunction instructions, and the callee function ids per function. */
  public final int[] functionStarts;
  public final int[][] callees;
  /**
   * Per function: the module-scope variable ids (OpVariable, OpUntypedVariableKHR) its
   * instructions name as operands, sorted (for static use; found in the indexing pass, as
   * module-scope variables precede functions).
   */
  final int[][] referenced;
  /** Word offsets of the module-scope variables (OpVariable, OpUntypedVariableKHR), in module order. */
  final int[] globalVariables;
  /**
   * Word offsets of the module's own decoration instructions (OpDecorate, OpMemberDecorate,
   * OpDecorateId, OpDecorateString, OpMemberDecorateString, OpMemberDecorateIdEXT), in module
   * order: a question about every decoration of the module reads these, not every instruction.
   */
  private final int[] decorationStarts;
  /** Instruction indices of OpEmitVertex and OpEmitStreamVertex inside functions, in module order. */
  private final int[] emits;

  /** {@link #INDEXED}: the opcode's instructions are declared in order ({@link Opcodes#declaredInOrder}). */
  private static final byte IN_ORDER = 1;
  /** {@link #INDEXED}: the indexing pass lists the opcode's instructions (its switch has a case for it). */
  private static final byte LISTED = 2;
  /** By opcode: what the indexing pass does with an instruction ({@link #IN_ORDER}, {@link #LISTED}); most need neither. */
  private static final byte[] INDEXED;
  /** {@link #INDEXED}: the entry is filled in (the other bits are made on first use). */
  private static final byte DONE = 4;

  static {
    INDEXED = new byte[Grammar.core().numberLimit()];
    for (int op : new int[] {Opcodes.OP_DECORATE, Opcodes.OP_MEMBER_DECORATE, Opcodes.OP_DECORATE_ID,
        Opcodes.OP_DECORATE_STRING, Opcodes.OP_MEMBER_DECORATE_STRING, Opcodes.OP_MEMBER_DECORATE_ID_EXT,
        Opcodes.OP_EXECUTION_MODE, Opcodes.OP_EXECUTION_MODE_ID, Opcodes.OP_GROUP_DECORATE,
        Opcodes.OP_GROUP_MEMBER_DECORATE, Opcodes.OP_ENTRY_POINT, Opcodes.OP_CAPABILITY, Opcodes.OP_MEMORY_MODEL,
        Opcodes.OP_TYPE_FORWARD_POINTER, Opcodes.OP_VARIABLE, Opcodes.OP_UNTYPED_VARIABLE_KHR, Op.OpEmitVertex,
        Op.OpEmitStreamVertex, Opcodes.OP_FUNCTION, Opcodes.OP_FUNCTION_CALL}) {
      INDEXED[op] |= LISTED;
    }
  }

  /** What the indexing pass does with core opcode {@code op} ({@link #IN_ORDER}, {@link #LISTED}). */
  private static int indexed(int op) {
    if (op >= INDEXED.length) {
      return 0;
    }
    int what = INDEXED[op];
    if ((what & DONE) == 0) {
      // a race sets the same bits twice
      what |= DONE | (Opcodes.declaredInOrder(op) ? IN_ORDER : 0);
      INDEXED[op] = (byte) what;
    }
    return what;
  }

  private ModuleIndex(SpirvModule module) throws MalformedModuleException {
    this.module = module;
    this.words = module.words();
    this.moduleWords = words.length;
    version = words[1];
    bound = module.bound();
    starts = module.instructionOffsets();
    defs = module.definitions();
    denseDefs = defs.denseTable();
    IdMap decorationSlots = IdMap.hashed();
    IdMap modeSlots = IdMap.hashed();
    List<IntList> decos = new ArrayList<>();
    List<IntList> modes = new ArrayList<>();
    IntList eps = new IntList();
    IntList caps = new IntList();
    int[] functionOf = new int[starts.length];
    IntList functionStarts = new IntList();
    List<IntList> callees = new ArrayList<>();
    List<IntList> referenced = new ArrayList<>();
    IntList globalVariables = new IntList();
    GlobalUses globals = new GlobalUses(IdMap.hashed());
    DeclarationOrder order = new DeclarationOrder();
    IntList groupApplications = new IntList();
    IntList decorationStarts = new IntList();
    IntList emits = new IntList();
    // the decoration kinds (grammar enumerants: the parser rejects others, so never negative)
    BitSet kinds = new BitSet();
    int memoryModel = -1;
    int current = -1;
    for (int i = 0; i < starts.length; i++) {
      int off = starts[i];
      int count = words[off] >>> 16;
      int opcode = words[off] & 0xffff;
      int what = indexed(opcode);
      if ((what & IN_ORDER) != 0) {
        order.check(i);
      }
      if ((what & LISTED) != 0) {
        switch (opcode) {
          case Opcodes.OP_DECORATE, Opcodes.OP_DECORATE_ID, Opcodes.OP_DECORATE_STRING -> {
            listFor(decorationSlots, decos, words[off + 1]).add(off);
            decorationStarts.add(off);
            kinds.set(words[off + 2]);
          }
          case Opcodes.OP_MEMBER_DECORATE, Opcodes.OP_MEMBER_DECORATE_STRING, Opcodes.OP_MEMBER_DECORATE_ID_EXT -> {
            listFor(decorationSlots, decos, words[off + 1]).add(off);
            decorationStarts.add(off);
            kinds.set(words[off + 3]);
          }
          case Opcodes.OP_EXECUTION_MODE, Opcodes.OP_EXECUTION_MODE_ID -> listFor(modeSlots, modes, words[off + 1]).add(off);
          case Opcodes.OP_GROUP_DECORATE, Opcodes.OP_GROUP_MEMBER_DECORATE -> groupApplications.add(off);
          case Opcodes.OP_ENTRY_POINT -> eps.add(off);
          case Opcodes.OP_CAPABILITY -> caps.add(words[off + 1]);
          case Opcodes.OP_MEMORY_MODEL -> memoryModel = off;
          case Opcodes.OP_TYPE_FORWARD_POINTER -> order.forwardPointers.putIfAbsent(words[off + 1], 1);
          case Opcodes.OP_VARIABLE, Opcodes.OP_UNTYPED_VARIABLE_KHR -> {
            if (current < 0 && count > 2) {
              globals.add(words[off + 2]);
              globalVariables.add(off);
            }
          }
          case Op.OpEmitVertex, Op.OpEmitStreamVertex -> {
            if (current >= 0) {
              emits.add(i);
            }
          }
          case Opcodes.OP_FUNCTION -> {
            current = functionStarts.size();
            functionStarts.add(off);
            callees.add(new IntList());
            referenced.add(new IntList());
          }
          default -> { }
        }
      }
      functionOf[i] = current;
      if (current >= 0) {
        if ((what & LISTED) != 0 && opcode == Opcodes.OP_FUNCTION_CALL) {
          callees.get(current).add(words[off + 3]);
        }
        if (globals.ids.size() > 0 && globals.mayName(words, off + 1, off + count)) {
          globals.out = referenced.get(current);
          module.idOperands(i, globals);
        }
      }
      if (opcode == Opcodes.OP_FUNCTION_END) {
        current = -1;
      }
    }
    IntList synthStarts = new IntList();
    IntList synthSource = new IntList();
    IntList synthOrigin = new IntList();
    if (groupApplications.size() > 0) {
      this.words = expandGroups(groupApplications.toArray(), decorationSlots, decos, synthStarts, synthSource,
          synthOrigin);
    }
    this.syntheticStarts = synthStarts.toArray();
    this.syntheticSource = synthSource.toArray();
    this.syntheticOrigin = synthOrigin.toArray();
    this.decorationSlots = decorationSlots;
    this.modeSlots = modeSlots;
    this.decorations = decos.stream().map(IntList::toArray).toArray(int[][]::new);
    this.modes = modes.stream().map(IntList::toArray).toArray(int[][]::new);
    this.entryPoints = eps.toArray();
    this.capabilities = caps.toArray();
    this.memoryModel = memoryModel;
    this.functionOf = functionOf;
    this.functionStarts = functionStarts.toArray();
    this.callees = callees.stream().map(IntList::toArray).toArray(int[][]::new);
    this.referenced = referenced.stream().map(IntList::sortedDistinct).toArray(int[][]::new);
    this.globalVariables = globalVariables.toArray();
    this.decorationStarts = decorationStarts.toArray();
    this.emits = emits.toArray();
    this.kinds = kinds;
  }

  /**
   * The decoration instructions that decorate what rules look at, in order: the module's own
   * (OpDecorate, OpMemberDecorate, OpDecorateId, OpDecorateString, OpMemberDecorateString,
   * OpMemberDecorateIdEXT), except the decorations of decoration groups ({@link #decoratesGroup}),
   * then the synthetic decorations group applications make. A new array on each call.
   */
  public int[] appliedDecorations() {
    if (syntheticStarts.length == 0) {
      return decorationStarts.clone();
    }
    IntList out = new IntList();
    for (int s : decorationStarts) {
      if (!decoratesGroup(s)) {
        out.add(s);
      }
    }
    for (int s : syntheticStarts) {
      out.add(s);
    }
    return out.toArray();
  }

  /** The declared capabilities as values, sorted, each once (the facts keep them per module). */
  public long[] capabilityValues() {
    long[] all = new long[capabilities.length];
    for (int i = 0; i < all.length; i++) {
      all[i] = Integer.toUnsignedLong(capabilities[i]);
    }
    Arrays.sort(all);
    int n = 0;
    for (int i = 0; i < all.length; i++) {
      if (n == 0 || all[n - 1] != all[i]) {
        all[n++] = all[i];
      }
    }
    return Arrays.copyOf(all, n);
  }

  /** Word offsets of the module-scope variables (OpVariable, OpUntypedVariableKHR), in module order (a copy). */
  public int[] globalVariables() {
    return globalVariables.clone();
  }

  /** Instruction indices of the OpEmitVertex and OpEmitStreamVertex instructions inside functions, in module order (a copy). */
  public int[] emits() {
    return emits.clone();
  }

  /**
   * Writes the synthetic decorations of every group application after the module's words (see
   * the class comment) and lists each with its target; returns the extended words.
   */
  private int[] expandGroups(int[] applications, IdMap slots, List<IntList> decos, IntList starts,
      IntList source, IntList origin) {
    IntList out = new IntList();
    for (int app : applications) {
      int count = words[app] >>> 16;
      boolean member = (words[app] & 0xffff) == Opcodes.OP_GROUP_MEMBER_DECORATE;
      int group = words[app + 1];
      int slot = slots.get(group);
      int[] groupDecorations = slot < 0 ? IntList.EMPTY : decos.get(slot).toArray();
      for (int k = 2; k < count; k += member ? 2 : 1) {
        if (member && k + 1 >= count) {
          break;
        }
        int target = words[app + k];
        for (int d : groupDecorations) {
          int op = words[d] & 0xffff;
          int n = words[d] >>> 16;
          int synthOp = switch (op) {
            case Opcodes.OP_DECORATE -> member ? Opcodes.OP_MEMBER_DECORATE : op;
            case Opcodes.OP_DECORATE_ID -> member ? Opcodes.OP_MEMBER_DECORATE_ID_EXT : op;
            case Opcodes.OP_DECORATE_STRING -> member ? Opcodes.OP_MEMBER_DECORATE_STRING : op;
            default -> -1; // a member decoration cannot target a group (it is no struct)
          };
          if (synthOp < 0) {
            continue;
          }
          int at = moduleWords + out.size();
          out.add(((n + (member ? 1 : 0)) << 16) | synthOp);
          out.add(target);
          if (member) {
            out.add(words[app + k + 1]);
          }
          for (int i = 2; i < n; i++) {
            out.add(words[d + i]);
          }
          starts.add(at);
          source.add(app);
          origin.add(d);
          listFor(slots, decos, target).add(at);
        }
      }
    }
    int[] extra = out.toArray();
    int[] all = Arrays.copyOf(words, moduleWords + extra.length);
    System.arraycopy(extra, 0, all, moduleWords, extra.length);
    return all;
  }

  /** Whether the word offset is a synthetic decoration (one a decoration group applies). */
  boolean synthetic(int off) {
    return off >= moduleWords;
  }

  /**
   * The module's own instruction an offset stands for in a diagnostic: itself, or for a
   * synthetic decoration the OpGroupDecorate / OpGroupMemberDecorate that applies it.
   */
  public int sourceOffset(int off) {
    if (off < moduleWords) {
      return off;
    }
    int k = Arrays.binarySearch(syntheticStarts, off);
    return k >= 0 ? syntheticSource[k] : off;
  }

  /** Whether the instruction at {@code off} is a decoration of an OpDecorationGroup (its target is the group). */
  public boolean decoratesGroup(int off) {
    int op = words[off] & 0xffff;
    if (op != Opcodes.OP_DECORATE && op != Opcodes.OP_DECORATE_ID && op != Opcodes.OP_DECORATE_STRING) {
      return false;
    }
    int d = def(words[off + 1]);
    return d >= 0 && (words[d] & 0xffff) == Opcodes.OP_DECORATION_GROUP;
  }

  /**
   * Types and constants name only earlier definitions, so no type refers to itself and every
   * walk over the type graph ends; a module that breaks this is malformed for the engine (the
   * toolkit's parser, which also serves the disassembler, does not require it).
   */
  private final class DeclarationOrder implements IntConsumer {
    final IdMap forwardPointers = IdMap.hashed();
    private int inst;
    private int late;

    void check(int inst) throws MalformedModuleException {
      this.inst = inst;
      late = 0;
      int off = starts[inst];
      if (Opcodes.hasResultType(words[off] & 0xffff)) {
        accept(words[off + 1]);
      }
      module.idOperands(inst, this);
      if (late != 0) {
        throw new MalformedModuleException(Opcodes.name(words[off] & 0xffff) + " names %"
            + Integer.toUnsignedString(late) + ", which is not defined before it, at word " + off);
      }
    }

    @Override
    public void accept(int id) {
      int d = defs.get(id);
      if (late == 0 && (d < 0 || d >= inst) && forwardPointers.get(id) < 0) {
        late = id;
      }
    }
  }

  /**
   * Collects the operands that name a module-scope variable into {@code out}. Most instructions
   * name none: {@link #mayName} rules them out from their words alone (a filter of 2^16 bits
   * by id), so only the others have their operands walked by kind.
   */
  private static final class GlobalUses implements IntConsumer {
    final IdMap ids;
    /** Bit {@code id & 0xffff} is set for every module-scope variable id. */
    private final long[] filter = new long[1 << 10];
    IntList out;

    GlobalUses(IdMap ids) {
      this.ids = ids;
    }

    void add(int id) {
      ids.putIfAbsent(id, 1);
      filter[(id >>> 6) & 0x3ff] |= 1L << id;
    }

    /** False when no word in {@code [from, to)} is a module-scope variable id (true may be a literal's word). */
    boolean mayName(int[] words, int from, int to) {
      long[] f = filter;
      for (int x = from; x < to; x++) {
        int id = words[x];
        if ((f[(id >>> 6) & 0x3ff] & (1L << id)) != 0) {
          return true;
        }
      }
      return false;
    }

    @Override
    public void accept(int id) {
      if (ids.get(id) >= 0) {
        out.add(id);
      }
    }
  }

  /** 1..bound-1, unsigned: ids of 2^31 and above are legal when the bound allows them. */
  boolean validId(int id) {
    return id != 0 && Integer.toUnsignedLong(id) < bound;
  }

  private static IntList listFor(IdMap slots, List<IntList> lists, int id) {
    int slot = slots.get(id);
    if (slot < 0) {
      slot = lists.size();
      slots.putIfAbsent(id, slot);
      lists.add(new IntList());
    }
    return lists.get(slot);
  }

  /** Word offset of the instruction defining {@code id}, or -1. */
  public int def(int id) {
    int[] d = denseDefs;
    int inst = d != null && id >= 0 && id < d.length ? d[id] : defs.get(id);
    return inst < 0 ? -1 : starts[inst];
  }

  /** Offsets of the decoration instructions targeting {@code id} (directly, not through groups). */
  public int[] decorationsOf(int id) {
    int slot = decorationSlots.get(id);
    return slot < 0 ? IntList.EMPTY : decorations[slot];
  }

  /**
   * Per slot of {@link #decorations}, the tables made so far, one per decoration kind: made on the
   * first query of a kind on an id with more than {@link #SCAN_LIMIT} decorations, its decorations
   * of that kind sorted by member, then offset. A keyed query is then a binary search, so a module
   * with tens of thousands of decorations on one id or struct costs a logarithm per query, not a
   * scan of them all (which made checks that ask once per decoration quadratic). A table per kind
   * is one pass over the id's decorations, and only the kinds asked about are made (a struct of
   * 16,383 members with a Location and an Offset each is asked about those two, each in member
   * order: no sort); the kinds are the grammar's few dozen decorations, so it stays linear. Racy
   * but safe to publish: each table, and each list of them, is immutable.
   */
  private DecorationTable[] decorationTables;

  /** Decorations of one id up to this many are scanned; above it, a sorted table answers. */
  static final int SCAN_LIMIT = 8;

  /**
   * The decoration kinds the module applies anywhere ({@link #anyDecoration}), found in the
   * indexing pass (a group application applies only kinds its group's own decorations have). Never
   * modified after the constructor (a final field: safe to share between threads).
   */
  private final BitSet kinds;

  /**
   * Whether any decoration instruction of the module (its own, or one a group application makes)
   * applies {@code kind}: when none does, every question about that decoration has the same
   * answer, so a rule asking it of thousands of members can skip them (one pass, made once).
   */
  public boolean anyDecoration(long kind) {
    return kind >= 0 && kind < Integer.MAX_VALUE && kinds.get((int) kind);
  }

  /**
   * One id's decorations of one kind, sorted by member (-1, the id itself, first), then offset:
   * {@code keys} are member + 1, {@code offsets} in the same order. {@code next}: the id's table
   * of another kind, made before (null: none).
   */
  private record DecorationTable(long kind, long[] keys, int[] offsets, DecorationTable next) {
    /** The first position whose key is at least {@code key}. */
    int lowerBound(long key) {
      int lo = 0;
      int hi = keys.length;
      while (lo < hi) {
        int mid = (lo + hi) >>> 1;
        if (keys[mid] < key) {
          lo = mid + 1;
        } else {
          hi = mid;
        }
      }
      return lo;
    }
  }

  /** The member a decoration instruction names: -1 for a decoration of the id itself. */
  public long memberOf(int off) {
    int op = words[off] & 0xffff;
    return Decorations.isMemberDecoration(op) ? Integer.toUnsignedLong(words[off + 2]) : -1;
  }

  /** The decoration (kind) a decoration instruction applies. */
  public long kindOf(int off) {
    return Integer.toUnsignedLong(words[off + (Decorations.isMemberDecoration(words[off] & 0xffff) ? 3 : 2)]);
  }

  /** The table of {@code kind} on the id of {@code slot} (see {@link #decorationTables}), made now if not yet. */
  private DecorationTable table(int slot, long kind) {
    DecorationTable[] tables = decorationTables;
    if (tables == null) {
      tables = new DecorationTable[decorations.length];
      decorationTables = tables;
    }
    DecorationTable first = tables[slot];
    for (DecorationTable t = first; t != null; t = t.next) {
      if (t.kind == kind) {
        return t;
      }
    }
    int[] offs = decorations[slot];
    int[] w = words;
    long[] keys = new long[offs.length];
    int[] found = new int[offs.length];
    int n = 0;
    boolean sorted = true;
    // one pass, reading the words in place (it runs once per id and kind)
    for (int d : offs) {
      long key = keyIf(w, d, kind);
      if (key >= 0) {
        sorted &= n == 0 || keys[n - 1] <= key;
        keys[n] = key;
        found[n++] = d;
      }
    }
    keys = Arrays.copyOf(keys, n);
    found = Arrays.copyOf(found, n);
    if (!sorted) {
      // stable: equal keys keep module order (offsets increase along the slot's list)
      int[] order = stableOrder(keys);
      long[] k = new long[n];
      int[] o = new int[n];
      for (int i = 0; i < n; i++) {
        k[i] = keys[order[i]];
        o[i] = found[order[i]];
      }
      keys = k;
      found = o;
    }
    DecorationTable t = new DecorationTable(kind, keys, found, first);
    tables[slot] = t;
    return t;
  }

  /**
   * For the decoration instruction at {@code d}: its table key when it applies {@code kind} (0 for
   * the id itself, member + 1 for a member), else -1.
   */
  private static long keyIf(int[] w, int d, long kind) {
    int op = w[d] & 0xffff;
    boolean member = op == Opcodes.OP_MEMBER_DECORATE || op == Opcodes.OP_MEMBER_DECORATE_STRING
        || op == Opcodes.OP_MEMBER_DECORATE_ID_EXT;
    if (Integer.toUnsignedLong(w[d + (member ? 3 : 2)]) != kind) {
      return -1;
    }
    return member ? Integer.toUnsignedLong(w[d + 2]) + 1 : 0;
  }

  /**
   * The indices of {@code keys} in the order of their keys, equal keys in index order: a bottom-up
   * merge sort of int indices (a sort of boxed indices with a comparator cost a run of 40,000
   * decorations on one id a tenth of its time, mostly in the interpreter); none when already sorted.
   */
  static int[] stableOrder(long[] keys) {
    int n = keys.length;
    int[] a = new int[n];
    boolean sorted = true;
    for (int i = 0; i < n; i++) {
      a[i] = i;
      sorted &= i == 0 || keys[i - 1] <= keys[i];
    }
    if (sorted) {
      return a;
    }
    int[] b = new int[n];
    for (int width = 1; width < n; width *= 2) {
      for (int lo = 0; lo < n; lo += 2 * width) {
        int mid = Math.min(lo + width, n);
        int hi = Math.min(lo + 2 * width, n);
        int i = lo;
        int j = mid;
        int k = lo;
        while (i < mid && j < hi) {
          b[k++] = keys[a[j]] < keys[a[i]] ? a[j++] : a[i++];
        }
        while (i < mid) {
          b[k++] = a[i++];
        }
        while (j < hi) {
          b[k++] = a[j++];
        }
      }
      int[] t = a;
      a = b;
      b = t;
    }
    return a;
  }

  /**
   * The first decoration instruction (in module order; synthetic ones after the module's own)
   * of kind {@code kind} on {@code id} at {@code member} (-1: the id itself), or -1.
   */
  public int firstDecoration(int id, long member, long kind) {
    // a kind the module applies nowhere: no table is made or searched (an interface walk asks for
    // BuiltIn and Component of every member of a struct that may have neither)
    if (!anyDecoration(kind)) {
      return -1;
    }
    int slot = decorationSlots.get(id);
    if (slot < 0) {
      return -1;
    }
    int[] offs = decorations[slot];
    if (offs.length <= SCAN_LIMIT) {
      for (int d : offs) {
        if (kindOf(d) == kind && memberOf(d) == member) {
          return d;
        }
      }
      return -1;
    }
    DecorationTable t = table(slot, kind);
    int i = t.lowerBound(member + 1);
    return i < t.keys.length && t.keys[i] == member + 1 ? t.offsets[i] : -1;
  }

  /**
   * Per member {@code 0 .. members-1} of {@code id}: the first decoration instruction of kind
   * {@code kind} on that member, as {@link #firstDecoration} finds it, or -1; null when no member
   * has one. One pass over the id's decorations (or over its table of the kind, if made): a
   * walk over every member of a struct of thousands reads an array, not a search per member.
   */
  public int[] firstMemberDecorations(int id, long kind, int members) {
    int slot = decorationSlots.get(id);
    if (slot < 0 || !anyDecoration(kind) || members <= 0) {
      return null;
    }
    int[] offs = decorations[slot];
    int from = 0;
    int to = offs.length;
    // the kind's table when a query made it (its member decorations, by member then module order);
    // else one pass over all the id's decorations, which costs what making the table would
    DecorationTable[] tables = decorationTables;
    for (DecorationTable t = tables == null ? null : tables[slot]; t != null; t = t.next) {
      if (t.kind == kind) {
        offs = t.offsets;
        from = t.lowerBound(1);
        to = offs.length;
        break;
      }
    }
    int[] w = words;
    int[] out = null;
    for (int i = from; i < to; i++) {
      int d = offs[i];
      // a member decoration of the kind (the table's run has only those) naming a member of the struct
      long key = keyIf(w, d, kind);
      if (key > 0 && key - 1 < members) {
        int member = (int) (key - 1);
        if (out == null) {
          out = new int[members];
          Arrays.fill(out, -1);
        }
        if (out[member] < 0) {
          out[member] = d; // the first in module order (the table keeps it: a stable sort)
        }
      }
    }
    return out;
  }

  /**
   * The decoration instructions of kind {@code kind} on {@code id} at {@code member}: -1 the id
   * itself, in module order; -2 any member, by member then module order.
   */
  public int[] decorationsOf(int id, long member, long kind) {
    int slot = decorationSlots.get(id);
    if (slot < 0 || !anyDecoration(kind)) {
      return IntList.EMPTY;
    }
    int[] offs = decorations[slot];
    if (offs.length <= SCAN_LIMIT) {
      IntList out = new IntList();
      for (int d : offs) {
        long dm = memberOf(d);
        if (kindOf(d) == kind && (member == -2 ? dm >= 0 : dm == member)) {
          out.add(d);
        }
      }
      return member == -2 ? sortedByMember(out.toArray()) : out.toArray();
    }
    DecorationTable t = table(slot, kind);
    int from = t.lowerBound(member == -2 ? 1 : member + 1);
    int to = member == -2 ? t.keys.length : t.lowerBound(member + 2);
    return Arrays.copyOfRange(t.offsets, from, to);
  }

  /** A few member decorations ordered by member then offset, as the sorted table gives them. */
  private int[] sortedByMember(int[] offs) {
    for (int i = 1; i < offs.length; i++) {
      for (int j = i; j > 0 && memberOf(offs[j - 1]) > memberOf(offs[j]); j--) {
        int x = offs[j];
        offs[j] = offs[j - 1];
        offs[j - 1] = x;
      }
    }
    return offs;
  }

  /** Offsets of the OpExecutionMode(Id) instructions of function {@code id}. */
  public int[] modesOf(int id) {
    int slot = modeSlots.get(id);
    return slot < 0 ? IntList.EMPTY : modes[slot];
  }

  /**
   * The id operands of the instruction at word {@code off} (the result type and result
   * excluded), in operand order, also those inside enumerant parameters and pairs.
   */
  public int[] idOperands(int off) {
    if (synthetic(off)) {
      // the target, then the id parameters of the group's decoration it copies (OpDecorateId)
      int origin = syntheticOrigin[Arrays.binarySearch(syntheticStarts, off)];
      int[] params = idOperandsOf(indexOf(origin));
      int[] out = params.clone();
      if (out.length > 0) {
        out[0] = words[off + 1];
      }
      return out;
    }
    return idOperandsOf(indexOf(off));
  }

  /** As {@link #idOperands(int)}, for the instruction of index {@code inst}. */
  public int[] idOperandsOf(int inst) {
    if (inst < 0) {
      return IntList.EMPTY;
    }
    IntList out = new IntList();
    module.idOperands(inst, out::add);
    return out.toArray();
  }

  /** The word after the nul-terminated string starting at word {@code w}. */
  public int stringEnd(int w) {
    while (w < words.length) {
      int x = words[w++];
      if ((x >>> 24) == 0) {
        return w;
      }
    }
    return w;
  }

  /**
   * Parses and indexes a module from bytes in either byte order. Every instruction is checked
   * against the grammar (operand count and kinds, enumerant parameters, strings ending inside
   * the instruction, ids below the bound) before any rule runs, so no rule reads past its
   * instruction or trusts a word of the next one: a module the parser finds malformed is an
   * exception naming the first problem and its word.
   */
  public static ModuleIndex of(ByteBuffer bytes) throws MalformedModuleException {
    ByteBuffer b = bytes.slice();
    // A buffer over a whole array (what callers pass) is read in place: the parser's word array
    // is then the only copy of the module.
    if (b.hasArray() && b.arrayOffset() == 0 && b.remaining() == b.array().length) {
      return of(SpirvParser.parse(b.array()));
    }
    byte[] copy = new byte[b.remaining()];
    b.get(copy);
    return of(SpirvParser.parse(copy));
  }

  /** As {@link #of(ByteBuffer)}, for words in host order. */
  public static ModuleIndex of(int[] words) throws MalformedModuleException {
    return of(SpirvParser.parse(words));
  }

  /** Indexes a parsed module; a parse with problems is an exception naming the first. */
  public static ModuleIndex of(ParseResult parsed) throws MalformedModuleException {
    if (!parsed.ok()) {
      throw new MalformedModuleException(parsed.firstError());
    }
    return new ModuleIndex(parsed.module());
  }

  /** The parsed module this index was built from. */
  public SpirvModule module() {
    return module;
  }

  public int[] words() {
    return words;
  }

  /** SPIR-V version as {@code major << 16 | minor << 8}. */
  public int version() {
    return version;
  }

  public int[] starts() {
    return starts;
  }

  /** Index of the instruction starting at word {@code off}. */
  public int indexOf(int off) {
    return Arrays.binarySearch(starts, off);
  }

  /** A growable int array; avoids boxing on large modules. */
  public   static final class IntList {
    public static final int[] EMPTY = new int[0];
    private int[] a = new int[8];
    private int n;

    public void add(int v) {
      if (n == a.length) {
        a = Arrays.copyOf(a, n * 2);
      }
      a[n++] = v;
    }

    int size() {
      return n;
    }

    public int[] toArray() {
      return n == 0 ? EMPTY : Arrays.copyOf(a, n);
    }

    /** The values sorted, each once. */
    public int[] sortedDistinct() {
      int[] out = toArray();
      Arrays.sort(out);
      int k = 0;
      for (int i = 0; i < out.length; i++) {
        if (k == 0 || out[k - 1] != out[i]) {
          out[k++] = out[i];
        }
      }
      return k == out.length ? out : Arrays.copyOf(out, k);
    }
  }
}
