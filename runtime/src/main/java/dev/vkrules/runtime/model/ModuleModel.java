package dev.vkrules.runtime.model;

import dev.vkrules.runtime.spirv.IdMap;
import dev.vkrules.runtime.spirv.ParseResult;
import dev.vkrules.runtime.spirv.SpirvModule;
import dev.vkrules.runtime.spirv.SpirvParser;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.OptionalLong;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What checks need to know about a module, indexed for O(1) or O(answer) queries: definitions,
 * types, constants, names, decorations, entry points and execution modes, functions and
 * blocks, the call graph and which entry points reach each function, variables, memory model,
 * capabilities and extensions. Built in time linear in the module size (see
 * docs/module-model.md). Ids are plain ints; "absent" is null, 0 or -1 as each method says.
 */
public final class ModuleModel {
  private final SpirvModule module;
  final int[] slotByInst;
  final IntList capabilities = new IntList();
  final List<String> extensions = new ArrayList<>();
  final SortedMap<Integer, String> imports = new TreeMap<>();
  int addressingModel = -1;
  int memoryModel = -1;
  final List<EntryPoint> entryPoints = new ArrayList<>();
  final List<ExecutionModeInfo> executionModes = new ArrayList<>();
  final IdMultiMap modesByFunction = new IdMultiMap();
  final IdMultiMap entryPointsByFunction = new IdMultiMap();
  final IdMap names = IdMap.hashed();
  final IdMultiMap memberNames = new IdMultiMap();
  final List<DecorationInfo> decorationList = new ArrayList<>();
  final IdMultiMap decorationIndex = new IdMultiMap();
  final List<int[]> groupApplications = new ArrayList<>();
  final List<Type> typeList = new ArrayList<>();
  final List<Constant> constantList = new ArrayList<>();
  final List<Variable> variableList = new ArrayList<>();
  final List<Function> functionList = new ArrayList<>();
  OpcodeIndex byOpcode;
  Reachability reachability;
  private UseIndex uses;

  ModuleModel(SpirvModule module) {
    this.module = module;
    this.slotByInst = new int[module.instructionCount()];
    Arrays.fill(slotByInst, -1);
  }

  /** Builds the model of a parsed module (also of one with parse problems: it holds what was read). */
  public static ModuleModel build(SpirvModule module) {
    return new ModelBuilder(module).build();
  }

  /** Parses and builds; the parse problems stay in {@code result}. */
  public static ModuleModel build(ParseResult result) {
    return build(result.module());
  }

  /** Convenience for tests and tools: parse bytes, build the model, ignore parse problems. */
  public static ModuleModel parse(byte[] bytes) {
    return build(SpirvParser.parse(bytes).module());
  }

  public SpirvModule module() {
    return module;
  }

  /** The header version word ({@code 0x00MMmm00}). */
  public int version() {
    return module.version();
  }

  // ---- module-level declarations

  /** Declared capabilities in declaration order (duplicates kept). */
  public int[] capabilities() {
    return capabilities.toArray();
  }

  public boolean hasCapability(int capability) {
    for (int i = 0; i < capabilities.n; i++) {
      if (capabilities.a[i] == capability) {
        return true;
      }
    }
    return false;
  }

  /** {@code OpExtension} names in declaration order. */
  public List<String> extensions() {
    return Collections.unmodifiableList(extensions);
  }

  public boolean hasExtension(String name) {
    return extensions.contains(name);
  }

  /** {@code OpExtInstImport} result id → imported set name, sorted by id. */
  public SortedMap<Integer, String> extInstImports() {
    return Collections.unmodifiableSortedMap(imports);
  }

  /** The AddressingModel value, or -1 without {@code OpMemoryModel}. */
  public int addressingModel() {
    return addressingModel;
  }

  /** The MemoryModel value, or -1 without {@code OpMemoryModel}. */
  public int memoryModel() {
    return memoryModel;
  }

  // ---- ids

  /** Index of the instruction defining {@code id}, or -1. */
  public int definition(int id) {
    return module.definition(id);
  }

  /** Opcode of the instruction defining {@code id}, or -1. */
  public int opcodeOf(int id) {
    int def = module.definition(id);
    return def < 0 ? -1 : module.opcode(def);
  }

  /** The result type id of the instruction defining {@code id}, or 0. */
  public int resultTypeOf(int id) {
    int def = module.definition(id);
    return def < 0 ? 0 : module.resultTypeId(def);
  }

  /**
   * Indices of the instructions that use {@code id} as an operand (as a result type, an
   * operand, a decoration target, an entry point interface, ...), in module order, each once.
   * The index is built on the first call, in time linear in the module.
   */
  public int[] uses(int id) {
    int def = module.definition(id);
    if (def < 0) {
      return new int[0];
    }
    if (uses == null) {
      uses = UseIndex.build(module);
    }
    return uses.users(def);
  }

  /** Indices of every instruction with this opcode, in module order. */
  public int[] instructions(int opcode) {
    return byOpcode.get(opcode);
  }

  // ---- types and constants

  private <T> T slot(int id, List<T> list, java.util.function.ToIntFunction<T> instOf) {
    int def = module.definition(id);
    if (def < 0 || slotByInst[def] < 0 || slotByInst[def] >= list.size()) {
      return null;
    }
    T t = list.get(slotByInst[def]);
    return instOf.applyAsInt(t) == def ? t : null;
  }

  /** The type declared with this id, or null. */
  public Type type(int id) {
    return slot(id, typeList, t -> t.inst);
  }

  /** The type of a value (its result type), or null. */
  public Type typeOf(int valueId) {
    return type(resultTypeOf(valueId));
  }

  /** Every type declaration in module order. */
  public List<Type> types() {
    return Collections.unmodifiableList(typeList);
  }

  /**
   * The scalar at the bottom of a type: itself for a scalar, the component scalar of a
   * vector or matrix, the element scalar of (runtime) arrays, recursively. Null otherwise.
   */
  public Type scalarType(int typeId) {
    Type t = type(typeId);
    for (int depth = 0; t != null && depth < 64; depth++) {
      if (t.isScalar()) {
        return t;
      }
      switch (t.kind) {
        case VECTOR, MATRIX, ARRAY, RUNTIME_ARRAY -> t = type(t.componentType);
        default -> {
          return null;
        }
      }
    }
    return null;
  }

  /** The constant (or spec constant) with this id, or null. */
  public Constant constant(int id) {
    return slot(id, constantList, c -> c.inst);
  }

  public List<Constant> constants() {
    return Collections.unmodifiableList(constantList);
  }

  /** The value of a non-specialization integer scalar constant (signed types sign-extended). */
  public OptionalLong integerConstant(int id) {
    Constant c = constant(id);
    if (c == null || c.spec || !c.isInteger()) {
      return OptionalLong.empty();
    }
    return OptionalLong.of(c.integerValue());
  }

  // ---- names and decorations

  /** The {@code OpName} of an id (the first, if several), or null (also for an OpName without its name). */
  public String name(int id) {
    int inst = names.get(id);
    return inst < 0 || module.operandCount(inst) < 2 ? null : module.operandString(inst, 1);
  }

  /** The id that the first {@code OpName} with this name names, or 0. */
  public int idNamed(String name) {
    for (int inst : instructions(dev.vkrules.runtime.spirv.grammar.Op.OpName)) {
      if (module.operandCount(inst) > 1 && module.operandString(inst, 1).equals(name)) {
        return module.operandWord(inst, 0);
      }
    }
    return 0;
  }

  /** The {@code OpMemberName} of a struct member, or null. */
  public String memberName(int structId, int member) {
    for (int inst : memberNames.get(structId)) {
      if (module.operandCount(inst) > 2 && module.operandWord(inst, 1) == member) {
        return module.operandString(inst, 2);
      }
    }
    return null;
  }

  /** Every decoration of {@code id} and its members, groups expanded, in module order of application. */
  public List<DecorationInfo> allDecorations(int id) {
    List<DecorationInfo> out = new ArrayList<>();
    for (int entry : decorationIndex.get(id)) {
      if (entry >= 0) {
        out.add(decorationList.get(entry));
      } else {
        int[] app = groupApplications.get(-1 - entry);
        for (int g : decorationIndex.get(app[0])) {
          if (g >= 0) { // groups do not nest
            DecorationInfo d = decorationList.get(g);
            out.add(d.appliedTo(id, app[2] >= 0 ? app[2] : d.member(), app[0]));
          }
        }
      }
    }
    return out;
  }

  /** Decorations of the id itself (not of members). */
  public List<DecorationInfo> decorations(int id) {
    List<DecorationInfo> out = new ArrayList<>();
    for (DecorationInfo d : allDecorations(id)) {
      if (d.member() < 0) {
        out.add(d);
      }
    }
    return out;
  }

  /** Decorations of struct members of {@code structId}, any member. */
  public List<DecorationInfo> memberDecorations(int structId) {
    List<DecorationInfo> out = new ArrayList<>();
    for (DecorationInfo d : allDecorations(structId)) {
      if (d.member() >= 0) {
        out.add(d);
      }
    }
    return out;
  }

  /** The first decoration {@code decoration} of the id itself, or null. */
  public DecorationInfo decoration(int id, int decoration) {
    for (DecorationInfo d : allDecorations(id)) {
      if (d.member() < 0 && d.decoration() == decoration) {
        return d;
      }
    }
    return null;
  }

  public boolean hasDecoration(int id, int decoration) {
    return decoration(id, decoration) != null;
  }

  /** The first decoration {@code decoration} of member {@code member}, or null. */
  public DecorationInfo memberDecoration(int structId, int member, int decoration) {
    for (DecorationInfo d : allDecorations(structId)) {
      if (d.member() == member && d.decoration() == decoration) {
        return d;
      }
    }
    return null;
  }

  /** Every application of {@code decoration} in the module (groups expanded), by target id then order. */
  public List<DecorationInfo> decorationsOfKind(int decoration) {
    List<DecorationInfo> out = new ArrayList<>();
    for (DecorationInfo d : decorationList) {
      if (d.decoration() == decoration && opcodeOf(d.target()) != dev.vkrules.runtime.spirv.grammar.Op.OpDecorationGroup) {
        out.add(d);
      }
    }
    for (int[] app : groupApplications) {
      for (int g : decorationIndex.get(app[0])) {
        DecorationInfo d = g >= 0 ? decorationList.get(g) : null;
        if (d != null && d.decoration() == decoration) {
          out.add(d.appliedTo(app[1], app[2] >= 0 ? app[2] : d.member(), app[0]));
        }
      }
    }
    out.sort((a, b) -> a.target() != b.target() ? Integer.compareUnsigned(a.target(), b.target())
        : Integer.compare(a.instruction(), b.instruction()));
    return out;
  }

  // ---- entry points, functions, variables

  public List<EntryPoint> entryPoints() {
    return Collections.unmodifiableList(entryPoints);
  }

  /** The entry points declared on this function (one function can serve several models). */
  public List<EntryPoint> entryPointsOf(int functionId) {
    List<EntryPoint> out = new ArrayList<>();
    for (int e : entryPointsByFunction.get(functionId)) {
      out.add(entryPoints.get(e));
    }
    return out;
  }

  /** Every {@code OpExecutionMode} / {@code OpExecutionModeId} in module order. */
  public List<ExecutionModeInfo> executionModes() {
    return Collections.unmodifiableList(executionModes);
  }

  public List<Function> functions() {
    return Collections.unmodifiableList(functionList);
  }

  /** The function with this id, or null. */
  public Function function(int id) {
    return slot(id, functionList, f -> f.inst);
  }

  /** The function whose body contains instruction {@code inst}, or null. */
  public Function functionContaining(int inst) {
    int lo = 0;
    int hi = functionList.size() - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      Function f = functionList.get(mid);
      if (inst < f.inst) {
        hi = mid - 1;
      } else if (inst > f.end) {
        lo = mid + 1;
      } else {
        return f;
      }
    }
    return null;
  }

  /** The entry points whose static call tree contains the function, in module order. */
  public List<EntryPoint> entryPointsReaching(int functionId) {
    Function f = function(functionId);
    if (f == null) {
      return List.of();
    }
    List<EntryPoint> out = new ArrayList<>();
    for (int e : reachability.entryPointsReaching(f.index)) {
      out.add(entryPoints.get(e));
    }
    return out;
  }

  /** The distinct execution models of the entry points reaching the function, sorted. */
  public int[] executionModelsReaching(int functionId) {
    return entryPointsReaching(functionId).stream().mapToInt(EntryPoint::executionModel)
        .distinct().sorted().toArray();
  }

  /** Every {@code OpVariable}, module-scope and function-local, in module order. */
  public List<Variable> variables() {
    return Collections.unmodifiableList(variableList);
  }

  /** Module-scope variables, in module order. */
  public List<Variable> globalVariables() {
    List<Variable> out = new ArrayList<>();
    for (Variable v : variableList) {
      if (v.isGlobal()) {
        out.add(v);
      }
    }
    return out;
  }

  /** The variable with this id, or null. */
  public Variable variable(int id) {
    return slot(id, variableList, v -> v.inst);
  }
}
