package dev.vkrules.runtime.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vkrules.runtime.profile.DeviceProfile;
import dev.vkrules.runtime.profile.ProfileReader;
import dev.vkrules.runtime.support.Sources;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The requirements view's fleet answers on the 41 real device profiles: per need, the devices that
 * lack it, and those gained without the modules that need it, checked by dropping those modules
 * and asking again.
 */
class RequirementsFleetTest {
  static final Path DEVICES = Sources.specSources().resolve("profiles/devices");
  static final Path SHADERS = Sources.root().resolve("examples/shaders");

  @TempDir Path dir;

  private static JsonNode fleet;

  private static JsonNode json(String... args) throws Exception {
    ValidateCommandTest.Run r = ValidateCommandTest.run(args);
    assertTrue(r.exit() <= 1, r.err());
    return new ObjectMapper().readTree(r.out());
  }

  @BeforeAll
  static void view() throws Exception {
    fleet = json("validate", "--no-config", "--requirements", "json", "--list-modules", "--profile", DEVICES.toString(),
        SHADERS.toString());
  }

  private static Set<String> strings(JsonNode array) {
    Set<String> out = new LinkedHashSet<>();
    array.forEach(x -> out.add(x.asText()));
    return out;
  }

  private static List<String> deviceNames(JsonNode root) {
    List<String> out = new ArrayList<>();
    root.get("devices").forEach(d -> out.add(d.get("name").asText()));
    return out;
  }

  /** The names of the devices each need lacks, by device: what a device is missing. */
  private static Map<String, Set<String>> lackedBy(JsonNode root) {
    Map<String, Set<String>> out = new TreeMap<>();
    deviceNames(root).forEach(d -> out.put(d, new TreeSet<>()));
    for (JsonNode n : root.get("needs")) {
      for (String d : strings(n.get("lacking"))) {
        out.get(d).add(n.get("kind").asText() + " " + n.get("need").asText());
      }
    }
    return out;
  }

  @Test
  void everyDeviceEitherProvidesOrLacksEachNeed() {
    List<String> names = deviceNames(fleet);
    assertEquals(41, names.size(), "the bundled real devices");
    assertFalse(fleet.get("needs").isEmpty());
    for (JsonNode n : fleet.get("needs")) {
      Set<String> on = strings(n.get("devices"));
      Set<String> lacking = strings(n.get("lacking"));
      Set<String> all = new TreeSet<>(on);
      all.addAll(lacking);
      assertEquals(new TreeSet<>(names), all, n.toString());
      assertEquals(on.size() + lacking.size(), names.size(), "no device both provides and lacks " + n);
      assertTrue(lacking.containsAll(strings(n.get("gained"))), "a gained device lacked the need: " + n);
    }
  }

  /** An extension need is lacked by exactly the devices whose profile does not list that extension. */
  @Test
  void theDevicesLackingAnExtensionAreThoseWithoutIt() throws Exception {
    Map<String, DeviceProfile> profiles = new TreeMap<>();
    for (JsonNode d : fleet.get("devices")) {
      profiles.put(d.get("name").asText(), ProfileReader.read(Sources.root().resolve(d.get("file").asText()), null));
    }
    int checked = 0;
    for (JsonNode n : fleet.get("needs")) {
      String need = n.get("need").asText();
      if (n.get("kind").asText().equals("extension") && need.matches("VK_\\w+")) {
        Set<String> without = new TreeSet<>();
        profiles.forEach((name, p) -> {
          if (!p.variants().get(0).extensions().contains(need)) {
            without.add(name);
          }
        });
        assertEquals(without, new TreeSet<>(strings(n.get("lacking"))), need);
        assertFalse(without.isEmpty(), need + " is lacked somewhere among 41 devices");
        checked++;
      }
    }
    assertTrue(checked > 0, "the bundled shaders need an extension");
  }

  /**
   * Dropping the modules of a need gains exactly the devices the view names: asked again without
   * them, a gained device lacks nothing, and every other device that lacked the need still lacks
   * something.
   */
  @Test
  void droppingANeedsModulesGainsTheNamedDevices() throws Exception {
    Set<String> done = new TreeSet<>();
    int gainedSomewhere = 0;
    for (JsonNode n : fleet.get("needs")) {
      Set<String> modules = strings(n.get("modules"));
      if (strings(n.get("lacking")).isEmpty() || !done.add(String.join("\n", modules))) {
        continue;
      }
      Path rest = Files.createDirectories(dir.resolve("without-" + done.size()));
      try (Stream<Path> s = Files.list(SHADERS)) {
        for (Path p : s.filter(p -> p.toString().endsWith(".spv") && !modules.contains(p.toString())).toList()) {
          Files.copy(p, rest.resolve(p.getFileName()));
        }
      }
      Map<String, Set<String>> after = lackedBy(json("validate", "--no-config", "--requirements", "json", "--profile",
          DEVICES.toString(), rest.toString()));
      Set<String> gained = strings(n.get("gained"));
      for (String d : strings(n.get("lacking"))) {
        assertEquals(gained.contains(d), after.get(d).isEmpty(), d + " without " + modules + " lacks " + after.get(d));
      }
      gainedSomewhere += gained.isEmpty() ? 0 : 1;
    }
    assertTrue(gainedSomewhere > 0, "some need's modules keep devices out");
  }

  /** Text, Markdown and HTML say the same as JSON: the lacking and the gained devices of each need. */
  @Test
  void everyFormatNamesTheLackingAndGainedDevices() {
    JsonNode mostGained = null;
    for (JsonNode n : fleet.get("needs")) {
      if (mostGained == null || n.get("gained").size() > mostGained.get("gained").size()) {
        mostGained = n;
      }
    }
    assertTrue(mostGained.get("gained").size() > 0, mostGained.toString());
    List<String> gained = new ArrayList<>(strings(mostGained.get("gained")));
    List<String> lacking = new ArrayList<>(strings(mostGained.get("lacking")));
    int modules = mostGained.get("moduleCount").asInt();
    String text = ValidateCommandTest.run("validate", "--no-config", "--requirements", "text", "--profile",
        DEVICES.toString(), SHADERS.toString()).out();
    String line = "    gained without its " + (modules == 1 ? "module" : modules + " modules") + " (" + gained.size() + "): "
        + String.join(", ", gained) + "\n";
    assertTrue(text.contains("    lacking (" + lacking.size() + "): " + String.join(", ", lacking) + "\n"), text);
    assertTrue(text.contains(line), line + " in\n" + text);
    String md = ValidateCommandTest.run("validate", "--no-config", "--requirements", "md", "--profile",
        DEVICES.toString(), SHADERS.toString()).out();
    assertTrue(md.contains("| " + String.join(", ", lacking) + " | " + String.join(", ", gained) + " |"),
        md);
    ValidateCommandTest.Run html = ValidateCommandTest.run("validate", "--no-config", "--requirements", "html",
        "--profile", DEVICES.toString(), SHADERS.toString());
    assertEquals(0, html.exit(), html.err());
    assertTrue(html.out().startsWith("<!DOCTYPE html>") && html.out().endsWith("</html>\n"), html.out());
    StringBuilder cell = new StringBuilder("<ul>");
    gained.forEach(g -> cell.append("<li>").append(MatrixFormats.esc(g)).append("</li>"));
    assertTrue(html.out().contains(cell.append("</ul>").toString()), html.out());
    assertFalse(html.out().contains("<script") || html.out().contains("http"), "self-contained, nothing fetched");
  }

  @Test
  void anUnknownFormatNamesHtmlAmongTheExpected() {
    ValidateCommandTest.Run r = ValidateCommandTest.run("validate", "--requirements", "pdf", SHADERS.toString());
    assertEquals(2, r.exit());
    // a usage error: the message, then where help is
    assertTrue(r.err().lines().findFirst().orElseThrow().endsWith("expected one of text, json, md, html"), r.err());
  }
}
