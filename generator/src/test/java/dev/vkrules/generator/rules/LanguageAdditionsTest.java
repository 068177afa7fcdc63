package dev.vkrules.generator.rules;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Two additions made while authoring rules: {@code if: {path: opcode, is|in: ...}} narrows the
 * subject's opcodes inside {@code then}, so an operand only some selected opcodes carry can be
 * named there and nowhere else; {@code referenced-variables} is a list of variables (its
 * meaning is tested in the runtime's StaticUseTest).
 */
class LanguageAdditionsTest {
  static final Path ROOT = Path.of("..");
  static final RuleGrammar GRAMMAR = RuleGrammar.load(ROOT.resolve("spec-sources"));
  static final Path RULES = ROOT.resolve("rules");
  private static final String CONVERSIONS = "for: {instruction: [OpConvertUToPtr, OpConvertPtrToU]}\nrequire:\n";

  /** Parses a rule around the check and compiles the check. */
  private static void compile(String check) {
    String text = CheckFixture.ruleText(check);
    RuleFile r = RuleLoader.parse("r.yaml", text);
    new CheckCompiler(GRAMMAR, new Tables(RULES.resolve("tables"))).compile(r.authored().check());
  }

  private static String error(String check) {
    return assertThrows(RuleError.class, () -> compile(check)).getMessage();
  }

  @Test
  void operandOfOnlySomeSelectedOpcodesIsAnError() {
    assertEquals("r.yaml:11:13: 'Integer Value' is not an operand of OpConvertPtrToU",
        error(CONVERSIONS + "  path: Integer Value.type.width\n  is: 64"));
  }

  @Test
  void opcodeTestInIfNarrowsTheSubjectInThen() {
    assertDoesNotThrow(() -> compile(CONVERSIONS
        + "  if: {path: opcode, is: OpConvertUToPtr}\n  then: {path: Integer Value.type.width, is: 64}"));
    assertDoesNotThrow(() -> compile(CONVERSIONS
        + "  if: {path: opcode, in: [\"OpConvertUToP*\"]}\n  then: {path: Integer Value.type.width, is: 64}"));
  }

  @Test
  void outsideThenTheSubjectKeepsEveryOpcode() {
    assertEquals("r.yaml:11:18: 'Integer Value' is not an operand of OpConvertPtrToU",
        error(CONVERSIONS + "  if: {path: Integer Value.opcode, is: OpLoad}\n  then: true"));
  }

  @Test
  void narrowingToAnOpcodeTheSubjectCannotHaveIsAnError() {
    assertEquals("r.yaml:11:30: no opcode here is one the subject can have, so 'then' never applies",
        error(CONVERSIONS + "  if: {path: opcode, is: OpLoad}\n  then: true"));
  }

  @Test
  void referencedVariablesIsAListOfVariables() {
    assertDoesNotThrow(() -> compile("for: entry-point\nrequire:\n  count: referenced-variables\n"
        + "  where: {path: storage-class, is: PushConstant}\n  at-most: 1"));
    assertEquals("r.yaml:10:43: operator 'is' does not apply to a list of instruction [OpVariable]; use present",
        error("for: entry-point\nrequire: {path: referenced-variables, is: 1}"));
  }
}
