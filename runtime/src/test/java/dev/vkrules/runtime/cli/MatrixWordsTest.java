package dev.vkrules.runtime.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.engine.Validator;
import dev.vkrules.runtime.profile.DeviceProfile;
import dev.vkrules.runtime.profile.ProfileReader;
import dev.vkrules.runtime.requirements.Alternative;
import dev.vkrules.runtime.requirements.ModuleDeclarations;
import dev.vkrules.runtime.requirements.RequirementCheck;
import dev.vkrules.runtime.requirements.RequirementEvaluator;
import dev.vkrules.runtime.requirements.ShaderModuleVuids;
import dev.vkrules.runtime.requirements.StructProviderTable;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The matrix cells in words, from the requirement tables (nothing typed here: extension names
 * and VUIDs come from the generated tables and the module's own declarations), no noise about the
 * limits of an extension the device lacks, and the requirements view's counts.
 */
class MatrixWordsTest {
  static final Path MESH = PortabilityMatrixTest.SHADERS.resolve("meshlet_render.mesh.spv");
  static final Target TARGET = Target.parse("vulkan1.4");

  static ModuleDeclarations declarations(Path module) throws Exception {
    IntBuffer ints = ByteBuffer.wrap(Files.readAllBytes(module)).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer();
    int[] words = new int[ints.remaining()];
    ints.get(words);
    return ModuleDeclarations.of(words);
  }

  /** The extensions named by the module's unmet requirements on a device. */
  static Set<String> lackedExtensions(Path module, DeviceProfile device) throws Exception {
    RequirementCheck check = Validator.requirements(TARGET, Optional.of(device));
    ModuleDeclarations d = declarations(module);
    Set<String> out = new HashSet<>();
    for (RequirementCheck.Unmet u : check.unmet(d.capabilities(), d.extensions())) {
      for (Alternative a : u.requirement().anyOf()) {
        if (a instanceof Alternative.Extension e && !device.variants().get(0).extensions().contains(e.name())) {
          out.add(e.name());
        }
      }
    }
    return out;
  }

  @Test
  void aFailingCellNamesTheMissingExtensionAndKeepsTheVuidInJson() throws Exception {
    Path without = PortabilityMatrixTest.device(false);
    Path with = PortabilityMatrixTest.device(true);
    DeviceProfile lacking = ProfileReader.read(without, null);
    Set<String> lacked = lackedExtensions(MESH, lacking);
    assertFalse(lacked.isEmpty(), "the mesh module names an extension the device lacks");
    ValidateCommandTest.Run text = ValidateCommandTest.run("validate", "--profile", without.toString(), "--profile",
        with.toString(), "--matrix", "md", MESH.toString());
    String row = text.out().lines().filter(l -> l.startsWith("| " + MESH)).findFirst().orElseThrow();
    for (String e : lacked) {
      assertTrue(row.contains("needs " + e), row);
    }
    assertFalse(row.contains(ShaderModuleVuids.CAPABILITY_REQUIREMENTS.id()), "the md cell is in words: " + row);

    ValidateCommandTest.Run json = ValidateCommandTest.run("validate", "--profile", without.toString(), "--profile",
        with.toString(), "--matrix", "json", MESH.toString());
    JsonNode cell = new ObjectMapper().readTree(json.out()).get("modules").get(0).get("results")
        .get(lacking.label());
    Set<String> vuids = new HashSet<>();
    cell.get("findings").forEach(f -> vuids.add(f.get("vuid").asText()));
    assertTrue(vuids.contains(ShaderModuleVuids.CAPABILITY_REQUIREMENTS.id()), cell.toString());
    assertTrue(vuids.contains(ShaderModuleVuids.EXTENSION_REQUIREMENTS.id()), cell.toString());
    List<String> needs = new ArrayList<>();
    cell.get("needs").forEach(n -> needs.add(n.asText()));
    assertTrue(needs.containsAll(lacked), needs.toString());
    // one need per missing thing: the capability's and the extension's findings name the same extension once
    assertEquals(new HashSet<>(needs).size(), needs.size(), needs.toString());
  }

  /** The feature wording: {@code EXT / member} when the extension that provides the feature is missing. */
  @Test
  void aMissingFeatureIsNamedWithTheExtensionThatProvidesIt() throws Exception {
    DeviceProfile lacking = ProfileReader.read(PortabilityMatrixTest.device(false), null);
    RequirementEvaluator e = Validator.requirements(TARGET, Optional.of(lacking)).evaluator();
    int checked = 0;
    for (var r : dev.vkrules.runtime.requirements.RequirementTables.CAPABILITIES.values()) {
      if (r.anyOf().size() != 1 || !(r.anyOf().get(0) instanceof Alternative.Feature f) || f.requires().size() != 1
          || f.requires().get(0).startsWith("VK_VERSION") || e.requiresMet(f.requires())) {
        continue;
      }
      assertEquals(f.requires().get(0) + " / " + f.member(), e.missing(r));
      checked++;
    }
    assertTrue(checked > 0, "some capability needs a feature of an extension the device lacks");
  }

  @Test
  void noNeedsInformationAboutTheLimitsOfAnExtensionTheDeviceLacks() throws Exception {
    Path without = PortabilityMatrixTest.device(false);
    DeviceProfile lacking = ProfileReader.read(without, null);
    Set<String> lacked = lackedExtensions(MESH, lacking);
    // without a device, the module's rules do ask for facts of structures only those extensions provide
    ValidateCommandTest.Run offline = ValidateCommandTest.run("validate", "--format", "json", MESH.toString());
    List<String> offlineFacts = facts(offline.out());
    assertTrue(offlineFacts.stream().anyMatch(f -> onlyFrom(f, lacked)), offlineFacts.toString());
    // on the device that lacks them, none of those facts is asked for (the module fails for the extension)
    ValidateCommandTest.Run on = ValidateCommandTest.run("validate", "--format", "json", "--profile",
        without.toString(), MESH.toString());
    assertEquals(1, on.exit(), on.err());
    List<String> onFacts = facts(on.out());
    assertTrue(onFacts.stream().noneMatch(f -> onlyFrom(f, lacked)), onFacts.toString());
  }

  /** Whether a fact's structure is provided only by extensions in {@code lacked}. */
  static boolean onlyFrom(String fact, Set<String> lacked) {
    int sep = fact.indexOf("::");
    List<String> p = sep < 0 ? null : StructProviderTable.PROVIDERS.get(fact.substring(0, sep));
    return p != null && lacked.containsAll(p);
  }

  /** The facts of the needs-information findings of a --format json report. */
  static List<String> facts(String json) throws Exception {
    List<String> out = new ArrayList<>();
    for (JsonNode f : new ObjectMapper().readTree(json).findValues("message")) {
      String m = f.asText();
      if (m.startsWith("Needs ")) {
        int end = m.indexOf(m.contains(", which") ? ", which" : " to decide");
        out.add(m.substring(6, end));
      }
    }
    return out;
  }

  @Test
  void theRequirementsViewCountsModulesPerNeed() throws Exception {
    Path with = PortabilityMatrixTest.device(true);
    Path without = PortabilityMatrixTest.device(false);
    // without profiles: the needs and their module counts
    ValidateCommandTest.Run r = ValidateCommandTest.run("validate", "--requirements", "json", "--list-modules",
        PortabilityMatrixTest.SHADERS.toString());
    assertEquals(0, r.exit(), r.err());
    JsonNode root = new ObjectMapper().readTree(r.out());
    assertEquals(PortabilityMatrixTest.modules(), root.get("moduleCount").asLong());
    assertEquals(0, root.get("devices").size());
    // expected, from the tables: per capability or extension requirement the target does not meet, its modules
    RequirementCheck offline = Validator.requirements(TARGET, Optional.empty());
    TreeMap<String, Set<String>> expected = new TreeMap<>();
    try (Stream<Path> s = Files.walk(PortabilityMatrixTest.SHADERS)) {
      for (Path p : s.filter(x -> x.toString().endsWith(".spv")).sorted().toList()) {
        ModuleDeclarations d;
        try {
          d = declarations(p);
        } catch (RuntimeException e) {
          continue;
        }
        for (RequirementCheck.Unmet u : offline.unmet(d.capabilities(), d.extensions())) {
          expected.computeIfAbsent(dev.vkrules.runtime.requirements.AlternativeText.anyOf(u.requirement().anyOf(),
              offline.evaluator()::requiresMet), k -> new java.util.TreeSet<>()).add(p.toString());
        }
      }
    }
    assertFalse(expected.isEmpty(), "the bundled shaders need something beyond the target");
    int found = 0;
    for (JsonNode n : root.get("needs")) {
      assertEquals(n.get("moduleCount").asInt(), n.get("modules").size(), n.toString());
      Set<String> want = expected.get(n.get("need").asText());
      if (want != null && !n.get("kind").asText().equals("limit")) {
        Set<String> got = new HashSet<>();
        n.get("modules").forEach(m -> got.add(m.asText()));
        assertEquals(want, got, n.toString());
        found++;
      }
    }
    assertEquals(expected.size(), found, "every table need is listed: " + expected.keySet());

    // with profiles: a need holds on the device that has its extension and not on the one that lacks it
    ValidateCommandTest.Run d = ValidateCommandTest.run("validate", "--requirements", "json", "--profile",
        without.toString(), "--profile", with.toString(), PortabilityMatrixTest.SHADERS.toString());
    JsonNode withDevices = new ObjectMapper().readTree(d.out());
    Set<String> lacked = lackedExtensions(MESH, ProfileReader.read(without, null));
    int extensionNeeds = 0;
    for (JsonNode n : withDevices.get("needs")) {
      if (lacked.contains(n.get("need").asText())) {
        List<String> on = new ArrayList<>();
        n.get("devices").forEach(x -> on.add(x.asText()));
        assertEquals(List.of(PortabilityMatrixTest.name(with)), on, n.toString());
        extensionNeeds++;
      }
    }
    assertTrue(extensionNeeds > 0, withDevices.toString());
  }
}
