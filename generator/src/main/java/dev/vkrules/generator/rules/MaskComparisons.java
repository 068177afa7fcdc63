package dev.vkrules.generator.rules;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The memory order of a MemorySemantics mask ({@code Semantics.memory-order}) and the tests that
 * compare one mask with another ({@code within}, {@code same-as}, {@code no-stronger-than}).
 * The appendix's MemorySemantics and UnequalMemorySemantics rules say "uses Acquire memory
 * order", "not a stronger memory order than", "unless this bit is also set in": these are the
 * words of those rules, compiled to {@code MemoryOrders} calls.
 */
final class MaskComparisons {
  /** Operators whose argument is a path to another value. */
  static final Set<String> PATH_OPERATORS = Set.of("within", "same-as", "no-stronger-than");
  /** Operators that take {@code on:} (the bits compared). */
  static final Set<String> MASK_OPERATORS = Set.of("within", "same-as");

  static final ClassName ORDERS = CompileContext.rt("MemoryOrders");

  /** The memory orders, by their MemorySemantics enumerant name, and the runtime constant naming each. */
  static final Map<String, String> ORDER_CONSTANTS = orders();

  private final CompileContext cx;
  private final PathCompiler paths;

  MaskComparisons(CompileContext cx, PathCompiler paths) {
    this.cx = cx;
    this.paths = paths;
  }

  private static Map<String, String> orders() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("Relaxed", "RELAXED");
    m.put("Acquire", "ACQUIRE");
    m.put("Release", "RELEASE");
    m.put("AcquireRelease", "ACQUIRE_RELEASE");
    m.put("SequentiallyConsistent", "SEQUENTIALLY_CONSISTENT");
    return m;
  }

  /**
   * The parameter of a bit of a mask operand ({@code MemoryAccess.Aligned}: the alignment
   * literal), or null when the segment names no bit of the mask's kind with parameters. The
   * parameters of the set bits follow the mask in increasing bit order, so the compiler passes
   * the bits below this one that carry a (one-word) parameter; the value is unknown when the
   * bit is not set.
   */
  static PathCompiler.Val parameter(CompileContext cx, VType.Mask mask, CodeBlock[] source, String seg,
      YNode.Pos pos) {
    RuleGrammar.Kind kind = cx.grammar.kinds().get(mask.kind());
    RuleGrammar.Enumerant e = kind == null ? null : kind.enumerants().get(seg);
    if (e == null || e.parameters().isEmpty()) {
      return null;
    }
    if (source == null) {
      throw new RuleError(pos, "'" + seg + "' is a parameter of a mask operand; name the operand directly before it");
    }
    if (e.parameters().size() != 1) {
      throw new RuleError(pos, "'" + seg + "' has " + e.parameters().size() + " parameters; only one is supported");
    }
    long before = 0;
    long twice = 0; // earlier bits with two parameter words (ImageOperands Grad: dx, dy)
    for (RuleGrammar.Enumerant other : kind.enumerants().values()) {
      if (other.value() < e.value() && !other.parameters().isEmpty()) {
        if (other.parameters().size() > 2) {
          throw new RuleError(pos, "'" + other.name() + "' before '" + seg + "' has more than two parameters; not supported");
        }
        before |= other.value();
        twice |= other.parameters().size() == 2 ? other.value() : 0;
      }
    }
    CodeBlock word = twice == 0
        ? CodeBlock.of("f.maskParameter($L, $L, $LL, $LL)", source[0], source[1], e.value(), before)
        : CodeBlock.of("f.maskParameter($L, $L, $LL, $LL, $LL)", source[0], source[1], e.value(), before, twice);
    return switch (e.parameters().get(0).kind()) {
      case "LiteralInteger" -> new PathCompiler.Val(new VType.Int(), word);
      case "IdScope" -> new PathCompiler.Val(new VType.Enum("Scope"), CodeBlock.of("f.constant(f.def((int) $L))", word));
      case "IdRef" -> new PathCompiler.Val(VType.Insn.any(), CodeBlock.of("f.def((int) $L)", word));
      default -> throw new RuleError(pos, "parameters of kind " + e.parameters().get(0).kind() + " are not supported");
    };
  }

  /** A field of a mask value: only {@code memory-order}, only on MemorySemantics. */
  static PathCompiler.Val field(VType.Mask mask, CodeBlock x, String seg, YNode.Pos pos) {
    if (!seg.equals("memory-order")) {
      throw new RuleError(pos, "a " + mask + " has no field '" + seg + "'"
          + (mask.kind().equals("MemorySemantics") ? Suggest.didYouMean(seg, Set.of("memory-order")) : ""));
    }
    if (!mask.kind().equals("MemorySemantics")) {
      throw new RuleError(pos, "'memory-order' needs a MemorySemantics mask, not a " + mask);
    }
    return new PathCompiler.Val(new VType.MemoryOrder(), CodeBlock.of("$T.of($L)", ORDERS, x));
  }

  /** {@code is}, {@code is-not}, {@code in}, {@code not-in} on a memory order, with its names. */
  CodeBlock orderTest(CodeBlock v, String op, YNode arg, YNode.Pos opPos) {
    return switch (op) {
      case "is" -> CodeBlock.of("$L == $L", v, order(arg));
      case "is-not" -> CodeBlock.of("$L != $L", v, order(arg));
      case "in" -> CodeBlock.of("$T.in($L, $L)", CompileContext.LOGIC, v, orders(arg));
      case "not-in" -> CodeBlock.of("!$T.in($L, $L)", CompileContext.LOGIC, v, orders(arg));
      default -> throw new RuleError(opPos, "operator '" + op + "' does not apply to a memory order; use is, is-not, "
          + "in, not-in, no-stronger-than");
    };
  }

  /** {@code within} / {@code same-as} (masks, optional {@code on}) and {@code no-stronger-than} (orders). */
  CodeBlock compile(PathCompiler.Env env, PathCompiler.Val value, String op, YNode.Map map) {
    YNode arg = map.get(op);
    if (op.equals("no-stronger-than")) {
      if (!(value.type() instanceof VType.MemoryOrder)) {
        throw new RuleError(map.keyPos(op), "'no-stronger-than' compares memory orders, got a " + value.type());
      }
      CodeBlock other = ORDER_CONSTANTS.containsKey(PredicateCompiler.scalar(arg)) ? order(arg) : otherValue(env, arg,
          VType.MemoryOrder.class, op).code();
      return CodeBlock.of("$T.noStrongerThan($L, $L)", ORDERS, value.code(), other);
    }
    if (!(value.type() instanceof VType.Mask mask)) {
      throw new RuleError(map.keyPos(op), "'" + op + "' compares masks, got a " + value.type());
    }
    PathCompiler.Val other = otherValue(env, arg, VType.Mask.class, op);
    if (!other.type().equals(mask)) {
      throw new RuleError(arg.pos(), "'" + op + "' compares a " + mask + " with a " + other.type());
    }
    long on = map.get("on") == null ? -1L : bits(mask.kind(), map.get("on"));
    String method = op.equals("within") ? "bitsWithin" : "sameBits";
    return CodeBlock.of("$T.$L($L, $L, $LL)", ORDERS, method, value.code(), other.code(), on);
  }

  private PathCompiler.Val otherValue(PathCompiler.Env env, YNode arg, Class<? extends VType> type, String op) {
    PathCompiler.Val other = paths.compile(env, PredicateCompiler.scalar(arg), arg.pos());
    if (!type.isInstance(other.type())) {
      throw new RuleError(arg.pos(), "'" + op + "' needs a path to a "
          + (type == VType.MemoryOrder.class ? "memory order" : "mask") + ", got a " + other.type());
    }
    return other;
  }

  private long bits(String kind, YNode node) {
    ValueTests values = new ValueTests(cx);
    long mask = 0;
    for (YNode n : ValueTests.items(node)) {
      mask |= Long.parseLong(values.enumerant(kind, n).replace("L", ""));
    }
    return mask;
  }

  /** The runtime constant of one memory order name, checked against the grammar's MemorySemantics. */
  private CodeBlock order(YNode node) {
    String name = PredicateCompiler.scalar(node);
    String constant = ORDER_CONSTANTS.get(name);
    if (constant == null || !cx.grammar.kinds().get("MemorySemantics").enumerants().containsKey(name)) {
      throw new RuleError(node.pos(), "unknown memory order '" + name + "'"
          + Suggest.didYouMean(name, ORDER_CONSTANTS.keySet()));
    }
    return CodeBlock.of("$T.$L", ORDERS, constant);
  }

  private CodeBlock orders(YNode node) {
    List<CodeBlock> out = new ArrayList<>();
    for (YNode n : ValueTests.items(node)) {
      out.add(order(n));
    }
    return CodeBlock.join(out, ", ");
  }
}
