package dev.vkrules.generator.rules;

import static dev.vkrules.generator.rules.CompileContext.LOGIC;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Compiles a rule's {@code check} ({@code for} / {@code where} / {@code require}) into the
 * body of a checker's {@code check(Facts f, int s, Report out)} method plus the opcodes it
 * subscribes to. Type errors are {@link RuleError}s with file, line and column.
 */
public final class CheckCompiler {
  /** The compiled form of one check. */
  /** {@code dispatch} names the opcodes the engine calls the checker for ({@code Op.OpVariable, ...}). */
  /** {@code applies} is the test made once per module before any subject is checked (null: none). */
  /**
   * What a check compiles to; {@code decorations} lists the Decoration enumerants a
   * {@code decoration} subject is limited to (null for other subjects): the engine offers the
   * checker only decoration instructions of these decorations. {@code sums}: the check reads a
   * measure that adds things up, whose parts an undecided finding lists.
   */
  public record Compiled(SortedSet<Integer> opcodes, CodeBlock body, List<FieldSpec> fields,
      List<com.palantir.javapoet.MethodSpec> methods, SortedSet<String> natives, CodeBlock dispatch,
      CodeBlock applies, CodeBlock decorations, boolean sums) {}

  static final com.palantir.javapoet.ClassName UNKNOWN = CompileContext.rt("Unknown");
  /** Module fields that are never unknown, so a test of them can leave a conjunction. */
  private static final Set<String> MODULE_FACTS = Set.of("module.capabilities", "module.builtins",
      "module.execution-models", "module.spirv-version");

  static final Set<String> CHECK_KEYS = new TreeSet<>(List.of("for", "where", "require"));
  static final Set<String> SUBJECTS = new TreeSet<>(List.of("entry-point", "variable", "module", "instruction",
      "decoration", "execution-mode", "operand-kind", "named", "memory-access", "extended-instruction", "set"));
  private static final List<String> DECORATE_OPS = List.of(
      "OpDecorate", "OpDecorateId", "OpDecorateString", "OpMemberDecorate", "OpMemberDecorateIdEXT", "OpMemberDecorateString");
  private static final List<String> MODE_OPS = List.of("OpExecutionMode", "OpExecutionModeId");

  private final RuleGrammar grammar;
  private final Tables tables;

  public CheckCompiler(RuleGrammar grammar, Tables tables) {
    this.grammar = grammar;
    this.tables = tables;
  }

  public Compiled compile(YNode checkNode) {
    if (!(checkNode instanceof YNode.Map check)) {
      throw new RuleError(checkNode.pos(), "check must be a mapping with for, where, require");
    }
    for (String key : check.entries().keySet()) {
      if (!CHECK_KEYS.contains(key)) {
        throw new RuleError(check.keyPos(key), "unknown check key '" + key + "'" + Suggest.didYouMean(key, CHECK_KEYS));
      }
    }
    if (check.get("for") == null || check.get("require") == null) {
      throw new RuleError(check.pos(), "a check needs 'for' and 'require'");
    }
    CompileContext cx = new CompileContext(grammar, tables);
    PredicateCompiler preds = new PredicateCompiler(cx);
    Subject subject = subject(cx, check.get("for"));
    cx.subject = subject.env();
    YNode whereNode = check.get("where");
    List<YNode> whereItems = whereNode == null ? List.of()
        : whereNode instanceof YNode.Seq seq ? seq.items() : List.of(whereNode);
    // Tests of the module alone, in the where's top-level conjunction, are decided once per module
    // (the checker's applies): never unknown, so taking them out of the conjunction keeps its
    // meaning. A test of the entry points reaching the subject also gives one of the module (its
    // entry points include them), which is added there and kept in the where.
    List<CodeBlock> applies = new ArrayList<>();
    List<YNode> rest = new ArrayList<>();
    for (YNode item : whereItems) {
      // the module tests are code of the registry, not of the checker: no static field of the checker
      cx.inlineValues = true;
      if (moduleTest(item)) {
        applies.add(preds.compile(subject.env(), item));
      } else {
        rest.add(item);
        CodeBlock implied = impliedModuleTest(cx, subject, item);
        if (implied != null) {
          applies.add(implied);
        }
      }
      cx.inlineValues = false;
    }
    List<CodeBlock> where = new ArrayList<>(subject.filters());
    List<CodeBlock> whereFast = new ArrayList<>(subject.filters());
    if (!rest.isEmpty()) {
      YNode remaining = rest.size() == 1 ? rest.get(0) : new YNode.Seq(whereNode.pos(), rest);
      where.add(preds.compile(subject.env(), remaining));
      whereFast.add(preds.compileFast(subject.env(), remaining));
    }
    CodeBlock require = preds.compile(subject.env(), check.get("require"));
    CodeBlock requireFast = preds.compileFast(subject.env(), check.get("require"));
    CodeBlock whereCode = where.isEmpty() ? CodeBlock.of("true") : join(where);
    CodeBlock whereFastCode = whereFast.isEmpty() ? CodeBlock.of("true") : join(whereFast);
    CodeBlock.Builder body = CodeBlock.builder();
    if (subject.occurrences() != null) {
      body.beginControlFlow("for (int o : $L)", subject.occurrences());
    }
    // the fast form first (plain Java); when it meets an unknown fact, the exact form decides
    body.beginControlFlow("try").beginControlFlow("if (f.fastForms())");
    if (cx.usesDevice || cx.usesPipeline) {
      // a failure is reported by the exact form below, which names the device facts it read
      body.beginControlFlow(whereFast.isEmpty() ? "if ($L)" : "if (!($L) || ($L))",
              whereFast.isEmpty() ? new Object[] {requireFast} : new Object[] {whereFastCode, requireFast})
          .addStatement(subject.occurrences() != null ? "continue" : "return")
          .endControlFlow();
    } else {
      body.beginControlFlow(whereFast.isEmpty() ? "if (!($L))" : "if ($L && !($L))",
              whereFast.isEmpty() ? new Object[] {requireFast} : new Object[] {whereFastCode, requireFast})
          .addStatement("out.add(INFO, s)")
          .endControlFlow()
          .addStatement(subject.occurrences() != null ? "continue" : "return");
    }
    body.endControlFlow()
        .nextControlFlow("catch ($T u)", UNKNOWN)
        .add("// decided by the exact form\n")
        .endControlFlow();
    if (cx.usesPipeline) {
      // the verdict may depend on pipeline state (and the device): PipelineCheck reports it, or that it
      // needs a pipeline description (or a device obligation)
      body.addStatement("$T.run(f, INFO, s, out, () -> $L, () -> $L)", PipelinePredicates.PIPELINE_CHECK, whereCode, require);
    } else if (cx.usesDevice) {
      // the verdict may depend on the device: DeviceCheck reports it, or records a device obligation
      body.addStatement("$T.run(f, INFO, s, out, () -> $L, () -> $L)", DevicePredicates.DEVICE_CHECK, whereCode, require);
    } else {
      body.beginControlFlow("if ($T.fails(() -> $L, () -> $L))", LOGIC, whereCode, require)
          .addStatement("out.add(INFO, s)")
          .endControlFlow();
    }
    if (subject.occurrences() != null) {
      body.endControlFlow();
    }
    java.util.Map<Integer, String> names = new java.util.TreeMap<>();
    grammar.instructions().forEach((name, in) -> names.merge(in.opcode(), name, (a, b) -> a.compareTo(b) <= 0 ? a : b));
    List<CodeBlock> dispatch = new ArrayList<>();
    for (int op : subject.opcodes()) {
      dispatch.add(names.containsKey(op) ? ValueTests.opcodeRef(names.get(op)) : CodeBlock.of("$L", op));
    }
    return new Compiled(subject.opcodes(), body.build(), cx.fields(), cx.methods(), cx.natives, CodeBlock.join(dispatch, ", "),
        applies.isEmpty() ? null : join(applies), subject.decorations(), cx.sums);
  }

  private static CodeBlock join(List<CodeBlock> parts) {
    CodeBlock.Builder b = CodeBlock.builder();
    for (int i = 0; i < parts.size(); i++) {
      b.add(i == 0 ? "($L)" : " && ($L)", parts.get(i));
    }
    return b.build();
  }

  /** What a check iterates over. */
  private record Subject(SortedSet<Integer> opcodes, PathCompiler.Env env, List<CodeBlock> filters,
      String occurrences, CodeBlock decorations) {
    Subject(SortedSet<Integer> opcodes, PathCompiler.Env env, List<CodeBlock> filters, String occurrences) {
      this(opcodes, env, filters, occurrences, null);
    }
  }

  private Subject subject(CompileContext cx, YNode node) {
    ValueTests values = new ValueTests(cx);
    if (node instanceof YNode.Scalar s && s.text() != null) {
      return switch (s.text()) {
        case "entry-point" -> simple(List.of("OpEntryPoint"), null, List.of());
        case "variable" -> simple(List.of("OpVariable"), null, List.of());
        case "module" -> simple(List.of("OpMemoryModel"), null, List.of());
        default -> throw new RuleError(s.pos(), "unknown subject '" + s.text() + "'" + Suggest.didYouMean(s.text(), SUBJECTS));
      };
    }
    if (!(node instanceof YNode.Map map) || map.entries().isEmpty()) {
      throw new RuleError(node.pos(), "'for' needs a subject: entry-point, variable, module or a mapping");
    }
    String key = map.entries().keySet().iterator().next();
    YNode arg = map.get(key);
    if (map.get("extended-instruction") != null) {
      return extendedInstruction(map);
    }
    if (!key.equals("operand-kind") && map.entries().size() != 1) {
      throw new RuleError(map.pos(), "'for' takes one subject");
    }
    switch (key) {
      case "instruction" -> {
        Set<String> names = new TreeSet<>();
        for (YNode n : ValueTests.items(arg)) {
          names.addAll(ValueTests.opcodeNames(grammar, n));
        }
        return simple(new ArrayList<>(names), null, List.of());
      }
      case "variable" -> {
        return simple(List.of("OpVariable"), null,
            List.of(CodeBlock.of("$T.in(f.storageClass(s), $L)", LOGIC, enumerants(values, "StorageClass", arg))));
      }
      case "decoration" -> {
        SortedSet<String> names = names(values, "Decoration", arg);
        Subject s = simple(DECORATE_OPS, new VType.EnumContext("Decoration", names),
            List.of(CodeBlock.of("$T.in(f.decoration(s), $L)", LOGIC, enumerants(values, "Decoration", arg))));
        // the subject's own filter, which the engine applies before calling the checker
        return new Subject(s.opcodes(), s.env(), s.filters(), s.occurrences(), enumerants(values, "Decoration", arg));
      }
      case "execution-mode" -> {
        SortedSet<String> names = names(values, "ExecutionMode", arg);
        return simple(MODE_OPS, new VType.EnumContext("ExecutionMode", names),
            List.of(CodeBlock.of("$T.in(f.word(s, 2), $L)", LOGIC, enumerants(values, "ExecutionMode", arg))));
      }
      case "operand-kind" -> {
        return operandKind(cx, map);
      }
      case "memory-access" -> {
        return memoryAccess(cx, arg);
      }
      default -> throw new RuleError(map.keyPos(key), "unknown subject '" + key + "'" + Suggest.didYouMean(key, SUBJECTS));
    }
  }

  private Subject simple(List<String> opcodes, VType.EnumContext ctx, List<CodeBlock> filters) {
    SortedSet<Integer> numbers = new TreeSet<>();
    opcodes.forEach(o -> numbers.add(grammar.instructions().get(o).opcode()));
    VType.Insn type = new VType.Insn(new TreeSet<>(opcodes), ctx);
    return new Subject(numbers, new PathCompiler.Env("s", type, null, null), filters, null);
  }

  /**
   * {@code for: {extended-instruction: [InterpolateAtOffset], set: GLSL.std.450}}: every
   * {@code OpExtInst} of these instructions of the set an {@code OpExtInstImport} imports by that
   * name; paths name the extended instruction's operands by their names in the set's grammar.
   */
  private Subject extendedInstruction(YNode.Map map) {
    for (String key : map.entries().keySet()) {
      if (!key.equals("extended-instruction") && !key.equals("set")) {
        throw new RuleError(map.keyPos(key), "'" + key + "' cannot be used with extended-instruction; use set");
      }
    }
    if (map.get("set") == null) {
      throw new RuleError(map.pos(), "extended-instruction needs the set's import name: set: GLSL.std.450");
    }
    String setName = PredicateCompiler.scalar(map.get("set"));
    Map<String, RuleGrammar.Instruction> set = grammar.extendedSets().get(setName);
    if (set == null) {
      throw new RuleError(map.get("set").pos(), "unknown extended instruction set '" + setName + "'"
          + Suggest.didYouMean(setName, grammar.extendedSets().keySet()));
    }
    SortedSet<String> names = new TreeSet<>();
    SortedSet<Integer> numbers = new TreeSet<>();
    for (YNode n : ValueTests.items(map.get("extended-instruction"))) {
      String name = PredicateCompiler.scalar(n);
      RuleGrammar.Instruction in = set.get(name);
      if (in == null) {
        throw new RuleError(n.pos(), "unknown " + setName + " instruction '" + name + "'"
            + Suggest.didYouMean(name, set.keySet()));
      }
      names.add(in.name());
      numbers.add(in.opcode());
    }
    if (names.isEmpty()) {
      throw new RuleError(map.get("extended-instruction").pos(), "extended-instruction names at least one instruction");
    }
    VType.Insn type = new VType.Insn(new TreeSet<>(Set.of("OpExtInst")), new VType.ExtInstContext(setName, names));
    List<CodeBlock> numberCode = numbers.stream().map(n -> CodeBlock.of("$L", n)).toList();
    CodeBlock filter = CodeBlock.of("f.extInst(s, $S, $L)", setName, CodeBlock.join(numberCode, ", "));
    return new Subject(new TreeSet<>(Set.of(op("OpExtInst"))), new PathCompiler.Env("s", type, null, null),
        List.of(filter), null);
  }

  /** {@code for: {operand-kind: IdScope, named: [Execution]}}: every such operand of every instruction. */
  private Subject operandKind(CompileContext cx, YNode.Map map) {
    String kind = PredicateCompiler.scalar(map.get("operand-kind"));
    if (!Set.of("IdScope", "IdMemorySemantics", "LiteralInteger").contains(kind)) {
      RuleGrammar.Kind k = grammar.kinds().get(kind);
      if (k == null || !(k.isValueEnum() || k.isBitEnum())) {
        throw new RuleError(map.get("operand-kind").pos(), "unsupported operand kind '" + kind + "'"
            + Suggest.didYouMean(kind, grammar.kinds().keySet()));
      }
    }
    for (String key : map.entries().keySet()) {
      if (!key.equals("operand-kind") && !key.equals("named")) {
        throw new RuleError(map.keyPos(key), "'" + key + "' cannot be used with operand-kind; use named");
      }
    }
    Set<String> named = null;
    if (map.get("named") != null) {
      named = new TreeSet<>();
      for (YNode n : ValueTests.items(map.get("named"))) {
        named.add(PredicateCompiler.scalar(n));
      }
    }
    Map<Integer, List<Integer>> occurrences = new TreeMap<>();
    Set<String> seenNames = new TreeSet<>();
    for (RuleGrammar.Instruction in : grammar.instructions().values()) {
      for (int i = 0; i < in.operands().size(); i++) {
        RuleGrammar.Operand o = in.operands().get(i);
        if (!o.kind().equals(kind)) {
          continue;
        }
        seenNames.add(o.name());
        if (named != null && !named.contains(o.name())) {
          continue;
        }
        int enc = OperandLayout.encode(in.operands(), i, grammar);
        if (enc == OperandLayout.UNSUPPORTED || o.variadic()) {
          continue; // such operands sit after variable-length ones; none carry these kinds today
        }
        occurrences.computeIfAbsent(in.opcode(), x -> new ArrayList<>()).add(enc);
      }
    }
    String byDecoration = parameterTable(cx, "Decoration", kind, named, seenNames);
    String byMode = parameterTable(cx, "ExecutionMode", kind, named, seenNames);
    if (named != null) {
      for (YNode n : ValueTests.items(map.get("named"))) {
        if (!seenNames.contains(PredicateCompiler.scalar(n))) {
          throw new RuleError(n.pos(), "no operand of kind " + kind + " is named '" + PredicateCompiler.scalar(n) + "'"
              + Suggest.didYouMean(PredicateCompiler.scalar(n), seenNames));
        }
      }
    }
    String field = positionsField(cx, occurrences);
    SortedSet<Integer> opcodes = new TreeSet<>(occurrences.keySet());
    String loop = field + ".at(f.opcode(s))";
    if (byDecoration != null || byMode != null) {
      boolean ids = kind.startsWith("Id");
      if (byDecoration != null) {
        opcodes.addAll(ids ? List.of(op("OpDecorateId"), op("OpMemberDecorateIdEXT")) : List.of(op("OpDecorate"), op("OpMemberDecorate")));
      }
      if (byMode != null) {
        opcodes.add(op(ids ? "OpExecutionModeId" : "OpExecutionMode"));
      }
      loop = "f.operandsOfKind(s, " + field + ", " + byDecoration + ", " + byMode + ", " + ids + ")";
    }
    return new Subject(opcodes, new PathCompiler.Env("s", VType.Insn.any(), "o", kind), List.of(), loop);
  }

  private int op(String name) {
    return grammar.instructions().get(name).opcode();
  }

  /**
   * Parameters of this kind (and name) of the enumerants of a Decoration or ExecutionMode:
   * a table from enumerant value to the parameter's index, or null when none has one. The
   * runtime finds them in OpDecorate(Id)/OpMemberDecorate or OpExecutionMode(Id), so
   * {@code operand-kind: IdScope, named: [Execution]} also visits the scope of UniformId.
   */
  private String parameterTable(CompileContext cx, String enumKind, String kind, Set<String> named,
      Set<String> seenNames) {
    CodeBlock.Builder init = CodeBlock.builder().add("$T.multi(", CompileContext.POSITIONS);
    boolean first = true;
    for (RuleGrammar.Enumerant e : grammar.kinds().get(enumKind).enumerants().values()) {
      for (int i = 0; i < e.parameters().size(); i++) {
        RuleGrammar.Operand p = e.parameters().get(i);
        if (!p.kind().equals(kind)) {
          continue;
        }
        seenNames.add(p.name());
        boolean precededBySingleWords = e.parameters().subList(0, i).stream()
            .allMatch(q -> !q.optional() && !q.variadic() && OperandLayout.singleWord(q.kind(), grammar));
        if ((named != null && !named.contains(p.name())) || !precededBySingleWords) {
          continue;
        }
        init.add(first ? "$L, $L" : ", $L, $L", e.value(), i);
        first = false;
      }
    }
    return first ? null : cx.field(CompileContext.POSITIONS, init.add(")").build());
  }

  /**
   * {@code for: {memory-access: [read, write]}}: every instruction that reads (writes) memory
   * through a pointer, once per such pointer operand; {@code operand} is the pointer.
   */
  private Subject memoryAccess(CompileContext cx, YNode arg) {
    Map<Integer, List<Integer>> occurrences = new TreeMap<>();
    SortedSet<String> opcodes = new TreeSet<>();
    for (YNode n : ValueTests.items(arg)) {
      String access = PredicateCompiler.scalar(n);
      if (!access.equals("read") && !access.equals("write")) {
        throw new RuleError(n.pos(), "memory-access is read or write, not '" + access + "'");
      }
      for (Map.Entry<String, String> e : MemoryAccess.pointers(grammar, access.equals("write")).entrySet()) {
        RuleGrammar.Instruction in = grammar.instructions().get(e.getKey());
        int index = 0;
        while (!in.operands().get(index).name().equals(e.getValue())) {
          index++;
        }
        List<Integer> at = occurrences.computeIfAbsent(in.opcode(), x -> new ArrayList<>());
        int enc = OperandLayout.encode(in.operands(), index, grammar);
        if (!at.contains(enc)) {
          at.add(enc);
        }
        opcodes.add(e.getKey());
      }
    }
    String field = positionsField(cx, occurrences);
    return new Subject(new TreeSet<>(occurrences.keySet()),
        new PathCompiler.Env("s", new VType.Insn(opcodes, null), "o", "IdRef"), List.of(), field + ".at(f.opcode(s))");
  }

  private static SortedSet<String> names(ValueTests values, String kind, YNode arg) {
    SortedSet<String> out = new TreeSet<>();
    for (YNode n : ValueTests.items(arg)) {
      values.enumerant(kind, n);
      out.add(PredicateCompiler.scalar(n));
    }
    return out;
  }

  private static CodeBlock enumerants(ValueTests values, String kind, YNode arg) {
    return values.enumerants(kind, arg);
  }

  /** {@code {path: module.capabilities, has-any: [...]}} and the like: a test of a module fact that is never unknown. */
  private static boolean moduleTest(YNode node) {
    return node instanceof YNode.Map m && m.entries().size() == 2 && m.get("path") instanceof YNode.Scalar p
        && MODULE_FACTS.contains(p.text());
  }

  /**
   * The module test a where item implies, or null: the execution models of the entry points that
   * reach a subject (or of an entry point subject) are among the module's, so {@code has-any} /
   * {@code has-all} of them, or {@code ExecutionModel: is|in} of an OpEntryPoint, needs the module
   * to have such entry points.
   */
  private CodeBlock impliedModuleTest(CompileContext cx, Subject subject, YNode node) {
    if (!(node instanceof YNode.Map m) || m.entries().size() != 2 || !(m.get("path") instanceof YNode.Scalar p)) {
      return null;
    }
    String path = p.text();
    String op = m.get("has-any") != null ? "has-any" : m.get("has-all") != null ? "has-all"
        : m.get("is") != null ? "is" : m.get("in") != null ? "in" : null;
    if (op == null) {
      return null;
    }
    boolean reached = (path.equals("execution-models") || path.endsWith(".execution-models"))
        && !path.startsWith("module.") && (op.equals("has-any") || op.equals("has-all"));
    boolean entryPoint = path.equals("ExecutionModel") && (op.equals("is") || op.equals("in"))
        && subject.env().type().opcodes().equals(Set.of("OpEntryPoint"));
    if (!reached && !entryPoint) {
      return null;
    }
    Map<String, YNode> entries = new java.util.LinkedHashMap<>();
    entries.put("path", new YNode.Scalar(p.pos(), "module.execution-models"));
    entries.put(op.equals("has-all") ? "has-all" : "has-any", m.get(op));
    YNode.Map test = new YNode.Map(m.pos(), entries, Map.of());
    return new PredicateCompiler(cx).compile(subject.env(), test);
  }

  /** A {@code Positions.multi(opcode, encoded position, ...)} field for the operand occurrences per opcode. */
  private static String positionsField(CompileContext cx, Map<Integer, List<Integer>> occurrences) {
    CodeBlock.Builder init = CodeBlock.builder().add("$T.multi(", CompileContext.POSITIONS);
    boolean first = true;
    for (Map.Entry<Integer, List<Integer>> e : occurrences.entrySet()) {
      for (int enc : e.getValue()) {
        init.add(first ? "$L, $L" : ", $L, $L", e.getKey(), enc);
        first = false;
      }
    }
    return cx.field(CompileContext.POSITIONS, init.add(")").build());
  }
}
