package dev.vkrules.runtime.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.runtime.profile.DeviceProfile;
import dev.vkrules.runtime.profile.ProfileReader;
import dev.vkrules.runtime.support.Sources;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A description may write a flag bit under an alias: the GeForce RTX 4070's gpuinfo profile lists
 * VK_SHADER_STAGE_MESH_BIT_NV and TASK_BIT_NV in subgroupSupportedStages, the names vk.xml keeps
 * as aliases of the _EXT bits the rules name. Subgroup operations in task and mesh shaders are then
 * supported, not reported (VUID-RuntimeSpirv-None-06343 once did, on meshlet.pipeline).
 */
class DeviceFlagAliasesTest {
  @Test
  void aStageBitWrittenUnderItsAliasCounts() throws Exception {
    Path root = Sources.root();
    Path profile = root.resolve(
        "spec-sources/profiles/devices/vp_gpuinfo_nvidia_geforce_rtx_4070_551_61_0_0_windows_11.json");
    String text = Files.readString(profile);
    assertTrue(text.contains("VK_SHADER_STAGE_MESH_BIT_NV") && !text.contains("VK_SHADER_STAGE_MESH_BIT_EXT"),
        "the fixture's point: the profile names the mesh stage by its NV alias only");
    DeviceProfile rtx = ProfileReader.read(profile, null);
    byte[] module = Files.readAllBytes(root.resolve("examples/corpus/spv/meshlet.pipeline.spv"));
    Validator.ValidationResult r = Validator.validate(ByteBuffer.wrap(module), Validator.engine(Target.VULKAN_1_3),
        Validator.requirements(Target.VULKAN_1_3, Optional.of(rtx)));
    List<String> subgroup = r.diagnostics().stream().map(Diagnostic::vuid)
        .filter(v -> v.equals("VUID-RuntimeSpirv-None-06343")).toList();
    assertEquals(List.of(), subgroup);
  }
}
