package dev.vkrules.generator.extract;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * One {@code ifdef}/{@code ifndef}/{@code ifeval} guarding spec content, as written.
 *
 * <p>The expression keeps AsciiDoc's syntax: {@code a,b} holds when any attribute is set,
 * {@code a+b} when all are (AsciiDoc forbids mixing the two); {@code ifndef} inverts.
 * Evaluation against a target is left to consumers, see {@link #holds(java.util.Set)}.
 *
 * @param directive the opening directive
 * @param expression the attribute expression between {@code ::} and {@code [}
 *     (for {@code ifeval}, the comparison between the brackets)
 * @param line 1-based line of the directive in the source file
 */
public record Condition(Directive directive, String expression, int line) {
  public Condition {
    Objects.requireNonNull(directive, "directive");
    Objects.requireNonNull(expression, "expression");
  }

  /** How the attributes of the expression combine. */
  public enum Combinator { SINGLE, ANY_OF, ALL_OF }

  /** {@link Combinator#ANY_OF} for {@code a,b}, {@link Combinator#ALL_OF} for {@code a+b}. */
  public Combinator combinator() {
    if (directive == Directive.IFEVAL) {
      return Combinator.SINGLE;
    }
    if (expression.contains(",")) {
      return Combinator.ANY_OF;
    }
    return expression.contains("+") ? Combinator.ALL_OF : Combinator.SINGLE;
  }

  /** The attribute names of the expression, in written order (empty for {@code ifeval}). */
  public List<String> attributes() {
    if (directive == Directive.IFEVAL) {
      return List.of();
    }
    return Arrays.stream(expression.split("[,+]")).filter(s -> !s.isEmpty()).toList();
  }

  /**
   * Whether the guarded content applies when exactly {@code defined} attributes are set,
   * with AsciiDoc's semantics. {@code ifeval} cannot be decided from attributes alone.
   */
  public boolean holds(java.util.Set<String> defined) {
    boolean value = switch (combinator()) {
      case SINGLE, ANY_OF -> attributes().stream().anyMatch(defined::contains);
      case ALL_OF -> attributes().stream().allMatch(defined::contains);
    };
    return switch (directive) {
      case IFDEF -> value;
      case IFNDEF -> !value;
      case IFEVAL -> throw new UnsupportedOperationException("ifeval::[" + expression + "] needs an evaluator");
    };
  }

  /** This condition's part of a validusage.json key: {@code (EXPR)} or {@code !(EXPR)}. */
  public String key() {
    return switch (directive) {
      case IFDEF -> "(" + expression + ")";
      case IFNDEF -> "!(" + expression + ")";
      case IFEVAL -> "eval(" + expression + ")";
    };
  }

  /**
   * The validusage.json condition key of a stack, outermost first: {@code core} when empty,
   * else the conditions' keys joined by {@code +}, as Khronos' {@code vu-to-json} files them.
   */
  public static String key(List<Condition> stack) {
    if (stack.isEmpty()) {
      return "core";
    }
    return stack.stream().map(Condition::key).collect(Collectors.joining("+"));
  }

  /** The directive as it appears in source, {@code ifdef::EXPR[]}. */
  @Override
  public String toString() {
    return directive == Directive.IFEVAL
        ? "ifeval::[" + expression + "]"
        : directive.keyword() + "::" + expression + "[]";
  }
}
