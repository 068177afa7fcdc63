package dev.vkrules.runtime.engine;

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
  final int bound;
  /** Word offsets of all instructions, in order. */
  final int[] starts;
  /** Word offset of the defining instruction per id, -1 when undefined. */
  final int[] defs;
  /** Per id: decoration instruction offsets targeting it. */
  final int[][] decorations;
  /** Per id: OpExecutionMode(Id) offsets for that function. */
  final int[][] modes;
  final int[] entryPoints;
  final int[] capabilities;
  final int memoryModel;
  /** Per instruction index: index of the enclosing function in {@link #functionStarts}, -1 outside. */
  final int[] functionOf;
  /** Word offsets of OpFunction instructions, and the callee function ids per function. */
  final int[] functionStarts;
  final int[][] callees;
  /** Per function: ids referenced by its instructions (for static use). */
  final int[][] referenced;

  private ModuleIndex(int[] words) throws MalformedModuleException {
    this.words = words;
    if (words.length < 5) {
      throw new MalformedModuleException("module is shorter than its 5-word header at word " + words.length);
    }
    version = words[1];
    bound = words[3];
    if (bound <= 0 || bound > 0x3fffff || bound > words.length * 2 + 16) {
      throw new MalformedModuleException("implausible id bound " + Integer.toUnsignedString(bound) + " at word 3");
    }
    IntList starts = new IntList();
    int[] defs = new int[bound];
    Arrays.fill(defs, -1);
    IntList[] decos = new IntList[bound];
    IntList[] modes = new IntList[bound];
    IntList eps = new IntList();
    IntList caps = new IntList();
    IntList functionOf = new IntList();
    IntList functionStarts = new IntList();
    List<IntList> callees = new ArrayList<>();
    List<IntList> referenced = new ArrayList<>();
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
        if (id <= 0 || id >= bound) {
          throw new MalformedModuleException("result id " + Integer.toUnsignedString(id) + " outside the bound "
              + bound + " at word " + off);
        }
        defs[id] = off;
      }
      switch (opcode) {
        case Opcodes.OP_DECORATE, Opcodes.OP_MEMBER_DECORATE, Opcodes.OP_DECORATE_ID, Opcodes.OP_DECORATE_STRING,
            Opcodes.OP_MEMBER_DECORATE_STRING -> {
          int target = operandId(off, count, 1);
          if (target > 0) {
            (decos[target] == null ? decos[target] = new IntList() : decos[target]).add(off);
          }
        }
        case Opcodes.OP_EXECUTION_MODE, Opcodes.OP_EXECUTION_MODE_ID -> {
          int target = operandId(off, count, 1);
          if (target > 0) {
            (modes[target] == null ? modes[target] = new IntList() : modes[target]).add(off);
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
        collectIds(off, count, opcode, referenced.get(current));
      }
      if (opcode == Opcodes.OP_FUNCTION_END) {
        current = -1;
      }
      off += count;
    }
    this.starts = starts.toArray();
    this.defs = defs;
    this.decorations = new int[bound][];
    this.modes = new int[bound][];
    for (int i = 0; i < bound; i++) {
      this.decorations[i] = decos[i] == null ? IntList.EMPTY : decos[i].toArray();
      this.modes[i] = modes[i] == null ? IntList.EMPTY : modes[i].toArray();
    }
    this.entryPoints = eps.toArray();
    this.capabilities = caps.toArray();
    this.memoryModel = memoryModel;
    this.functionOf = functionOf.toArray();
    this.functionStarts = functionStarts.toArray();
    this.callees = callees.stream().map(IntList::toArray).toArray(int[][]::new);
    this.referenced = referenced.stream().map(IntList::toArray).toArray(int[][]::new);
  }

  private int operandId(int off, int count, int index) {
    return index < count ? validId(words[off + index]) : -1;
  }

  private int validId(int id) {
    return id > 0 && id < bound ? id : -1;
  }

  /** Adds the id operands of one instruction (per the grammar's operand pattern) to {@code out}. */
  private void collectIds(int off, int count, int opcode, IntList out) {
    String pattern = Opcodes.pattern(opcode);
    int w = off + 1;
    int end = off + count;
    for (int i = 0; i < pattern.length() && w < end; i++) {
      char c = pattern.charAt(i);
      char q = i + 1 < pattern.length() ? pattern.charAt(i + 1) : ' ';
      if (q == '?' || q == '*') {
        i++;
      }
      int repeat = q == '*' ? Integer.MAX_VALUE : 1;
      for (int r = 0; r < repeat && w < end; r++) {
        switch (c) {
          case 'i' -> out.add(words[w++]);
          case 'p' -> {
            out.add(words[w++]);
            if (w < end) {
              out.add(words[w++]);
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
  }
}
