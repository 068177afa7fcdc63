package dev.vkrules.generator.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@code times} and {@code plus} on a device property test: the module value is scaled, then offset. */
class DeviceArithmeticTest {
  @Test
  void plusAndTimesApplyToTheModuleValueTimesFirst() {
    String body = CheckFixture.compile("for: entry-point\nrequire: {device: {property: maxVertexOutputComponents,"
        + " at-least: output-locations, times: 4, plus: 1}}").body().toString();
    // the product first (times), then plus
    assertTrue(body.contains("locationsSpanned(f, s, 3L) * 4L)) + (1L), \"VkPhysicalDeviceLimits\", \"maxVertexOutputComponents\")")
        && body.contains("f.device().unsignedAtLeast("), body);
  }

  @Test
  void plusTakesAPath() {
    String body = CheckFixture.compile("for: {decoration: [Offset]}\nrequire: {device: {property:"
        + " maxTransformFeedbackBufferDataSize, at-least: Byte Offset, plus: data-type.size}}").body().toString();
    assertTrue(body.contains(" + (f.size(f.dataType(s)))"), body);
  }

  @Test
  void arithmeticNeedsAnOrderingTest() {
    assertEquals("r.yaml:10:84: 'plus' needs at-least or at-most", CheckFixture.error(
        "for: module\nrequire: {device: {property: transformFeedbackStreamsLinesTriangles, is: true, plus: 1}}"));
  }
}
