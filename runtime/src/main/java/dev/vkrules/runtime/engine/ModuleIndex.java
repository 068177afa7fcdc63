package dev.vkrules.runtime.engine;

import dev.vkrules.runtime.spirv.IdMap;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One pass over a module's words that records what checks look up: instruction starts,
 * the definition of every id, decorations by target, entry points, execution modes,
 * functions and the call graph. Everything is int arrays indexed by id or word offset.
 */
public final class ModuleIndex {
  static final int MAGIC = 0x07230203;

  final int[] words;
  final int version;
  /** The header's id bound, unsigned: any value below 2^32 is legal. */
  final long bound;
  /** Word offsets of all instructions, in order. */
  final int[] starts;
  /**
   * Id → word offset of the defining instruction. Dense or hashed by {@link IdMap}, so a
   * bound far above the module's size costs nothing (memory follows the input, not the bound).
   */
  private final IdMap defs;
  /** Id → slot in {@link #decorations} / {@link #modes}. */
  private final IdMap decorationSlots;
  private final IdMap modeSlots;
  /** Per slot: decoration instruction offsets targeting one id. */
  private final int[][] decorations;
  /** Per slot: OpExecutionMode(Id) offsets for one function. */
  private final int[][] modes;
  final int[] entryPoints;
  final int[] capabilities;
  final int memoryModel;
  /** Per instruction index: index of the enclosing function in {@link #functionStarts}, -1 outside. */
  final int[] functionOf;
  /** Word offsets of OpFunction instructions, and the callee function ids per function. */
  final int[] functionStarts;
  final int[][] callees;
  /**
   * Per function: the module-scope OpVariable ids its instructions name as operands, sorted
   * (for static use; found in the indexing pass, as module-scope variables precede functions).
   */
  final int[][] referenced;

  private ModuleIndex(int[] words) throws MalformedModuleException {
    this.words = words;
    if (words.length < 5) {
      throw new MalformedModuleException("module is shorter than its 5-word header at word " + words.length);
    }
    version = words[1];
    bound = Integer.toUnsignedLong(words[3]);
    if (bound == 0) {
      throw new MalformedModuleException("id bound 0 at word 3");
    }
    IntList starts = new IntList();
    IdMap defs = IdMap.forModule(bound, words.length);
    IdMap decorationSlots = IdMap.hashed();
    IdMap modeSlots = IdMap.hashed();
    List<IntList> decos = new ArrayList<>();
    List<IntList> modes = new ArrayList<>();
    IntList eps = new IntList();
    IntList caps = new IntList();
    IntList functionOf = new IntList();
    IntList functionStarts = new IntList();
    List<IntList> callees = new ArrayList<>();
    List<IntList> referenced = new ArrayList<>();
    IdMap globals = IdMap.forModule(bound, words.length);
    int memoryModel = -1;
    int current = -1;
    int off = 5;
    while (off < words.length) {
      int count = words[off] >>> 16;
      int opcode = words[off] & 0xffff;
      if (count == 0) {
        throw new MalformedModuleException("instruction with word count 0 at word " + off);
      }
      if (off + count > words.length) {
        throw new MalformedModuleException("instruction " + Opcodes.name(opcode) + " runs past the end of the module at word " + off);
      }
      starts.add(off);
      if (Opcodes.hasResult(opcode)) {
        int at = off + (Opcodes.hasResultType(opcode) ? 2 : 1);
        if (at >= off + count) {
          throw new MalformedModuleException("instruction " + Opcodes.name(opcode) + " lacks its result id at word " + off);
        }
        int id = words[at];
        if (!validId(id)) {
          throw new MalformedModuleException("result id " + Integer.toUnsignedString(id) + " outside the bound "
              + bound + " at word " + off);
        }
        defs.putIfAbsent(id, off);
        if (opcode == Opcodes.OP_VARIABLE && current < 0) {
          globals.putIfAbsent(id, 1);
        }
      }
      switch (opcode) {
        case Opcodes.OP_DECORATE, Opcodes.OP_MEMBER_DECORATE, Opcodes.OP_DECORATE_ID, Opcodes.OP_DECORATE_STRING,
            Opcodes.OP_MEMBER_DECORATE_STRING -> {
          int target = operandId(off, count, 1);
          if (target != 0) {
            listFor(decorationSlots, decos, target).add(off);
          }
        }
        case Opcodes.OP_EXECUTION_MODE, Opcodes.OP_EXECUTION_MODE_ID -> {
          int target = operandId(off, count, 1);
          if (target != 0) {
            listFor(modeSlots, modes, target).add(off);
          }
        }
        case Opcodes.OP_ENTRY_POINT -> eps.add(off);
        case Opcodes.OP_CAPABILITY -> {
          if (count > 1) {
            caps.add(words[off + 1]);
          }
        }
        case Opcodes.OP_MEMORY_MODEL -> memoryModel = off;
        case Opcodes.OP_FUNCTION -> {
          current = functionStarts.size();
          functionStarts.add(off);
          callees.add(new IntList());
          referenced.add(new IntList());
        }
        default -> { }
      }
      functionOf.add(current);
      if (current >= 0) {
        if (opcode == Opcodes.OP_FUNCTION_CALL && count > 3) {
          callees.get(current).add(words[off + 3]);
        }
        if (globals.size() > 0) {
          collectIds(off, count, opcode, referenced.get(current), globals);
        }
      }
      if (opcode == Opcodes.OP_FUNCTION_END) {
        current = -1;
      }
      off += count;
    }
    this.starts = starts.toArray();
    this.defs = defs;
    this.decorationSlots = decorationSlots;
    this.modeSlots = modeSlots;
    this.decorations = decos.stream().map(IntList::toArray).toArray(int[][]::new);
    this.modes = modes.stream().map(IntList::toArray).toArray(int[][]::new);
    this.entryPoints = eps.toArray();
    this.capabilities = caps.toArray();
    this.memoryModel = memoryModel;
    this.functionOf = functionOf.toArray();
    this.functionStarts = functionStarts.toArray();
    this.callees = callees.stream().map(IntList::toArray).toArray(int[][]::new);
    this.referenced = referenced.stream().map(IntList::sortedDistinct).toArray(int[][]::new);
  }

  /** The id at operand word {@code index}, or 0 when absent or outside the bound. */
  private int operandId(int off, int count, int index) {
    return index < count && validId(words[off + index]) ? words[off + index] : 0;
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
  int def(int id) {
    return defs.get(id);
  }

  /** Offsets of the decoration instructions targeting {@code id} (directly, not through groups). */
  int[] decorationsOf(int id) {
    int slot = decorationSlots.get(id);
    return slot < 0 ? IntList.EMPTY : decorations[slot];
  }

  /** Offsets of the OpExecutionMode(Id) instructions of function {@code id}. */
  int[] modesOf(int id) {
    int slot = modeSlots.get(id);
    return slot < 0 ? IntList.EMPTY : modes[slot];
  }

  /**
   * The id operands of the instruction at word {@code off} (the result type and result
   * excluded), in operand order; the walk stops at the first variable-length operand.
   */
  int[] idOperands(int off) {
    IntList out = new IntList();
    collectIds(off, words[off] >>> 16, words[off] & 0xffff, out, null);
    return out.toArray();
  }

  /**
   * Adds the id operands of one instruction (per the grammar's operand pattern) to {@code out}:
   * all of them, or only those {@code only} holds.
   */
  private void collectIds(int off, int count, int opcode, IntList out, IdMap only) {
    byte[] pattern = Opcodes.pattern(opcode);
    int w = off + 1;
    int end = off + count;
    for (int i = 0; i < pattern.length && w < end; i++) {
      byte c = pattern[i];
      byte q = i + 1 < pattern.length ? pattern[i + 1] : (byte) ' ';
      if (q == '?' || q == '*') {
        i++;
      }
      int repeat = q == '*' ? Integer.MAX_VALUE : 1;
      for (int r = 0; r < repeat && w < end; r++) {
        switch (c) {
          case 'i' -> add(out, words[w++], only);
          case 'p' -> {
            add(out, words[w++], only);
            if (w < end) {
              add(out, words[w++], only);
            }
          }
          case 'T', 'R', 'l' -> w++;
          case 's' -> w = stringEnd(w);
          default -> {
            return; // a variable-length operand: the walk stops here
          }
        }
      }
    }
  }

  private static void add(IntList out, int id, IdMap only) {
    if (only == null || only.get(id) >= 0) {
      out.add(id);
    }
  }

  /** The word after the nul-terminated string starting at word {@code w}. */
  int stringEnd(int w) {
    while (w < words.length) {
      int x = words[w++];
      if ((x >>> 24) == 0) {
        return w;
      }
    }
    return w;
  }

  /** Parses a module from bytes in either byte order. */
  public static ModuleIndex of(ByteBuffer bytes) throws MalformedModuleException {
    ByteBuffer b = bytes.slice();
    if (b.remaining() % 4 != 0) {
      throw new MalformedModuleException("module size " + b.remaining() + " is not a multiple of 4 at word "
          + b.remaining() / 4);
    }
    if (b.remaining() < 20) {
      throw new MalformedModuleException("module is shorter than its 5-word header at word " + b.remaining() / 4);
    }
    b.order(ByteOrder.LITTLE_ENDIAN);
    if (b.getInt(0) != MAGIC) {
      b.order(ByteOrder.BIG_ENDIAN);
      if (b.getInt(0) != MAGIC) {
        throw new MalformedModuleException("not a SPIR-V module (bad magic number) at word 0");
      }
    }
    int[] words = new int[b.remaining() / 4];
    b.asIntBuffer().get(words);
    return new ModuleIndex(words);
  }

  public static ModuleIndex of(int[] words) throws MalformedModuleException {
    if (words.length == 0 || words[0] != MAGIC) {
      throw new MalformedModuleException("not a SPIR-V module (bad magic number) at word 0");
    }
    return new ModuleIndex(words);
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
  int indexOf(int off) {
    return Arrays.binarySearch(starts, off);
  }

  /** A growable int array; avoids boxing on large modules. */
  static final class IntList {
    static final int[] EMPTY = new int[0];
    private int[] a = new int[8];
    private int n;

    void add(int v) {
      if (n == a.length) {
        a = Arrays.copyOf(a, n * 2);
      }
      a[n++] = v;
    }

    int size() {
      return n;
    }

    int[] toArray() {
      return n == 0 ? EMPTY : Arrays.copyOf(a, n);
    }

    /** The values sorted, each once. */
    int[] sortedDistinct() {
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
