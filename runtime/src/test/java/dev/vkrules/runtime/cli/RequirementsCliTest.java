package dev.vkrules.runtime.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.runtime.requirements.RequirementTables;
import dev.vkrules.runtime.requirements.ShaderModuleVuids;
import dev.vkrules.runtime.spirv.grammar.Versions;
import dev.vkrules.runtime.spirv.text.Assembler;
import dev.vkrules.runtime.support.Sources;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code validate --profile} and {@code profile-check} through the real command line. */
class RequirementsCliTest {
  @TempDir Path dir;

  private record Run(int exit, String out, String err) {}

  private static Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exit = Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
    return new Run(exit, out.toString(), err.toString());
  }

  private Path module(String name) throws Exception {
    String text = Files.readString(Sources.root().resolve("runtime/src/test/resources/requirements/" + name + ".spvasm"));
    int[] words = Assembler.assemble(text, Versions.of(1, 5));
    ByteBuffer b = ByteBuffer.allocate(words.length * 4).order(ByteOrder.LITTLE_ENDIAN);
    b.asIntBuffer().put(words);
    Path file = dir.resolve(name + ".spv");
    Files.write(file, b.array());
    return file;
  }

  private static String roadmap() {
    return Sources.roadmapProfile().toString();
  }

  private static String handWritten() {
    return Sources.testProfile("hand-written.json").toString();
  }

  /**
   * Roadmap 2024 has shaderFloat16 in VkPhysicalDeviceVulkan12Features, the Float16 enable names
   * VkPhysicalDeviceShaderFloat16Int8Features: the struct equivalence read from vk.xml joins them
   * (vk.xml 1.4.3xx nests {@code <feature struct=...>} in its version blocks, which once cut it short).
   */
  @Test
  void validateWithAProfileThatProvidesFloat16Passes() throws Exception {
    String profiles = Sources.specSources().resolve("profiles/VP_KHR_roadmap.json").toString();
    Run r = run("validate", "--target-env", "vulkan1.3", "--profile", profiles, "--profile-name", "VP_KHR_roadmap_2024",
        module("Float16").toString());
    assertEquals(0, r.exit(), r.out() + r.err());
    Run without = run("validate", "--target-env", "vulkan1.3", "--profile", roadmap(), module("Float16").toString());
    assertEquals(1, without.exit(), without.out() + without.err());
  }

  @Test
  void validateWithRoadmapRejectsInt64() throws Exception {
    Run r = run("validate", "--target-env", "vulkan1.3", "--profile", roadmap(), module("Int64").toString());
    assertEquals(1, r.exit(), r.out() + r.err());
    assertTrue(r.out().contains("[" + ShaderModuleVuids.CAPABILITY_REQUIREMENTS.id() + "] Int64 needs "), r.out());
    assertTrue(r.out().contains("  OpCapability Int64  (word 7)"), r.out());
  }

  @Test
  void validateWithHandWrittenProfileAcceptsInt64() throws Exception {
    Run r = run("validate", "--target-env", "vulkan1.2", "--profile", handWritten(), module("Int64").toString());
    assertEquals(0, r.exit(), r.out() + r.err());
    assertEquals("", r.out());
  }

  @Test
  void validateWithoutProfileSaysNeedsDeviceInformation() throws Exception {
    Run r = run("validate", "--target-env", "vulkan1.3", "--show-undecided", module("RayQueryKHR").toString());
    assertEquals(0, r.exit(), r.out() + r.err());
    assertTrue(r.out().contains(": needs device information: [" + ShaderModuleVuids.CAPABILITY_REQUIREMENTS.id() + "] RayQueryKHR needs"),
        r.out());
    assertTrue(r.out().contains(": needs device information: [" + ShaderModuleVuids.EXTENSION_REQUIREMENTS.id() + "] SPV_KHR_ray_query needs"),
        r.out());
    assertTrue(r.out().endsWith("not fully checked: device-dependent requirements need device information (--profile)\n"), r.out());

    Run json = run("validate", "--format", "json", module("RayQueryKHR").toString());
    assertTrue(json.out().contains("\"severity\" : \"needs-device-information\""), json.out());
    // by default the summary names them in one line, and SARIF has no result for them
    Run plain = run("validate", "--target-env", "vulkan1.3", module("RayQueryKHR").toString());
    assertTrue(plain.out().contains(": undecided: needs device information (--profile): "
        + ShaderModuleVuids.CAPABILITY_REQUIREMENTS.id() + ", " + ShaderModuleVuids.EXTENSION_REQUIREMENTS.id()), plain.out());
    assertFalse(plain.out().contains("not fully checked"), plain.out());
    assertTrue(run("validate", "--format", "sarif", module("RayQueryKHR").toString()).out().contains("\"results\" : [ ]"));
    Run sarif = run("validate", "--format", "sarif", "--show-undecided", module("RayQueryKHR").toString());
    assertTrue(sarif.out().contains("\"level\" : \"note\""), sarif.out());
    assertFalse(sarif.out().contains("\"level\" : \"error\""), sarif.out());
  }

  @Test
  void badProfileIsOneLineExit2() throws Exception {
    Path bad = dir.resolve("bad.json");
    Files.writeString(bad, "{\"profiles\": {\"P\": {\"api-version\": \"1.3.0\", \"capabilities\": ['x']}}}");
    Run r = run("validate", "--profile", bad.toString(), module("Int64").toString());
    assertEquals(2, r.exit());
    assertEquals(1, r.err().lines().count(), r.err());
    // FILE:LINE:COLUMN: message, as a compiler writes it
    assertTrue(r.err().startsWith("vkrules: " + bad + ":1:62: unexpected character"), r.err());

    Run check = run("profile-check", "--profile", bad.toString());
    assertEquals(2, check.exit());
    assertEquals(1, check.err().lines().count(), check.err());
  }

  @Test
  void profileCheckListsEveryCapabilityAndExtension() {
    Run r = run("profile-check", "--profile", roadmap());
    assertEquals(0, r.exit(), r.err());
    List<String> lines = r.out().lines().toList();
    // header + one row each + summary
    assertEquals(1 + RequirementTables.CAPABILITIES.size() + RequirementTables.EXTENSIONS.size() + 1, lines.size());
    assertTrue(lines.stream().anyMatch(l -> l.matches("capability +Int64 +no +needs VkPhysicalDeviceFeatures::shaderInt64")),
        r.out());
    assertTrue(lines.stream().anyMatch(l -> l.matches("capability +StorageImageReadWithoutFormat +yes +VK_VERSION_1_3")), r.out());
    long supported = lines.stream().filter(l -> l.matches("capability +\\S+ +yes .*")).count();
    assertTrue(lines.get(lines.size() - 1).startsWith("VP_KHR_roadmap_2022 at Vulkan 1.3: supports " + supported + " of "
        + RequirementTables.CAPABILITIES.size() + " capabilities"), lines.get(lines.size() - 1));
  }

  @Test
  void profileCheckTargetBelowTheProfile() {
    Run r = run("profile-check", "--profile", roadmap(), "--target-env", "vulkan1.2", "--unsupported", "--format", "csv");
    assertEquals(0, r.exit(), r.err());
    assertTrue(r.out().startsWith("kind,name,supported,allowed_by,would_need\n"), r.out());
    assertTrue(r.out().contains("\ncapability,StorageImageReadWithoutFormat,false,,"), r.out());
  }
}
