package dev.vkrules.generator.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code format-components} field (component count of the VkFormat of an image's Image
 * Format, from vk.xml) and {@code at-least} / {@code at-most} with a path argument (its meaning
 * on modules: the examples of VUID-RuntimeSpirv-OpImageWrite-07112).
 */
class FormatComponentsLanguageTest {
  private static final String WRITE = "for: {instruction: [OpImageWrite]}\n";

  @Test
  void countsTheComponentsOfTheFormatHoldingTheSpirvImageFormat(@TempDir Path dir) throws Exception {
    Path tables = dir.resolve("rules").resolve("tables");
    Files.createDirectories(tables);
    Files.createDirectories(dir.resolve("spec-sources"));
    Files.writeString(dir.resolve("spec-sources").resolve("vk.xml"), String.join("\n",
        "<registry><formats>",
        "<format name=\"VK_FORMAT_B10G11R11_UFLOAT_PACK32\"><component name=\"B\"/><component name=\"G\"/>",
        "<component name=\"R\"/><spirvimageformat name=\"R11fG11fB10f\"/></format>",
        "<format name=\"VK_FORMAT_R8_UNORM\"><component name=\"R\"/><spirvimageformat name=\"R8\"/></format>",
        "<format name=\"VK_FORMAT_R8G8_UNORM\"><component name=\"R\"/><component name=\"G\"/></format>",
        "</formats></registry>"));
    assertEquals(Map.of("R11fG11fB10f", 3, "R8", 1), FormatComponents.forTables(tables));
  }

  @Test
  void theFieldCompilesToATableByImageFormatValue() {
    String code = CheckFixture.compile(WRITE
        + "require: {path: Texel.type.components, at-least: image-type.format-components}").body().toString();
    assertTrue(code.contains("dev.vkrules.runtime.engine.module.ImageSources.formatComponents(f, "), code);
    assertTrue(code.contains(" >= "), code);
  }

  @Test
  void aPathBoundComparesIntegersOnly() {
    assertEquals("r.yaml:10:42: 'at-most' a path compares integers, got StorageClass value and integer",
        CheckFixture.error(WRITE + "require: {path: Image.storage-class, at-most: image-type.format-components}"));
  }
}
