package dev.vkrules.runtime.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vkrules.runtime.requirements.DeviceStructTable;
import dev.vkrules.runtime.support.Sources;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Profile values are checked against vk.xml's member types: the hostile values of the issue
 * (-1, 2^64, 1.5, 1e999, a string) put into a real device description are errors naming the
 * member's path, its position and what vk.xml says it must be; every shipped description and
 * profile still reads.
 */
class MemberTypesTest {
  @TempDir Path dir;

  private static Path devices() {
    return Sources.root().resolve("spec-sources/profiles/devices");
  }

  private static Path device() {
    return devices().resolve("vp_gpuinfo_nvidia_geforce_rtx_4070_551_61_0_0_windows_11.json");
  }

  /** The device's JSON with {@code member}'s value replaced by {@code value}; the error expected there. */
  private record Mutated(Path file, String position) {}

  private Mutated mutate(String member, String value) throws Exception {
    String json = Files.readString(device());
    Matcher m = Pattern.compile("\"" + member + "\"\\s*:\\s*(\\[[^\\]]*\\]|[^,}\\n]+)").matcher(json);
    if (!m.find()) {
      throw new AssertionError(member + " not in " + device());
    }
    String before = json.substring(0, m.start(1));
    int line = (int) before.chars().filter(c -> c == '\n').count() + 1;
    int column = m.start(1) - before.lastIndexOf('\n');
    Path file = dir.resolve(member + ".json");
    Files.writeString(file, before + value + json.substring(m.end(1)), StandardCharsets.UTF_8);
    return new Mutated(file, line + ":" + column);
  }

  /** capabilities.BLOCK.properties.STRUCT(.limits).member, from the file itself. */
  private static String path(String struct, String member) throws Exception {
    JsonNode caps = new ObjectMapper().readTree(device().toFile()).get("capabilities");
    String block = caps.fieldNames().next();
    String section = struct.contains("Features") ? "features" : "properties";
    boolean limit = DeviceStructTable.TYPES.containsKey("VkPhysicalDeviceLimits::" + member);
    return "capabilities." + block + "." + section + "." + struct + (limit ? ".limits." : ".") + member;
  }

  private String error(Mutated m) {
    return assertThrows(ProfileException.class, () -> ProfileReader.read(m.file(), null)).getMessage();
  }

  @Test
  void theIssuesLimitsAreErrorsNamingMemberAndType() throws Exception {
    String member = "maxComputeSharedMemorySize";
    assertEquals("uint32_t", DeviceStructTable.TYPES.get("VkPhysicalDeviceLimits::" + member));
    String where = path("VkPhysicalDeviceProperties", member);
    String expected = ": expected a uint32_t (an integer from 0 to 4294967295), got ";
    for (String[] bad : new String[][] {{"-1", "-1"}, {"18446744073709551616", "18446744073709551616"}, {"1.5", "1.5"},
        {"1e999", "1E+999"}, {"4294967296", "4294967296"}}) {
      Mutated m = mutate(member, bad[0]);
      assertEquals(m.file() + ":" + m.position() + ": " + where + expected + bad[1], error(m));
    }
    Mutated string = mutate(member, "\"49152\"");
    assertEquals(string.file() + ":" + string.position() + ": " + where + expected + "the string \"49152\"", error(string));
  }

  @Test
  void floatsBooleansArraysAndSixtyFourBitValues() throws Exception {
    Mutated f = mutate("maxSamplerAnisotropy", "1e999");
    assertEquals(f.file() + ":" + f.position() + ": " + path("VkPhysicalDeviceProperties", "maxSamplerAnisotropy")
        + ": expected a float (a finite number of magnitude at most 3.4028235E38), got 1E+999", error(f));
    Mutated b = mutate("shaderInt64", "1");
    assertEquals(b.file() + ":" + b.position() + ": " + path("VkPhysicalDeviceFeatures", "shaderInt64")
        + ": expected a VkBool32 (true or false), got 1", error(b));
    Mutated a = mutate("maxComputeWorkGroupCount", "[65535, 65535]");
    assertEquals(a.file() + ":" + a.position() + ": " + path("VkPhysicalDeviceProperties", "maxComputeWorkGroupCount")
        + ": expected an array of 3 uint32_t, got 2 elements", error(a));
    Mutated e = mutate("maxComputeWorkGroupCount", "[65535, -2, 65535]");
    assertEquals(path("VkPhysicalDeviceProperties", "maxComputeWorkGroupCount") + "[1]: expected a uint32_t (an integer"
        + " from 0 to 4294967295), got -2", error(e).substring(error(e).indexOf(": capabilities.") + 2));
    // 64-bit values may be decimal strings (gpuinfo.org writes them so), and are range-checked
    ProfileReader.read(mutate("bufferImageGranularity", "\"1024\"").file(), null);
    Mutated g = mutate("bufferImageGranularity", "\"-1\"");
    assertEquals(g.file() + ":" + g.position() + ": " + path("VkPhysicalDeviceProperties", "bufferImageGranularity")
        + ": expected a VkDeviceSize (an integer from 0 to 18446744073709551615), got \"-1\"", error(g));
  }

  /** Every description and profile the project ships reads (each profile of a multi-profile file). */
  @Test
  void everyShippedProfileReads() throws Exception {
    List<Path> files = new ArrayList<>();
    try (Stream<Path> s = Stream.concat(Files.list(devices()), Files.list(devices().getParent()))) {
      s.filter(p -> p.toString().endsWith(".json")).sorted().forEach(files::add);
    }
    int read = 0;
    for (Path file : files) {
      JsonNode profiles = new ObjectMapper().readTree(file.toFile()).get("profiles");
      for (var it = profiles.fieldNames(); it.hasNext(); ) {
        ProfileReader.read(file, it.next());
        read++;
      }
    }
    assertEquals(true, read > 41, "profiles read: " + read);
  }
}
