package dev.vkrules.generator.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The {@code image-variable} field: an operand's resource variable, on which storage class and
 * decorations can be tested (its meaning on modules: the runtime's ImageSourcesTest and the
 * examples of VUID-RuntimeSpirv-OpImageBlockMatchSSDQCOM-06983/06984).
 */
class ImageVariableLanguageTest {
  private static final String BLOCK_MATCH = "for: {instruction: [OpImageBlockMatchSSDQCOM]}\n";

  @Test
  void compilesToTheImageSourcesHelper() {
    String code = CheckFixture.compile(BLOCK_MATCH
        + "require: {path: Target.image-variable, decorated: [BlockMatchTextureQCOM]}").body().toString();
    assertTrue(code.contains("dev.vkrules.runtime.engine.module.ImageSources.variable(f, "), code);
  }

  @Test
  void isAVariableWithAStorageClass() {
    CheckFixture.compile(BLOCK_MATCH + "require: {path: Reference.image-variable.storage-class, is: UniformConstant}");
    assertEquals("r.yaml:10:58: operator 'at-least' does not apply to a StorageClass value; use is, is-not, in, not-in",
        CheckFixture.error(BLOCK_MATCH + "require: {path: Target.image-variable.storage-class, at-least: 1}"));
  }
}
