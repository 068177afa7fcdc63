package dev.vkrules.generator.rules;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The {@code device:} predicates: names resolved against vk.xml (ambiguous ones need their
 * structure), typed operators, and checks that use them compiled to {@code DeviceCheck}.
 */
class DevicePredicatesTest {
  static final Path ROOT = Path.of("..");
  static final RuleGrammar GRAMMAR = RuleGrammar.load(ROOT.resolve("spec-sources"));
  static final Path TABLES = ROOT.resolve("rules").resolve("tables");
  static final DeviceRegistry REGISTRY = DeviceRegistry.forTables(TABLES);

  private static CheckCompiler.Compiled compile(String check) {
    return CheckFixture.compile(check);
  }

  private static String error(String check) {
    return CheckFixture.error(check);
  }

  @Test
  void aMemberOfOneStructureAndItsPromotedFormResolves() {
    // shaderFloat16 lives in VkPhysicalDeviceShaderFloat16Int8Features and VkPhysicalDeviceVulkan12Features: one fact
    assertTrue(REGISTRY.features("shaderFloat16").size() >= 2, REGISTRY.features("shaderFloat16").toString());
    String body = compile("for: module\nrequire: {device: {feature: shaderFloat16}}").body().toString();
    assertTrue(body.contains("DeviceCheck.run("), body);
    assertTrue(body.contains("f.device().feature(\"VkPhysicalDeviceShaderFloat16Int8Features\", \"shaderFloat16\")"), body);
  }

  @Test
  void aNameOfUnrelatedStructuresIsAmbiguous() {
    String message = error("for: module\nrequire: {device: {property: maxMeshOutputVertices, at-least: 1}}");
    assertTrue(message.contains("is ambiguous") && message.contains("write Struct::member"), message);
    compile("for: module\nrequire: {device: {property: VkPhysicalDeviceMeshShaderPropertiesEXT::maxMeshOutputVertices,"
        + " at-least: 1}}");
  }

  @Test
  void unknownNamesSuggestTheClosest() {
    String message = error("for: module\nrequire: {device: {feature: fragmentStoreAndAtomics}}");
    assertTrue(message.contains("unknown device feature 'fragmentStoreAndAtomics', did you mean fragmentStoresAndAtomics"),
        message);
    assertTrue(error("for: module\nrequire: {device: {extension: VK_EXT_mesh_shaders}}").contains("did you mean"));
  }

  @Test
  void operatorsMustFitTheMembersType() {
    assertTrue(error("for: module\nrequire: {device: {property: maxComputeWorkGroupSize, at-least: 1}}")
        .contains("say which element with index"));
    assertTrue(error("for: module\nrequire: {device: {property: maxComputeWorkGroupInvocations, is: true}}")
        .contains("'is' tests a VkBool32 or enum property"));
    assertTrue(error("for: module\nrequire: {device: {property: maxComputeWorkGroupSize, index: 3, at-least: 1}}")
        .contains("index 3 is outside"));
  }

  @Test
  void aCheckWithoutDevicePredicatesKeepsItsPlainBody() {
    String body = compile("for: module\nrequire: {path: module.addressing-model, is: Logical}").body().toString();
    assertTrue(!body.contains("DeviceCheck") && body.contains("Logic.fails("), body);
  }

  @Test
  void formatFeaturesNameSpirvImageFormatsThroughTheExtractedTable() {
    String body = compile("for: {instruction: [OpTypeImage]}\n"
        + "require: {device: {format-feature: {format: ImageFormat, feature: STORAGE_IMAGE_ATOMIC}}}").toString();
    assertTrue(body.contains("VK_FORMAT_R32_UINT") && body.contains("VK_FORMAT_FEATURE_STORAGE_IMAGE_ATOMIC_BIT"), body);
    assertTrue(error("for: {instruction: [OpTypeImage]}\n"
        + "require: {device: {format-feature: {format: Dim, feature: STORAGE_IMAGE_ATOMIC}}}").contains("ImageFormat"));
  }

  @Test
  void anEnumPropertyIsOneOfItsEnumerantsUnderAnyOfItsNames() {
    String body = compile("for: module\nrequire: {device: {property: denormBehaviorIndependence, "
        + "is: VK_SHADER_FLOAT_CONTROLS_INDEPENDENCE_NONE_KHR}}").body().toString();
    assertTrue(body.contains("f.device().propertyIs(\"VkPhysicalDeviceFloatControlsProperties\", "
        + "\"denormBehaviorIndependence\", \"VK_SHADER_FLOAT_CONTROLS_INDEPENDENCE_NONE\", "
        + "\"VK_SHADER_FLOAT_CONTROLS_INDEPENDENCE_NONE_KHR\")"), body);
    String message = error("for: module\nrequire: {device: {property: denormBehaviorIndependence, "
        + "is: VK_SHADER_FLOAT_CONTROLS_INDEPENDENCE_NON}}");
    assertTrue(message.contains("unknown VkShaderFloatControlsIndependence 'VK_SHADER_FLOAT_CONTROLS_INDEPENDENCE_NON'")
        && message.contains("did you mean"), message);
  }
}
