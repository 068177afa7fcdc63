package dev.vkrules.generator.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/**
 * Float device limits and {@code {device: {value: ...}}}: a number the device gives by arithmetic
 * over its properties, compared with a module value read first.
 */
class DeviceValueTest {
  private static final String INTERPOLATE = "for: {extended-instruction: [InterpolateAtOffset], set: GLSL.std.450}\n";
  private static final String X = "offset.constituent(0).float-values";
  private static final String MODULE_X = "(ConstantValues.comparable(ConstantValues.floats(f, "
      + "ConstantValues.constituent(f, f.ref(s, T0), 0))))";

  private static String body(String check) {
    return CheckFixture.compile(check).body().toString().replaceAll("dev\\.vkrules\\.runtime\\.engine\\.(\\w+\\.(?=[A-Z]))?", "");
  }

  @Test
  void aFloatLimitIsComparedWithTheModulesValueFirst() {
    String body = body(INTERPOLATE + "require: {device: {property: minInterpolationOffset, at-most: " + X + "}}");
    // "the limit at most x" is "x at least the limit": the module's value first, so a value computed
    // at run time is unknown before any device fact is asked for
    assertTrue(body.contains(MODULE_X + " >= DeviceFacts.number(f.device().real(\"VkPhysicalDeviceLimits\", "
        + "\"minInterpolationOffset\"))"), body);
  }

  @Test
  void aValueIsArithmeticOverProperties() {
    String body = body(INTERPOLATE + "require:\n  device:\n    value: \"maxFragmentSize.width * (maxInterpolationOffset"
        + " + 1 / 2^subPixelInterpolationOffsetBits) - 1 / 2^subPixelInterpolationOffsetBits\"\n    at-least: " + X);
    String ulp = "1d / (Math.pow(2d, (double) f.device().limit(\"VkPhysicalDeviceLimits\", "
        + "\"subPixelInterpolationOffsetBits\")))";
    assertTrue(body.contains(MODULE_X + " <= DeviceFacts.number((double) f.device().limit("
        + "\"VkPhysicalDeviceFragmentShadingRatePropertiesKHR\", \"maxFragmentSize\", \"width\") * ((f.device().real("
        + "\"VkPhysicalDeviceLimits\", \"maxInterpolationOffset\") + " + ulp + ")) - " + ulp + ")"), body);
  }

  @Test
  void precedenceIsArithmetics() {
    // unary minus binds looser than ^ (-2^x is -(2^x)); ^ is right-associative; * and / left to right
    String body = body("for: module\nrequire: {device: {value: \"-2^3^2 / 4 * maxComputeWorkGroupSize[1] - (1 - 3)\","
        + " at-least: 1}}");
    assertTrue(body.contains("(1L) <= DeviceFacts.number(-(Math.pow(2d, Math.pow(3d, 2d))) / (4d) * ((double) "
        + "f.device().limit(\"VkPhysicalDeviceLimits\", \"maxComputeWorkGroupSize\", 1)) - (1d - 3d))"), body);
  }

  @Test
  void valuesNameNumericPropertiesOnly() {
    assertEquals("r.yaml:10:35: a device value is a number; VkPhysicalDeviceLimits::timestampComputeAndGraphics is "
        + "VkBool32", CheckFixture.error("for: module\nrequire: {device: {value: \"2 * timestampComputeAndGraphics\","
        + " at-least: 1}}"));
    assertTrue(CheckFixture.error("for: module\nrequire: {device: {value: \"maxFragmentSize\", at-least: 1}}")
        .contains("is a VkExtent2D; name a member: height, width"));
    assertTrue(CheckFixture.error("for: module\nrequire: {device: {value: \"maxComputeWorkGroupSize\", at-least: 1}}")
        .contains("say which element with [index]"));
    assertTrue(CheckFixture.error("for: module\nrequire: {device: {value: \"maxInterpolationOfset\", at-least: 1}}")
        .contains("unknown device property 'maxInterpolationOfset', did you mean maxInterpolationOffset"));
    assertEquals("r.yaml:10:53: unexpected ')' in the device value",
        CheckFixture.error("for: module\nrequire: {device: {value: \"maxInterpolationOffset)\", at-least: 1}}"));
    assertEquals("r.yaml:10:70: 'times' cannot be used in a device value test; it takes at-least or at-most (write any "
        + "arithmetic in the value)", CheckFixture.error(
            "for: module\nrequire: {device: {value: \"maxInterpolationOffset\", at-least: 1, times: 2}}"));
  }

  @Test
  void exampleDevicesStateFloatLimitsAsWritten() throws Exception {
    DeviceRegistry registry = DeviceRegistry.forTables(DevicePredicatesTest.TABLES);
    YNode device = YamlReader.read("d.yaml", "{properties: {minInterpolationOffset: -0.5, maxInterpolationOffset: 0.4375,"
        + " subPixelInterpolationOffsetBits: 4}}");
    JsonNode limits = new ObjectMapper().readTree(ExampleDevice.toProfileJson(device, registry))
        .at("/capabilities/device/properties/VkPhysicalDeviceProperties/limits");
    assertEquals("-0.5", limits.get("minInterpolationOffset").asText());
    assertEquals("0.4375", limits.get("maxInterpolationOffset").asText());
    RuleError e = org.junit.jupiter.api.Assertions.assertThrows(RuleError.class, () -> ExampleDevice.toProfileJson(
        YamlReader.read("d.yaml", "{properties: {subPixelInterpolationOffsetBits: 4.5}}"), registry));
    assertTrue(e.getMessage().contains("a decimal number of a float property"), e.getMessage());
  }

  /** Nesting is bounded: a value of a thousand parentheses or signs is an error, not a stack overflow. */
  @Test
  void deepNestingIsAnErrorWithItsPosition() {
    for (String deep : new String[] {"(".repeat(1000) + "1" + ")".repeat(1000), "-".repeat(1000) + "1", "2^".repeat(1000) + "2"}) {
      String message = CheckFixture.error(INTERPOLATE + "require: {device: {value: \"" + deep + "\", at-most: " + X + "}}");
      assertTrue(message.matches("r\\.yaml:\\d+:\\d+: the device value nests deeper than 64 levels"), message);
    }
  }
}
