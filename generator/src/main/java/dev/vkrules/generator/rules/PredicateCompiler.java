package dev.vkrules.generator.rules;

import static dev.vkrules.generator.rules.CompileContext.LOGIC;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Type-checks and compiles a predicate of the check language into a Java boolean
 * expression. Unknown facts (a non-constant scope, an absent optional operand) throw the
 * runtime's {@code Unknown}; {@code Logic} combines them with Kleene's three-valued logic,
 * and a check whose outcome is unknown reports nothing.
 *
 * <p>Each predicate is compiled twice. The <em>exact</em> form is the three-valued one. The
 * <em>fast</em> form writes the connectives as Java's {@code &&}, {@code ||} and {@code !} and
 * the quantifiers as plain loops, so an unknown fact anywhere raises {@code Unknown} out of the
 * whole expression. When the fast form completes, every part it evaluated was known, and
 * two-valued logic then gives what Kleene's gives; so a checker runs the fast form and only
 * when it raises runs the exact one. Constructs that absorb an unknown part themselves
 * ({@code count}, {@code group}, {@code lookup}, {@code present}) keep their exact parts in both.
 */
final class PredicateCompiler {
  /** Every key a predicate mapping may use. */
  static final Set<String> KEYS = new TreeSet<>(List.of("all", "any", "not", "if", "then", "every", "some",
      "none", "satisfies", "count", "where", "native", "path", "plus", "lookup", "key", "match",
      "is", "is-not", "in", "not-in", "has-any", "has-all", "has-none", "at-most-one-of", "subset-of",
      "at-most", "at-least", "multiple-of", "decorated", "not-decorated", "present", "enabled-in-vulkan",
      "times", "members-decorated", "some-member-decorated", "contains-width", "widths-within", "group", "by",
      "same", "disjoint", "within", "same-as", "on", "no-stronger-than", "resource", "device", "pipeline"));

  static {
    KEYS.addAll(InterfacePredicates.KEYS);
    KEYS.addAll(ConstantFields.FLOAT_OPERATORS);
  }

  private static final Set<String> OPERATORS = new TreeSet<>(List.of("is", "is-not", "in", "not-in", "has-any",
      "has-all", "has-none", "at-most-one-of", "subset-of", "at-most", "at-least", "multiple-of", "decorated",
      "not-decorated", "present", "enabled-in-vulkan", "members-decorated", "some-member-decorated", "contains-width",
      "widths-within", "within", "same-as", "no-stronger-than", "resource"));

  static {
    OPERATORS.addAll(ConstantFields.FLOAT_OPERATORS);
  }

  private final CompileContext cx;
  private final PathCompiler paths;
  private final ValueTests tests;
  /** Compiling the fast form (see the class comment). */
  private boolean fast;

  PredicateCompiler(CompileContext cx) {
    this.cx = cx;
    this.paths = new PathCompiler(cx);
    this.tests = new ValueTests(cx);
  }

  /** The fast form of a predicate (see the class comment). */
  CodeBlock compileFast(PathCompiler.Env env, YNode node) {
    return compileForm(true, env, node);
  }

  /** The exact form of a part whose unknown outcome is absorbed where it is used. */
  private CodeBlock compileExact(PathCompiler.Env env, YNode node) {
    return compileForm(false, env, node);
  }

  private CodeBlock compileForm(boolean fastForm, PathCompiler.Env env, YNode node) {
    boolean was = fast;
    fast = fastForm;
    try {
      return compile(env, node);
    } finally {
      fast = was;
    }
  }

  CodeBlock compile(PathCompiler.Env env, YNode node) {
    if (node instanceof YNode.Scalar s) {
      if ("true".equals(s.text()) || "false".equals(s.text())) {
        return CodeBlock.of("$L", s.text());
      }
      throw new RuleError(s.pos(), "expected a predicate (a mapping, a list, true or false), got " + YNode.kindOf(s));
    }
    if (node instanceof YNode.Seq seq) {
      return all(env, seq);
    }
    YNode.Map map = (YNode.Map) node;
    for (String key : map.entries().keySet()) {
      if (!KEYS.contains(key)) {
        throw new RuleError(map.keyPos(key), "unknown predicate key '" + key + "'" + Suggest.didYouMean(key, KEYS));
      }
    }
    Set<String> keys = map.entries().keySet();
    if (keys.contains("all") || keys.contains("any")) {
      String op = keys.contains("all") ? "all" : "any";
      PredicateMaps.only(map, op);
      YNode list = map.get(op);
      if (!(list instanceof YNode.Seq seq) || seq.items().isEmpty()) {
        throw new RuleError(list.pos(), "'" + op + "' needs a non-empty list of predicates");
      }
      return op.equals("all") ? all(env, seq) : combine(env, seq, "any");
    }
    if (keys.contains("not")) {
      PredicateMaps.only(map, "not");
      return CodeBlock.of("!($L)", compile(env, map.get("not")));
    }
    if (keys.contains("if")) {
      PredicateMaps.only(map, "if", "then");
      require(map, "then");
      CodeBlock condition = compile(env, map.get("if"));
      CodeBlock then = compile(narrow(env, map.get("if")), map.get("then"));
      return fast ? CodeBlock.of("(!($L) || ($L))", condition, then)
          : CodeBlock.of("$T.implies(() -> $L, () -> $L)", LOGIC, condition, then);
    }
    for (String q : List.of("every", "some", "none")) {
      if (keys.contains(q)) {
        PredicateMaps.only(map, q, "satisfies");
        require(map, "satisfies");
        return quantifier(env, map, q);
      }
    }
    if (keys.contains("count")) {
      return count(env, map);
    }
    if (keys.contains("group")) {
      return group(env, map);
    }
    if (keys.contains("native")) {
      PredicateMaps.only(map, "native");
      String name = scalar(map.get("native"));
      if (!name.matches("[A-Z][A-Za-z0-9]*")) {
        throw new RuleError(map.get("native").pos(), "native predicate names a Java class, like NoStaticRecursion");
      }
      cx.natives.add(name);
      return CodeBlock.of("$T.test(f, $L)", ClassName.get(CompileContext.RT + ".natives", name), env.var());
    }
    if (keys.contains("interface")) {
      return InterfacePredicates.compile(tests, env, map);
    }
    if (keys.contains("device")) {
      PredicateMaps.only(map, "device");
      return new DevicePredicates(cx, paths).compile(env, map.get("device"));
    }
    if (keys.contains("pipeline")) {
      PredicateMaps.only(map, "pipeline");
      return new PipelinePredicates(cx, paths).compile(env, map.get("pipeline"));
    }
    if (keys.contains("lookup")) {
      return Tables.compileLookup(this, paths, cx, env, map);
    }
    return test(env, map);
  }

  /**
   * {@code if: {path: opcode, is|in: ...}} narrows, inside {@code then}, the opcodes the
   * subject may have: an operand only some of the selected opcodes carry can then be named
   * (VUID-StandaloneSpirv-PhysicalStorageBuffer64-04710 checks a different operand of each);
   * {@code is-not|not-in} narrows to the other selected opcodes.
   */
  private PathCompiler.Env narrow(PathCompiler.Env env, YNode cond) {
    if (!(cond instanceof YNode.Map m) || m.entries().size() != 2 || m.get("path") == null
        || !(m.get("path") instanceof YNode.Scalar p) || !"opcode".equals(p.text())) {
      return env;
    }
    boolean negated = m.get("is-not") != null || m.get("not-in") != null;
    YNode arg = m.get("is") != null ? m.get("is") : m.get("in");
    if (negated) {
      arg = m.get("is-not") != null ? m.get("is-not") : m.get("not-in");
    }
    if (arg == null || (negated && env.type().opcodes().isEmpty())) {
      return env;
    }
    Set<String> listed = new TreeSet<>();
    for (YNode n : ValueTests.items(arg)) {
      listed.addAll(ValueTests.opcodeNames(cx.grammar, n));
    }
    Set<String> names = new TreeSet<>(negated ? env.type().opcodes() : listed);
    if (negated) {
      names.removeAll(listed);
    } else if (!env.type().opcodes().isEmpty()) {
      names.retainAll(env.type().opcodes());
    }
    if (names.isEmpty()) {
      throw new RuleError(arg.pos(), "no opcode here is one the subject can have, so 'then' never applies");
    }
    return env.withType(new VType.Insn(new TreeSet<>(names), env.type().context()));
  }

  private CodeBlock all(PathCompiler.Env env, YNode.Seq seq) {
    if (seq.items().size() == 1) {
      return compile(env, seq.items().get(0));
    }
    return combine(env, seq, "all");
  }

  private CodeBlock combine(PathCompiler.Env env, YNode.Seq seq, String op) {
    if (fast) {
      CodeBlock.Builder b = CodeBlock.builder().add("(");
      for (int i = 0; i < seq.items().size(); i++) {
        b.add(i == 0 ? "($L)" : op.equals("all") ? " && ($L)" : " || ($L)", compile(env, seq.items().get(i)));
      }
      return b.add(")").build();
    }
    CodeBlock.Builder b = CodeBlock.builder().add("$T.$L(", LOGIC, op);
    for (int i = 0; i < seq.items().size(); i++) {
      b.add(i == 0 ? "() -> $L" : ", () -> $L", compile(env, seq.items().get(i)));
    }
    return b.add(")").build();
  }

  private CodeBlock quantifier(PathCompiler.Env env, YNode.Map map, String q) {
    PathCompiler.Val list = paths.compile(env, scalar(map.get(q)), map.get(q).pos());
    if (!(list.type() instanceof VType.InsnList l)) {
      throw new RuleError(map.get(q).pos(), "'" + q + "' needs a list of instructions, got " + list.type());
    }
    String v = cx.freshVar();
    CodeBlock body = compile(env.withRoot(v, l.element()), map.get("satisfies"));
    if (fast && cx.subject != null && cx.subject.operandVar() == null) {
      // The fast form runs on every subject: its element test is a static method the quantifier
      // calls through a lambda that captures nothing (the facts and the subject are arguments),
      // not a lambda made anew per call. Where the check also has an operand occurrence in scope
      // (o), the body may name it, so it stays a capturing lambda.
      String test = cx.elementTest(v, body);
      return CodeBlock.of("$T.$L($L, f, s, (tf, ts, tx) -> $N(tf, ts, tx))", LOGIC, q + "OrUnknown", list.code(), test);
    }
    return CodeBlock.of("$T.$L($L, $L -> $L)", LOGIC, fast ? q + "OrUnknown" : q, list.code(), v, body);
  }

  private CodeBlock count(PathCompiler.Env env, YNode.Map map) {
    PredicateMaps.only(map, "count", "where", "at-most", "at-least", "is");
    PathCompiler.Val list = paths.compile(env, scalar(map.get("count")), map.get("count").pos());
    if (!(list.type() instanceof VType.InsnList l)) {
      throw new RuleError(map.get("count").pos(), "'count' needs a list of instructions, got " + list.type());
    }
    String v = cx.freshVar();
    CodeBlock where = map.get("where") == null ? CodeBlock.of("true")
        : compileExact(env.withRoot(v, l.element()), map.get("where"));
    List<String> bounds = new ArrayList<>();
    for (String b : List.of("at-most", "at-least", "is")) {
      if (map.get(b) != null) {
        bounds.add(b);
      }
    }
    if (bounds.size() != 1) {
      throw new RuleError(map.pos(), "'count' needs exactly one of at-most, at-least, is");
    }
    String op = Map.of("at-most", "<=", "at-least", ">=", "is", "==").get(bounds.get(0));
    long n = ValueTests.integer(map.get(bounds.get(0)));
    return CodeBlock.of("$T.count($L, $L -> $L) $L $L", LOGIC, list.code(), v, where, op, n);
  }

  /**
   * {@code group: LIST, by: PATH, same: PATH} (elements with equal keys have equal values)
   * or {@code disjoint: {start: PATH, size: PATH}} (their ranges do not overlap), over the
   * elements of LIST that satisfy the optional {@code where}. Keys are integers, enumerants or
   * instructions; elements with unknown parts (or an unknown {@code where}) take no part.
   */
  private CodeBlock group(PathCompiler.Env env, YNode.Map map) {
    PredicateMaps.only(map, "group", "where", "by", "same", "disjoint");
    require(map, "by");
    PathCompiler.Val list = paths.compile(env, scalar(map.get("group")), map.get("group").pos());
    if (!(list.type() instanceof VType.InsnList l)) {
      throw new RuleError(map.get("group").pos(), "'group' needs a list of instructions, got " + list.type());
    }
    String v = cx.freshVar();
    PathCompiler.Env inner = env.withRoot(v, l.element());
    CodeBlock elements = map.get("where") == null ? list.code()
        : CodeBlock.of("$T.select($L, $L -> $L)", LOGIC, list.code(), v, compileExact(inner, map.get("where")));
    if ((map.get("same") == null) == (map.get("disjoint") == null)) {
      throw new RuleError(map.pos(), "'group' needs one of same, disjoint");
    }
    List<CodeBlock> guards = new ArrayList<>();
    CodeBlock key = groupValue(inner, map.get("by"), "by", true, guards);
    if (map.get("same") != null) {
      return guarded(guards, CodeBlock.of("$T.groupSame($L, $L -> $L, $L -> $L)", LOGIC, elements, v, key, v,
          groupValue(inner, map.get("same"), "same", false, guards)));
    }
    if (!(map.get("disjoint") instanceof YNode.Map d) || d.get("start") == null || d.get("size") == null
        || d.entries().size() != 2) {
      throw new RuleError(map.get("disjoint").pos(), "'disjoint' needs {start: PATH, size: PATH}");
    }
    CodeBlock start = groupValue(inner, d.get("start"), "start", false, guards);
    CodeBlock size = groupValue(inner, d.get("size"), "size", false, guards);
    return guarded(guards, CodeBlock.of("$T.groupDisjoint($L, $L -> $L, $L -> $L, $L -> $L)", LOGIC, elements, v,
        key, v, start, v, size));
  }

  /**
   * A group whose key or value is unknown on every element (a guard false) has no member: it holds
   * without asking each element (16,383 members each raising an unknown XfbBuffer cost more than
   * the rest of their validation).
   */
  private static CodeBlock guarded(List<CodeBlock> guards, CodeBlock group) {
    if (guards.isEmpty()) {
      return group;
    }
    return CodeBlock.of("(!($L) || $L)", CodeBlock.join(guards, " && "), group);
  }

  private CodeBlock groupValue(PathCompiler.Env env, YNode node, String what, boolean instructions,
      List<CodeBlock> guards) {
    PathCompiler.Val val = paths.compile(env, scalar(node), node.pos());
    if (val.guard() != null) {
      guards.add(val.guard());
    }
    if (val.type() instanceof VType.Int || val.type() instanceof VType.Enum
        || (instructions && val.type() instanceof VType.Insn)) {
      return CodeBlock.of("(long) $L", val.code());
    }
    throw new RuleError(node.pos(), "'" + what + "' needs an integer" + (instructions ? ", enumerant or instruction" : "")
        + ", got " + val.type());
  }

  /** A value test: optional {@code path} (default: the subject), optional {@code plus}, one operator. */
  private CodeBlock test(PathCompiler.Env env, YNode.Map map) {
    List<String> ops = new ArrayList<>();
    for (String key : map.entries().keySet()) {
      if (OPERATORS.contains(key)) {
        ops.add(key);
      } else if (!key.equals("path") && !key.equals("plus") && !key.equals("times") && !key.equals("on")) {
        throw new RuleError(map.keyPos(key), "'" + key + "' cannot be used in a value test");
      }
    }
    if (ops.size() != 1) {
      throw new RuleError(map.pos(), ops.isEmpty()
          ? "a value test needs one operator, one of " + OPERATORS
          : "a value test takes one operator, got " + ops);
    }
    String op = ops.get(0);
    if (map.get("on") != null && !MaskComparisons.MASK_OPERATORS.contains(op)) {
      throw new RuleError(map.keyPos("on"), "'on' restricts 'within' or 'same-as', not '" + op + "'");
    }
    PathCompiler.Val value = map.get("path") == null ? paths.root(env)
        : paths.compile(env, scalar(map.get("path")), map.get("path").pos());
    if (map.get("times") != null) {
      value = times(env, value, map);
    }
    if (map.get("plus") != null) {
      PathCompiler.Val plus = paths.compile(env, scalar(map.get("plus")), map.get("plus").pos());
      if (!(value.type() instanceof VType.Int) || !(plus.type() instanceof VType.Int)) {
        throw new RuleError(map.keyPos("plus"), "'plus' adds integers, got " + value.type() + " and " + plus.type());
      }
      value = new PathCompiler.Val(new VType.Int(), CodeBlock.of("($L + $L)", value.code(), plus.code()));
    }
    if (op.equals("multiple-of") && map.get(op) instanceof YNode.Map product) {
      // a multiple of a product the module gives (a matrix row's byte size: its Columns times the component size)
      return CodeBlock.of("$T.multipleOf($L, $L)", LOGIC, value.code(), product(env, product).code());
    }
    if (op.equals("multiple-of") && !scalar(map.get(op)).matches("-?[0-9].*")) {
      // a multiple of another integer the module gives (an alignment of a type's size)
      PathCompiler.Val other = paths.compile(env, scalar(map.get(op)), map.get(op).pos());
      if (!(value.type() instanceof VType.Int) || !(other.type() instanceof VType.Int)) {
        throw new RuleError(map.keyPos(op), "'multiple-of' a path compares integers, got " + value.type() + " and "
            + other.type());
      }
      return CodeBlock.of("$T.multipleOf($L, $L)", LOGIC, value.code(), other.code());
    }
    // float constants compare with numbers or another operand's float value (ConstantFields)
    if (value.type() instanceof VType.Floats) {
      return ConstantFields.test(paths, env, value, op, map.get(op), map.keyPos(op));
    }
    if ((op.equals("at-least") || op.equals("at-most")) && !scalar(map.get(op)).matches("-?[0-9].*")) {
      // a bound another integer of the module gives (a format's component count, an execution
      // mode's parameter through subject.)
      PathCompiler.Val other = paths.compile(env, scalar(map.get(op)), map.get(op).pos());
      if (!(value.type() instanceof VType.Int) || !(other.type() instanceof VType.Int)) {
        throw new RuleError(map.keyPos(op), "'" + op + "' a path compares integers, got " + value.type() + " and "
            + other.type());
      }
      return CodeBlock.of("$L $L $L", value.code(), op.equals("at-least") ? ">=" : "<=", other.code());
    }
    if (MaskComparisons.PATH_OPERATORS.contains(op)) {
      return new MaskComparisons(cx, paths).compile(env, value, op, map);
    }
    if (ConstantFields.FLOAT_OPERATORS.contains(op) && !op.startsWith("at-")) {
      throw new RuleError(map.keyPos(op), "operator '" + op + "' applies to float values (float-values), not a "
          + value.type());
    }
    return tests.compile(value, op, map.get(op), map.keyPos(op));
  }

  /** {@code {path: PATH, times: ...}} as an operator's argument: an integer path times its factors. */
  private PathCompiler.Val product(PathCompiler.Env env, YNode.Map arg) {
    for (String key : arg.entries().keySet()) {
      if (!key.equals("path") && !key.equals("times")) {
        throw new RuleError(arg.keyPos(key), "an integer argument takes path and times, not '" + key + "'");
      }
    }
    if (arg.get("path") == null) {
      throw new RuleError(arg.pos(), "an integer argument needs a path");
    }
    PathCompiler.Val v = paths.compile(env, scalar(arg.get("path")), arg.get("path").pos());
    if (!(v.type() instanceof VType.Int)) {
      throw new RuleError(arg.get("path").pos(), "'multiple-of' compares integers, got " + v.type());
    }
    return arg.get("times") == null ? v : times(env, v, arg);
  }

  /** {@code times: N | PATH | [N|PATH, ...]}: the integer value multiplied by each factor (before {@code plus}). */
  private PathCompiler.Val times(PathCompiler.Env env, PathCompiler.Val value, YNode.Map map) {
    if (!(value.type() instanceof VType.Int)) {
      throw new RuleError(map.keyPos("times"), "'times' multiplies integers, got " + value.type());
    }
    CodeBlock.Builder code = CodeBlock.builder().add("($L", value.code());
    for (YNode factor : ValueTests.items(map.get("times"))) {
      String text = scalar(factor);
      if (text.matches("-?[0-9]+")) {
        code.add(" * $LL", ValueTests.integer(factor));
        continue;
      }
      PathCompiler.Val f = paths.compile(env, text, factor.pos());
      if (!(f.type() instanceof VType.Int)) {
        throw new RuleError(factor.pos(), "'times' multiplies integers, got " + f.type());
      }
      code.add(" * $L", f.code());
    }
    return new PathCompiler.Val(new VType.Int(), code.add(")").build());
  }

  static String scalar(YNode node) {
    if (node instanceof YNode.Scalar s && s.text() != null) {
      return s.text();
    }
    throw new RuleError(node.pos(), "expected a scalar, got " + YNode.kindOf(node));
  }


  private static void require(YNode.Map map, String key) {
    if (map.get(key) == null) {
      throw new RuleError(map.pos(), "missing '" + key + "'");
    }
  }
}
