package dev.vkrules.generator.rules;

import java.util.List;

/**
 * Where an operand sits in an instruction's words, encoded in one int for the runtime's
 * {@code Facts.position}: below 0x10000 a fixed word index (the header is word 0); above,
 * {@code stringWord << 16 | k}: {@code k} words after the literal string that starts at
 * {@code stringWord}. Layouts that need more (an operand after an optional or variadic
 * one) are reported as unsupported rather than guessed.
 */
public final class OperandLayout {
  /** Returned when the operand's position cannot be encoded. */
  public static final int UNSUPPORTED = -1;

  private OperandLayout() {}

  /** The encoded position of operand {@code index} of {@code operands}. */
  public static int encode(List<RuleGrammar.Operand> operands, int index, RuleGrammar grammar) {
    int word = 1;
    int stringWord = -1;
    int after = 0;
    for (int i = 0; i < index; i++) {
      RuleGrammar.Operand o = operands.get(i);
      if (o.optional() || o.variadic()) {
        return UNSUPPORTED;
      }
      if (o.kind().equals("LiteralString")) {
        if (stringWord >= 0) {
          return UNSUPPORTED;
        }
        stringWord = word;
        continue;
      }
      if (!singleWord(o.kind(), grammar)) {
        return UNSUPPORTED;
      }
      if (stringWord >= 0) {
        after++;
      } else {
        word++;
      }
    }
    return stringWord >= 0 ? (stringWord << 16) | after : word;
  }

  /** True when an operand of this kind always takes exactly one word. */
  static boolean singleWord(String kind, RuleGrammar grammar) {
    switch (kind) {
      case "IdRef", "IdResult", "IdResultType", "IdScope", "IdMemorySemantics", "LiteralInteger",
          "LiteralExtInstInteger", "LiteralSpecConstantOpInteger" -> {
        return true;
      }
      default -> {
        RuleGrammar.Kind k = grammar.kinds().get(kind);
        if (k == null || !(k.isValueEnum() || k.isBitEnum())) {
          return false;
        }
        // An enumerant with parameters makes the operand longer than one word.
        return k.enumerants().values().stream().allMatch(e -> e.parameters().isEmpty());
      }
    }
  }
}
