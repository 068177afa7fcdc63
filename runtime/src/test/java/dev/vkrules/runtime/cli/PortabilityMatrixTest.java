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

  static String name(Path device) throws Exception {
    return ProfileReader.read(device, null).name();
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
  }

  @Test
  void everyFormatHasOneLinePerModuleOrCell() throws Exception {
    Path a = device(true);
    Path b = device(false);
    long modules;
    try (Stream<Path> s = Files.walk(SHADERS)) {
      modules = s.filter(p -> p.toString().endsWith(".spv")).count();
    }
    for (String fmt : List.of("text", "md", "html", "csv")) {
      ValidateCommandTest.Run r = ValidateCommandTest.run("validate", "--profile", a.toString(), "--profile",
          b.toString(), "--matrix", fmt, SHADERS.toString());
      assertEquals(1, r.exit(), fmt + ": " + r.err());
      switch (fmt) {
        case "csv" -> assertEquals(1 + modules * 2, r.out().lines().count(), r.out());
        case "md" -> assertEquals(2 + modules, r.out().lines().count(), r.out());
        case "html" -> assertEquals(modules, r.out().lines().filter(l -> l.startsWith("<tr><th>")).count(), r.out());
        default -> assertTrue(r.out().contains(modules + " modules x 2 devices"), r.out());
      }
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
    assertEquals(1 + devices, r.out().lines().count(), r.err());
  }

  @Test
  void unknownMatrixFormatIsAUsageError() {
    ValidateCommandTest.Run r = ValidateCommandTest.run("validate", "--profile", DEVICES.toString(), "--matrix", "xml",
        SHADERS.toString());
    assertEquals(2, r.exit());
    assertTrue(r.err().startsWith("vkrules: Invalid value for option '--matrix': expected one of [text, json, md, html, csv] (case-sensitive) but was 'xml'\n"), r.err());
  }
}
