package dev.vkrules.generator.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Additions made for the cooperative matrix and vector rules: {@code value-as(Kind)} reads an
 * {@code <id>} constant as an enumerant of a grammar value enum (its run-time meaning is tested by
 * the examples of VUID-RuntimeSpirv-OpCooperativeVectorMatrixMulNV-10090 and -10096).
 */
class CooperativeLanguageTest {
  private static final String MATRIX_MUL = "for: {instruction: [OpCooperativeVectorMatrixMulNV]}\nrequire:\n";

  private static String compile(String check) {
    return CheckFixture.compile(check).toString();
  }

  private static String error(String check) {
    return CheckFixture.error(check);
  }

  @Test
  void valueAsComparesAConstantWithNamedEnumerants() {
    String code = compile(MATRIX_MUL + "  path: MemoryLayout.value-as(CooperativeVectorMatrixLayout)\n"
        + "  in: [RowMajorNV, ColumnMajorNV]");
    assertTrue(code.contains("CooperativeVectorMatrixLayout.RowMajorNV"), code);
  }

  @Test
  void valueAsChecksEnumerantNamesAgainstTheKind() {
    assertTrue(error(MATRIX_MUL + "  path: MemoryLayout.value-as(CooperativeVectorMatrixLayout)\n  is: RowMajor")
        .contains("unknown CooperativeVectorMatrixLayout 'RowMajor'"));
  }

  @Test
  void valueAsNeedsAValueEnumKind() {
    assertEquals("r.yaml:11:26: unknown enumerated operand kind 'Layout'",
        error(MATRIX_MUL + "  path: MemoryLayout.value-as(Layout)\n  is: 0"));
    assertEquals("r.yaml:11:26: value-as reads a value enum; CooperativeMatrixOperands is a mask",
        error(MATRIX_MUL + "  path: MemoryLayout.value-as(CooperativeMatrixOperands)\n  is: 0"));
  }

  @Test
  void asNarrowsAPathSoItsOperandsCanBeNamed() {
    String mulAdd = "for: {instruction: [OpCooperativeMatrixMulAddNV]}\nrequire:\n";
    assertTrue(error(mulAdd + "  {path: A.type.Execution, is: Subgroup}").contains("select the opcodes first"));
    String code = compile(mulAdd + "  {path: A.type.as(OpTypeCooperativeMatrixNV).Execution, is: Subgroup}");
    assertTrue(code.contains("Narrowing.as(f"), code);
    assertTrue(error(mulAdd + "  {path: A.type.as(OpTypeCooperativeMatrix).Execution, is: Subgroup}")
        .contains("unknown opcode 'OpTypeCooperativeMatrix'"));
  }

  @Test
  void multipleOfTakesAProduct() {
    String load = "for: {instruction: [OpCooperativeMatrixLoadKHR]}\nrequire:\n";
    String code = compile(load + "  path: Stride.value\n  multiple-of: {path: type.Columns.value, times: 2}");
    assertTrue(code.contains("Logic.multipleOf("), code);
    assertEquals("r.yaml:12:47: an integer argument takes path and times, not 'plus'",
        error(load + "  path: Stride.value\n  multiple-of: {path: type.Columns.value, plus: 2}"));
  }

  @Test
  void stagesOfExecutionModelsNeedAShaderStageProperty() {
    String type = "for: {instruction: [OpTypeCooperativeMatrixKHR]}\nrequire:\n";
    String code = compile(type + "  device: {property: VkPhysicalDeviceCooperativeMatrixPropertiesKHR::"
        + "cooperativeMatrixSupportedStages, has-all: execution-models}");
    assertTrue(code.contains("ShaderStageFacts.has("), code);
    assertTrue(code.contains("\"VK_SHADER_STAGE_TASK_BIT_EXT\", \"VK_SHADER_STAGE_TASK_BIT_NV\""), code);
    assertTrue(error(type + "  device: {property: subgroupSupportedOperations, has-all: execution-models}")
        .contains("only a VkShaderStageFlags property holds"));
  }

  @Test
  void shaderStageBitsFollowTheExecutionModelNames() {
    DeviceRegistry vk = DeviceRegistry.of(java.nio.file.Path.of("../spec-sources/vk.xml"));
    assertEquals(java.util.Set.of("VK_SHADER_STAGE_COMPUTE_BIT"), ShaderStages.bits(vk, "GLCompute"));
    assertEquals(java.util.Set.of("VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT"), ShaderStages.bits(vk, "TessellationControl"));
    assertTrue(ShaderStages.bits(vk, "RayGenerationKHR").contains("VK_SHADER_STAGE_RAYGEN_BIT_KHR"));
    assertTrue(ShaderStages.bits(vk, "Kernel").isEmpty());
  }
}
