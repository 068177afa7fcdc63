package dev.vkrules.runtime.requirements;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.vkrules.runtime.engine.Diagnostic;
import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.engine.Validator;
import dev.vkrules.runtime.profile.DeviceProfile;
import dev.vkrules.runtime.profile.ProfileReader;
import dev.vkrules.runtime.spirv.grammar.Versions;
import dev.vkrules.runtime.spirv.text.Assembler;
import dev.vkrules.runtime.support.Sources;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * SPIR-V modules (assembly in src/test/resources/requirements/, each accepted by spirv-val)
 * validated with {@code Validator} against the Roadmap 2022 profile, the hand-written profile,
 * and no profile. Each declared capability or extension has a stated outcome; the message of a
 * rejection names exactly the alternatives vk.xml (plus the overrides) gives.
 */
class CapabilityModulesTest {
  enum Expect { OK, REJECTED, NEEDS_DEVICE }

  private static DeviceProfile roadmap;
  private static DeviceProfile handWritten;

  @BeforeAll
  static void load() throws Exception {
    RequirementCheckTest.load();
    roadmap = ProfileReader.read(Sources.roadmapProfile(), null);
    handWritten = ProfileReader.read(Sources.testProfile("hand-written.json"), null);
  }

  private static Map<String, Expect> expect(Object... pairs) {
    Map<String, Expect> m = new LinkedHashMap<>();
    for (int i = 0; i < pairs.length; i += 2) {
      m.put((String) pairs[i], (Expect) pairs[i + 1]);
    }
    return m;
  }

  static Stream<Arguments> cases() {
    Expect ok = Expect.OK;
    Expect no = Expect.REJECTED;
    Expect dev = Expect.NEEDS_DEVICE;
    return Stream.of(
        Arguments.of("Int64", "roadmap", "vulkan1.3", expect("Int64", no)),
        Arguments.of("Int64", "hand", "vulkan1.2", expect("Int64", ok)),
        Arguments.of("Int64", "none", "vulkan1.3", expect("Int64", dev)),
        Arguments.of("Float16", "roadmap", "vulkan1.3", expect("Float16", no)),
        Arguments.of("Float16", "hand", "vulkan1.2", expect("Float16", ok)),
        Arguments.of("Float16", "none", "vulkan1.3", expect("Float16", dev)),
        Arguments.of("StorageImageReadWithoutFormat", "roadmap", "vulkan1.3", expect("StorageImageReadWithoutFormat", ok)),
        Arguments.of("StorageImageReadWithoutFormat", "roadmap", "vulkan1.2", expect("StorageImageReadWithoutFormat", no)),
        Arguments.of("StorageImageReadWithoutFormat", "hand", "vulkan1.2", expect("StorageImageReadWithoutFormat", no)),
        Arguments.of("StorageImageReadWithoutFormat", "none", "vulkan1.3", expect("StorageImageReadWithoutFormat", ok)),
        Arguments.of("StorageImageReadWithoutFormat", "none", "vulkan1.2", expect("StorageImageReadWithoutFormat", dev)),
        Arguments.of("ShaderViewportIndexLayerEXT", "roadmap", "vulkan1.3",
            expect("ShaderViewportIndexLayerEXT", no, "SPV_EXT_shader_viewport_index_layer", ok)),
        Arguments.of("ShaderViewportIndexLayerEXT", "hand", "vulkan1.2",
            expect("ShaderViewportIndexLayerEXT", no, "SPV_EXT_shader_viewport_index_layer", ok)),
        Arguments.of("ShaderViewportIndexLayerEXT", "none", "vulkan1.3",
            expect("ShaderViewportIndexLayerEXT", dev, "SPV_EXT_shader_viewport_index_layer", ok)),
        Arguments.of("GroupNonUniformVote", "roadmap", "vulkan1.3", expect("GroupNonUniform", ok, "GroupNonUniformVote", ok)),
        Arguments.of("GroupNonUniformVote", "hand", "vulkan1.2", expect("GroupNonUniform", ok, "GroupNonUniformVote", no)),
        Arguments.of("GroupNonUniformVote", "none", "vulkan1.3", expect("GroupNonUniform", dev, "GroupNonUniformVote", dev)),
        Arguments.of("RayQueryKHR", "roadmap", "vulkan1.3", expect("RayQueryKHR", no, "SPV_KHR_ray_query", no)),
        Arguments.of("RayQueryKHR", "hand", "vulkan1.2", expect("RayQueryKHR", ok, "SPV_KHR_ray_query", ok)),
        Arguments.of("RayQueryKHR", "none", "vulkan1.3", expect("RayQueryKHR", dev, "SPV_KHR_ray_query", dev)),
        Arguments.of("VariablePointers", "roadmap", "vulkan1.3", expect("VariablePointers", no)),
        Arguments.of("VariablePointers", "hand", "vulkan1.2", expect("VariablePointers", ok)),
        Arguments.of("VariablePointers", "none", "vulkan1.3", expect("VariablePointers", dev)));
  }

  @ParameterizedTest(name = "{0} with {1} profile at {2}")
  @MethodSource("cases")
  void module(String module, String profileName, String targetEnv, Map<String, Expect> expected) throws Exception {
    Optional<DeviceProfile> profile = switch (profileName) {
      case "roadmap" -> Optional.of(roadmap);
      case "hand" -> Optional.of(handWritten);
      default -> Optional.empty();
    };
    Target target = Target.parse(targetEnv);
    VulkanVersion version = VulkanVersion.fromTargetEnv(targetEnv).orElseThrow();
    String text = Files.readString(Sources.root().resolve("runtime/src/test/resources/requirements/" + module + ".spvasm"));
    int[] words = Assembler.assemble(text, Versions.of(1, 5));
    ByteBuffer bytes = ByteBuffer.allocate(words.length * 4).order(ByteOrder.LITTLE_ENDIAN);
    bytes.asIntBuffer().put(words);

    RequirementCheck check = RequirementCheck.of(new RequirementEvaluator(version, profile, StructEquivalenceTable.EQUIVALENCES));
    Validator.ValidationResult result = Validator.validate(bytes, Validator.engine(target), check);
    assertFalse(result.malformed(), result.diagnostics().toString());

    List<String> got = new ArrayList<>();
    for (Diagnostic d : result.diagnostics()) {
      if (d.vuid().startsWith("VUID-VkShaderModuleCreateInfo-")) {
        got.add(d.severity() + " " + d.headline() + " @ " + d.instruction());
      }
    }
    Predicate<List<String>> requiresMet = requires -> requires.stream().anyMatch(r ->
        VulkanVersion.fromMacro(r).map(v -> effective(version, profile).atLeast(v))
            .orElse(profile.isPresent() && profile.get().variants().get(0).extensions().contains(r)));
    List<String> want = new ArrayList<>();
    for (Map.Entry<String, Expect> e : expected.entrySet()) {
      if (e.getValue() == Expect.OK) {
        continue;
      }
      boolean capability = !e.getKey().startsWith("SPV_");
      String vuid = capability ? ShaderModuleVuids.CAPABILITY_REQUIREMENTS.id() : ShaderModuleVuids.EXTENSION_REQUIREMENTS.id();
      String needs = RequirementCheckTest.expectedNeeds(e.getKey(), requiresMet);
      String tail = e.getValue() == Expect.NEEDS_DEVICE ? ", which only device information can confirm."
          : ", which profile " + profile.orElseThrow().name() + " does not provide.";
      String severity = e.getValue() == Expect.NEEDS_DEVICE ? "NEEDS_DEVICE_INFO" : "ERROR";
      String instruction = capability ? "OpCapability " + e.getKey() : "OpExtension \"" + e.getKey() + "\"";
      want.add(severity + " [" + vuid + "] " + needs + tail + " @ " + instruction);
    }
    assertEquals(want.stream().sorted().toList(), got.stream().sorted().toList());
    assertEquals(want.stream().noneMatch(w -> w.startsWith("ERROR")), result.ok());
  }

  private static VulkanVersion effective(VulkanVersion target, Optional<DeviceProfile> profile) {
    return profile.map(p -> target.min(p.variants().get(0).apiVersion())).orElse(target);
  }
}
