package dev.vkrules.generator.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The {@code resource} operator and the {@code descriptor-indexes} field: what they compile to,
 * and the errors for a misspelt resource type or a subject without indexes. Their meaning on
 * modules is tested in the runtime's ShaderResourcesTest.
 */
class ResourceLanguageTest {
  private static final String CHAINS = "for: {instruction: [OpAccessChain, OpInBoundsAccessChain]}\n";

  private static String compile(String check) {
    return CheckFixture.compile(check).body().toString();
  }

  private static String error(String check) {
    return CheckFixture.error(check);
  }

  @Test
  void resourceNamesBecomeNamedConstants() {
    String code = compile(CHAINS + "where: {path: Base, resource: [sampler, combined-image-sampler]}\nrequire: false");
    assertTrue(code.contains("f.resource(f.ref(s, "), code);
    assertTrue(code.contains("dev.vkrules.runtime.engine.interfaces.ResourceType.SAMPLER, "
        + "dev.vkrules.runtime.engine.interfaces.ResourceType.COMBINED_IMAGE_SAMPLER)"), code);
  }

  @Test
  void anUnknownResourceTypeIsAnErrorWithASuggestion() {
    assertEquals("r.yaml:10:36: unknown resource type 'uniform-bufer', did you mean uniform-buffer",
        error(CHAINS + "where: {path: Base, resource: [uniform-bufer]}\nrequire: false"));
  }

  @Test
  void resourceTestsAnInstructionNotAnotherValue() {
    assertEquals("r.yaml:10:39: operator 'resource' does not apply to a StorageClass value; use is, is-not, in, not-in",
        error(CHAINS + "where: {path: Base.storage-class, resource: [uniform-buffer]}\nrequire: false"));
  }

  @Test
  void descriptorIndexesIsAListOnAccessChainsOnly() {
    String code = compile(CHAINS + "require: {every: descriptor-indexes, satisfies: {path: opcode, in: [\"OpConstant*\"]}}");
    assertTrue(code.contains("f.descriptorIndexes(s)"), code);
    assertEquals("r.yaml:10:22: field 'descriptor-indexes' needs OpAccessChain or OpInBoundsAccessChain, not instruction"
        + " [OpLoad]", error("for: {instruction: [OpLoad]}\nrequire: {every: descriptor-indexes, satisfies: true}"));
  }
}
