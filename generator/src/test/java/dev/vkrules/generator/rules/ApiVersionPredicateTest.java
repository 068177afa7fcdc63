package dev.vkrules.generator.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * {@code {device: {api-version-at-least: 1.3}}}: the device's VkPhysicalDeviceProperties::apiVersion
 * (its meaning on devices: the examples of VUID-RuntimeSpirv-apiVersion-07954 and 07955).
 */
class ApiVersionPredicateTest {
  private static final String VARS = "for: variable\n";

  @Test
  void compilesToAVersionComparison() {
    String code = CheckFixture.compile(VARS + "require: {device: {api-version-at-least: 1.3}}").body().toString();
    assertTrue(code.contains("f.device().apiVersionAtLeast(1, 3)"), code);
  }

  @Test
  void takesMajorDotMinor() {
    assertEquals("r.yaml:10:46: api-version-at-least takes MAJOR.MINOR, like 1.3, not '1.3.0'",
        CheckFixture.error(VARS + "require: {device: {api-version-at-least: 1.3.0}}"));
  }

  @Test
  void aStructurePropertyIsComparedByItsMember() {
    String block = "for: {instruction: [OpImageBlockMatchSSDQCOM]}\n";
    String code = CheckFixture.compile(block + "require: {device: {property: maxBlockMatchRegion, field: height, "
        + "at-least: Block Size.constituent(1).value}}").body().toString();
    // an unsigned limit: the module's value first, and a value of 0 or less decided without the device
    assertTrue(code.contains("f.device().unsignedAtLeast(f.constant(dev.vkrules.runtime.engine.module.ConstantValues.constituent(f, "), code);
    assertTrue(code.contains(", \"VkPhysicalDeviceImageProcessingPropertiesQCOM\", \"maxBlockMatchRegion\", \"height\")"), code);
    assertTrue(code.contains("dev.vkrules.runtime.engine.module.ConstantValues.constituent(f, "), code);
    assertTrue(CheckFixture.error(block + "require: {device: {property: maxBlockMatchRegion, field: depth, at-least: 1}}")
        .contains("(VkExtent2D) has no integer member 'depth'"));
  }
}
