package dev.vkrules.generator.rules;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * {@code at(N)} on a list: its element N, typed as the list's elements, so a path can go on from
 * it ({@code Indexes.at(0).value}: the first index of an access chain, VUID-RuntimeSpirv-MeshEXT-12333);
 * past the end of the list it is unknown (the runtime's {@code Narrowing.at}).
 */
class ListElementLanguageTest {
  private static final String CHAINS = "for: {instruction: [OpAccessChain]}\n";

  @Test
  void anElementOfAListIsAnInstruction() {
    String body = CheckFixture.compile(CHAINS + "require: {path: Indexes.at(0).value, at-most: 3}").body().toString();
    assertTrue(body.contains("dev.vkrules.runtime.engine.Narrowing.at(f.refs(s, "), body);
    assertTrue(body.contains(", 0)"), body);
  }

  @Test
  void aLaterElementAndTheSubjectInsideAQuantifier() {
    String body = CheckFixture.compile(CHAINS + "require:\n  every: Indexes\n  satisfies: {path: value, at-most: subject.Indexes.at(1).value}")
        .body().toString();
    assertTrue(body.contains("Narrowing.at(f.refs(s, "), body);
    assertTrue(body.contains(", 1)"), body);
  }

  @Test
  void aListHasNoOtherField() {
    String e = CheckFixture.error(CHAINS + "require: {path: Indexes.value, at-most: 3}");
    assertTrue(e.contains("has no field 'value'; a list has only at(N), its element N"), e);
  }
}
