package dev.vkrules.runtime.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.runtime.profile.DeviceProfile;
import dev.vkrules.runtime.profile.ProfileReader;
import dev.vkrules.runtime.support.ExampleAssembler;
import dev.vkrules.runtime.support.Sources;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The InterpolateAtOffset bounds (VUID-RuntimeSpirv-Offset-06344 .. 06347) on real devices: a
 * constant Offset is judged against the largest fragment the device can produce, one pixel
 * without fragment shading rate, shading rate image or fragment density map; the float limits
 * and maxFragmentSize come from the gpuinfo profiles.
 */
class InterpolationOffsetDevicesTest {
  private static final Path DEVICES = Sources.specSources().resolve("profiles/devices");
  /** minInterpolationOffset -0.5, maxInterpolationOffset 0.4375, no extension that makes fragments larger. */
  private static final String HD_520 = "vp_gpuinfo_intel_r__hd_graphics_520_0_402_1274_windows_10.json";
  /** min -0.5, max 0.5. */
  private static final String APPLE_M1 = "vp_gpuinfo_apple_m1_0_2_2015_osx_14_3.json";
  /** min -2 (a float limit written as an integer), max 1. */
  private static final String R7_370 = "vp_gpuinfo_amd_radeon__tm__r7_370_series_2_0_179_windows_10.json";
  /** VK_KHR_fragment_shading_rate with maxFragmentSize 4x4. */
  private static final String ARC_A380 = "vp_gpuinfo_intel_r__arc_tm__a380_graphics_0_405_161_windows_11.json";
  /** VK_NV_shading_rate_image (4x4 fragments) and VK_KHR_fragment_shading_rate. */
  private static final String RTX_4070 = "vp_gpuinfo_nvidia_geforce_rtx_4070_551_61_0_0_windows_11.json";

  private static String module(String x, String y, boolean runtime) {
    return String.join("\n",
        "OpCapability Shader",
        "OpCapability InterpolationFunction",
        "%glsl = OpExtInstImport \"GLSL.std.450\"",
        "OpMemoryModel Logical GLSL450",
        "OpEntryPoint Fragment %main \"main\" %color %out",
        "OpExecutionMode %main OriginUpperLeft",
        "OpDecorate %color Location 0",
        "OpDecorate %out Location 0",
        "%void = OpTypeVoid",
        "%fn = OpTypeFunction %void",
        "%float = OpTypeFloat 32",
        "%v2float = OpTypeVector %float 2",
        "%v4float = OpTypeVector %float 4",
        "%ptr_in = OpTypePointer Input %v4float",
        "%ptr_out = OpTypePointer Output %v4float",
        "%color = OpVariable %ptr_in Input",
        "%out = OpVariable %ptr_out Output",
        "%x = OpConstant %float " + x,
        "%y = OpConstant %float " + y,
        "%c = OpConstantComposite %v2float %x %y",
        "%main = OpFunction %void None %fn",
        "%entry = OpLabel",
        // computed at run time: the constant negated
        runtime ? "%offset = OpFNegate %v2float %c" : "",
        "%v = OpExtInst %v4float %glsl InterpolateAtOffset %color " + (runtime ? "%offset" : "%c"),
        "OpStore %out %v",
        "OpReturn",
        "OpFunctionEnd", "");
  }

  /** The Offset VUIDs raised on the device, each with "needs" when it needs device information. */
  private static List<String> offsetFindings(String asm, DeviceProfile device) throws Exception {
    byte[] binary = ExampleAssembler.assemble(asm, Target.VULKAN_1_3);
    Validator.ValidationResult r = Validator.validate(ByteBuffer.wrap(binary), Validator.engine(Target.VULKAN_1_3),
        Validator.requirements(Target.VULKAN_1_3, Optional.of(device)));
    return r.diagnostics().stream().filter(d -> d.vuid().startsWith("VUID-RuntimeSpirv-Offset-063"))
        .map(d -> d.vuid().substring("VUID-RuntimeSpirv-Offset-".length())
            + (d.severity() == Diagnostic.Severity.NEEDS_DEVICE_INFO ? " needs " + d.message() : ""))
        .toList();
  }

  private static DeviceProfile device(String file) throws Exception {
    return ProfileReader.read(DEVICES.resolve(file), null);
  }

  @Test
  void onePixelFragmentsBoundTheOffsetByTheLimits() throws Exception {
    assertEquals(List.of("06344"), offsetFindings(module("-0.6", "0", false), device(HD_520)));
    assertEquals(List.of("06345"), offsetFindings(module("0.5", "0", false), device(HD_520)));
    // the second component against fragheight: 06346 below, 06347 above
    assertEquals(List.of("06346"), offsetFindings(module("0", "-0.6", false), device(HD_520)));
    assertEquals(List.of("06347"), offsetFindings(module("0", "0.5", false), device(HD_520)));
    assertEquals(List.of(), offsetFindings(module("-0.5", "0.4375", false), device(HD_520)));
    // Apple M1's maxInterpolationOffset is 0.5; the R7 370's limits are -2 and 1
    assertEquals(List.of("06344"), offsetFindings(module("-0.6", "0", false), device(APPLE_M1)));
    assertEquals(List.of(), offsetFindings(module("0.5", "0", false), device(APPLE_M1)));
    assertEquals(List.of(), offsetFindings(module("-0.6", "0.5", false), device(R7_370)));
    assertEquals(List.of("06344"), offsetFindings(module("-2.5", "0", false), device(R7_370)));
  }

  @Test
  void largerFragmentsWidenTheRange() throws Exception {
    // 4x4 fragments (maxFragmentSize on the Arc A380, the shading rate image on the RTX 4070):
    // 4 x -0.5 = -2 and 4 x (0.4375 + 1/16) - 1/16 = 1.9375
    for (String gpu : List.of(ARC_A380, RTX_4070)) {
      assertEquals(List.of(), offsetFindings(module("-0.6", "0.5", false), device(gpu)), gpu);
      assertEquals(List.of(), offsetFindings(module("-2", "1.9375", false), device(gpu)), gpu);
      assertEquals(List.of("06344", "06347"), offsetFindings(module("-2.25", "2", false), device(gpu)), gpu);
    }
  }

  @Test
  void anUnstatedMaxFragmentSizeNeedsDeviceInformationAndARunTimeOffsetNothing() throws Exception {
    String text = Files.readString(DEVICES.resolve(ARC_A380));
    String without = text.replaceFirst("\"maxFragmentSize\": \\{[^}]*\\},", "");
    assertTrue(without.length() < text.length(), "the fixture's point: the profile states maxFragmentSize");
    DeviceProfile arc = ProfileReader.parse(without.getBytes(StandardCharsets.UTF_8), null);
    List<String> found = offsetFindings(module("-0.6", "0", false), arc);
    assertEquals(1, found.size(), found.toString());
    assertTrue(found.get(0).startsWith("06344 needs Needs VkPhysicalDeviceFragmentShadingRatePropertiesKHR::"
        + "maxFragmentSize.width"), found.get(0));
    // within the one-pixel range, nothing is needed; computed at run time (-0.6 by a negation), nothing is judged
    assertEquals(List.of(), offsetFindings(module("-0.5", "0", false), arc));
    assertEquals(List.of(), offsetFindings(module("0.6", "0", true), arc));
    assertEquals(List.of(), offsetFindings(module("0.6", "0", true), device(HD_520)));
  }
}
