package dev.vkrules.runtime.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vkrules.runtime.profile.DeviceProfile;
import dev.vkrules.runtime.profile.ProfileReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@code validate --profile A --profile B --matrix FORMAT} on the bundled shaders: the module
 * that declares mesh shading fails on a device without VK_EXT_mesh_shader and not on one with it.
 */
class PortabilityMatrixTest {
  static final Path ROOT = Path.of(System.getProperty("vkrules.root", ".."));
  static final Path DEVICES = ROOT.resolve("spec-sources/profiles/devices");
  static final Path SHADERS = ROOT.resolve("examples/shaders");

  /** A bundled device with (true) or without (false) the mesh shader extension. */
  static Path device(boolean mesh) throws Exception {
    try (Stream<Path> s = Files.list(DEVICES)) {
      for (Path p : s.sorted().toList()) {
        DeviceProfile d = ProfileReader.read(p, null);
        if (d.variants().get(0).extensions().contains("VK_EXT_mesh_shader") == mesh) {
          return p;
        }
      }
    }
    throw new AssertionError("no bundled device " + (mesh ? "with" : "without") + " VK_EXT_mesh_shader");
  }

  /** The readable name the matrix gives a device: its profile's label. */
  static String name(Path device) throws Exception {
    return ProfileReader.read(device, null).label();
  }

  static String id(Path device) throws Exception {
    return ProfileReader.read(device, null).name();
  }

  static long modules() throws Exception {
    try (Stream<Path> s = Files.walk(SHADERS)) {
      return s.filter(p -> p.toString().endsWith(".spv")).count();
    }
  }

  @Test
  void jsonMatrixSeparatesTheDevices() throws Exception {
    Path with = device(true);
    Path without = device(false);
    ValidateCommandTest.Run r = ValidateCommandTest.run("validate", "--profile", without.toString(), "--profile",
        with.toString(), "--matrix", "json", SHADERS.toString());
    assertEquals(1, r.exit(), r.err());
    JsonNode root = new ObjectMapper().readTree(r.out());
    assertEquals(2, root.get("devices").size());
    JsonNode mesh = null;
    for (JsonNode m : root.get("modules")) {
      if (m.get("file").asText().endsWith("meshlet_render.mesh.spv")) {
        mesh = m.get("results");
      }
    }
    assertTrue(mesh != null, r.out());
    assertEquals("fails", mesh.get(name(without)).get("status").asText());
    assertTrue(mesh.get(name(without)).get("findings").toString().contains("MeshShadingEXT"));
    assertTrue(!mesh.get(name(with)).get("status").asText().equals("fails"), mesh.toString());
    assertEquals(id(without), root.get("devices").get(0).get("id").asText());
    assertEquals(name(without), root.get("devices").get(0).get("name").asText());
  }

  /**
   * A cell that fails on a device limit names the limit, the device's value and what the module
   * needs: a mesh shader asking one vertex more than a bundled device's maxMeshOutputVertices.
   */
  @Test
  void aLimitFailureNamesTheDevicesValueInItsCell(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
    Path mesh = device(true);
    Object limit = dev.vkrules.runtime.profile.DeviceViews.of(ProfileReader.read(mesh, null)).get(0)
        .property("VkPhysicalDeviceMeshShaderPropertiesEXT", "maxMeshOutputVertices");
    long asked = (Long) limit + 1;
    String asm = String.join("\n", "OpCapability MeshShadingEXT", "OpExtension \"SPV_EXT_mesh_shader\"",
        "OpMemoryModel Logical GLSL450", "OpEntryPoint MeshEXT %main \"main\"", "OpExecutionMode %main LocalSize 1 1 1",
        "OpExecutionMode %main OutputVertices " + asked, "OpExecutionMode %main OutputPrimitivesEXT 1",
        "OpExecutionMode %main OutputTrianglesEXT", "%void = OpTypeVoid", "%fn = OpTypeFunction %void",
        "%main = OpFunction %void None %fn", "%entry = OpLabel", "OpReturn", "OpFunctionEnd");
    Path module = Files.write(dir.resolve("many-vertices.mesh.spv"),
        dev.vkrules.runtime.support.ExampleAssembler.assemble(asm, dev.vkrules.runtime.engine.Target.VULKAN_1_3));
    ValidateCommandTest.Run r = ValidateCommandTest.run("validate", "--target-env", "vulkan1.3", "--profile",
        mesh.toString(), "--matrix", "md", module.toString());
    assertEquals(1, r.exit(), r.err());
    // the rule's VUID, then the instruction and the device's value against the module's
    assertTrue(r.out().matches("(?s).*\\| fails: VUID-RuntimeSpirv-\\S+ \\(OpExecutionMode %1 OutputVertices " + asked
        + "; device: VkPhysicalDeviceMeshShaderPropertiesEXT::maxMeshOutputVertices = " + limit + ", " + asked
        + " needed\\) \\|.*"), r.out());
  }

  /**
   * A fragment shader with user Inputs needs a pipeline description for the linked-stage rules
   * (the per-module report says so), but that is no device's need: its cells in the module matrix
   * are decided by the device alone.
   */
  @Test
  void pipelineNeedsAreNoDevicesNeed() throws Exception {
    Path module = SHADERS.resolve("pbr_metallic_roughness.frag.spv");
    ValidateCommandTest.Run alone = ValidateCommandTest.run("validate", "--format", "json", module.toString());
    assertTrue(alone.out().contains("needs-pipeline-description"), alone.out());
    Path with = device(true);
    ValidateCommandTest.Run r = ValidateCommandTest.run("validate", "--profile", with.toString(), "--profile",
        device(false).toString(), "--matrix", "json", module.toString());
    JsonNode results = new ObjectMapper().readTree(r.out()).get("modules").get(0).get("results");
    assertEquals("clean", results.get(name(with)).get("status").asText(), r.out());
    assertTrue(!r.out().contains("preceding stage"), r.out());
  }

  /** A pipeline's row keeps --module-time-limit as a module's does: over it, no verdict on any device. */
  @Test
  void pipelineRowsKeepTheTimeLimit() throws Exception {
    Path pipeline = SHADERS.resolveSibling("pipelines/terrain/pipeline.json");
    List<String> common = List.of("--profile", device(true).toString(), "--matrix", "json", "--pipeline",
        pipeline.toString());
    ValidateCommandTest.Run within = ValidateCommandTest.run(java.util.stream.Stream.concat(Stream.of("validate"),
        common.stream()).toArray(String[]::new));
    assertTrue(within.exit() < 2, within.err() + within.out());
    ValidateCommandTest.Run over = ValidateCommandTest.run(java.util.stream.Stream.concat(Stream.of("validate",
        "--module-time-limit", "0.000000001"), common.stream()).toArray(String[]::new));
    assertEquals(2, over.exit(), over.err() + over.out());
    JsonNode rows = new ObjectMapper().readTree(over.out()).get("modules");
    assertTrue(rows.size() > 0, over.out());
    for (JsonNode row : rows) {
      row.get("results").forEach(cell -> assertEquals("tool-error", cell.get("status").asText(), over.out()));
    }
    assertTrue(over.out().contains("not validated: over the per-module time limit"), over.out());
  }

  @Test
  void everyFormatHasOneLinePerModuleOrCell() throws Exception {
    Path a = device(true);
    Path b = device(false);
    long modules = modules();
    long statuses = PortabilityMatrix.Status.values().length;
    for (String fmt : List.of("text", "md", "html", "csv")) {
      ValidateCommandTest.Run r = ValidateCommandTest.run("validate", "--profile", a.toString(), "--profile",
          b.toString(), "--matrix", fmt, SHADERS.toString());
      assertEquals(1, r.exit(), fmt + ": " + r.err());
      switch (fmt) {
        // header, then per device one summary row per status, then one row per module and device
        case "csv" -> assertEquals(1 + 2 * statuses + modules * 2, r.out().lines().count(), r.out());
        // summary table (header, rule, two devices), blank, run-all line, blank, matrix (header, rule, modules)
        case "md" -> assertEquals(4 + 3 + 2 + modules, r.out().lines().count(), r.out());
        case "html" -> assertEquals(modules, r.out().lines().filter(l -> l.startsWith("<tr data-status=")).count(),
            r.out());
        default -> assertTrue(r.out().contains(modules + " modules x 2 devices"), r.out());
      }
    }
  }

  /** Where the per-device summary of {@code fmt} is (the first device's row) and where the first module is. */
  @Test
  void everyFormatLeadsWithTheSummaryUnderDeviceNames() throws Exception {
    Path a = device(true);
    Path b = device(false);
    String first;
    try (Stream<Path> s = Files.walk(SHADERS)) {
      first = s.filter(p -> p.toString().endsWith(".spv")).sorted().findFirst().orElseThrow().getFileName().toString();
    }
    for (String fmt : PortabilityMatrix.FORMATS) {
      ValidateCommandTest.Run r = ValidateCommandTest.run("validate", "--profile", a.toString(), "--profile",
          b.toString(), "--matrix", fmt, SHADERS.toString());
      String out = fmt.equals("md") ? r.out().replace("\\_", "_") : r.out();
      int summary = Math.min(out.indexOf(name(a)), out.indexOf(name(b)));
      int module = out.indexOf(first);
      assertTrue(summary >= 0, fmt + ": no device label in\n" + out);
      assertTrue(module > summary, fmt + ": the summary does not come before the first module\n" + out);
      assertTrue(out.indexOf("Run all") < 0 || out.indexOf("Run all") < module, fmt);
      if (!fmt.equals("json") && !fmt.equals("html")) {
        // ids stay in json ("id") and html (titles); the other formats show names only
        assertTrue(!out.contains(id(a)) && !out.contains(id(b)), fmt + ": a profile id is shown\n" + out);
      }
    }
    // the summary counts are the cells: per device, the clean count is the number of clean cells
    ValidateCommandTest.Run json = ValidateCommandTest.run("validate", "--profile", a.toString(), "--profile",
        b.toString(), "--matrix", "json", SHADERS.toString());
    JsonNode root = new ObjectMapper().readTree(json.out());
    for (JsonNode d : root.get("devices")) {
      int clean = 0;
      for (JsonNode m : root.get("modules")) {
        clean += m.get("results").get(d.get("name").asText()).get("status").asText().equals("clean") ? 1 : 0;
      }
      assertEquals(clean, d.get("counts").get("clean").asInt(), d.toString());
      assertEquals(clean == modules(), d.get("runsAll").asBoolean());
    }
  }

  @Test
  void aDirectoryOfProfilesIsEveryDevice() throws Exception {
    long devices;
    try (Stream<Path> s = Files.list(DEVICES)) {
      devices = s.filter(p -> p.toString().endsWith(".json")).count();
    }
    ValidateCommandTest.Run r = ValidateCommandTest.run("validate", "--profile", DEVICES.toString(), "--matrix", "csv",
        SHADERS.resolve("meshlet_render.mesh.spv").toString());
    assertEquals(devices, r.out().lines().filter(l -> l.startsWith("cell,")).count(), r.err());
    assertEquals(devices * PortabilityMatrix.Status.values().length,
        r.out().lines().filter(l -> l.startsWith("summary,")).count(), r.err());
  }

  @Test
  void unknownMatrixFormatIsAUsageError() {
    ValidateCommandTest.Run r = ValidateCommandTest.run("validate", "--profile", DEVICES.toString(), "--matrix", "xml",
        SHADERS.toString());
    assertEquals(2, r.exit());
    assertTrue(r.err().startsWith("vkrules: Invalid value for option '--matrix': expected one of [text, json, md, html, csv] (case-sensitive) but was 'xml'\n"), r.err());
  }
}
