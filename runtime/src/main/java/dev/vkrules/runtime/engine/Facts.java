package dev.vkrules.runtime.engine;

import dev.vkrules.runtime.engine.device.DeviceFacts;
import dev.vkrules.runtime.engine.interfaces.EntryPointMeasures;
import dev.vkrules.runtime.engine.interfaces.LocalSize;
import dev.vkrules.runtime.engine.interfaces.ResourceType;
import dev.vkrules.runtime.engine.interfaces.ShaderResources;
import dev.vkrules.runtime.engine.interfaces.TransformFeedback;
import dev.vkrules.runtime.engine.interfaces.WrittenResources;
import dev.vkrules.runtime.engine.layout.Layout;
import dev.vkrules.runtime.engine.layout.TypeSizes;
import dev.vkrules.runtime.engine.memory.MemoryFacts;
import dev.vkrules.runtime.engine.module.EntryPointUsage;
import dev.vkrules.runtime.engine.module.ModuleIndex;
import dev.vkrules.runtime.engine.module.ObjectAccesses;
import dev.vkrules.runtime.engine.module.SpecConstantDefaults;
import dev.vkrules.runtime.engine.module.Specializer;
import dev.vkrules.runtime.engine.module.ValueDependence;
import dev.vkrules.runtime.engine.pipeline.PipelineFacts;
import dev.vkrules.runtime.spirv.grammar.ImageOperands;
import dev.vkrules.runtime.spirv.grammar.Op;
import java.util.Arrays;
import java.util.BitSet;

/**
 * The queries generated checkers make about one module. Instructions are word offsets;
 * a fact that cannot be determined throws {@link Unknown}.
 */
public final class Facts {
  private static final int[] NONE = new int[0];
  public final ModuleIndex m;
  private final int[] w;
  private EntryPointUsage reach;
  private Layout layout;
  private TypeSizes sizes;
  private EntryPointMeasures measures;
  private TransformFeedback xfb;
  private WrittenResources written;
  private DeviceFacts device = DeviceFacts.none();
  /** The pipeline's specialization constant values; null when the module is validated alone. */
  private Specializer specializer;
  private int[] globals;
  private long[] capabilities;
  /** Per function: the execution models of the entry points that reach it (filled on demand). */
  private long[][] functionModels;
  private long[] moduleModels;
  private final boolean fastForms;
  /** See {@link #workgroupSizeDecoration}: -2 until looked for. */
  private int workgroupSize = -2;
  private long[] moduleBuiltins;
  /** {@link ModuleIndex#appliedDecorations}, asked for once. */
  private int[] applied;
  private ValueDependence dependence;
  private final java.util.Map<Class<?>, Object> memos = new java.util.HashMap<>();
  private final java.util.Map<Integer, int[]> containedTypes = new java.util.HashMap<>();

  public Facts(ModuleIndex m) {
    this(m, true);
  }

  Facts(ModuleIndex m, boolean fastForms) {
    this.m = m;
    this.w = m.words;
    this.fastForms = fastForms;
  }

  /**
   * Whether checkers try their fast two-valued form before the exact three-valued one (always,
   * except in the test that compares the two on whole suites of modules).
   */
  public boolean fastForms() {
    return fastForms;
  }

  public ModuleIndex module() {
    return m;
  }

  /** {@link TypeTree#contained}'s results for this module, by type offset (callers never modify them). */
  public java.util.Map<Integer, int[]> containedTypesMemo() {
    return containedTypes;
  }

  private Layout layout() {
    if (layout == null) {
      layout = new Layout(this);
    }
    return layout;
  }

  // ---- explicit layout and transform feedback (see Layout)

  public long size(int t) {
    return layout().size(t);
  }

  /**
   * {@link #size} up to the last byte of data (no padding at the end), arrays sized by
   * specialization constants taken at their default lengths.
   */
  public long tightSizeWithDefaults(int t) {
    return layout().tightSizeWithDefaults(t);
  }

  /** Validates with a pipeline's (or --spec-constant's) specialization constant values instead of the defaults. */
  void specialize(Specializer s) {
    this.specializer = s;
    memos.remove(SpecConstantDefaults.class);
  }

  private PipelineFacts pipeline = PipelineFacts.none();

  /** The pipeline this module is a stage of ({@link PipelineFacts#none} when validated alone). */
  public PipelineFacts pipeline() {
    return pipeline;
  }

  void pipeline(PipelineFacts p) {
    this.pipeline = p;
  }

  /** The specializer, or null without specialization. */
  public Specializer specializer() {
    return specializer;
  }

  /**
   * The value an integer or Boolean constant has unless a pipeline specializes the module (a
   * specialization constant's default, an OpSpecConstantOp evaluated on such); see
   * {@link SpecConstantDefaults}.
   */
  public long defaultValue(int def) {
    return memo(SpecConstantDefaults.class, SpecConstantDefaults::new).value(def);
  }

  public boolean containsWidth(int t, long width) {
    return layout().containsWidth(t, width);
  }

  public boolean widthsWithin(int t, long... widths) {
    return layout().widthsWithin(t, widths);
  }

  public int[] outputOffsets(int ep) {
    return layout().outputOffsets(ep);
  }

  public long effective(int x, long decoration) {
    return layout().effective(x, decoration);
  }

  /** The number of distinct vertex streams an entry point's call tree emits to (see {@link TransformFeedback}). */
  public long emittedStreams(int ep) {
    return xfb().emittedStreams(ep);
  }

  /** The largest sum, over one vertex stream, of the data sizes of the transform feedback buffers it writes. */
  public long largestStreamDataSize(int ep) {
    return xfb().largestStreamDataSize(ep);
  }

  /**
   * The storage buffers and storage images an entry point's call tree writes plus its
   * distinct output Locations ({@link WrittenResources}); {@code writes} says where each
   * writing instruction keeps its pointer (the same table on every call).
   */
  public long combinedOutputResources(int ep, Positions writes) {
    if (written == null) {
      written = new WrittenResources(this, writes);
    }
    return written.combinedOutputResources(ep);
  }

  private TransformFeedback xfb() {
    if (xfb == null) {
      xfb = new TransformFeedback(this);
    }
    return xfb;
  }

  public long firstMemberOffset(int struct) {
    return layout().firstMemberOffset(struct);
  }

  /** The constant byte offset of a pointer from the start of its variable (see {@link Layout#byteOffset}). */
  public long byteOffset(int pointer) {
    return layout().byteOffset(pointer);
  }

  /** Storage sizes, invocations and reached-instruction counts of entry points (see EntryPointMeasures). */
  public EntryPointMeasures measures() {
    if (measures == null) {
      measures = new EntryPointMeasures(this);
    }
    return measures;
  }

  /** The device facts the device predicates query (none unless a device is being evaluated). */
  public DeviceFacts device() {
    return device;
  }

  public void device(DeviceFacts d) {
    device = d;
  }

  /**
   * A module-wide analysis made once per module and kept with these facts, so a native
   * predicate called for every instruction computes it only on the first call.
   */
  public <T> T memo(Class<T> key, java.util.function.Function<Facts, T> make) {
    Object known = memos.get(key);
    if (known == null) {
      known = make.apply(this);
      memos.put(key, known);
    }
    return key.cast(known);
  }

  public EntryPointUsage reach() {
    if (reach == null) {
      reach = new EntryPointUsage(m);
    }
    return reach;
  }

  public int opcode(int x) {
    return w[x] & 0xffff;
  }

  /**
   * Whether the {@code OpExtInst} at {@code x} is one of the instructions {@code numbers} of the
   * extended instruction set imported by the name {@code set} (an {@code extended-instruction}
   * subject). An instruction too short to name its set and number is none.
   */
  public boolean extInst(int x, String set, int... numbers) {
    if (count(x) < 5) {
      return false;
    }
    int number = w[x + 4];
    for (int n : numbers) {
      if (n == number) {
        // the number first: most OpExtInst of a module are other instructions of the set
        return set.equals(m.module().extInstSetName(m.indexOf(x)));
      }
    }
    return false;
  }

  /** The word count of the instruction at {@code x} (the path field {@code word-count}). */
  public long wordCount(int x) {
    return count(x);
  }

  public int count(int x) {
    return w[x] >>> 16;
  }

  /** The definition of an id; unknown when undefined. */
  public int def(int id) {
    int d = m.def(id);
    return d < 0 ? Unknown.raise() : d;
  }

  /** The word offset of an operand from its encoded position; unknown when absent. */
  int position(int x, int enc) {
    if (enc == 0) {
      return Unknown.raise();
    }
    int p = enc < 0x10000 ? x + enc : m.stringEnd(x + (enc >>> 16)) + (enc & 0xffff);
    return p < x + count(x) ? p : Unknown.raise();
  }

  public long word(int x, Positions t) {
    return Integer.toUnsignedLong(w[position(x, t.get(opcode(x)))]);
  }

  public long word(int x, int index) {
    return index < count(x) ? Integer.toUnsignedLong(w[x + index]) : Unknown.raise();
  }

  /**
   * An optional mask operand's word; 0 (no bits) when the instruction ends before it or its
   * opcode has no such operand (the compiler allows that only where it means "none").
   */
  public long optionalWord(int x, Positions t) {
    int enc = t.get(opcode(x));
    if (enc == 0) {
      return 0;
    }
    int p = enc < 0x10000 ? x + enc : m.stringEnd(x + (enc >>> 16)) + (enc & 0xffff);
    return p < x + count(x) ? Integer.toUnsignedLong(w[p]) : 0;
  }

  public int ref(int x, Positions t) {
    return def(w[position(x, t.get(opcode(x)))]);
  }

  public int[] refs(int x, Positions t) {
    int enc = t.get(opcode(x));
    if (enc == 0) {
      return Unknown.raise();
    }
    int start = enc < 0x10000 ? x + enc : m.stringEnd(x + (enc >>> 16)) + (enc & 0xffff);
    int end = x + count(x);
    int[] out = new int[Math.max(0, end - start)];
    for (int i = 0; i < out.length; i++) {
      int id = w[start + i];
      out[i] = m.def(id);
    }
    return Arrays.stream(out).filter(v -> v >= 0).toArray();
  }

  /**
   * The encoded positions of every operand of one kind in an instruction: the grammar's
   * operands ({@code byOpcode}) plus, in a decoration or execution-mode instruction, the
   * parameters of its enumerant ({@code byDecoration}, {@code byMode}: enumerant value to
   * parameter index; null when no enumerant has one). Id parameters sit in OpDecorateId and
   * OpExecutionModeId, literal ones in the other forms.
   */
  public int[] operandsOfKind(int x, Positions byOpcode, Positions byDecoration, Positions byMode, boolean ids) {
    int op = opcode(x);
    Positions params = null;
    int first = 3;
    long enumerant;
    if (isDecoration(op) && byDecoration != null && isIdDecoration(op) == ids
        && op != Opcodes.OP_DECORATE_STRING && op != Opcodes.OP_MEMBER_DECORATE_STRING) {
      params = byDecoration;
      first = isMemberDecoration(op) ? 4 : 3;
      enumerant = decoration(x);
    } else if ((op == Opcodes.OP_EXECUTION_MODE || op == Opcodes.OP_EXECUTION_MODE_ID) && byMode != null
        && (op == Opcodes.OP_EXECUTION_MODE_ID) == ids) {
      params = byMode;
      enumerant = word(x, 2);
    } else {
      return byOpcode.at(op);
    }
    int[] indexes = enumerant < Integer.MAX_VALUE ? params.at((int) enumerant) : NONE;
    int[] base = byOpcode.at(op);
    int[] out = Arrays.copyOf(base, base.length + indexes.length);
    for (int i = 0; i < indexes.length; i++) {
      out[base.length + i] = first + indexes[i];
    }
    return out;
  }

  public long wordAt(int x, int enc) {
    return Integer.toUnsignedLong(w[position(x, enc)]);
  }

  public int refAt(int x, int enc) {
    return def(w[position(x, enc)]);
  }

  /** The value of a scalar integer constant; unknown for specialization constants and others. */
  public long constant(int def) {
    return switch (opcode(def)) {
      case Opcodes.OP_CONSTANT -> count(def) > 4
          ? (Integer.toUnsignedLong(w[def + 3]) | ((long) w[def + 4] << 32))
          : Integer.toUnsignedLong(w[def + 3]);
      case Opcodes.OP_CONSTANT_NULL, Opcodes.OP_CONSTANT_FALSE -> 0;
      case Opcodes.OP_CONSTANT_TRUE -> 1;
      // a specialization constant has a value only when a pipeline (or --spec-constant) sets it
      case Op.OpSpecConstant, Op.OpSpecConstantTrue, Op.OpSpecConstantFalse -> specializer == null
          ? Unknown.raise() : specializer.integer(this, def).orElseGet(Unknown::raise);
      default -> Unknown.raise();
    };
  }

  public long value(int x) {
    return constant(x);
  }

  public int typeOf(int x) {
    return Opcodes.hasResultType(opcode(x)) ? def(w[x + 1]) : Unknown.raise();
  }

  public int pointee(int x) {
    if (opcode(x) == Opcodes.OP_TYPE_POINTER) {
      return def(w[x + 3]);
    }
    if (opcode(x) == Opcodes.OP_UNTYPED_VARIABLE_KHR) {
      // an untyped variable's memory object has the type of its optional Data Type operand
      return count(x) > 4 ? def(w[x + 4]) : Unknown.raise();
    }
    int t = typeOf(x);
    return opcode(t) == Opcodes.OP_TYPE_POINTER ? def(w[t + 3]) : Unknown.raise();
  }

  public long storageClass(int x) {
    return switch (opcode(x)) {
      case Opcodes.OP_VARIABLE, Opcodes.OP_UNTYPED_VARIABLE_KHR -> word(x, 3);
      case Opcodes.OP_TYPE_POINTER, Opcodes.OP_TYPE_FORWARD_POINTER, Opcodes.OP_TYPE_UNTYPED_POINTER_KHR -> word(x, 2);
      default -> {
        int t = typeOf(x);
        int op = opcode(t);
        yield op == Opcodes.OP_TYPE_POINTER || op == Opcodes.OP_TYPE_UNTYPED_POINTER_KHR ? word(t, 2) : Unknown.raise();
      }
    };
  }

  public int base(int t) {
    int guard = 0;
    while ((opcode(t) == Opcodes.OP_TYPE_ARRAY || opcode(t) == Opcodes.OP_TYPE_RUNTIME_ARRAY) && guard++ < 64) {
      t = def(w[t + 2]);
    }
    return t;
  }

  /**
   * The number of elements a type's array layers hold: the product of their Lengths, 1 for a
   * type that is no array. Unknown for a runtime array, a Length given by a specialization
   * constant (a pipeline may change it) and a product past the range of a long.
   */
  public long arrayLength(int t) {
    long n = 1;
    int guard = 0;
    while (opcode(t) == Opcodes.OP_TYPE_ARRAY && guard++ < 64) {
      long length = constant(def(w[t + 3]));
      if (length < 0) {
        return Unknown.raise(); // a 64-bit Length past the range of a long
      }
      try {
        n = Math.multiplyExact(n, length);
      } catch (ArithmeticException e) {
        return Unknown.raise();
      }
      t = def(w[t + 2]);
    }
    return opcode(t) == Opcodes.OP_TYPE_ARRAY || opcode(t) == Opcodes.OP_TYPE_RUNTIME_ARRAY ? Unknown.raise() : n;
  }

  public int element(int t) {
    return switch (opcode(t)) {
      case Opcodes.OP_TYPE_ARRAY, Opcodes.OP_TYPE_RUNTIME_ARRAY, Opcodes.OP_TYPE_VECTOR, Opcodes.OP_TYPE_VECTOR_ID_EXT,
          Opcodes.OP_TYPE_MATRIX -> def(w[t + 2]);
      default -> Unknown.raise();
    };
  }

  public int scalar(int t) {
    return switch (opcode(t)) {
      case Opcodes.OP_TYPE_VECTOR, Opcodes.OP_TYPE_VECTOR_ID_EXT -> def(w[t + 2]);
      case Opcodes.OP_TYPE_MATRIX -> {
        int column = def(w[t + 2]);
        // Read the column's component only when the column is a vector: never past its words.
        yield opcode(column) == Opcodes.OP_TYPE_VECTOR ? def(w[column + 2]) : Unknown.raise();
      }
      case Opcodes.OP_TYPE_INT, Opcodes.OP_TYPE_FLOAT, Opcodes.OP_TYPE_BOOL -> t;
      default -> Unknown.raise();
    };
  }

  public long width(int t) {
    int s = scalar(t);
    return opcode(s) == Opcodes.OP_TYPE_BOOL ? Unknown.raise() : word(s, 2);
  }

  public boolean signed(int t) {
    int s = scalar(t);
    return opcode(s) == Opcodes.OP_TYPE_INT ? word(s, 3) != 0 : Unknown.raise();
  }

  public long components(int t) {
    return switch (opcode(t)) {
      case Opcodes.OP_TYPE_VECTOR -> word(t, 3);
      // A long vector's count is a constant id: unknown when a specialization constant gives it.
      case Opcodes.OP_TYPE_VECTOR_ID_EXT -> constant(def(w[t + 3]));
      case Opcodes.OP_TYPE_INT, Opcodes.OP_TYPE_FLOAT, Opcodes.OP_TYPE_BOOL -> 1;
      default -> Unknown.raise();
    };
  }

  // ---- images

  /** The OpTypeImage behind an image operand: its type, through OpTypeSampledImage or a pointer. */
  public int imageType(int value) {
    int t = typeOf(value);
    if (opcode(t) == Opcodes.OP_TYPE_POINTER) {
      t = def(w[t + 3]);
    }
    if (opcode(t) == Op.OpTypeSampledImage) {
      t = def(w[t + 2]);
    }
    return opcode(t) == Op.OpTypeImage ? t : Unknown.raise();
  }

  /**
   * The signedness of an image access (appendix "Signedness of SPIR-V Image Accesses"): 1
   * when the Image Operands contain SignExtend, 0 when they contain ZeroExtend, otherwise
   * the Signedness of the image's Sampled Type (unknown when that is not an integer type).
   */
  public long accessSignedness(long imageOperands, int image) {
    if ((imageOperands & ImageOperands.SignExtend) != 0) {
      return 1;
    }
    if ((imageOperands & ImageOperands.ZeroExtend) != 0) {
      return 0;
    }
    int sampled = def(w[image + 2]);
    return opcode(sampled) == Opcodes.OP_TYPE_INT ? word(sampled, 3) : Unknown.raise();
  }

  // ---- decorations

  static boolean isDecoration(int opcode) {
    return opcode == Opcodes.OP_DECORATE || opcode == Opcodes.OP_MEMBER_DECORATE || opcode == Opcodes.OP_DECORATE_ID
        || opcode == Opcodes.OP_MEMBER_DECORATE_ID_EXT || opcode == Opcodes.OP_DECORATE_STRING
        || opcode == Opcodes.OP_MEMBER_DECORATE_STRING;
  }

  public static boolean isMemberDecoration(int opcode) {
    return opcode == Opcodes.OP_MEMBER_DECORATE || opcode == Opcodes.OP_MEMBER_DECORATE_ID_EXT
        || opcode == Opcodes.OP_MEMBER_DECORATE_STRING;
  }

  public long decoration(int x) {
    return word(x, isMemberDecoration(opcode(x)) ? 3 : 2);
  }

  public int target(int x) {
    return def(w[x + 1]);
  }

  public long member(int x) {
    return isMemberDecoration(opcode(x)) ? word(x, 2) : Unknown.raise();
  }

  public long decorationParam(int x, int index) {
    int op = opcode(x);
    long raw = word(x, (isMemberDecoration(op) ? 4 : 3) + index);
    return isIdDecoration(op) ? constant(def((int) raw)) : raw;
  }

  /** OpDecorateId and OpMemberDecorateIdEXT: decorations whose parameters are ids (read as constants). */
  public static boolean isIdDecoration(int opcode) {
    return opcode == Opcodes.OP_DECORATE_ID || opcode == Opcodes.OP_MEMBER_DECORATE_ID_EXT;
  }

  /**
   * Parameter {@code index} of an execution mode. The x, y and z sizes of LocalSize and
   * LocalSizeId are the entry point's local size ({@link LocalSize#ofMode}): the WorkgroupSize
   * built-in object's, which takes precedence, when the module has one; spec constants by default.
   */
  public long modeParam(int x, int index) {
    if (index < 3 && count(x) > 2 && LocalSize.isLocalSize(this, x)) {
      return LocalSize.ofMode(this, x, index);
    }
    long raw = word(x, 3 + index);
    return opcode(x) == Opcodes.OP_EXECUTION_MODE_ID ? constant(def((int) raw)) : raw;
  }

  /** What a decoration test looks at: an id, and a member index or -1 for the id itself. */
  public   record DecorationTarget(int id, long member) {}

  /**
   * For a decoration instruction, its target and member; for any other instruction with a
   * result, its result id; unknown otherwise.
   */
  public DecorationTarget decorationTarget(int x) {
    int op = opcode(x);
    if (isDecoration(op)) {
      return new DecorationTarget(w[x + 1], isMemberDecoration(op) ? word(x, 2) : -1);
    }
    if (Opcodes.hasResult(op)) {
      return new DecorationTarget(w[x + (Opcodes.hasResultType(op) ? 2 : 1)], -1);
    }
    return Unknown.raise();
  }

  /**
   * True when {@code x} carries one of the decorations. For a decoration instruction, the
   * same target and member; for any other instruction, decorations of its result id
   * (member decorations excluded).
   */
  public boolean decorated(int x, long... decorations) {
    DecorationTarget t = decorationTarget(x);
    int id = t.id();
    long member = t.member();
    for (long decoration : decorations) {
      if (m.firstDecoration(id, member, decoration) >= 0) {
        return true;
      }
    }
    return false;
  }

  /**
   * For a struct type: with {@code all}, true when every member carries one of the
   * decorations (a struct without members: true); otherwise true when some member does.
   * Unknown for anything but a struct type.
   */
  public boolean membersDecorated(int struct, boolean all, long... decorations) {
    if (opcode(struct) != Opcodes.OP_TYPE_STRUCT) {
      return Unknown.raise();
    }
    int members = count(struct) - 2;
    BitSet decorated = new BitSet(members);
    for (long decoration : decorations) {
      for (int d : m.decorationsOf(w[struct + 1], -2, decoration)) {
        // A member index past the last member names no member (and must not size the set).
        if (word(d, 2) < members) {
          decorated.set((int) word(d, 2));
        }
      }
    }
    int n = decorated.cardinality();
    return all ? n == members : n > 0;
  }

  /**
   * The BuiltIn values of an instruction: for a decoration, those of its target and member;
   * for a variable, its own and those of the members of its struct type (arrays removed),
   * as built-in blocks carry them; for any other instruction, those of its id.
   */
  public long[] builtins(int x) {
    int op = opcode(x);
    DecorationTarget t = decorationTarget(x);
    long[] out = collectBuiltins(t.id(), t.member(), NO_BUILTINS);
    if (op == Opcodes.OP_VARIABLE) {
      try {
        int struct = base(pointee(x));
        if (opcode(struct) == Opcodes.OP_TYPE_STRUCT) {
          out = collectBuiltins(w[struct + 1], -2, out);
        }
      } catch (Unknown u) {
        // a variable of an undefined type has only its own decorations
      }
    }
    return out;
  }

  private static final long[] NO_BUILTINS = new long[0];

  /**
   * {@code into} with the BuiltIn values decorating {@code id} at {@code member} (-1: the id itself,
   * -2: any member) added: sorted, each once. Plain arrays (a handful of values): this runs for
   * every variable of every module, the first time in the interpreter.
   */
  private long[] collectBuiltins(int id, long member, long[] into) {
    if (id <= 0 || id >= m.bound) {
      return into;
    }
    long[] out = into;
    for (int d : m.decorationsOf(id, member, Opcodes.DECORATION_BUILTIN)) {
      int op = opcode(d);
      if (!isIdDecoration(op) && count(d) > (isMemberDecoration(op) ? 4 : 3)) {
        long v = decorationParam(d, 0);
        int at = java.util.Arrays.binarySearch(out, v);
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

  /** The variables a decoration applies to: its target, or the variables of its struct target type. */
  public int[] variables(int x) {
    int t = target(x);
    if (opcode(t) == Opcodes.OP_VARIABLE) {
      return new int[] {t};
    }
    int[] vs = variablesByBaseType().get(t);
    return vs == null ? NONE : vs.clone();
  }

  /**
   * Module-scope variables by their pointee type with arrays removed, in module order; made once
   * per module (a lookup per decoration, not a scan of the module per decoration).
   */
  private java.util.Map<Integer, int[]> variablesByBaseType() {
    return memo(VariablesByBaseType.class, f -> {
      java.util.Map<Integer, java.util.List<Integer>> byType = new java.util.HashMap<>();
      for (int v : f.globalVariables()) {
        try {
          byType.computeIfAbsent(f.base(f.pointee(v)), k -> new java.util.ArrayList<>()).add(v);
        } catch (Unknown u) {
          // a variable with an undefined type cannot be matched
        }
      }
      java.util.Map<Integer, int[]> out = new java.util.HashMap<>();
      byType.forEach((k, list) -> out.put(k, list.stream().mapToInt(Integer::intValue).toArray()));
      return new VariablesByBaseType(out);
    }).byType();
  }

  private record VariablesByBaseType(java.util.Map<Integer, int[]> byType) {}

  /** The type of what a decoration applies to: a member's type, a variable's pointee, or the type itself. */
  public int dataType(int x) {
    int t = target(x);
    if (isMemberDecoration(opcode(x))) {
      long member = word(x, 2);
      // A member index beyond the struct's members names nothing (never a word of the next instruction).
      return opcode(t) == Opcodes.OP_TYPE_STRUCT && member < count(t) - 2 ? def(w[t + 2 + (int) member])
          : Unknown.raise();
    }
    return isVariable(opcode(t)) ? pointee(t) : t;
  }

  // ---- entry points and reachability

  public int[] allEntryPoints() {
    return m.entryPoints;
  }

  public int[] executionModes(int ep) {
    int fn = opcode(ep) == Opcodes.OP_ENTRY_POINT ? w[ep + 2] : Unknown.raise();
    return m.modesOf(fn);
  }

  /** The module-scope variables an entry point lists in its interface or references in its call tree. */
  public int[] usedVariables(int ep) {
    return variablesOf(ep, true);
  }

  /** The module-scope variables referenced in an entry point's call tree; its interface list is not counted. */
  public int[] referencedVariables(int ep) {
    return variablesOf(ep, false);
  }

  private int[] variablesOf(int ep, boolean withInterface) {
    int e = Arrays.binarySearch(m.entryPoints, ep);
    if (e < 0) {
      return Unknown.raise();
    }
    int[] ids = withInterface ? reach().usedVariables[e] : reach().referencedVariables[e];
    // both kinds of variable: an untyped variable's pointee is its Data Type (see pointee)
    return Arrays.stream(ids).map(m::def).toArray();
  }

  /**
   * The module-scope variables (OpVariable and OpUntypedVariableKHR) an entry point statically
   * uses, as the Shaders chapter's "Static Use" defines it: listed in its interface or named by
   * an instruction of its call tree.
   */
  public int[] staticallyUsedVariables(int ep) {
    int e = Arrays.binarySearch(m.entryPoints, ep);
    if (e < 0) {
      return Unknown.raise();
    }
    return Arrays.stream(reach().usedVariables[e]).map(m::def).toArray();
  }

  /** The module-scope variables (of both kinds) no entry point statically uses, in module order. */
  public int[] variablesUsedByNoEntryPoint() {
    return reach().usedByNone.clone();
  }

  /**
   * The type a module-scope variable holds: an OpVariable's pointee, an OpUntypedVariableKHR's
   * Data Type (unknown when it has none).
   */
  public int variableType(int v) {
    if (opcode(v) == Opcodes.OP_UNTYPED_VARIABLE_KHR) {
      return count(v) > 4 ? def(w[v + 4]) : Unknown.raise();
    }
    return pointee(v);
  }

  /** The entry points that reach an instruction (through its function, its variable's use, or its target). */
  public int[] entryPoints(int x) {
    BitSet eps = reaching(x);
    return eps.stream().map(e -> m.entryPoints[e]).toArray();
  }

  public long[] executionModels(int x) {
    int op = opcode(x);
    if (op == Opcodes.OP_ENTRY_POINT || op == Opcodes.OP_EXECUTION_MODE || op == Opcodes.OP_EXECUTION_MODE_ID
        || isDecoration(op)) {
      return models(reaching(x));
    }
    int fn = m.functionOf[m.indexOf(x)];
    if (fn < 0) {
      return models(reaching(x));
    }
    // every instruction of a function is reached by the same entry points: one answer per function
    if (functionModels == null) {
      functionModels = new long[m.functionStarts.length][];
    }
    if (functionModels[fn] == null) {
      functionModels[fn] = models(reach().reachingFunction[fn]);
    }
    return functionModels[fn];
  }

  /** The distinct execution models of the module's entry points, sorted (found once per module). */
  public long[] executionModels() {
    if (moduleModels == null) {
      BitSet all = new BitSet();
      all.set(0, m.entryPoints.length);
      moduleModels = models(all);
    }
    return moduleModels;
  }

  /** The distinct execution models of a set of entry points, sorted. */
  private long[] models(BitSet eps) {
    long[] out = new long[eps.cardinality()];
    int n = 0;
    for (int e = eps.nextSetBit(0); e >= 0; e = eps.nextSetBit(e + 1)) {
      out[n++] = word(m.entryPoints[e], 1);
    }
    Arrays.sort(out);
    int distinct = 0;
    for (int i = 0; i < n; i++) {
      if (distinct == 0 || out[distinct - 1] != out[i]) {
        out[distinct++] = out[i];
      }
    }
    return distinct == out.length ? out : Arrays.copyOf(out, distinct);
  }

  private BitSet reaching(int x) {
    int op = opcode(x);
    if (op == Opcodes.OP_ENTRY_POINT) {
      BitSet b = new BitSet();
      b.set(Arrays.binarySearch(m.entryPoints, x));
      return b;
    }
    if (op == Opcodes.OP_EXECUTION_MODE || op == Opcodes.OP_EXECUTION_MODE_ID) {
      // the entry points whose Entry Point is the mode's function
      return reach().entryPointsOfFunction(w[x + 1]);
    }
    if (isDecoration(op)) {
      int id = w[x + 1];
      int d = m.def(id);
      return d >= 0 ? reaching(d) : new BitSet();
    }
    int f = m.functionOf[m.indexOf(x)];
    if (f >= 0) {
      return (BitSet) reach().reachingFunction[f].clone();
    }
    if (op == Opcodes.OP_VARIABLE || op == Opcodes.OP_UNTYPED_VARIABLE_KHR) {
      // the entry points that statically use it
      return reach().entryPointsUsing(w[x + 2]);
    }
    return new BitSet();
  }

  // ---- pointers and images

  /** The types in which a variable's object is read and written (see {@link ObjectAccesses}). */
  public int[] accessedTypes(int v) {
    return memo(ObjectAccesses.class, ObjectAccesses::new).of(this, v);
  }

  /** The memory object declaration a pointer is derived from (see {@link MemoryFacts#root}). */
  public int root(int x) {
    return MemoryFacts.root(this, x);
  }

  /** The OpTypeImage an image instruction's Image or Sampled Image operand has. */
  public int imageType(int x, Positions operand) {
    return MemoryFacts.imageType(this, x, operand);
  }

  // ---- data flow

  /** The built-ins the value defined at {@code x} is computed from (see {@link ValueDependence}). */
  public long[] dependsOn(int x) {
    if (dependence == null) {
      dependence = ValueDependence.of(this);
    }
    return dependence.of(x);
  }

  // ---- module

  public long addressingModel() {
    return m.memoryModel >= 0 ? word(m.memoryModel, 1) : Unknown.raise();
  }

  public long memoryModel() {
    return m.memoryModel >= 0 ? word(m.memoryModel, 2) : Unknown.raise();
  }

  /** The declared capabilities, sorted (made once per module: rules ask per instruction; do not modify). */
  public long[] capabilities() {
    if (capabilities == null) {
      long[] all = new long[m.capabilities.length];
      for (int i = 0; i < all.length; i++) {
        all[i] = Integer.toUnsignedLong(m.capabilities[i]);
      }
      Arrays.sort(all);
      int n = 0;
      for (int i = 0; i < all.length; i++) {
        if (n == 0 || all[n - 1] != all[i]) {
          all[n++] = all[i];
        }
      }
      capabilities = Arrays.copyOf(all, n);
    }
    return capabilities;
  }

  /** A variable declaration: {@code OpVariable} or {@code OpUntypedVariableKHR} (SPV_KHR_untyped_pointers). */
  static boolean isVariable(int opcode) {
    return opcode == Opcodes.OP_VARIABLE || opcode == Opcodes.OP_UNTYPED_VARIABLE_KHR;
  }

  /** The module-scope variables, in module order (found once per module; callers get a copy). */
  public int[] globalVariables() {
    if (globals == null) {
      globals = m.globalVariables();
    }
    return globals.clone();
  }

  /** Every BuiltIn some decoration uses, sorted (a scan of the module, made once; do not modify). */
  public long[] builtins() {
    if (moduleBuiltins == null) {
      moduleBuiltins = scanBuiltins();
    }
    return moduleBuiltins;
  }

  private long[] scanBuiltins() {
    ModuleIndex.IntList found = new ModuleIndex.IntList();
    for (int s : appliedDecorations()) {
      int op = opcode(s);
      if (isDecoration(op) && !isIdDecoration(op) && decoration(s) == Opcodes.DECORATION_BUILTIN
          && count(s) > (isMemberDecoration(op) ? 4 : 3)) {
        found.add((int) decorationParam(s, 0));
      }
    }
    return Arrays.stream(found.sortedDistinct()).mapToLong(Integer::toUnsignedLong).sorted().toArray();
  }

  /** The decorations that decorate what rules look at, in order (see {@link ModuleIndex#appliedDecorations}). */
  private int[] appliedDecorations() {
    if (applied == null) {
      applied = m.appliedDecorations();
    }
    return applied;
  }

  /**
   * The first decoration BuiltIn WorkgroupSize of an id (not a member), directly or through a
   * decoration group, or -1 (found once per module).
   */
  public int workgroupSizeDecoration() {
    if (workgroupSize == -2) {
      workgroupSize = -1;
      for (int s : appliedDecorations()) {
        if (opcode(s) == Opcodes.OP_DECORATE && count(s) > 3 && decoration(s) == Opcodes.DECORATION_BUILTIN
            && decorationParam(s, 0) == LocalSize.WORKGROUP_SIZE) {
          workgroupSize = s;
          break;
        }
      }
    }
    return workgroupSize;
  }

  // ---- mask parameters and type sizes

  /**
   * The one-word parameter of {@code bit} of the mask operand at {@code t} (the Aligned literal
   * of a MemoryAccess mask); {@code before} is the lower bits that carry a parameter, whose
   * words come first. Unknown when the mask is absent or does not set the bit.
   */
  /** As above, where the earlier bits in {@code twice} have two parameter words each (ImageOperands Grad). */
  public long maskParameter(int x, Positions t, long bit, long before, long twice) {
    int p = position(x, t.get(opcode(x)));
    long mask = Integer.toUnsignedLong(w[p]);
    if ((mask & bit) == 0) {
      return Unknown.raise();
    }
    int q = p + 1 + Long.bitCount(mask & before) + Long.bitCount(mask & twice);
    return q < x + count(x) ? Integer.toUnsignedLong(w[q]) : Unknown.raise();
  }

  public long maskParameter(int x, Positions t, long bit, long before) {
    int p = position(x, t.get(opcode(x)));
    long mask = Integer.toUnsignedLong(w[p]);
    if ((mask & bit) == 0) {
      return Unknown.raise();
    }
    int q = p + 1 + Long.bitCount(mask & before);
    return q < x + count(x) ? Integer.toUnsignedLong(w[q]) : Unknown.raise();
  }

  /** The size in bytes of the largest scalar in a type (see {@link TypeSizes}). */
  public long largestScalarSize(int t) {
    if (sizes == null) {
      sizes = new TypeSizes(this);
    }
    return sizes.largestScalar(t);
  }

  /**
   * The scalar alignment "Offset and Stride Assignment" defines for a type: the size of its
   * largest scalar; unknown where a pointer, a Boolean or an opaque type is in it (see {@link TypeSizes}).
   */
  public long scalarAlignment(int t) {
    if (sizes == null) {
      sizes = new TypeSizes(this);
    }
    return sizes.scalarAlignment(t);
  }

  // ---- shader resources

  /**
   * True when a module-scope variable is a resource of one of the types (see {@link ResourceType});
   * for a pointer that is no variable, false when its storage class rules out every type, else unknown.
   */
  public boolean resource(int x, ResourceType... types) {
    int op = opcode(x);
    if (op != Opcodes.OP_VARIABLE && op != Opcodes.OP_UNTYPED_VARIABLE_KHR) {
      // a pointer that is no variable: which variable it points into is unknown, but its storage
      // class may rule out every type asked for (an access chain into a uniform buffer is no sampler)
      java.util.Set<ResourceType> could = ShaderResources.possible(this, x);
      return Arrays.stream(types).anyMatch(could::contains) ? Unknown.raise() : false;
    }
    ResourceType t = ShaderResources.of(this, x);
    return t != null && Arrays.asList(types).contains(t);
  }

  /** The Indexes of an access chain that choose an element of its Base variable's array of descriptors. */
  public int[] descriptorIndexes(int x) {
    return ShaderResources.descriptorIndexes(this, x);
  }
}
