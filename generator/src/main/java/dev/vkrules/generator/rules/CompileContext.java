package dev.vkrules.generator.rules;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import javax.lang.model.element.Modifier;

/** State shared while one rule's check is compiled: the grammar, emitted tables, names. */
final class CompileContext {
  static final String RT = "dev.vkrules.runtime.engine";
  static final ClassName FACTS = ClassName.get(RT, "Facts");
  static final ClassName LOGIC = ClassName.get(RT, "Logic");
  /**
   * The runtime helper class the generated code calls, by simple name: the engine's own API lives in
   * {@link #RT}, its parts in sub-packages by what they know (module facts, layout and sizes,
   * interfaces, memory, device state, pipeline state; the leaves all of them read in {@code base}).
   */
  static ClassName rt(String simpleName) {
    String sub = RT_PARTS.get(simpleName);
    return ClassName.get(sub == null ? RT : RT + "." + sub, simpleName);
  }

  private static final Map<String, String> RT_PARTS = Map.ofEntries(
      Map.entry("Unknown", "base"),
      Map.entry("Positions", "base"),
      Map.entry("ModuleIndex", "module"),
      Map.entry("IdOperands", "module"),
      Map.entry("Uses", "module"),
      Map.entry("ConstantValues", "module"),
      Map.entry("SpecConstantDefaults", "module"),
      Map.entry("StaticCallGraph", "module"),
      Map.entry("GraphEntryPoints", "module"),
      Map.entry("EntryPointUsage", "module"),
      Map.entry("ValueDependence", "memory"),
      Map.entry("ObjectAccesses", "module"),
      Map.entry("ImageSources", "module"),
      Map.entry("WidthModes", "module"),
      Map.entry("Layout", "layout"),
      Map.entry("StandardLayout", "layout"),
      Map.entry("TypeSizes", "layout"),
      Map.entry("TypeTree", "layout"),
      Map.entry("RowMajorAccess", "layout"),
      Map.entry("InterfaceSlots", "interfaces"),
      Map.entry("ShaderResources", "interfaces"),
      Map.entry("ResourceType", "interfaces"),
      Map.entry("TransformFeedback", "interfaces"),
      Map.entry("OutputResources", "interfaces"),
      Map.entry("MeshOutputOrder", "interfaces"),
      Map.entry("EntryPointMeasures", "interfaces"),
      Map.entry("LocalSize", "interfaces"),
      Map.entry("MemoryFacts", "memory"),
      Map.entry("MemoryOrders", "memory"),
      Map.entry("ShaderStageFacts", "device"),
      Map.entry("DeviceFacts", "device"),
      Map.entry("DeviceView", "device"),
      Map.entry("PipelineCheck", "pipeline"),
      Map.entry("PipelineValues", "pipeline"),
      Map.entry("Specializer", "module"));

  /** After {@link #RT_PARTS}, which it reads. */
  static final ClassName POSITIONS = rt("Positions");

  static final ClassName NATIVES_PACKAGE_MARKER = ClassName.get(RT + ".natives", "Natives");

  final RuleGrammar grammar;
  final Tables tables;
  private final Map<String, String> tableFields = new LinkedHashMap<>();
  private final List<FieldSpec> fields = new ArrayList<>();
  /** Compiling code the registry holds (a checker's module test): value lists stay in the call, no field. */
  boolean inlineValues;
  private final List<MethodSpec> methods = new ArrayList<>();
  private int vars;
  final SortedSet<String> natives = new TreeSet<>();
  /** The check's subject, which the path root {@code subject} names inside quantifiers. */
  PathCompiler.Env subject;
  /** Set when the check uses a {@code device:} predicate: its checker then records device obligations. */
  boolean usesDevice;
  /** The check reads pipeline state ({@code pipeline:} predicates): PipelineCheck runs it. */
  boolean usesPipeline;
  /**
   * The check reads a measure that adds things up (storage sizes, interface Locations, output
   * resources, transform feedback buffers): its checker says so ({@code sums()}), so an undecided
   * finding of it is worth re-running to list what was counted, and no other one is.
   */
  boolean sums;
  private DeviceRegistry deviceRegistry;

  CompileContext(RuleGrammar grammar, Tables tables) {
    this.grammar = grammar;
    this.tables = tables;
  }

  /** A fresh lambda parameter name. */
  String freshVar() {
    return "e" + (++vars);
  }

  /**
   * A static method {@code boolean testN(Facts f, int s, int var)} returning {@code body}: a fast
   * form's quantifier calls it through a lambda that captures nothing (Logic.ElementTest). The
   * body may name the facts {@code f}, the subject {@code s} and its element {@code var}, the
   * names it has inside {@code check}.
   */
  String elementTest(String var, CodeBlock body) {
    String name = "test" + methods.size();
    methods.add(MethodSpec.methodBuilder(name)
        .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
        .returns(boolean.class)
        .addParameter(FACTS, "f")
        .addParameter(int.class, "s")
        .addParameter(int.class, var)
        .addStatement("return $L", body)
        .build());
    return name;
  }

  List<MethodSpec> methods() {
    return List.copyOf(methods);
  }

  /** A static field holding {@code Positions.of(opcode, position, ...)}; shared when equal. */
  String positionTable(Map<Integer, Integer> byOpcode) {
    CodeBlock.Builder init = CodeBlock.builder().add("$T.of(", POSITIONS);
    boolean first = true;
    for (Map.Entry<Integer, Integer> e : new java.util.TreeMap<>(byOpcode).entrySet()) {
      init.add(first ? "$L, $L" : ", $L, $L", e.getKey(), e.getValue());
      first = false;
    }
    init.add(")");
    return field(POSITIONS, init.build());
  }

  /** A static field for an arbitrary initializer; equal initializers share one field. */
  String field(com.palantir.javapoet.TypeName type, CodeBlock init) {
    String key = type + "=" + init;
    String existing = tableFields.get(key);
    if (existing != null) {
      return existing;
    }
    String name = "T" + tableFields.size();
    tableFields.put(key, name);
    fields.add(FieldSpec.builder(type, name, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
        .initializer(init).build());
    return name;
  }

  /** The registry's device facts, read on first use (only checks with device predicates need vk.xml). */
  DeviceRegistry deviceRegistry() {
    if (deviceRegistry == null) {
      deviceRegistry = DeviceRegistry.forTables(tables.dir());
    }
    return deviceRegistry;
  }

  List<FieldSpec> fields() {
    return List.copyOf(fields);
  }
}
