package dev.vkrules.generator.rules;

import static dev.vkrules.generator.rules.CompileContext.LOGIC;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/** Compiles one operator of a value test, checking it against the value's type. */
final class ValueTests {
  private final CompileContext cx;

  ValueTests(CompileContext cx) {
    this.cx = cx;
  }

  CodeBlock compile(PathCompiler.Val value, String op, YNode arg, YNode.Pos opPos) {
    VType t = value.type();
    CodeBlock v = value.code();
    if (op.equals("present")) {
      boolean want = bool(arg);
      CodeBlock present = value.guard() == null ? CodeBlock.of("$T.present(() -> $L)", LOGIC, discard(value))
          : CodeBlock.of("($L && $T.present(() -> $L))", value.guard(), LOGIC, discard(value));
      return want ? present : CodeBlock.of("!$L", present);
    }
    if (t instanceof VType.Enum e && op.equals("enabled-in-vulkan")) {
      List<String> values = new ArrayList<>();
      new VulkanEnabled(cx.tables.dir()).values(cx.grammar, e.kind()).forEach(x -> values.add(x + "L"));
      return CodeBlock.of("$L$T.in($L, $L)", bool(arg) ? "" : "!", LOGIC, v,
          values(CodeBlock.of("$L", String.join(", ", values)), values.size(), IN_FIXED));
    }
    if (t instanceof VType.Enum e) {
      return switch (op) {
        case "is" -> CodeBlock.of("$L == $L", v, enumerant(e.kind(), arg));
        case "is-not" -> CodeBlock.of("$L != $L", v, enumerant(e.kind(), arg));
        case "in" -> CodeBlock.of("$T.in($L, $L)", LOGIC, v, enumerantValues(e.kind(), arg, IN_FIXED));
        case "not-in" -> CodeBlock.of("!$T.in($L, $L)", LOGIC, v, enumerantValues(e.kind(), arg, IN_FIXED));
        default -> throw wrong(op, t, opPos, "is, is-not, in, not-in");
      };
    }
    if (t instanceof VType.MemoryOrder) {
      return new MaskComparisons(cx, null).orderTest(v, op, arg, opPos);
    }
    if (t instanceof VType.Opcode) {
      return switch (op) {
        case "is" -> CodeBlock.of("$L == $L", v, opcodeRefs(List.of(arg)));
        case "is-not" -> CodeBlock.of("$L != $L", v, opcodeRefs(List.of(arg)));
        case "in" -> CodeBlock.of("$T.in($L, $L)", LOGIC, v,
            values(opcodeRefs(items(arg)), opcodes(items(arg)).size(), IN_FIXED));
        case "not-in" -> CodeBlock.of("!$T.in($L, $L)", LOGIC, v,
            values(opcodeRefs(items(arg)), opcodes(items(arg)).size(), IN_FIXED));
        default -> throw wrong(op, t, opPos, "is, is-not, in, not-in");
      };
    }
    if (t instanceof VType.Mask m) {
      return switch (op) {
        case "is" -> CodeBlock.of("$L == $L", v, maskOf(m.kind(), items(arg)));
        case "has-any" -> CodeBlock.of("($L & $L) != 0", v, maskOf(m.kind(), items(arg)));
        case "has-all" -> CodeBlock.of("$T.hasAll($L, $L)", LOGIC, v, maskOf(m.kind(), items(arg)));
        case "has-none" -> CodeBlock.of("($L & $L) == 0", v, maskOf(m.kind(), items(arg)));
        case "at-most-one-of" -> CodeBlock.of("Long.bitCount($L & $L) <= 1", v, maskOf(m.kind(), items(arg)));
        default -> throw wrong(op, t, opPos, "is, has-any, has-all, has-none, at-most-one-of");
      };
    }
    if (t instanceof VType.EnumSet s) {
      return switch (op) {
        case "has-any" -> CodeBlock.of("$T.hasAny($L, $L)", LOGIC, v, enumerantValues(s.kind(), arg, HAS_ANY_FIXED));
        case "has-all" -> CodeBlock.of("$T.hasAll($L, $L)", LOGIC, v, enumerantValues(s.kind(), arg, 0));
        case "has-none" -> CodeBlock.of("!$T.hasAny($L, $L)", LOGIC, v, enumerantValues(s.kind(), arg, HAS_ANY_FIXED));
        case "subset-of" -> CodeBlock.of("$T.subsetOf($L, $L)", LOGIC, v, enumerantValues(s.kind(), arg, 0));
        default -> throw wrong(op, t, opPos, "has-any, has-all, has-none, subset-of");
      };
    }
    if (t instanceof VType.Int) {
      return switch (op) {
        case "is" -> CodeBlock.of("$L == $LL", v, integer(arg));
        case "is-not" -> CodeBlock.of("$L != $LL", v, integer(arg));
        case "in" -> CodeBlock.of("$T.in($L, $L)", LOGIC, v, values(integers(arg), items(arg).size(), IN_FIXED));
        case "not-in" -> CodeBlock.of("!$T.in($L, $L)", LOGIC, v, values(integers(arg), items(arg).size(), IN_FIXED));
        case "at-most" -> CodeBlock.of("$L <= $LL", v, integer(arg));
        case "at-least" -> CodeBlock.of("$L >= $LL", v, integer(arg));
        case "multiple-of" -> CodeBlock.of("$L % $LL == 0", v, positive(arg));
        default -> throw wrong(op, t, opPos, "is, is-not, in, not-in, at-most, at-least, multiple-of");
      };
    }
    if (t instanceof VType.Bool) {
      if (op.equals("is")) {
        return CodeBlock.of("$L == $L", v, bool(arg));
      }
      throw wrong(op, t, opPos, "is");
    }
    if (t instanceof VType.Insn) {
      return switch (op) {
        case "decorated" -> CodeBlock.of("f.decorated($L, $L)", v, enumerantValues("Decoration", arg, 0));
        case "not-decorated" -> CodeBlock.of("!f.decorated($L, $L)", v, enumerantValues("Decoration", arg, 0));
        case "contains-width" -> CodeBlock.of("f.containsWidth($L, $LL)", v, integer(arg));
        case "widths-within" -> CodeBlock.of("f.widthsWithin($L, $L)", v, integers(arg));
        case "members-decorated" -> CodeBlock.of("f.membersDecorated($L, true, $L)", v,
            enumerantValues("Decoration", arg, 0));
        case "some-member-decorated" -> CodeBlock.of("f.membersDecorated($L, false, $L)", v,
            enumerantValues("Decoration", arg, 0));
        case "resource" -> ResourceTests.compile(v, arg);
        default -> throw wrong(op, t, opPos, "decorated, not-decorated, members-decorated, some-member-decorated, "
            + "resource, present (or add a field: opcode, width, ...)");
      };
    }
    throw wrong(op, t, opPos, "present");
  }

  private static CodeBlock discard(PathCompiler.Val value) {
    return value.type() instanceof VType.Bool ? CodeBlock.of("$L", value.code())
        : CodeBlock.of("$T.touch($L)", LOGIC, value.code());
  }

  private static RuleError wrong(String op, VType t, YNode.Pos pos, String allowed) {
    return new RuleError(pos, "operator '" + op + "' does not apply to a " + t + "; use " + allowed);
  }

  /** The value of one enumerant of a kind, checked against the grammar. */
  String enumerant(String kind, YNode node) {
    String name = PredicateCompiler.scalar(node);
    RuleGrammar.Kind k = cx.grammar.kinds().get(kind);
    RuleGrammar.Enumerant e = k.enumerants().get(name);
    if (e == null) {
      throw new RuleError(node.pos(), "unknown " + kind + " '" + name + "'" + Suggest.didYouMean(name, k.enumerants().keySet()));
    }
    return e.value() + "L";
  }

  /**
   * The enumerant as generated code names it: the grammar constant ({@code StorageClass.Input}),
   * so a generated checker reads like its rule; checked against the grammar first.
   */
  CodeBlock enumerantRef(String kind, YNode node) {
    enumerant(kind, node);
    String name = PredicateCompiler.scalar(node);
    if (!cx.grammar.kinds().containsKey(kind) || !javax.lang.model.SourceVersion.isName(kind)) {
      return CodeBlock.of("$L", enumerant(kind, node));
    }
    return CodeBlock.of("$T.$L", ClassName.get(GRAMMAR_PACKAGE, kind), constant(name));
  }

  /** How many values {@code Logic.in} and {@code Logic.hasAny} take without an array (their fixed overloads). */
  private static final int IN_FIXED = 4;
  private static final int HAS_ANY_FIXED = 2;

  /**
   * The arguments of a runtime method whose last parameter is {@code long...}: written in the call
   * when an overload of that arity exists ({@code count <= fixed}), else a static {@code long[]} of
   * the checker, made once: a varargs call makes its array on every call, and without C2's escape
   * analysis each is an allocation in the checks that run per instruction.
   */
  private CodeBlock values(CodeBlock list, int count, int fixed) {
    return count <= fixed || cx.inlineValues ? list
        : CodeBlock.of("$L", cx.field(com.palantir.javapoet.ArrayTypeName.of(com.palantir.javapoet.TypeName.LONG),
            CodeBlock.of("{$L}", list)));
  }

  /** {@link #enumerants} as {@link #values}. */
  private CodeBlock enumerantValues(String kind, YNode node, int fixed) {
    return values(enumerants(kind, node), items(node).size(), fixed);
  }

  /** Comma-separated enumerant constants, for {@code Logic.in} and the set tests. */
  CodeBlock enumerants(String kind, YNode node) {
    List<CodeBlock> values = new ArrayList<>();
    for (YNode item : items(node)) {
      values.add(enumerantRef(kind, item));
    }
    return CodeBlock.join(values, ", ");
  }

  /** A bit mask as the union of named bits ({@code (ImageOperands.SignExtend | ImageOperands.ZeroExtend)}). */
  private CodeBlock maskOf(String kind, List<YNode> nodes) {
    List<CodeBlock> bits = new ArrayList<>();
    for (YNode n : nodes) {
      bits.add(enumerantRef(kind, n));
    }
    if (bits.isEmpty()) {
      return CodeBlock.of("0L");
    }
    return bits.size() == 1 ? bits.get(0) : CodeBlock.of("($L)", CodeBlock.join(bits, " | "));
  }

  /** Opcode constants ({@code Op.OpTypeInt}) for names and globs, comma-separated, sorted by opcode. */
  CodeBlock opcodeRefs(List<YNode> nodes) {
    java.util.TreeMap<Integer, String> byNumber = new java.util.TreeMap<>();
    for (YNode n : nodes) {
      for (String name : opcodeNames(cx.grammar, n)) {
        byNumber.putIfAbsent(cx.grammar.instructions().get(name).opcode(), name);
      }
    }
    List<CodeBlock> refs = new ArrayList<>();
    byNumber.values().forEach(name -> refs.add(opcodeRef(name)));
    return CodeBlock.join(refs, ", ");
  }

  /** One opcode constant of the generated {@code Op} class. */
  static CodeBlock opcodeRef(String name) {
    return CodeBlock.of("$T.$L", ClassName.get(GRAMMAR_PACKAGE, "Op"), constant(name));
  }

  static final String GRAMMAR_PACKAGE = "dev.vkrules.runtime.spirv.grammar";

  /** The constant name the grammar emitters give an enumerant or instruction (see GrammarNames). */
  static String constant(String name) {
    String cleaned = name.replaceAll("[^A-Za-z0-9_$]", "_");
    return javax.lang.model.SourceVersion.isName(cleaned) ? cleaned : "_" + cleaned;
  }

  /** Opcode numbers for names and globs ({@code OpImage*Dref*}), checked against the grammar. */
  List<Integer> opcodes(List<YNode> nodes) {
    Set<Integer> out = new TreeSet<>();
    for (YNode n : nodes) {
      for (String name : opcodeNames(cx.grammar, n)) {
        out.add(cx.grammar.instructions().get(name).opcode());
      }
    }
    return new ArrayList<>(out);
  }

  /** The instruction names a name or glob stands for; an error when it matches none. */
  static Set<String> opcodeNames(RuleGrammar grammar, YNode n) {
    String name = PredicateCompiler.scalar(n);
    Set<String> out = new TreeSet<>();
    if (name.contains("*")) {
      Pattern p = Pattern.compile(("\\Q" + name + "\\E").replace("*", "\\E.*\\Q"));
      grammar.instructions().keySet().stream().filter(i -> p.matcher(i).matches()).forEach(out::add);
      if (out.isEmpty()) {
        throw new RuleError(n.pos(), "pattern '" + name + "' matches no opcode");
      }
    } else if (grammar.instructions().containsKey(name)) {
      out.add(name);
    } else {
      throw new RuleError(n.pos(), "unknown opcode '" + name + "'" + Suggest.didYouMean(name, grammar.instructions().keySet()));
    }
    return out;
  }

  private static CodeBlock join(List<Integer> values) {
    List<String> s = new ArrayList<>();
    values.forEach(v -> s.add(v + "L"));
    return CodeBlock.of("$L", String.join(", ", s));
  }

  static List<YNode> items(YNode node) {
    if (node instanceof YNode.Seq seq) {
      if (seq.items().isEmpty()) {
        throw new RuleError(node.pos(), "expected a non-empty list");
      }
      return seq.items();
    }
    return List.of(node);
  }

  static long integer(YNode node) {
    String s = PredicateCompiler.scalar(node);
    try {
      return Long.decode(s);
    } catch (NumberFormatException e) {
      throw new RuleError(node.pos(), "expected an integer, got '" + s + "'");
    }
  }

  private static long positive(YNode node) {
    long n = integer(node);
    if (n <= 0) {
      throw new RuleError(node.pos(), "expected a positive integer, got " + n);
    }
    return n;
  }

  private static CodeBlock integers(YNode node) {
    List<String> s = new ArrayList<>();
    for (YNode n : items(node)) {
      s.add(integer(n) + "L");
    }
    return CodeBlock.of("$L", String.join(", ", s));
  }

  static boolean bool(YNode node) {
    String s = PredicateCompiler.scalar(node);
    if (!s.equals("true") && !s.equals("false")) {
      throw new RuleError(node.pos(), "expected true or false, got '" + s + "'");
    }
    return Boolean.parseBoolean(s);
  }
}
