package dev.vkrules.generator.rules;

import static dev.vkrules.generator.rules.CompileContext.FACTS;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Type-checks and compiles a path ({@code Sampled Image.type.Image Type.Dim}) into a Java
 * expression over {@code Facts f}. Each segment is a built-in field, a grammar operand
 * name of the current instruction, or a parameter of the decoration or execution mode the
 * subject was selected by.
 */
final class PathCompiler {
  /**
   * A compiled value: its static type, the Java expression computing it, and a guard (null: none),
   * a cheap expression that is false only when the value is unknown for every root in the module
   * ({@code effective(D)} when the module applies no decoration D). Tests over many elements check
   * it first instead of asking each element and catching the unknown.
   */
  record Val(VType type, CodeBlock code, CodeBlock guard) {
    Val(VType type, CodeBlock code) {
      this(type, code, null);
    }
  }

  /** Where paths start: the Java variable holding the root instruction and its type. */
  record Env(String var, VType.Insn type, String operandVar, String operandKind) {
    Env withRoot(String newVar, VType.Insn newType) {
      return new Env(newVar, newType, null, null);
    }

    /** The same root, known to have a narrower type (the subject operand stays). */
    Env withType(VType.Insn newType) {
      return new Env(var, newType, operandVar, operandKind);
    }
  }

  /** Built-in fields of an instruction, with the type they produce. */
  static final Map<String, String> INSN_FIELDS = new TreeMap<>(Map.ofEntries(
      Map.entry("opcode", "the instruction's opcode"),
      Map.entry("type", "the definition of the instruction's Result Type"),
      Map.entry("pointee", "the type a pointer type, or a pointer-typed value, points to"),
      Map.entry("storage-class", "the storage class of a variable or pointer type"),
      Map.entry("base", "a type with all array and runtime-array layers removed"),
      Map.entry("element", "the element type of an array, runtime array, vector or matrix"),
      Map.entry("array-length", "the product of the Lengths of a type's array layers (1 for a type that is no array)"),
      Map.entry("contained-types", "a type and, recursively, its element and member types (pointers are leaves)"),
      Map.entry("id-operands", "the definitions of the ids an instruction's operands name (Result Type excluded)"),
      Map.entry("graph-entry-points", "the OpGraphEntryPointARM whose graph holds this instruction or names it in an operand"),
      Map.entry("member-decorations", "the decorations on the members of a struct type (none for other types)"),
      Map.entry("local-size-x", "an entry point's local workgroup size in x (WorkgroupSize constant, else LocalSize(Id))"),
      Map.entry("local-size-y", "an entry point's local workgroup size in y"),
      Map.entry("local-size-z", "an entry point's local workgroup size in z"),
      Map.entry("scalar", "the component type of a vector or matrix type; a scalar type itself"),
      Map.entry("width", "the Width of the scalar (or component) type"),
      Map.entry("signed", "the Signedness of an integer type, as true or false"),
      Map.entry("components", "the component count of a vector type; 1 for a scalar type"),
      Map.entry("value", "the value of an integer constant"),
      Map.entry("largest-scalar-size", "the size in bytes of the largest scalar in a type (a pointer counts 8)"),
      Map.entry("scalar-alignment", "the scalar alignment Offset and Stride Assignment defines for a type: the size of its largest scalar"),
      Map.entry("execution-models", "the execution models of the entry points that reach this instruction"),
      Map.entry("execution-modes", "the OpExecutionMode(Id) instructions of an entry point"),
      Map.entry("used-variables", "the module-scope variables an entry point lists in its interface or references in its call tree"),
      Map.entry("referenced-variables", "the module-scope variables an entry point's call tree references"),
      Map.entry("entry-points", "the entry points that reach this instruction"),
      Map.entry("target", "the instruction a decoration applies to"),
      Map.entry("member", "the member index of an OpMemberDecorate"),
      Map.entry("decoration", "the Decoration of a decoration instruction"),
      Map.entry("variables", "the variables a decoration applies to, also through struct members"),
      Map.entry("data-type", "the type of what a decoration applies to (variable pointee or member type)"),
      Map.entry("root", "the memory object declaration a pointer is derived from, through access chains"),
      Map.entry("accessed-types", "the types a variable's object is loaded, stored and atomically accessed as, through typed and untyped access chains"),
      Map.entry("image-type", "the OpTypeImage of an image instruction's Image or Sampled Image operand"),
      Map.entry("format-components", "the component count of the VkFormat of an OpTypeImage's Image Format (vk.xml)"),
      Map.entry("scalar-constants", "the scalar constants of a constant (its constituents, through nested composites)"),
      Map.entry("signed-value", "an integer constant's value read as a two's-complement number of its width"),
      Map.entry("image-variable", "the OpVariable an image, sampler or sampled image value is loaded from"),
      Map.entry("builtins", "the BuiltIn values of a decoration's target and member, or of a variable and its struct's members"),
      Map.entry("depends-on", "the BuiltIn values a value is computed from (data flow from loads of built-in variables)"),
      Map.entry("size", "the byte size of a type laid out by its Offset and ArrayStride decorations"),
      Map.entry("first-member-offset", "the Offset of the lowest-indexed member of a struct type that has one"),
      Map.entry("byte-offset", "the constant byte offset of a pointer from its variable, through access chains with constant indexes"),
      Map.entry("output-offsets", "the Offset decorations of an entry point's Output variables and of their block members"),
      Map.entry("word-count", "the instruction's word count: which of several trailing optional operands are present"),
      Map.entry("descriptor-indexes", "the Indexes of an access chain that choose an element of its Base variable's array of descriptors")));

  /** Built-in fields of {@code module}. */
  static final Map<String, String> MODULE_FIELDS = new TreeMap<>(Map.of(
      "addressing-model", "the AddressingModel of OpMemoryModel",
      "memory-model", "the MemoryModel of OpMemoryModel",
      "capabilities", "the declared capabilities",
      "entry-points", "all OpEntryPoint instructions",
      "variables", "all module-scope OpVariable instructions",
      "builtins", "every BuiltIn value some decoration in the module uses",
      "execution-models", "the ExecutionModel of every OpEntryPoint",
      "spirv-version", "the module's SPIR-V version as major * 100 + minor (SPIR-V 1.5 is 105)"));

  private static final Set<String> DECORATE_OPS = Set.of(
      "OpDecorate", "OpMemberDecorate", "OpDecorateId", "OpMemberDecorateIdEXT", "OpDecorateString", "OpMemberDecorateString");

  private final CompileContext cx;
  /** Where each mask operand value came from (instruction, position table), for its bits' parameters. */
  private final Map<String, CodeBlock[]> maskSources = new java.util.HashMap<>();

  PathCompiler(CompileContext cx) {
    this.cx = cx;
  }

  Val compile(Env env, String path, YNode.Pos pos) {
    String[] segments = path.split("\\.", -1);
    int col = 0;
    Val cur = null;
    for (int i = 0; i < segments.length; i++) {
      String seg = segments[i].trim();
      YNode.Pos segPos = pos.plus(col + (segments[i].length() - segments[i].stripLeading().length()));
      col += segments[i].length() + 1;
      if (seg.isEmpty()) {
        throw new RuleError(segPos, "empty segment in path '" + path + "'");
      }
      if (i == 0) {
        if (seg.equals("module")) {
          cur = new Val(new VType.Module(), CodeBlock.of("f"));
          continue;
        }
        if (seg.equals("operand") && env.operandVar() != null) {
          cur = subjectOperand(env);
          continue;
        }
        if (seg.equals("subject") && cx.subject != null) {
          // the instruction the check iterates, also inside every/some/none/count
          cur = new Val(cx.subject.type(), CodeBlock.of("$L", cx.subject.var()));
          continue;
        }
        cur = new Val(env.type(), CodeBlock.of("$L", env.var()));
      }
      cur = field(cur, seg, segPos);
    }
    return cur;
  }

  /** The root itself (a test without {@code path}). */
  Val root(Env env) {
    return env.operandVar() != null ? subjectOperand(env) : new Val(env.type(), CodeBlock.of("$L", env.var()));
  }

  private Val subjectOperand(Env env) {
    return operandValue(env.operandKind(), false, CodeBlock.of("f.wordAt($L, $L)", env.var(), env.operandVar()),
        CodeBlock.of("f.refAt($L, $L)", env.var(), env.operandVar()), null, null);
  }

  private Val field(Val cur, String seg, YNode.Pos pos) {
    if (cur.type() instanceof VType.Module) {
      return moduleField(seg, pos);
    }
    if (cur.type() instanceof VType.Row row) {
      return Tables.column(row, cur.code(), seg, pos);
    }
    if (cur.type() instanceof VType.Mask mask) {
      PathCompiler.Val param = MaskComparisons.parameter(cx, mask, maskSources.get(cur.code().toString()), seg, pos);
      return param != null ? param : MaskComparisons.field(mask, cur.code(), seg, pos);
    }
    if (cur.type() instanceof VType.InsnList l) {
      java.util.regex.Matcher at = java.util.regex.Pattern.compile("at\\((\\d+)\\)").matcher(seg);
      if (at.matches()) {
        // element N of a list (the first index of an access chain's Indexes); unknown past its end
        return new Val(l.element(), CodeBlock.of("$T.at($L, $L)", CompileContext.rt("Narrowing"),
            cur.code(), at.group(1)));
      }
    }
    if (!(cur.type() instanceof VType.Insn insn)) {
      throw new RuleError(pos, "a " + cur.type() + " has no field '" + seg + "'"
          + (cur.type() instanceof VType.InsnList ? "; a list has only at(N), its element N" : ""));
    }
    CodeBlock x = cur.code();
    if (INSN_FIELDS.containsKey(seg)) {
      return insnField(insn, x, seg, pos);
    }
    java.util.regex.Matcher effective = java.util.regex.Pattern.compile("effective\\((\\w+)\\)").matcher(seg);
    if (effective.matches()) {
      // on a decoration, what its target and member carry or inherit; on another instruction, what its id carries
      List<String> noResult = insn.opcodes().stream()
          .filter(o -> !DECORATE_OPS.contains(o) && !cx.grammar.instructions().get(o).hasResult()).toList();
      if (!noResult.isEmpty()) {
        throw new RuleError(pos, "'" + seg + "' needs a decoration or an instruction with a result id, which "
            + String.join(", ", noResult) + " is not");
      }
      CodeBlock decoration = new ValueTests(cx).enumerantRef("Decoration", new YNode.Scalar(pos, effective.group(1)));
      return new Val(new VType.Int(), CodeBlock.of("f.effective($L, $L)", x, decoration),
          CodeBlock.of("f.anyDecoration($L)", decoration));
    }
    java.util.regex.Matcher constituent = java.util.regex.Pattern.compile("constituent\\((\\d+)\\)").matcher(seg);
    if (constituent.matches()) {
      // one constituent of a constant composite (a Block Size's x or y)
      return new Val(VType.Insn.any(), CodeBlock.of("$T.constituent(f, $L, $L)",
          CompileContext.rt("ConstantValues"), x, constituent.group(1)));
    }
    java.util.regex.Matcher as = java.util.regex.Pattern.compile("as\\(([\\w*]+)\\)").matcher(seg);
    if (as.matches()) {
      // narrows an instruction reached through a path, as an opcode test narrows the subject
      YNode name = new YNode.Scalar(pos.plus(3), as.group(1));
      Set<String> opcodes = ValueTests.opcodeNames(cx.grammar, name);
      return new Val(VType.Insn.of(opcodes), CodeBlock.of("$T.as(f, $L, $L)", CompileContext.rt("Narrowing"),
          x, new ValueTests(cx).opcodeRefs(List.of(name))));
    }
    Val valueAs = ConstantEnumerants.valueAs(cx, x, seg, pos);
    if (valueAs != null) {
      return valueAs;
    }
    if (ImageFields.FIELDS.containsKey(seg)) {
      return new ImageFields(cx).compile(insn, x, seg, pos);
    }
    if (ConstantFields.handles(seg)) {
      return new ConstantFields(cx).compile(x, seg, pos);
    }
    if (EntryPointFields.handles(seg)) {
      return new EntryPointFields(cx).compile(insn, x, seg, pos);
    }
    Val widthModes = WidthModesField.compile(cx, insn, x, seg, pos);
    if (widthModes != null) {
      return widthModes;
    }
    if (StageFields.FIELDS.containsKey(seg)) {
      return StageFields.compile(cx, insn, x, seg, pos);
    }
    Val extended = extInstOperand(insn, x, seg, pos);
    if (extended != null) {
      return extended;
    }
    Val operand = grammarOperand(insn, x, seg, pos);
    if (operand != null) {
      return operand;
    }
    Val param = enumerantParameter(insn, x, seg, pos);
    if (param != null) {
      return param;
    }
    throw new RuleError(pos, "unknown field or operand '" + seg + "' of " + insn
        + Suggest.didYouMean(seg, candidates(insn)));
  }

  private Val moduleField(String seg, YNode.Pos pos) {
    return switch (seg) {
      case "addressing-model" -> new Val(new VType.Enum("AddressingModel"), CodeBlock.of("f.addressingModel()"));
      case "memory-model" -> new Val(new VType.Enum("MemoryModel"), CodeBlock.of("f.memoryModel()"));
      case "capabilities" -> new Val(new VType.EnumSet("Capability"), CodeBlock.of("f.capabilities()"));
      case "builtins" -> new Val(new VType.EnumSet("BuiltIn"), CodeBlock.of("f.builtins()"));
      case "execution-models" -> new Val(new VType.EnumSet("ExecutionModel"), CodeBlock.of("f.executionModels()"));
      case "spirv-version" -> new Val(new VType.Int(),
          CodeBlock.of("(f.module().version() >>> 16) * 100L + ((f.module().version() >>> 8) & 0xff)"));
      case "entry-points" -> new Val(list("OpEntryPoint"), CodeBlock.of("f.allEntryPoints()"));
      case "variables" -> new Val(list("OpVariable"), CodeBlock.of("f.globalVariables()"));
      default -> throw new RuleError(pos, "unknown module field '" + seg + "'"
          + Suggest.didYouMean(seg, MODULE_FIELDS.keySet()));
    };
  }

  private static VType.InsnList list(String... opcodes) {
    return new VType.InsnList(VType.Insn.of(Set.of(opcodes)));
  }

  private Val insnField(VType.Insn insn, CodeBlock x, String seg, YNode.Pos pos) {
    if (Set.of("target", "member", "decoration", "variables", "data-type").contains(seg)
        && !DECORATE_OPS.containsAll(insn.opcodes())) {
      throw new RuleError(pos, "field '" + seg + "' needs a decoration instruction, not " + insn);
    }
    if (insn.opcodes().isEmpty() && Set.of("target", "member", "decoration", "variables", "data-type").contains(seg)) {
      throw new RuleError(pos, "field '" + seg + "' needs a decoration instruction, not " + insn);
    }
    if (seg.equals("image-type")) {
      return imageType(insn, x, pos);
    }
    return switch (seg) {
      case "opcode" -> new Val(new VType.Opcode(), CodeBlock.of("f.opcode($L)", x));
      case "type" -> new Val(VType.Insn.any(), CodeBlock.of("f.typeOf($L)", x));
      case "pointee" -> new Val(VType.Insn.any(), CodeBlock.of("f.pointee($L)", x));
      case "storage-class" -> new Val(new VType.Enum("StorageClass"), CodeBlock.of("f.storageClass($L)", x));
      case "base" -> new Val(VType.Insn.any(), CodeBlock.of("f.base($L)", x));
      case "element" -> new Val(VType.Insn.any(), CodeBlock.of("f.element($L)", x));
      case "array-length" -> new Val(new VType.Int(), CodeBlock.of("f.arrayLength($L)", x));
      case "contained-types" -> new Val(new VType.InsnList(VType.Insn.any()),
          CodeBlock.of("$T.contained(f, $L)", CompileContext.rt("TypeTree"), x));
      case "id-operands" -> new Val(new VType.InsnList(VType.Insn.any()),
          CodeBlock.of("$T.of(f, $L)", CompileContext.rt("IdOperands"), x));
      case "graph-entry-points" -> new Val(list("OpGraphEntryPointARM"),
          CodeBlock.of("$T.of(f, $L)", CompileContext.rt("GraphEntryPoints"), x));
      case "local-size-x", "local-size-y", "local-size-z" -> new Val(new VType.Int(),
          CodeBlock.of("$T.dimension(f, $L, $L)", CompileContext.rt("LocalSize"), x,
              "xyz".indexOf(seg.charAt(seg.length() - 1))));
      case "member-decorations" -> new Val(new VType.EnumSet("Decoration"),
          CodeBlock.of("$T.memberDecorations(f, $L)", CompileContext.rt("TypeTree"), x));
      case "scalar" -> new Val(VType.Insn.any(), CodeBlock.of("f.scalar($L)", x));
      case "width" -> new Val(new VType.Int(), CodeBlock.of("f.width($L)", x));
      case "signed" -> new Val(new VType.Bool(), CodeBlock.of("f.signed($L)", x));
      case "components" -> new Val(new VType.Int(), CodeBlock.of("f.components($L)", x));
      case "value" -> new Val(new VType.Int(), CodeBlock.of("f.constant($L)", x));
      case "largest-scalar-size" -> new Val(new VType.Int(), CodeBlock.of("f.largestScalarSize($L)", x));
      case "scalar-alignment" -> new Val(new VType.Int(), CodeBlock.of("f.scalarAlignment($L)", x));
      case "execution-models" -> new Val(new VType.EnumSet("ExecutionModel"), CodeBlock.of("f.executionModels($L)", x));
      case "execution-modes" -> new Val(list("OpExecutionMode", "OpExecutionModeId"), CodeBlock.of("f.executionModes($L)", x));
      case "used-variables" -> new Val(list("OpVariable"), CodeBlock.of("f.usedVariables($L)", x));
      case "referenced-variables" -> new Val(list("OpVariable"), CodeBlock.of("f.referencedVariables($L)", x));
      case "entry-points" -> new Val(list("OpEntryPoint"), CodeBlock.of("f.entryPoints($L)", x));
      case "target" -> new Val(VType.Insn.any(), CodeBlock.of("f.target($L)", x));
      case "member" -> new Val(new VType.Int(), CodeBlock.of("f.member($L)", x));
      case "decoration" -> new Val(new VType.Enum("Decoration"), CodeBlock.of("f.decoration($L)", x));
      case "variables" -> new Val(list("OpVariable"), CodeBlock.of("f.variables($L)", x));
      case "data-type" -> new Val(VType.Insn.any(), CodeBlock.of("f.dataType($L)", x));
      case "root" -> new Val(VType.Insn.any(), CodeBlock.of("f.root($L)", x));
      case "accessed-types" -> new Val(new VType.InsnList(VType.Insn.any()), CodeBlock.of("f.accessedTypes($L)", x));
      case "format-components" -> new Val(new VType.Int(), CodeBlock.of("$T.formatComponents(f, $L, $L)",
          CompileContext.rt("ImageSources"), x, formatComponents()));
      case "scalar-constants" -> new Val(new VType.InsnList(VType.Insn.of(Set.of("OpConstant", "OpConstantNull"))),
          CodeBlock.of("$T.scalars(f, $L)", CompileContext.rt("ConstantValues"), x));
      case "signed-value" -> new Val(new VType.Int(),
          CodeBlock.of("$T.signedValue(f, $L)", CompileContext.rt("ConstantValues"), x));
      case "image-variable" -> new Val(VType.Insn.of(Set.of("OpVariable")),
          CodeBlock.of("$T.variable(f, $L)", CompileContext.rt("ImageSources"), x));
      case "builtins" -> new Val(new VType.EnumSet("BuiltIn"), CodeBlock.of("f.builtins($L)", x));
      case "depends-on" -> new Val(new VType.EnumSet("BuiltIn"), CodeBlock.of("f.dependsOn($L)", x));
      case "size" -> new Val(new VType.Int(), CodeBlock.of("f.size($L)", x));
      case "first-member-offset" -> new Val(new VType.Int(), CodeBlock.of("f.firstMemberOffset($L)", x));
      case "byte-offset" -> new Val(new VType.Int(), CodeBlock.of("f.byteOffset($L)", x));
      case "output-offsets" -> new Val(new VType.InsnList(VType.Insn.of(Set.of("OpDecorate", "OpMemberDecorate"))),
          CodeBlock.of("f.outputOffsets($L)", x));
      case "descriptor-indexes" -> descriptorIndexes(insn, x, pos);
      case "word-count" -> new Val(new VType.Int(), CodeBlock.of("f.wordCount($L)", x));
      default -> throw new IllegalStateException(seg);
    };
  }

  /** {@code new int[] {...}}: the VkFormat component count by ImageFormat value (0: none). */
  private String formatComponents() {
    Map<String, Integer> byName = FormatComponents.forTables(cx.tables.dir());
    TreeMap<Long, Integer> byValue = new TreeMap<>();
    cx.grammar.kinds().get("ImageFormat").enumerants().values()
        .forEach(e -> byValue.put(e.value(), byName.getOrDefault(e.name(), 0)));
    List<CodeBlock> cells = new ArrayList<>();
    for (long v = 0; v <= byValue.lastKey(); v++) {
      cells.add(CodeBlock.of("$L", byValue.getOrDefault(v, 0)));
    }
    return cx.field(com.palantir.javapoet.ArrayTypeName.of(int.class),
        CodeBlock.of("new int[] {$L}", CodeBlock.join(cells, ", ")));
  }

  /** The operands an image instruction names its image by, in the order they are looked for. */
  private static final List<String> IMAGE_OPERANDS = List.of("Sampled Image", "Image");

  /**
   * {@code image-type}: the image type behind the instruction's Sampled Image or Image
   * operand. Every selected opcode must have one; with no opcode known (a value reached
   * through a path), every instruction of the grammar that has one is covered.
   */
  private Val imageType(VType.Insn insn, CodeBlock x, YNode.Pos pos) {
    Map<Integer, Integer> positions = new TreeMap<>();
    List<String> missing = new ArrayList<>();
    Iterable<String> opcodes = insn.opcodes().isEmpty() ? cx.grammar.instructions().keySet() : insn.opcodes();
    for (String name : opcodes) {
      RuleGrammar.Instruction in = cx.grammar.instructions().get(name);
      int index = -1;
      for (String operand : IMAGE_OPERANDS) {
        index = index >= 0 ? index : indexOf(in, operand);
      }
      int enc = index < 0 ? OperandLayout.UNSUPPORTED : OperandLayout.encode(in.operands(), index, cx.grammar);
      if (enc == OperandLayout.UNSUPPORTED || !in.operands().get(index).kind().equals("IdRef")) {
        missing.add(name);
        continue;
      }
      positions.put(in.opcode(), enc);
    }
    if (!insn.opcodes().isEmpty() && !missing.isEmpty()) {
      throw new RuleError(pos, "'image-type' needs an Image or Sampled Image operand, which "
          + String.join(", ", missing) + " lacks");
    }
    return new Val(VType.Insn.any(), CodeBlock.of("f.imageType($L, $L)", x, cx.positionTable(positions)));
  }

  /** {@code descriptor-indexes}: only access chains have them. */
  private static Val descriptorIndexes(VType.Insn insn, CodeBlock x, YNode.Pos pos) {
    Set<String> chains = Set.of("OpAccessChain", "OpInBoundsAccessChain");
    if (insn.opcodes().isEmpty() || !chains.containsAll(insn.opcodes())) {
      throw new RuleError(pos, "field 'descriptor-indexes' needs OpAccessChain or OpInBoundsAccessChain, not " + insn);
    }
    return new Val(new VType.InsnList(VType.Insn.any()), CodeBlock.of("f.descriptorIndexes($L)", x));
  }

  /** A grammar operand of every opcode the instruction may have (any opcode when unknown). */
  private Val grammarOperand(VType.Insn insn, CodeBlock x, String seg, YNode.Pos pos) {
    Map<Integer, Integer> positions = new TreeMap<>();
    RuleGrammar.Operand found = null;
    List<String> missing = new ArrayList<>();
    Iterable<String> opcodes = insn.opcodes().isEmpty() ? cx.grammar.instructions().keySet() : insn.opcodes();
    String kindOfName = insn.opcodes().isEmpty() ? unknownRootKind(seg, pos) : null;
    for (String name : opcodes) {
      RuleGrammar.Instruction in = cx.grammar.instructions().get(name);
      int index = indexOf(in, seg);
      if (index < 0) {
        missing.add(name);
        continue;
      }
      RuleGrammar.Operand o = in.operands().get(index);
      if (kindOfName != null && !o.kind().equals(kindOfName)) {
        continue;
      }
      if (found != null && !(found.kind().equals(o.kind()) && found.quantifier() == o.quantifier())) {
        throw new RuleError(pos, "operand '" + seg + "' has kind " + found.kind() + " in some instructions and "
            + o.kind() + " in " + name + "; select the opcodes first");
      }
      int enc = OperandLayout.encode(in.operands(), index, cx.grammar);
      if (enc == OperandLayout.UNSUPPORTED) {
        throw new RuleError(pos, "operand '" + seg + "' of " + name + " follows a variable-length operand; not supported");
      }
      found = o;
      positions.put(in.opcode(), enc);
    }
    if (found == null) {
      return null;
    }
    if (!insn.opcodes().isEmpty() && !missing.isEmpty()) {
      throw new RuleError(pos, "'" + seg + "' is not an operand of " + String.join(", ", missing));
    }
    String table = cx.positionTable(positions);
    RuleGrammar.Kind maskKind = cx.grammar.kinds().get(found.kind());
    if (maskKind != null && maskKind.isBitEnum() && !found.variadic()) {
      maskSources.put(CodeBlock.of("f.word($L, $L)", x, table).toString(), new CodeBlock[] {x, CodeBlock.of("$L", table)});
    }
    return operandValue(found.kind(), found.variadic(), CodeBlock.of("f.word($L, $L)", x, table),
        CodeBlock.of("f.ref($L, $L)", x, table), CodeBlock.of("f.refs($L, $L)", x, table), pos);
  }

  /**
   * On an instruction whose opcode is not known (an id's definition), the operand kind a
   * segment stands for; null when every instruction gives its operand of that name one kind.
   * Grammars grow: an operand named after an operand kind (OpTypeImage's unnamed {@code Dim})
   * can later share its name with an id operand of an unrelated instruction
   * (OpTypeTensorLayoutNV's {@code 'Dim'}, an IdRef). The segment then means the operand of
   * that kind, and instructions where the name is something else are no candidates (their
   * value is unknown at run time, so the check does not apply to them).
   */
  private String unknownRootKind(String seg, YNode.Pos pos) {
    Set<String> kinds = new TreeSet<>();
    for (RuleGrammar.Instruction in : cx.grammar.instructions().values()) {
      int index = indexOf(in, seg);
      if (index >= 0) {
        kinds.add(in.operands().get(index).kind());
      }
    }
    if (kinds.size() <= 1) {
      return null;
    }
    if (kinds.contains(seg) && cx.grammar.kinds().containsKey(seg)) {
      return seg;
    }
    throw new RuleError(pos, "operand '" + seg + "' has kinds " + String.join(", ", kinds)
        + " in different instructions and the instruction here is not known; select the opcodes first");
  }

  private static int indexOf(RuleGrammar.Instruction in, String name) {
    for (int i = 0; i < in.operands().size(); i++) {
      if (in.operands().get(i).name().equals(name)) {
        return i;
      }
    }
    return -1;
  }

  /** The typed value of an operand of the given kind, from its word or its id's definition. */
  private Val operandValue(String kind, boolean variadic, CodeBlock word, CodeBlock ref, CodeBlock refs,
      YNode.Pos pos) {
    if (variadic) {
      if (!kind.equals("IdRef") || refs == null) {
        throw new RuleError(pos, "variadic operands of kind " + kind + " are not supported");
      }
      return new Val(new VType.InsnList(VType.Insn.any()), refs);
    }
    return switch (kind) {
      case "IdRef", "IdResultType" -> new Val(VType.Insn.any(), ref);
      case "IdScope" -> new Val(new VType.Enum("Scope"), CodeBlock.of("f.constant($L)", ref));
      case "IdMemorySemantics" -> new Val(new VType.Mask("MemorySemantics"), CodeBlock.of("f.constant($L)", ref));
      case "LiteralInteger" -> new Val(new VType.Int(), word);
      default -> {
        RuleGrammar.Kind k = cx.grammar.kinds().get(kind);
        if (k != null && k.isValueEnum()) {
          yield new Val(new VType.Enum(kind), word);
        }
        if (k != null && k.isBitEnum()) {
          yield new Val(new VType.Mask(kind), word);
        }
        throw new RuleError(pos, "operands of kind " + kind + " are not supported");
      }
    };
  }

  /**
   * An operand of the extended instruction an {@code OpExtInst} subject was selected by (its
   * name in the set's grammar: {@code offset} of GLSL.std.450's InterpolateAtOffset). It sits
   * after OpExtInst's Result Type, Result, Set and Instruction; with several instructions
   * selected it must be at the same place with the same kind in each.
   */
  private Val extInstOperand(VType.Insn insn, CodeBlock x, String seg, YNode.Pos pos) {
    if (!(insn.context() instanceof VType.ExtInstContext ext) || !insn.opcodes().equals(Set.of("OpExtInst"))) {
      return null;
    }
    Map<String, RuleGrammar.Instruction> set = cx.grammar.extendedSets().get(ext.set());
    List<String> without = ext.names().stream().filter(n -> set.get(n).operand(seg) == null).toList();
    if (without.size() == ext.names().size()) {
      return null; // OpExtInst's own operands (Result Type, Set) and the built-in fields
    }
    if (!without.isEmpty()) {
      throw new RuleError(pos, "'" + seg + "' is not an operand of " + ext.set() + " " + String.join(", ", without));
    }
    // OpExtInst's Result Type, Result, Set and Instruction, then the extended instruction's own operands
    List<RuleGrammar.Operand> head = cx.grammar.instructions().get("OpExtInst").operands().subList(0, 4);
    RuleGrammar.Operand found = null;
    int word = 0;
    for (String name : ext.names()) {
      List<RuleGrammar.Operand> layout = new ArrayList<>(head);
      layout.addAll(set.get(name).operands());
      int index = head.size() + set.get(name).operands().indexOf(set.get(name).operand(seg));
      int at = OperandLayout.encode(layout, index, cx.grammar);
      RuleGrammar.Operand o = layout.get(index);
      if (at == OperandLayout.UNSUPPORTED) {
        throw new RuleError(pos, "operand '" + seg + "' of " + ext.set() + " " + name
            + " follows a variable-length operand; not supported");
      }
      if (found != null && (at != word || !found.kind().equals(o.kind()) || found.quantifier() != o.quantifier())) {
        throw new RuleError(pos, "operand '" + seg + "' differs in place or kind between the selected " + ext.set()
            + " instructions");
      }
      found = o;
      word = at;
    }
    String table = cx.positionTable(Map.of(cx.grammar.instructions().get("OpExtInst").opcode(), word));
    return operandValue(found.kind(), found.variadic(), CodeBlock.of("f.word($L, $L)", x, table),
        CodeBlock.of("f.ref($L, $L)", x, table), CodeBlock.of("f.refs($L, $L)", x, table), pos);
  }

  /** A parameter of the decoration or execution mode the subject was selected by. */
  private Val enumerantParameter(VType.Insn insn, CodeBlock x, String seg, YNode.Pos pos) {
    if (!(insn.context() instanceof VType.EnumContext ctx)) {
      return null;
    }
    RuleGrammar.Kind kind = cx.grammar.kinds().get(ctx.kind());
    int index = -1;
    RuleGrammar.Operand param = null;
    for (String name : ctx.names()) {
      List<RuleGrammar.Operand> params = kind.enumerants().get(name).parameters();
      int i = 0;
      while (i < params.size() && !params.get(i).name().equals(seg)) {
        i++;
      }
      if (i == params.size()) {
        return null;
      }
      if (param != null && (i != index || !sameValueType(params.get(i).kind(), param.kind()))) {
        throw new RuleError(pos, "parameter '" + seg + "' differs between the selected " + ctx.kind() + "s");
      }
      index = i;
      param = params.get(i);
    }
    Val typed = param.kind().equals("IdRef") ? IdParameters.of(ctx, seg, x, index) : null;
    if (typed != null) {
      return typed;
    }
    String method = ctx.kind().equals("Decoration") ? "decorationParam" : "modeParam";
    CodeBlock word = CodeBlock.of("f.$L($L, $L)", method, x, index);
    return switch (param.kind()) {
      case "IdRef" -> new Val(new VType.Int(), word);
      case "IdScope" -> new Val(new VType.Enum("Scope"), word);
      default -> operandValue(param.kind(), false, word, null, null, pos);
    };
  }

  /**
   * Whether two parameter kinds give the same value type. A literal integer and an id
   * both read as an integer (an id parameter only occurs in OpExecutionModeId or
   * OpDecorateId, whose ids are read as constants), so LocalSize and LocalSizeId can be
   * selected together.
   */
  private static boolean sameValueType(String a, String b) {
    Set<String> integers = Set.of("LiteralInteger", "IdRef");
    return a.equals(b) || (integers.contains(a) && integers.contains(b));
  }

  /** Every name a segment could have been, for suggestions. */
  private Set<String> candidates(VType.Insn insn) {
    Set<String> names = new TreeSet<>(INSN_FIELDS.keySet());
    names.addAll(ImageFields.FIELDS.keySet());
    names.addAll(ConstantFields.FIELDS.keySet());
    names.addAll(EntryPointFields.FIELDS.keySet());
    names.addAll(StageFields.FIELDS.keySet());
    Iterable<String> opcodes = insn.opcodes().isEmpty() ? cx.grammar.instructions().keySet() : insn.opcodes();
    for (String op : opcodes) {
      for (RuleGrammar.Operand o : cx.grammar.instructions().get(op).operands()) {
        names.add(o.name());
      }
    }
    if (insn.context() instanceof VType.EnumContext ctx) {
      RuleGrammar.Kind kind = cx.grammar.kinds().get(ctx.kind());
      for (String n : ctx.names()) {
        kind.enumerants().get(n).parameters().forEach(p -> names.add(p.name()));
      }
    }
    if (insn.context() instanceof VType.ExtInstContext ext) {
      for (String n : ext.names()) {
        cx.grammar.extendedSets().get(ext.set()).get(n).operands().forEach(o -> names.add(o.name()));
      }
    }
    return names;
  }

  static CodeBlock facts() {
    return CodeBlock.of("$T", FACTS);
  }
}
