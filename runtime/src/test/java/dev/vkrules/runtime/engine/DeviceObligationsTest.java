package dev.vkrules.runtime.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.generator.rules.RuleFile;
import dev.vkrules.generator.rules.RuleLoader;
import dev.vkrules.runtime.engine.device.DeviceView;
import dev.vkrules.runtime.profile.DeviceViews;
import dev.vkrules.runtime.profile.ProfileReader;
import dev.vkrules.runtime.support.ExampleAssembler;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The three-valued device verdicts of the device rules in {@code rules/runtime}, on their own
 * examples: decided by a device that states the fact, "needs device information" naming the
 * fact without one (once per rule per module), and never a pass when the fact is missing.
 */
class DeviceObligationsTest {
  static final Path ROOT = Path.of(System.getProperty("vkrules.root", ".."));
  static final Path RULES = ROOT.resolve("rules");
  static final Path TABLES = RULES.resolve("tables");
  static final String MESH = "VUID-RuntimeSpirv-MeshEXT-07115";
  static final String WORKGROUP_X = "VUID-RuntimeSpirv-x-06429";
  static final String NON_WRITABLE = "VUID-RuntimeSpirv-NonWritable-06340";

  static RuleFile rule(String vuid) {
    return RuleLoader.load(RULES.resolve("runtime").resolve(vuid + ".yaml"), Path.of("rules/runtime/" + vuid + ".yaml"));
  }

  static List<Diagnostic> run(String asm, String deviceJson) throws Exception {
    Target target = Target.VULKAN_1_4;
    List<DeviceView> views = deviceJson == null ? List.of()
        : DeviceViews.of(ProfileReader.parse(deviceJson.getBytes(StandardCharsets.UTF_8), null));
    return PreparedModule.of(ByteBuffer.wrap(ExampleAssembler.assemble(asm, target)), Validator.engine(target), Report.UNLIMITED)
        .evaluate(null, views).diagnostics().stream().toList();
  }

  static List<Diagnostic> of(List<Diagnostic> all, String vuid) {
    return all.stream().filter(d -> d.vuid().equals(vuid)).toList();
  }

  @Test
  void invalidExampleFailsOnItsDeviceAndNeedsInformationWithoutOne() throws Exception {
    RuleFile r = rule(MESH);
    RuleFile.Example bad = r.authored().invalid().get(0);
    List<Diagnostic> onDevice = of(run(bad.asm(), bad.deviceJson(TABLES)), MESH);
    assertEquals(1, onDevice.size(), onDevice.toString());
    assertEquals(Diagnostic.Severity.ERROR, onDevice.get(0).severity());

    List<Diagnostic> offline = of(run(bad.asm(), null), MESH);
    assertEquals(1, offline.size(), offline.toString());
    assertEquals(Diagnostic.Severity.NEEDS_DEVICE_INFO, offline.get(0).severity());
    assertTrue(offline.get(0).message().startsWith("Needs VkPhysicalDeviceMeshShaderPropertiesEXT::maxMeshOutputVertices"),
        offline.get(0).message());
  }

  /**
   * A failure decided by a device names the facts it read and, for a limit, what the module needs
   * of it: the values are the example device's (its JSON) and the example module's (its assembly).
   */
  @Test
  void aFailureNamesTheDeviceFactsItWasDecidedOn() throws Exception {
    RuleFile.Example bad = rule(MESH).authored().invalid().get(0);
    String json = bad.deviceJson(TABLES);
    DeviceView view = DeviceViews.of(ProfileReader.parse(json.getBytes(StandardCharsets.UTF_8), null)).get(0);
    Object limit = view.property("VkPhysicalDeviceMeshShaderPropertiesEXT", "maxMeshOutputVertices");
    java.util.regex.Matcher asked = java.util.regex.Pattern.compile("OutputVertices (\\d+)").matcher(bad.asm());
    assertTrue(asked.find(), bad.asm());
    List<Diagnostic> d = of(run(bad.asm(), json), MESH);
    String note = "device: VkPhysicalDeviceMeshShaderPropertiesEXT::maxMeshOutputVertices = " + limit + ", "
        + asked.group(1) + " needed";
    assertEquals(List.of(rule(MESH).authored().message() + " (" + note + ")"), d.stream().map(Diagnostic::message).toList());
    assertEquals(note, dev.vkrules.runtime.engine.device.DeviceFacts.noteIn(d.get(0).message()));

    // a feature the device lacks
    String clock = "VUID-RuntimeSpirv-shaderDeviceClock-06268";
    RuleFile.Example noClock = rule(clock).authored().invalid().get(0);
    List<Diagnostic> c = of(run(noClock.asm(), noClock.deviceJson(TABLES)), clock);
    assertEquals(1, c.size(), c.toString());
    assertTrue(c.get(0).message().matches(".* \\(device: VkPhysicalDevice\\w+::shaderDeviceClock is not supported\\)"),
        c.get(0).message());

    // nothing read, nothing named: the offline need, and a message without a device
    List<Diagnostic> offline = of(run(bad.asm(), null), MESH);
    assertEquals(null, dev.vkrules.runtime.engine.device.DeviceFacts.noteIn(offline.get(0).message()), offline.toString());
  }

  @Test
  void aDeviceThatDoesNotStateTheFactIsNeverAPass() throws Exception {
    RuleFile.Example good = rule(MESH).authored().valid().get(0);
    String silent = "{\"profiles\": {\"VP_silent\": {\"version\": 1, \"api-version\": \"1.4.0\", \"label\": \"s\","
        + " \"capabilities\": [\"d\"]}}, \"capabilities\": {\"d\": {\"extensions\": {\"VK_EXT_mesh_shader\": 1}}}}";
    List<Diagnostic> d = of(run(good.asm(), silent), MESH);
    assertEquals(1, d.size(), d.toString());
    assertEquals(Diagnostic.Severity.NEEDS_DEVICE_INFO, d.get(0).severity());
    assertTrue(d.get(0).message().contains("which VP_silent does not state"), d.get(0).message());
    assertTrue(of(run(good.asm(), good.deviceJson(TABLES)), MESH).isEmpty());
  }

  @Test
  void withoutADeviceEachRuleNeedsInformationOncePerModule() throws Exception {
    String two = String.join("\n", "OpCapability Shader", "OpMemoryModel Logical GLSL450",
        "OpEntryPoint GLCompute %a \"a\"", "OpEntryPoint GLCompute %b \"b\"",
        "OpExecutionMode %a LocalSize 4096 1 1", "OpExecutionMode %b LocalSize 8 1 1",
        "%void = OpTypeVoid", "%fn = OpTypeFunction %void",
        "%a = OpFunction %void None %fn", "%la = OpLabel", "OpReturn", "OpFunctionEnd",
        "%b = OpFunction %void None %fn", "%lb = OpLabel", "OpReturn", "OpFunctionEnd", "");
    assertEquals(1, of(run(two, null), WORKGROUP_X).size());
    // with the device of the rule's own example, only the too-wide entry point fails
    String device = rule(WORKGROUP_X).authored().invalid().get(0).deviceJson(TABLES);
    List<Diagnostic> onDevice = of(run(two, device), WORKGROUP_X);
    assertEquals(1, onDevice.size(), onDevice.toString());
    assertTrue(onDevice.get(0).instruction().contains("4096"), onDevice.get(0).instruction());
  }

  @Test
  void withinTheGuaranteedMinimumNeedsNoDevice() throws Exception {
    String small = String.join("\n", "OpCapability Shader", "OpMemoryModel Logical GLSL450",
        "OpEntryPoint GLCompute %a \"a\"", "OpExecutionMode %a LocalSize 8 8 1",
        "%void = OpTypeVoid", "%fn = OpTypeFunction %void",
        "%a = OpFunction %void None %fn", "%la = OpLabel", "OpReturn", "OpFunctionEnd", "");
    assertTrue(of(run(small, null), WORKGROUP_X).isEmpty());
  }

  @Test
  void aVerdictTheModuleDecidesNeedsNoDevice() throws Exception {
    // the NonWritable-decorated twin passes whatever the device: no obligation, no "needs" finding
    RuleFile r = rule(NON_WRITABLE);
    String decorated = r.authored().valid().stream().filter(e -> e.asm().contains("NonWritable")).findFirst()
        .orElseThrow().asm();
    assertTrue(of(run(decorated, null), NON_WRITABLE).isEmpty());
    // undecorated: decided by what every Vulkan 1.4 device guarantees when the minimum requires the
    // feature, else it needs device information (once)
    Boolean guaranteed = dev.vkrules.runtime.profile.GuaranteedDevice.of("1.4").get(0)
        .feature("VkPhysicalDeviceFeatures", "fragmentStoresAndAtomics");
    assertEquals(Boolean.TRUE.equals(guaranteed) ? 0 : 1,
        of(run(r.authored().invalid().get(0).asm(), null), NON_WRITABLE).size());
  }

  @Test
  void anUnsignedLimitAtLeastZeroNeedsNoDeviceSoTheFindingNamesTheLimitThatMatters() throws Exception {
    // a vertex shader with 20 Output Locations and no inputs: its input Locations (0) fit any
    // device's maxVertexInputAttributes, so "needs" names maxVertexOutputComponents
    String vuid = "VUID-RuntimeSpirv-Location-06272";
    String asm = String.join("\n", "OpCapability Shader", "OpMemoryModel Logical GLSL450",
        "OpEntryPoint Vertex %main \"main\" %out", "OpDecorate %out Location 0",
        "%void = OpTypeVoid", "%fn = OpTypeFunction %void", "%float = OpTypeFloat 32", "%v4 = OpTypeVector %float 4",
        "%uint = OpTypeInt 32 0", "%n = OpConstant %uint 20", "%arr = OpTypeArray %v4 %n",
        "%p = OpTypePointer Output %arr", "%out = OpVariable %p Output",
        "%main = OpFunction %void None %fn", "%l = OpLabel", "OpReturn", "OpFunctionEnd");
    List<Diagnostic> offline = of(run(asm, null), vuid);
    assertEquals(1, offline.size(), offline.toString());
    assertEquals(Diagnostic.Severity.NEEDS_DEVICE_INFO, offline.get(0).severity());
    assertTrue(offline.get(0).message().startsWith("Needs VkPhysicalDeviceLimits::maxVertexOutputComponents"),
        offline.get(0).message());
  }
  /**
   * A device whose description spells an extension with an underscore before a digit (as the
   * layers' harvested profiles write VK_KHR_format_feature_flags_2) has that extension: every valid
   * example of the rules whose device lists such an extension stays clean of its rule with the
   * loose spelling, where the exemption hangs on the extension (an unknown name would match nothing).
   */
  @Test
  void aLooselySpeltExtensionIsTheExtension() throws Exception {
    java.util.regex.Pattern letterDigit = java.util.regex.Pattern.compile("\"(VK_[A-Za-z0-9_]*[a-z])([0-9][A-Za-z0-9_]*)\"(\\s*:\\s*1)");
    int checked = 0;
    for (RuleFile r : RuleLoader.loadAll(RULES)) {
      if (r.authored() == null) {
        continue;
      }
      for (RuleFile.Example good : r.authored().valid()) {
        String json = good.deviceJson(TABLES);
        java.util.regex.Matcher m = json == null ? null : letterDigit.matcher(json);
        if (m == null || !m.find()) {
          continue;
        }
        String loose = m.replaceAll("\"$1_$2\"$3");
        Target target = dev.vkrules.runtime.support.ExampleRunner.targetFor(good.targetEnv(), r.conditionString());
        List<DeviceView> views = DeviceViews.of(ProfileReader.parse(loose.getBytes(StandardCharsets.UTF_8), null));
        List<Diagnostic> found = PreparedModule.of(ByteBuffer.wrap(ExampleAssembler.assemble(good.asm(), target)),
            Validator.engine(target), Report.UNLIMITED).evaluate(null, views).diagnostics();
        assertEquals(List.of(), of(found, r.vuid()).stream().filter(Diagnostic::isError).toList(),
            r.file() + " valid example at line " + good.pos().line() + " with " + loose);
        checked++;
      }
    }
    assertTrue(checked > 0, "no valid example lists an extension with a digit in its name");
  }
}
