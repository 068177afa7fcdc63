package dev.vkrules.runtime.engine.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.runtime.engine.Diagnostic;
import dev.vkrules.runtime.engine.Engine;
import dev.vkrules.runtime.engine.PreparedModule;
import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.engine.Validator;
import dev.vkrules.runtime.engine.device.DeviceView;
import dev.vkrules.runtime.pipeline.Pipeline;
import dev.vkrules.runtime.pipeline.PipelineReader;
import dev.vkrules.runtime.profile.DeviceViews;
import dev.vkrules.runtime.profile.ProfileReader;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code VUID-RuntimeSpirv-maintenance4-06817} ("If the maintenance4 feature is not enabled, ...")
 * read from the device, as every feature rule is: the wider Output vector of
 * {@code examples/pipelines/link.json}'s {@code output-vector-wider} pipeline is an error on a
 * device that states maintenance4 false, nothing on one that states it true (in its own structure
 * or in VkPhysicalDeviceVulkan13Features), and needs device information where the device does not
 * say or none is given. Validated alone, its vertex module needs a pipeline description for the
 * rule except on a device whose every variant states maintenance4 true.
 */
class Maintenance4DevicesTest {
  private static final String RULE = PipelineVuids.STAGE_VECTOR_WIDER_MAINTENANCE4.id();

  /** A one-block profile of API version {@code api} whose features are {@code features} (JSON members). */
  static List<DeviceView> device(String api, String features) throws Exception {
    String json = "{\"profiles\": {\"P\": {\"version\": 1, \"api-version\": \"" + api + "\", \"label\": \"test device\","
        + " \"capabilities\": [\"device\"]}}, \"capabilities\": {\"device\": {\"features\": {" + features + "}}}}";
    return DeviceViews.of(ProfileReader.parse(json.getBytes(StandardCharsets.UTF_8), null));
  }

  /** A profile with two alternative blocks: maintenance4 true in one, {@code other} in the other. */
  static List<DeviceView> twoVariants(String other) throws Exception {
    String json = "{\"profiles\": {\"P\": {\"version\": 1, \"api-version\": \"1.3.0\", \"label\": \"test device\","
        + " \"capabilities\": [[\"a\", \"b\"]]}}, \"capabilities\": {"
        + "\"a\": {\"features\": {\"VkPhysicalDeviceMaintenance4Features\": {\"maintenance4\": true}}},"
        + "\"b\": {\"features\": {" + other + "}}}}";
    return DeviceViews.of(ProfileReader.parse(json.getBytes(StandardCharsets.UTF_8), null));
  }

  static final String ENABLED = "\"VkPhysicalDeviceMaintenance4Features\": {\"maintenance4\": true}";
  static final String DISABLED = "\"VkPhysicalDeviceMaintenance4Features\": {\"maintenance4\": false}";
  static final String CORE = "\"VkPhysicalDeviceVulkan13Features\": {\"maintenance4\": true}";
  static final String UNSTATED = "\"VkPhysicalDeviceFeatures\": {\"shaderInt64\": true}";

  /** The 06817 findings of the output-vector-wider pipeline's stages on {@code views}. */
  static List<Diagnostic> linked(List<DeviceView> views) throws Exception {
    Engine engine = Validator.engine(Target.VULKAN_1_3);
    List<Diagnostic> out = new ArrayList<>();
    for (Pipeline p : PipelineReader.read(PipelineLinksExamplesTest.examples().resolve("link.json")).pipelines()) {
      if (!p.name().endsWith("output-vector-wider")) {
        continue;
      }
      for (PipelineValidator.PreparedStage s : PipelineValidator.prepare(p, engine, 20)) {
        PipelineValidator.withEntryPoint(s, s.module().evaluate(null, views), views).diagnostics().stream()
            .filter(d -> d.vuid().equals(RULE)).forEach(out::add);
      }
    }
    return out;
  }

  /** The 06817 findings of link.vert.spv validated alone on {@code views}. */
  static List<Diagnostic> alone(List<DeviceView> views) throws Exception {
    byte[] module = Files.readAllBytes(PipelineLinksExamplesTest.examples().resolve("link.vert.spv"));
    return PreparedModule.of(ByteBuffer.wrap(module), Validator.engine(Target.VULKAN_1_3), 20).evaluate(null, views)
        .diagnostics().stream().filter(d -> d.vuid().equals(RULE)).toList();
  }

  private static List<Diagnostic.Severity> severities(List<Diagnostic> d) {
    return d.stream().map(Diagnostic::severity).toList();
  }

  @Test
  void aLinkedPipelineIsDecidedByTheDevice() throws Exception {
    List<Diagnostic> off = linked(device("1.3.0", DISABLED));
    assertEquals(List.of(Diagnostic.Severity.ERROR), severities(off));
    assertTrue(off.get(0).message().endsWith("(device: VkPhysicalDeviceMaintenance4Features::maintenance4 is not"
        + " supported)"), off.get(0).message());
    assertEquals("device: VkPhysicalDeviceMaintenance4Features::maintenance4 is not supported",
        dev.vkrules.runtime.engine.device.DeviceFacts.noteIn(off.get(0).message()));

    assertEquals(List.of(), linked(device("1.3.0", ENABLED)));
    assertEquals(List.of(), linked(device("1.3.0", CORE)));
    assertEquals(List.of(), linked(twoVariants(CORE)));

    // a device that does not say, and no device: undecided, naming the feature
    for (List<DeviceView> views : List.of(device("1.3.0", UNSTATED), twoVariants(UNSTATED), List.<DeviceView>of())) {
      List<Diagnostic> unknown = linked(views);
      assertEquals(List.of(Diagnostic.Severity.NEEDS_DEVICE_INFO), severities(unknown));
      assertTrue(unknown.get(0).message().startsWith("Needs VkPhysicalDeviceMaintenance4Features::maintenance4"),
          unknown.get(0).message());
    }
    // one variant that disables it fails the device, as a device rule fails on any variant
    assertEquals(List.of(Diagnostic.Severity.ERROR), severities(linked(twoVariants(DISABLED))));
  }

  @Test
  void aModuleAloneNeedsNoPipelineOnADeviceThatEnablesIt() throws Exception {
    assertEquals(List.of(), alone(device("1.3.0", ENABLED)));
    assertEquals(List.of(), alone(device("1.3.0", CORE)));
    assertEquals(List.of(), alone(twoVariants(ENABLED)));
    // the next stage still decides where maintenance4 is off, unstated, or on only one variant
    for (List<DeviceView> views : List.of(List.<DeviceView>of(), device("1.3.0", DISABLED), device("1.3.0", UNSTATED),
        twoVariants(UNSTATED), twoVariants(DISABLED))) {
      List<Diagnostic> needs = alone(views);
      assertEquals(List.of(Diagnostic.Severity.NEEDS_PIPELINE), severities(needs));
      assertTrue(needs.get(0).instruction().startsWith("OpEntryPoint Vertex"), needs.get(0).instruction());
    }
  }
}
