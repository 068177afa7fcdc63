package dev.vkrules.generator.rules;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The values of constant operands, for rules about what an operand's value must be (ray
 * origins finite, Tmin at most Tmax, ray flags, hit kinds): {@code float-values} (the
 * components of a floating-point constant), {@code constant-value} (an integer constant) and
 * {@code bits(Kind)} (an integer constant read as a mask of that operand kind, such as the
 * RayFlags an id operand carries). A specialization constant counts by its default; any other
 * value is unknown (computed at run time), so such a check judges constants only. The tests on
 * float values ({@code finite}, {@code nan}, {@code at-least}, {@code at-most}) are compiled here
 * too.
 */
final class ConstantFields {
  static final Map<String, String> FIELDS = new TreeMap<>(Map.of(
      "float-values", "the component values of a floating-point scalar or vector constant (a specialization constant by its default)",
      "constant-value", "the value of an integer constant, a specialization constant by its default"));

  /** {@code bits(RayFlags)}: an integer constant as a mask of a BitEnum kind. */
  static final Pattern BITS = Pattern.compile("bits\\((\\w+)\\)");

  /** Operators on float values. */
  static final Set<String> FLOAT_OPERATORS = Set.of("finite", "nan", "at-least", "at-most");

  static final ClassName VALUES = CompileContext.rt("ConstantValues");

  private final CompileContext cx;

  ConstantFields(CompileContext cx) {
    this.cx = cx;
  }

  static boolean handles(String seg) {
    return FIELDS.containsKey(seg) || BITS.matcher(seg).matches();
  }

  PathCompiler.Val compile(CodeBlock x, String seg, YNode.Pos pos) {
    if (seg.equals("float-values")) {
      return new PathCompiler.Val(new VType.Floats(), CodeBlock.of("$T.floats(f, $L)", VALUES, x));
    }
    if (seg.equals("constant-value")) {
      return new PathCompiler.Val(new VType.Int(), CodeBlock.of("$T.integer(f, $L)", VALUES, x));
    }
    Matcher m = BITS.matcher(seg);
    m.matches();
    RuleGrammar.Kind kind = cx.grammar.kinds().get(m.group(1));
    if (kind == null || !kind.isBitEnum()) {
      throw new RuleError(pos, "'" + seg + "' needs a mask operand kind (such as RayFlags), not '" + m.group(1) + "'"
          + Suggest.didYouMean(m.group(1), cx.grammar.kinds().keySet()));
    }
    return new PathCompiler.Val(new VType.Mask(m.group(1)), CodeBlock.of("$T.integer(f, $L)", VALUES, x));
  }

  /**
   * A test on float values: {@code finite: true} (every component finite), {@code nan: false}
   * (no component NaN), {@code at-least} / {@code at-most} a number or a path to another
   * constant's single float value (every component compared; NaN is left to the NaN rules).
   */
  static CodeBlock test(PathCompiler paths, PathCompiler.Env env, PathCompiler.Val value, String op, YNode arg,
      YNode.Pos opPos) {
    CodeBlock v = value.code();
    return switch (op) {
      case "finite" -> CodeBlock.of("$L$T.finite($L)", ValueTests.bool(arg) ? "" : "!", VALUES, v);
      case "nan" -> CodeBlock.of("$L$T.nan($L)", ValueTests.bool(arg) ? "" : "!", VALUES, v);
      case "at-least", "at-most" -> CodeBlock.of("$T.$L($L, $L)", VALUES, op.equals("at-least") ? "atLeast" : "atMost",
          v, bound(paths, env, arg));
      default -> throw new RuleError(opPos, "operator '" + op + "' does not apply to a " + value.type()
          + "; use " + String.join(", ", List.of("finite", "nan", "at-least", "at-most")));
    };
  }

  private static CodeBlock bound(PathCompiler paths, PathCompiler.Env env, YNode arg) {
    String text = PredicateCompiler.scalar(arg);
    if (text.matches("[-+]?[0-9].*")) {
      try {
        return CodeBlock.of("$L", Double.toString(Double.parseDouble(text)));
      } catch (NumberFormatException e) {
        throw new RuleError(arg.pos(), "expected a number, got '" + text + "'");
      }
    }
    PathCompiler.Val other = paths.compile(env, text, arg.pos());
    if (!(other.type() instanceof VType.Floats)) {
      throw new RuleError(arg.pos(), "a float bound is a number or a path to float values, got " + other.type());
    }
    return CodeBlock.of("$T.single($L)", VALUES, other.code());
  }
}
