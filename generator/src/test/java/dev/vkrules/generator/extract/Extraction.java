package dev.vkrules.generator.extract;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Test support: one AsciidoctorJ runtime for all tests, and the project's pinned spec sources. */
final class Extraction {
  private static final SpecExtractor EXTRACTOR = SpecExtractor.start();
  private static ExtractedSpec specSources;

  private Extraction() {}

  /** The shared extractor (JRuby starts once per test JVM). */
  static SpecExtractor extractor() {
    return EXTRACTOR;
  }

  /** The project root (the directory holding spec-sources/). */
  static Path root() {
    Path dir = Path.of("").toAbsolutePath();
    while (dir != null && !Files.isDirectory(dir.resolve("spec-sources"))) {
      dir = dir.getParent();
    }
    if (dir == null) {
      throw new IllegalStateException("no spec-sources/ above " + Path.of("").toAbsolutePath());
    }
    return dir;
  }

  static Path specSourcesDir() {
    return root().resolve("spec-sources");
  }

  /** A spec directory kept as a test fixture, {@code generator/src/test/fixtures/NAME}. */
  static Path fixture(String name) {
    return root().resolve("generator/src/test/fixtures").resolve(name);
  }

  /** The extraction of spec-sources/, done once. */
  static synchronized ExtractedSpec specSources() {
    if (specSources == null) {
      specSources = EXTRACTOR.extractFrom(specSourcesDir());
    }
    return specSources;
  }

  /** Writes a spec directory with {@code adoc} as the appendix and {@code xml} as the registry. */
  static Path specDir(Path dir, String adoc, String xml) {
    try {
      Files.createDirectories(dir);
      Files.writeString(dir.resolve(SpecExtractor.APPENDIX), adoc, StandardCharsets.UTF_8);
      Files.writeString(dir.resolve(SpecExtractor.REGISTRY), xml, StandardCharsets.UTF_8);
      return dir;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A registry with one capability of each enable form, one extension and two image formats. */
  static final String SMALL_XML = """
      <?xml version="1.0" encoding="UTF-8"?>
      <registry>
        <types>
          <type category="define">// Version of this file
      #define <name>VK_HEADER_VERSION</name> 999</type>
          <type category="define" requires="VK_HEADER_VERSION">// Complete version of this file
      #define <name>VK_HEADER_VERSION_COMPLETE</name> <type>VK_MAKE_API_VERSION</type>(0, 1, 9, VK_HEADER_VERSION)</type>
        </types>
        <formats>
          <format name="VK_FORMAT_R8_UNORM" class="8-bit"><spirvimageformat name="R8"/></format>
          <format name="VK_FORMAT_R8_SNORM" class="8-bit"/>
          <format name="VK_FORMAT_R32_SFLOAT" class="32-bit"><spirvimageformat name="R32f"/></format>
          <format name="VK_FORMAT_R8_SRGB" class="8-bit"><spirvimageformat name="R8"/></format>
        </formats>
        <spirvextensions>
          <spirvextension name="SPV_KHR_x">
            <enable version="VK_VERSION_1_1"/>
            <enable extension="VK_KHR_x"/>
          </spirvextension>
        </spirvextensions>
        <spirvcapabilities>
          <spirvcapability name="Shader"><enable version="VK_VERSION_1_0"/></spirvcapability>
          <spirvcapability name="Foo">
            <enable struct="VkPhysicalDeviceFooFeatures" feature="foo" requires="VK_KHR_foo" alias="fooKHR"/>
            <enable property="VkPhysicalDeviceBarProperties" member="bar" value="VK_TRUE" requires="VK_VERSION_1_2,VK_KHR_bar"/>
          </spirvcapability>
        </spirvcapabilities>
      </registry>
      """;
}
