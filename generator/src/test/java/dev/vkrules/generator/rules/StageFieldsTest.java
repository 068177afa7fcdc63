package dev.vkrules.generator.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The entry-point fields about a stage's interface as a whole ({@code input-locations},
 * {@code output-locations}, {@code emitted-streams}, {@code largest-stream-data-size}); their
 * meaning is tested in the runtime's StageFactsTest.
 */
class StageFieldsTest {
  @Test
  void locationFieldsCallInterfaceSlotsWithTheNamedStorageClass() {
    assertTrue(CheckFixture.compile("for: entry-point\nrequire: {path: input-locations, at-most: 16}").toString()
        .contains("InterfaceSlots.locationsSpanned(f, s, 1L)"));
    assertTrue(CheckFixture.compile("for: entry-point\nrequire: {path: output-locations, at-most: 16}").toString()
        .contains("InterfaceSlots.locationsSpanned(f, s, 3L)"));
  }

  @Test
  void streamFieldsAreIntegersOfTheEntryPoint() {
    assertTrue(CheckFixture.compile("for: entry-point\nrequire: {path: emitted-streams, at-most: 1}").toString()
        .contains("f.emittedStreams(s)"));
    assertTrue(CheckFixture.compile("for: entry-point\nrequire: {path: largest-stream-data-size, multiple-of: 4}")
        .toString().contains("f.largestStreamDataSize(s)"));
    assertEquals("r.yaml:10:38: operator 'has-any' does not apply to a integer; use is, is-not, in, not-in, at-most,"
        + " at-least, multiple-of",
        CheckFixture.error("for: entry-point\nrequire: {path: emitted-streams, has-any: [Input]}"));
  }

  @Test
  void combinedOutputResourcesAsksTheEntryPoint() {
    String code = CheckFixture.compile("for: entry-point\nrequire: {path: combined-output-resources, at-most: 8}").toString();
    assertTrue(code.contains("f.combinedOutputResources(s)"), code);
  }

  @Test
  void theFieldsNeedAnEntryPoint() {
    assertEquals("r.yaml:10:21: field 'output-locations' needs an entry point, not instruction [OpVariable]",
        CheckFixture.error("for: variable\nrequire: {path: output-locations, at-most: 4}"));
  }
}
