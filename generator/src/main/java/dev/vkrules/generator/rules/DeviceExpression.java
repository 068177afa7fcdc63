package dev.vkrules.generator.rules;

import com.palantir.javapoet.CodeBlock;
import java.util.Set;

/**
 * A number the device gives, written as arithmetic over its properties: the {@code value} of a
 * {@code {device: {value: ..., at-least|at-most: ...}}} test, for bounds the specification states
 * as a formula of several limits ({@code fragwidth × (maxInterpolationOffset + ULP) − ULP} with
 * {@code ULP = 1 / 2^subPixelInterpolationOffsetBits}):
 *
 * <pre>
 * expression := term (('+' | '-') term)*
 * term       := unary (('*' | '/') unary)*
 * unary      := '-' unary | power
 * power      := atom ('^' unary)?                     # right-associative: 2^-bits
 * atom       := NUMBER | PROPERTY | '(' expression ')'
 * PROPERTY   := [Struct::]member ['.' width|height|depth] ['[' index ']']
 * </pre>
 *
 * A property is a numeric member of a property structure (an integer type or {@code float}),
 * a member of a {@code VkExtent2D}/{@code VkExtent3D} one ({@code maxFragmentSize.width}), or an
 * element of an array one; names resolve as the {@code property} test's. The expression compiles
 * to a Java {@code double} over {@code f.device()}; a property the description does not state is
 * unknown, as everywhere.
 */
final class DeviceExpression {
  private static final Set<String> INTEGER_TYPES = Set.of("uint32_t", "int32_t", "uint64_t", "int64_t", "uint16_t",
      "uint8_t", "size_t", "VkDeviceSize");

  private final DeviceRegistry registry;
  private final String text;
  private final YNode.Pos pos;
  private int i;
  private int depth;
  private static final int MAX_DEPTH = 64;

  private DeviceExpression(DeviceRegistry registry, String text, YNode.Pos pos) {
    this.registry = registry;
    this.text = text;
    this.pos = pos;
  }

  /** The Java {@code double} expression computing {@code node}'s arithmetic. */
  static CodeBlock compile(DeviceRegistry registry, YNode node) {
    String text = PredicateCompiler.scalar(node);
    DeviceExpression e = new DeviceExpression(registry, text, node.pos());
    CodeBlock code = e.expression();
    e.space();
    if (e.i < text.length()) {
      throw e.error("unexpected '" + text.charAt(e.i) + "' in the device value");
    }
    return code;
  }

  /** The Java {@code double} value of one numeric property (an element or member of it when given). */
  static CodeBlock property(DeviceRegistry.Member m, String field, Integer index, YNode.Pos at) {
    if (m.length() > 0 && index == null) {
      throw new RuleError(at, m.qualified() + " is an array of " + m.length() + "; say which element with [index]");
    }
    if (m.length() == 0 && index != null) {
      throw new RuleError(at, m.qualified() + " is not an array");
    }
    if (index != null && (index < 0 || index >= m.length())) {
      throw new RuleError(at, "index " + index + " is outside " + m.qualified() + "[" + m.length() + "]");
    }
    boolean extent = m.type().equals("VkExtent2D") || m.type().equals("VkExtent3D");
    if (extent) {
      Set<String> fields = m.type().equals("VkExtent2D") ? Set.of("width", "height") : Set.of("width", "height", "depth");
      if (field == null || !fields.contains(field)) {
        throw new RuleError(at, m.qualified() + " is a " + m.type() + "; name a member: " + String.join(", ",
            new java.util.TreeSet<>(fields)));
      }
      return CodeBlock.of("(double) f.device().limit($S, $S, $S)", m.struct(), m.name(), field);
    }
    if (field != null) {
      throw new RuleError(at, m.qualified() + " (" + m.type() + ") has no member '" + field + "'");
    }
    if (m.type().equals("float")) {
      return index == null ? CodeBlock.of("f.device().real($S, $S)", m.struct(), m.name())
          : CodeBlock.of("f.device().real($S, $S, $L)", m.struct(), m.name(), index);
    }
    if (!INTEGER_TYPES.contains(m.type())) {
      throw new RuleError(at, "a device value is a number; " + m.qualified() + " is " + m.type());
    }
    return index == null ? CodeBlock.of("(double) f.device().limit($S, $S)", m.struct(), m.name())
        : CodeBlock.of("(double) f.device().limit($S, $S, $L)", m.struct(), m.name(), index);
  }

  private CodeBlock expression() {
    CodeBlock left = term();
    while (true) {
      space();
      if (peek('+') || peek('-')) {
        char op = text.charAt(i++);
        left = CodeBlock.of("$L $L $L", left, op, term());
      } else {
        return left;
      }
    }
  }

  private CodeBlock term() {
    CodeBlock left = unary();
    while (true) {
      space();
      if (peek('*') || peek('/')) {
        char op = text.charAt(i++);
        CodeBlock right = unary();
        // a quotient's divisor is parenthesised, so a / b * c keeps its left-to-right meaning
        left = CodeBlock.of("$L $L ($L)", left, op, right);
      } else {
        return left;
      }
    }
  }

  private CodeBlock unary() {
    // every nesting (parentheses, signs, powers) passes here: bounded, so no input overflows the stack
    if (++depth > MAX_DEPTH) {
      throw error("the device value nests deeper than " + MAX_DEPTH + " levels");
    }
    try {
      space();
      if (peek('-')) {
        i++;
        return CodeBlock.of("-($L)", unary());
      }
      return power();
    } finally {
      depth--;
    }
  }

  private CodeBlock power() {
    CodeBlock base = atom();
    space();
    if (peek('^')) {
      i++;
      return CodeBlock.of("Math.pow($L, $L)", base, unary());
    }
    return base;
  }

  private CodeBlock atom() {
    space();
    if (i >= text.length()) {
      throw error("the device value ends where a number, a property or '(' was expected");
    }
    char c = text.charAt(i);
    if (c == '(') {
      i++;
      CodeBlock inner = expression();
      space();
      if (!peek(')')) {
        throw error("')' expected in the device value");
      }
      i++;
      return CodeBlock.of("($L)", inner);
    }
    if (Character.isDigit(c)) {
      int start = i;
      while (i < text.length() && (Character.isDigit(text.charAt(i)) || text.charAt(i) == '.')) {
        i++;
      }
      String number = text.substring(start, i);
      if (!number.matches("\\d+(\\.\\d+)?")) {
        throw new RuleError(pos.plus(start), "'" + number + "' is not a number");
      }
      return CodeBlock.of("$Ld", number);
    }
    if (Character.isLetter(c)) {
      return propertyAtom();
    }
    throw error("unexpected '" + c + "' in the device value");
  }

  private CodeBlock propertyAtom() {
    int start = i;
    String name = identifier();
    if (text.startsWith("::", i)) {
      i += 2;
      name = name + "::" + identifier();
    }
    YNode.Pos at = pos.plus(start);
    DeviceRegistry.Member m = DevicePredicates.resolve(registry.properties(name), "property",
        new YNode.Scalar(at, name), registry.propertyNames(), registry);
    String field = null;
    if (peek('.')) {
      i++;
      field = identifier();
    }
    Integer index = null;
    if (peek('[')) {
      i++;
      int digits = i;
      while (i < text.length() && Character.isDigit(text.charAt(i))) {
        i++;
      }
      if (digits == i || !peek(']')) {
        throw error("an index is written [N]");
      }
      index = Integer.parseInt(text.substring(digits, i));
      i++;
    }
    return property(m, field, index, at);
  }

  private String identifier() {
    int start = i;
    while (i < text.length() && (Character.isLetterOrDigit(text.charAt(i)) || text.charAt(i) == '_')) {
      i++;
    }
    if (start == i) {
      throw error("a name expected in the device value");
    }
    return text.substring(start, i);
  }

  private boolean peek(char c) {
    return i < text.length() && text.charAt(i) == c;
  }

  private void space() {
    while (i < text.length() && text.charAt(i) == ' ') {
      i++;
    }
  }

  private RuleError error(String message) {
    return new RuleError(pos.plus(i), message);
  }
}
