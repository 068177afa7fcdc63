package dev.vkrules.generator.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** A device property test's compared value: {@code times} factors and a {@code plus-property}. */
class DeviceComparedValueTest {
  private static final String EMIT = "for: {instruction: [OpEmitMeshTasksEXT]}\nrequire:\n  device:\n";

  @Test
  void timesMultipliesTheModulesValue() {
    String body = CheckFixture.compile(EMIT + "    property: VkPhysicalDeviceMeshShaderPropertiesEXT::maxMeshWorkGroupTotalCount\n"
        + "    at-least: Group Count X.value\n    times: [Group Count Y.value, Group Count Z.value]").body().toString();
    // the module's value first (unknown at run time before any device fact is asked for)
    assertTrue(body.matches("(?s).*f\\.device\\(\\)\\.unsignedAtLeast\\(\\(f\\.constant\\(.*\\) \\* f\\.constant\\(.*\\) "
        + "\\* f\\.constant\\(.*\\)\\), \"VkPhysicalDeviceMeshShaderPropertiesEXT\", \"maxMeshWorkGroupTotalCount\"\\).*"), body);
  }

  @Test
  void plusPropertyAddsAnotherDeviceLimit() {
    String body = CheckFixture.compile("for: entry-point\nrequire:\n  device:\n    property: maxComputeSharedMemorySize\n"
        + "    at-least: storage-size(Workgroup)\n    plus-property: cooperativeMatrixWorkgroupScopeReservedSharedMemory")
        .body().toString();
    assertTrue(body.contains("+ f.device().limit(\"VkPhysicalDeviceCooperativeMatrix2PropertiesNV\", "
        + "\"cooperativeMatrixWorkgroupScopeReservedSharedMemory\"))"), body);
  }

  @Test
  void aFloatConstantIsComparedByItsOneValue() {
    String body = CheckFixture.compile("for: {instruction: [OpImageBoxFilterQCOM]}\nrequire:\n  device:\n"
        + "    property: maxBoxFilterBlockSize\n    field: height\n    at-least: Box Size.constituent(1).float-values")
        .body().toString();
    assertTrue(body.contains("f.device().unsignedAtLeast(dev.vkrules.runtime.engine.module.ConstantValues.comparable("
        + "dev.vkrules.runtime.engine.module.ConstantValues.floats(f, dev.vkrules.runtime.engine.module.ConstantValues"
        + ".constituent(f, f.ref(s, T0), 1))), \"VkPhysicalDeviceImageProcessingPropertiesQCOM\", \"maxBoxFilterBlockSize\", "
        + "\"height\")"), body);
  }

  @Test
  void aComparedValueIsANumber() {
    RuleError e = assertThrows(RuleError.class, () -> CheckFixture.compile(
        "for: entry-point\nrequire:\n  device:\n    property: maxComputeSharedMemorySize\n    at-least: execution-models"));
    assertTrue(e.getMessage().contains("a device property is compared with an integer or a float constant's float-values"),
        e.getMessage());
  }

  @Test
  void theyOnlyChangeAComparedValue() {
    RuleError e = assertThrows(RuleError.class, () -> CheckFixture.compile(
        "for: entry-point\nrequire:\n  device:\n    property: subgroupQuadOperationsInAllStages\n    is: true\n    times: [2]"));
    assertEquals("r.yaml:14:9: 'times' changes the value at-least or at-most compares, not 'is'", e.getMessage());
  }

  @Test
  void dividesTestsAModuleValueAgainstAnAlignment() {
    String body = CheckFixture.compile("for: {decoration: [Offset, OffsetIdEXT]}\nrequire:\n  device:\n"
        + "    property: samplerDescriptorAlignment\n    divides: Byte Offset").body().toString();
    // the module's value first: a value no device decides needs no device information
    assertTrue(body.matches("(?s).*Logic\\.multipleOf\\(f\\.decorationParam\\(s, 0\\), "
        + "f\\.device\\(\\)\\.limit\\(\"VkPhysicalDeviceDescriptorHeapPropertiesEXT\", \"samplerDescriptorAlignment\"\\)\\).*"), body);
  }

  @Test
  void dividesTakesAnIntegerLimitAndValue() {
    RuleError e = assertThrows(RuleError.class, () -> CheckFixture.compile(
        "for: entry-point\nrequire:\n  device:\n    property: minInterpolationOffset\n    divides: 4"));
    assertTrue(e.getMessage().contains("'divides' tests an integer limit"), e.getMessage());
    e = assertThrows(RuleError.class, () -> CheckFixture.compile(
        "for: entry-point\nrequire:\n  device:\n    property: samplerDescriptorAlignment\n    divides: execution-models"));
    assertTrue(e.getMessage().contains("'divides' takes an integer of the module"), e.getMessage());
  }
}
