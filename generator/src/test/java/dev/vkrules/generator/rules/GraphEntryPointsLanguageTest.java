package dev.vkrules.generator.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The {@code graph-entry-points} path field (SPV_ARM_graph): the OpGraphEntryPointARM whose
 * graph uses an instruction. The runtime side runs in the examples of
 * VUID-RuntimeSpirv-pNext-09920 (a graph constant used and not used by an entry point's graph).
 */
class GraphEntryPointsLanguageTest {
  private static final String CONSTANTS = "for: {instruction: [OpGraphConstantARM]}\n";

  @Test
  void isAListOfGraphEntryPointsCountedOrQuantified() {
    String body = CheckFixture.compile(CONSTANTS
        + "require:\n  if: {count: graph-entry-points, at-least: 1}\n  then: {path: type.word-count, is: 5}")
        .body().toString();
    assertTrue(body.contains("GraphEntryPoints.of(f, s)"), body);
    String named = CheckFixture.compile(CONSTANTS
        + "require:\n  every: graph-entry-points\n  satisfies: {path: Graph.opcode, is: OpGraphARM}").body().toString();
    assertTrue(named.contains("GraphEntryPoints.of(f, s)"), named);
  }

  @Test
  void elementsAreGraphEntryPoints() {
    assertTrue(CheckFixture.error(CONSTANTS
        + "require:\n  every: graph-entry-points\n  satisfies: {path: ExecutionModel, is: GLCompute}")
        .contains("ExecutionModel"));
  }

  @Test
  void isNotAValue() {
    assertEquals("r.yaml:10:41: operator 'is' does not apply to a list of instruction [OpGraphEntryPointARM]; use present",
        CheckFixture.error(CONSTANTS + "require: {path: graph-entry-points, is: 1}"));
  }
}
