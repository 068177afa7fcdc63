package dev.vkrules.generator.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The float-controls additions: {@code id-operands} (the definitions of an instruction's id
 * operands) and the typed id parameters of {@code FPFastMathDefault} (its Target Type is an
 * instruction, its Fast-Math Mode an FPFastMathMode mask). The runtime side runs in the
 * examples of VUID-RuntimeSpirv-shaderSignedZeroInfNanPreserveFloat16-09559 and -09560.
 */
class FloatControlsLanguageTest {
  private static final String DEFAULT = "for: {execution-mode: [FPFastMathDefault]}\nrequire: ";

  private static String compile(String check) {
    return CheckFixture.compile(check).body().toString();
  }

  @Test
  void idOperandsIsAListOfInstructions() {
    String body = compile("for: {decoration: [FPFastMathMode]}\nrequire:\n  some: target.id-operands\n"
        + "  satisfies: {path: type.width, is: 16}");
    assertTrue(body.contains("IdOperands.of(f, f.target(s))"), body);
    assertEquals("r.yaml:10:41: operator 'is' does not apply to a list of instruction; use present",
        CheckFixture.error("for: {decoration: [FPFastMathMode]}\nrequire: {path: target.id-operands, is: 1}"));
  }

  @Test
  void targetTypeIsTheTypeItNames() {
    String body = compile(DEFAULT + "{path: Target Type.width, is: 16}");
    assertTrue(body.contains("f.width(f.def((int) f.word(s, 3))) == 16L"), body);
  }

  @Test
  void fastMathModeIsAMaskOfItsKind() {
    String body = compile(DEFAULT + "{path: Fast-Math Mode, has-all: [NSZ, NotInf, NotNaN]}");
    assertTrue(body.contains("f.constant(f.def((int) f.word(s, 4)))"), body);
    assertTrue(CheckFixture.error(DEFAULT + "{path: Fast-Math Mode, has-all: [Relaxed]}").contains("Relaxed"));
  }

  @Test
  void otherIdParametersStayIntegerConstants() {
    String body = compile("for: {execution-mode: [LocalSizeId]}\nrequire: {path: x size, at-most: 64}");
    assertTrue(body.contains("f.modeParam(s, 0) <= 64L"), body);
  }

  @Test
  void widthModesListsTheModesWithATargetWidth() {
    String body = compile("for: entry-point\nrequire: {path: width-modes(16), has-any: [DenormPreserve]}");
    assertTrue(body.contains("WidthModes.of(f, s, 16L, "), body);
    for (String mode : new String[] {"DenormPreserve", "DenormFlushToZero", "SignedZeroInfNanPreserve",
        "RoundingModeRTE", "RoundingModeRTZ"}) {
      assertTrue(body.matches("(?s).*ExecutionMode\\." + mode + "[,)].*"), mode + " in " + body);
    }
    assertTrue(!body.contains("ExecutionMode.LocalSize,") && !body.contains("ExecutionMode.FPFastMathDefault"), body);
  }

  @Test
  void widthModesNeedsAnEntryPoint() {
    assertEquals("r.yaml:10:21: 'width-modes(16)' needs an entry point, not instruction [OpVariable]",
        CheckFixture.error("for: variable\nrequire: {path: width-modes(16), has-any: [DenormPreserve]}"));
  }
}
