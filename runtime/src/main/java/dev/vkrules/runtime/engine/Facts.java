package dev.vkrules.runtime.engine;

import dev.vkrules.runtime.engine.base.Opcodes;
import dev.vkrules.runtime.engine.base.Positions;
import dev.vkrules.runtime.engine.base.Unknown;
import dev.vkrules.runtime.engine.device.DeviceFacts;
import dev.vkrules.runtime.engine.interfaces.EntryPointMeasures;
import dev.vkrules.runtime.engine.interfaces.InterfaceView;
import dev.vkrules.runtime.engine.interfaces.LocalSize;
import dev.vkrules.runtime.engine.interfaces.OutputResources;
import dev.vkrules.runtime.engine.interfaces.ResourceType;
import dev.vkrules.runtime.engine.interfaces.ShaderResources;
import dev.vkrules.runtime.engine.interfaces.TransformFeedback;
import dev.vkrules.runtime.engine.layout.Layout;
import dev.vkrules.runtime.engine.layout.TypeSizes;
import dev.vkrules.runtime.engine.memory.MemoryFacts;
import dev.vkrules.runtime.engine.memory.ValueDependence;
import dev.vkrules.runtime.engine.module.ConstantValues;
import dev.vkrules.runtime.engine.module.Decorations;
import dev.vkrules.runtime.engine.module.EntryPointUsage;
import dev.vkrules.runtime.engine.module.ModuleIndex;
import dev.vkrules.runtime.engine.module.ModuleView;
import dev.vkrules.runtime.engine.module.ObjectAccesses;
import dev.vkrules.runtime.engine.module.Operands;
import dev.vkrules.runtime.engine.module.ReachingEntryPoints;
import dev.vkrules.runtime.engine.module.SpecConstantDefaults;
import dev.vkrules.runtime.engine.module.Specializer;
import dev.vkrules.runtime.engine.module.Types;
import dev.vkrules.runtime.engine.pipeline.PipelineFacts;
import java.util.HashMap;
import java.util.Map;

/**
 * The queries generated checkers make about one module: a facade. Instructions are word offsets;
 * a fact that cannot be determined throws {@link Unknown}. Each query is answered by the part of
 * the engine that knows it ({@code module/}: operands, types, constants, decorations, entry
 * points; {@code layout/}: sizes and offsets; {@code interfaces/}: resources, local size,
 * transform feedback, measures; {@code memory/}: pointers and images; {@code device/},
 * {@code pipeline/}: the state a device or pipeline gives), see docs/module-model.md. What this
 * class keeps is one module's state: the index, the analyses made once per module, the device,
 * pipeline and specialization the module is checked under. The parts it constructs see it only
 * as the views it extends ({@link InterfaceView}, and so {@link ModuleView}, which holds the
 * index and the word-level queries), so they never depend on this class ("Who may know whom" in
 * docs/module-model.md).
 */
public final class Facts extends InterfaceView {
  private final boolean fastForms;
  private EntryPointUsage reach;
  private Layout layout;
  private TypeSizes sizes;
  private EntryPointMeasures measures;
  private TransformFeedback xfb;
  private ValueDependence dependence;
  private DeviceFacts device = DeviceFacts.none();
  private PipelineFacts pipeline = PipelineFacts.none();
  /** The pipeline's specialization constant values; null when the module is validated alone. */
  private Specializer specializer;
  private int[] globals;
  private long[] capabilities;
  private long[] moduleBuiltins;
  private long[] moduleModels;
  /** Per function: the execution models of the entry points that reach it (filled on demand). */
  private long[][] functionModels;
  /** See {@link #workgroupSizeDecoration}: -2 until looked for. */
  private int workgroupSize = -2;
  /** {@link ModuleIndex#appliedDecorations}, asked for once. */
  private int[] applied;
  private Decorations.VariablesByType variablesByBaseType;
  private final Map<Class<?>, Object> memos = new HashMap<>();
  private final Map<Integer, int[]> containedTypes = new HashMap<>();

  public Facts(ModuleIndex m) {
    this(m, true);
  }

  Facts(ModuleIndex m, boolean fastForms) {
    super(m);
    this.fastForms = fastForms;
  }

  // ---- the module's state

  /** Whether checkers try their fast two-valued form first (always, except in the test comparing the two). */
  public boolean fastForms() {
    return fastForms;
  }

  /** A module-wide analysis made on the first call and kept with these facts. */
  @Override
  public <T> T memo(Class<T> key, java.util.function.Function<ModuleView, T> make) {
    Object known = memos.get(key);
    if (known == null) {
      known = make.apply(this);
      memos.put(key, known);
    }
    return key.cast(known);
  }

  /** {@link dev.vkrules.runtime.engine.layout.TypeTree#contained}'s results, by type offset (never modified). */
  @Override
  public Map<Integer, int[]> containedTypesMemo() {
    return containedTypes;
  }

  /** Which entry points reach which functions and use which variables (made once). */
  @Override
  public EntryPointUsage reach() {
    if (reach == null) {
      reach = new EntryPointUsage(m);
    }
    return reach;
  }

  /** The device facts the device predicates query (none unless a device is being evaluated). */
  @Override
  public DeviceFacts device() {
    return device;
  }

  public void device(DeviceFacts d) {
    device = d;
  }

  /** The pipeline this module is a stage of ({@link PipelineFacts#none} when validated alone). */
  public PipelineFacts pipeline() {
    return pipeline;
  }

  void pipeline(PipelineFacts p) {
    this.pipeline = p;
  }

  /** The specializer, or null without specialization. */
  @Override
  public Specializer specializer() {
    return specializer;
  }

  /** Validates with a pipeline's (or --spec-constant's) specialization constant values instead of the defaults. */
  void specialize(Specializer s) {
    this.specializer = s;
    memos.remove(SpecConstantDefaults.class);
  }

  // ---- operands (module/Operands)

  public long optionalWord(int x, Positions t) {
    return Operands.optionalWord(this, x, t);
  }

  public int[] refs(int x, Positions t) {
    return Operands.refs(this, x, t);
  }

  public int[] operandsOfKind(int x, Positions byOpcode, Positions byDecoration, Positions byMode, boolean ids) {
    return Operands.ofKind(this, x, byOpcode, byDecoration, byMode, ids);
  }

  public long maskParameter(int x, Positions t, long bit, long before, long twice) {
    return Operands.maskParameter(this, x, t, bit, before, twice);
  }

  public long maskParameter(int x, Positions t, long bit, long before) {
    return Operands.maskParameter(this, x, t, bit, before, 0);
  }

  public boolean extInst(int x, String set, int... numbers) {
    return Operands.extInst(this, x, set, numbers);
  }

  // ---- constants (module/ConstantValues, SpecConstantDefaults, ValueDependence)

  @Override
  public long constant(int def) {
    return ConstantValues.scalarValue(this, def);
  }

  /** The value a constant has unless a pipeline specializes the module ({@link SpecConstantDefaults}). */
  @Override
  public long defaultValue(int def) {
    return memo(SpecConstantDefaults.class, SpecConstantDefaults::new).value(def);
  }

  /** The built-ins the value defined at {@code x} is computed from ({@link ValueDependence}). */
  public long[] dependsOn(int x) {
    if (dependence == null) {
      dependence = ValueDependence.of(this);
    }
    return dependence.of(x);
  }

  // ---- types (module/Types)

  @Override
  public int pointee(int x) {
    return Types.pointee(this, x);
  }

  @Override
  public long storageClass(int x) {
    return Types.storageClass(this, x);
  }

  @Override
  public int base(int t) {
    return Types.base(this, t);
  }

  public long arrayLength(int t) {
    return Types.arrayLength(this, t);
  }

  @Override
  public int element(int t) {
    return Types.element(this, t);
  }

  @Override
  public int scalar(int t) {
    return Types.scalar(this, t);
  }

  @Override
  public long width(int t) {
    return Types.width(this, t);
  }

  @Override
  public long components(int t) {
    return Types.components(this, t);
  }

  public int imageType(int value) {
    return Types.imageType(this, value);
  }

  public long accessSignedness(long imageOperands, int image) {
    return Types.accessSignedness(this, imageOperands, image);
  }

  // ---- decorations (module/Decorations)

  @Override
  public long decoration(int x) {
    return word(x, Decorations.isMemberDecoration(opcode(x)) ? 3 : 2);
  }

  @Override
  public int target(int x) {
    return def(w[x + 1]);
  }

  public long member(int x) {
    return Decorations.isMemberDecoration(opcode(x)) ? word(x, 2) : Unknown.raise();
  }

  @Override
  public long decorationParam(int x, int index) {
    return Decorations.param(this, x, index);
  }

  /** Whether the module applies decoration {@code kind} anywhere (see {@link ModuleIndex#anyDecoration}). */
  @Override
  public boolean anyDecoration(long kind) {
    return m.anyDecoration(kind);
  }

  @Override
  public boolean decorated(int x, long... decorations) {
    return Decorations.decorated(this, x, decorations);
  }

  public boolean membersDecorated(int struct, boolean all, long... decorations) {
    return Decorations.membersDecorated(this, struct, all, decorations);
  }

  @Override
  public long[] builtins(int x) {
    return Decorations.builtins(this, x);
  }

  /** The variables decoration {@code x} applies to (do not modify the array: it may be the module's). */
  @Override
  public int[] variables(int x) {
    return Decorations.variables(this, x);
  }

  /** {@link Decorations#variablesByBaseType}, made once per module (never modified). */
  @Override
  public Decorations.VariablesByType variablesByBaseType() {
    if (variablesByBaseType == null) {
      variablesByBaseType = Decorations.variablesByBaseType(this);
    }
    return variablesByBaseType;
  }

  @Override
  public int dataType(int x) {
    return Decorations.dataType(this, x);
  }

  /** Every BuiltIn some decoration uses, sorted (made once; do not modify). */
  @Override
  public long[] builtins() {
    if (moduleBuiltins == null) {
      moduleBuiltins = Decorations.moduleBuiltins(this, appliedDecorations());
    }
    return moduleBuiltins;
  }

  /** The first decoration BuiltIn WorkgroupSize of an id (not a member), or -1 (found once). */
  @Override
  public int workgroupSizeDecoration() {
    if (workgroupSize == -2) {
      workgroupSize = Decorations.firstBuiltInDecoration(this, appliedDecorations(), LocalSize.WORKGROUP_SIZE);
    }
    return workgroupSize;
  }

  private int[] appliedDecorations() {
    if (applied == null) {
      applied = m.appliedDecorations();
    }
    return applied;
  }

  // ---- entry points and reachability (module/ReachingEntryPoints, EntryPointUsage)

  public int[] allEntryPoints() {
    return m.entryPoints;
  }

  @Override
  public int[] executionModes(int ep) {
    return m.modesOf(opcode(ep) == Opcodes.OP_ENTRY_POINT ? w[ep + 2] : Unknown.raise());
  }

  /** The module-scope variables an entry point lists in its interface or references in its call tree. */
  @Override
  public int[] usedVariables(int ep) {
    return ReachingEntryPoints.variables(this, ep, true);
  }

  /** The module-scope variables referenced in an entry point's call tree; its interface list is not counted. */
  @Override
  public int[] referencedVariables(int ep) {
    return ReachingEntryPoints.variables(this, ep, false);
  }

  public int[] entryPoints(int x) {
    return ReachingEntryPoints.entryPoints(this, x);
  }

  public long[] executionModels(int x) {
    if (functionModels == null) {
      functionModels = new long[m.functionStarts.length][];
    }
    return ReachingEntryPoints.executionModels(this, x, functionModels);
  }

  /** The distinct execution models of the module's entry points, sorted (found once; do not modify). */
  public long[] executionModels() {
    if (moduleModels == null) {
      moduleModels = ReachingEntryPoints.moduleModels(this);
    }
    return moduleModels;
  }

  /** Parameter {@code index} of an execution mode, LocalSize's as the entry point's local size ({@link LocalSize}). */
  public long modeParam(int x, int index) {
    return LocalSize.modeParam(this, x, index);
  }

  // ---- the module

  public long addressingModel() {
    return m.memoryModel >= 0 ? word(m.memoryModel, 1) : Unknown.raise();
  }

  public long memoryModel() {
    return m.memoryModel >= 0 ? word(m.memoryModel, 2) : Unknown.raise();
  }

  /** The declared capabilities, sorted (made once per module: rules ask per instruction; do not modify). */
  public long[] capabilities() {
    if (capabilities == null) {
      capabilities = m.capabilityValues();
    }
    return capabilities;
  }

  /** The module-scope variables, in module order (found once per module; callers get a copy). */
  @Override
  public int[] globalVariables() {
    if (globals == null) {
      globals = m.globalVariables();
    }
    return globals.clone();
  }

  // ---- layout and sizes (layout/)

  private Layout layout() {
    if (layout == null) {
      layout = new Layout(this);
    }
    return layout;
  }

  private TypeSizes sizes() {
    if (sizes == null) {
      sizes = new TypeSizes(this);
    }
    return sizes;
  }

  public long size(int t) {
    return layout().size(t);
  }

  /** {@link #size} up to the last byte of data, arrays sized by specialization constants at their defaults. */
  public long tightSizeWithDefaults(int t) {
    return layout().tightSizeWithDefaults(t);
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

  public long firstMemberOffset(int struct) {
    return layout().firstMemberOffset(struct);
  }

  /** The constant byte offset of a pointer from the start of its variable ({@link Layout#byteOffset}). */
  public long byteOffset(int pointer) {
    return layout().byteOffset(pointer);
  }

  /** The size in bytes of the largest scalar in a type ({@link TypeSizes}). */
  public long largestScalarSize(int t) {
    return sizes().largestScalar(t);
  }

  /** The scalar alignment "Offset and Stride Assignment" defines for a type ({@link TypeSizes#scalarAlignment}). */
  public long scalarAlignment(int t) {
    return sizes().scalarAlignment(t);
  }

  // ---- interfaces (interfaces/)

  /** Storage sizes, invocations and reached-instruction counts of entry points ({@link EntryPointMeasures}). */
  public EntryPointMeasures measures() {
    if (measures == null) {
      measures = new EntryPointMeasures(this, layout());
    }
    return measures;
  }

  private TransformFeedback xfb() {
    if (xfb == null) {
      xfb = new TransformFeedback(this, layout());
    }
    return xfb;
  }

  /** The number of distinct vertex streams an entry point's call tree emits to ({@link TransformFeedback}). */
  public long emittedStreams(int ep) {
    return xfb().emittedStreams(ep);
  }

  /** The largest sum, over one vertex stream, of the data sizes of the transform feedback buffers it writes. */
  public long largestStreamDataSize(int ep) {
    return xfb().largestStreamDataSize(ep);
  }

  /** Storage buffers and images an entry point uses plus its output Locations ({@link OutputResources}). */
  public long combinedOutputResources(int ep) {
    return OutputResources.combined(this, ep);
  }

  public boolean resource(int x, ResourceType... types) {
    return ShaderResources.resource(this, x, types);
  }

  /** The Indexes of an access chain that choose an element of its Base variable's array of descriptors. */
  public int[] descriptorIndexes(int x) {
    return ShaderResources.descriptorIndexes(this, x);
  }

  // ---- memory (memory/, module/ObjectAccesses)

  /** The types in which a variable's object is read and written ({@link ObjectAccesses}). */
  public int[] accessedTypes(int v) {
    return memo(ObjectAccesses.class, ObjectAccesses::new).of(this, v);
  }

  /** The memory object declaration a pointer is derived from ({@link MemoryFacts#root}). */
  public int root(int x) {
    return MemoryFacts.root(this, x);
  }

  /** The OpTypeImage an image instruction's Image or Sampled Image operand has. */
  public int imageType(int x, Positions operand) {
    return MemoryFacts.imageType(this, x, operand);
  }
}
