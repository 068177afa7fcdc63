package dev.vkrules.generator.rules;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The entry-point measures ({@code storage-size(...)}, {@code local-size-invocations},
 * {@code reached(...)}, {@code reached-count(...)}), the path root {@code subject} and
 * {@code at-most}/{@code at-least} a path. Their meaning is tested in the runtime's
 * EntryPointMeasuresTest; here, what compiles and the errors.
 */
class EntryPointFieldsTest {
  private static String compile(String check) {
    RuleFile r = RuleLoader.parse("r.yaml", CheckFixture.ruleText(check));
    return new CheckCompiler(LanguageAdditionsTest.GRAMMAR, new Tables(LanguageAdditionsTest.RULES.resolve("tables")))
        .compile(r.authored().check()).body().toString();
  }

  private static String error(String check) {
    return assertThrows(RuleError.class, () -> compile(check)).getMessage();
  }

  @Test
  void storageSizeNamesItsStorageClasses() {
    String body = compile("for: entry-point\nrequire:\n  path: storage-size(TaskPayloadWorkgroupEXT, Workgroup)\n  at-most: 16384");
    assertTrue(body.contains("storageSize(s, dev.vkrules.runtime.spirv.grammar.StorageClass.TaskPayloadWorkgroupEXT, "
        + "dev.vkrules.runtime.spirv.grammar.StorageClass.Workgroup)"), body);
  }

  @Test
  void anUnknownStorageClassIsAnErrorAtItsColumn() {
    assertEquals("r.yaml:10:34: unknown StorageClass 'Workgroop', did you mean Workgroup",
        error("for: entry-point\nrequire: {path: storage-size(Workgroop), at-most: 1}"));
  }

  @Test
  void measuresNeedAnEntryPoint() {
    assertEquals("r.yaml:10:21: field 'local-size-invocations' needs OpEntryPoint, not instruction [OpVariable]",
        error("for: variable\nrequire: {path: local-size-invocations, at-most: 1}"));
    assertEquals("r.yaml:10:21: field 'reached-count(OpNop)' needs OpEntryPoint or OpFunction, not instruction [OpVariable]",
        error("for: variable\nrequire: {path: reached-count(OpNop), at-most: 1}"));
  }

  @Test
  void reachedFromAnExecutionModesFunctionComparedWithTheSubject() {
    assertDoesNotThrow(() -> compile("for: {execution-mode: [OutputVertices]}\nrequire:\n"
        + "  every: Entry Point.reached(OpSetMeshOutputsEXT)\n"
        + "  satisfies: {path: Vertex Count.value, at-most: subject.Vertex count}"));
  }

  @Test
  void reachedElementsHaveTheirOpcodesOperands() {
    assertEquals("r.yaml:12:25: unknown field or operand 'Vertex Cont' of instruction [OpSetMeshOutputsEXT], "
        + "did you mean Vertex Count",
        error("for: entry-point\nrequire:\n  every: reached(OpSetMeshOutputsEXT)\n"
            + "  satisfies: {path: Vertex Cont.value, at-most: 3}"));
  }

  @Test
  void atMostAPathComparesIntegers() {
    assertEquals("r.yaml:10:30: 'at-most' a path compares integers, got instruction [OpEntryPoint] and integer",
        error("for: entry-point\nrequire: {path: subject, at-most: local-size-invocations}"));
  }

  @Test
  void previousInBlockOfAnyInstructionHasItsOpcodesOperands() {
    String body = compile("for: {instruction: [OpControlBarrierWaitEXT]}\nrequire:\n"
        + "  not: {path: \"previous-in-block(OpControlBarrierArriveEXT, OpControlBarrierWaitEXT).Execution\", is: Workgroup}");
    assertTrue(body.contains("f.measures().previousInBlock(s, dev.vkrules.runtime.spirv.grammar.Op.OpControlBarrierArriveEXT, "
        + "dev.vkrules.runtime.spirv.grammar.Op.OpControlBarrierWaitEXT)"), body);
    assertTrue(error("for: {instruction: [OpControlBarrierWaitEXT]}\n"
        + "require: {path: previous-in-block(OpControlBarrierArriveEXT).Stream, is: 1}")
        .contains("unknown field or operand 'Stream' of instruction [OpControlBarrierArriveEXT]"));
  }

  @Test
  void previousInBlockNeedsAnOpcode() {
    assertTrue(error("for: {instruction: [OpNop]}\nrequire: {path: previous-in-block(OpNopp), present: true}")
        .contains("OpNopp"));
  }
}
