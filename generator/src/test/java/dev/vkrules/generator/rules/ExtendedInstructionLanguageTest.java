package dev.vkrules.generator.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * {@code for: {extended-instruction: [...], set: ...}}: the OpExtInst instructions of one
 * extended instruction set, their operands named by the set's grammar.
 */
class ExtendedInstructionLanguageTest {
  private static final String INTERPOLATE = "for: {extended-instruction: [InterpolateAtOffset], set: GLSL.std.450}\n";

  @Test
  void theSubjectIsOpExtInstOfTheSetAndInstruction() {
    CheckCompiler.Compiled c = CheckFixture.compile(INTERPOLATE + "require: {path: offset.opcode, is: OpConstantComposite}");
    assertTrue(c.dispatch().toString().endsWith("Op.OpExtInst"), c.dispatch().toString());
    String body = c.body().toString();
    // InterpolateAtOffset is GLSL.std.450 instruction 78; its offset follows Result Type, Result,
    // Set, Instruction and interpolant: word 6 of OpExtInst (opcode 12)
    assertTrue(body.contains("f.extInst(s, \"GLSL.std.450\", 78)"), body);
    assertTrue(body.contains("f.opcode(f.ref(s, T0))"), body);
    assertTrue(c.fields().get(0).toString().contains("Positions.of(12, 6)"), c.fields().toString());
  }

  @Test
  void operandsSharedByTheSelectedInstructionsAndOpExtInstsOwnAreNamed() {
    String body = CheckFixture.compile("for: {extended-instruction: [InterpolateAtSample, InterpolateAtOffset], "
        + "set: GLSL.std.450}\nrequire:\n- {path: interpolant.storage-class, is: Input}\n"
        + "- {path: type.opcode, is: OpTypeVector}\n- {path: Set.opcode, is: OpExtInstImport}").body().toString();
    assertTrue(body.contains("f.extInst(s, \"GLSL.std.450\", 77, 78)"), body);
    assertEquals("r.yaml:10:21: 'sample' is not an operand of GLSL.std.450 InterpolateAtOffset", CheckFixture.error(
        "for: {extended-instruction: [InterpolateAtSample, InterpolateAtOffset], set: GLSL.std.450}\n"
            + "require: {path: sample.opcode, is: OpConstant}"));
  }

  @Test
  void setsInstructionsAndOperandsAreCheckedAgainstTheGrammars() {
    assertEquals("r.yaml:9:61: unknown extended instruction set 'GLSL.std.45', did you mean GLSL.std.450",
        CheckFixture.error("for: {extended-instruction: [InterpolateAtOffset], set: GLSL.std.45}\nrequire: false"));
    assertEquals("r.yaml:9:34: unknown GLSL.std.450 instruction 'InterpolateAtOfset', did you mean InterpolateAtOffset",
        CheckFixture.error("for: {extended-instruction: [InterpolateAtOfset], set: GLSL.std.450}\nrequire: false"));
    assertTrue(CheckFixture.error("for: {extended-instruction: [InterpolateAtOffset]}\nrequire: false")
        .contains("extended-instruction needs the set's import name"));
    assertTrue(CheckFixture.error(INTERPOLATE + "require: {path: ofset.opcode, is: OpConstant}")
        .contains("unknown field or operand 'ofset' of instruction [OpExtInst], did you mean offset"));
  }
}
