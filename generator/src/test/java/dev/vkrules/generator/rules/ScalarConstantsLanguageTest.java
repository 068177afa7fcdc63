package dev.vkrules.generator.rules;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * {@code scalar-constants} and {@code signed-value} on an Image Operands parameter: ConstOffset
 * follows Grad, whose two parameter words are counted (their meaning on modules: the runtime's
 * ConstantValuesTest and the examples of VUID-RuntimeSpirv-OpImageSample-06435).
 */
class ScalarConstantsLanguageTest {
  @Test
  void constOffsetCountsGradAsTwoWords() {
    String code = CheckFixture.compile("for: {instruction: [OpImageSampleExplicitLod]}\n"
        + "require: {every: ImageOperands.ConstOffset.scalar-constants, satisfies: {path: signed-value, at-least: -8}}")
        .body().toString();
    // ConstOffset is bit 0x8; Bias 0x1, Lod 0x2 and Grad 0x4 come before it, Grad with two words
    assertTrue(code.contains("8L, 7L, 4L)"), code);
    assertTrue(code.contains("dev.vkrules.runtime.engine.module.ConstantValues.scalars(f, "), code);
    assertTrue(code.contains("dev.vkrules.runtime.engine.module.ConstantValues.signedValue(f, "), code);
  }

  @Test
  void aParameterAfterOneWordParametersKeepsTheShortForm() {
    String code = CheckFixture.compile("for: {instruction: [OpImageSampleExplicitLod]}\n"
        + "require: {path: ImageOperands.Lod.opcode, is: OpConstant}").body().toString();
    assertTrue(code.contains("2L, 1L)"), code);
  }
}
