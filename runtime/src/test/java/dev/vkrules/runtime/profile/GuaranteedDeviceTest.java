package dev.vkrules.runtime.profile;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The guaranteed-minimum profiles bundled in binary form are the ones their JSON gives. */
class GuaranteedDeviceTest {
  static final Path JSON = Path.of(System.getProperty("vkrules.root", ".."))
      .resolve("spec-sources/profiles/VP_LUNARG_minimum_requirements.json");

  @Test
  void theBundledFormIsTheJsonsProfiles() throws Exception {
    Map<String, DeviceProfile> fromJson = GuaranteedBundle.fromJson(Files.readAllBytes(JSON));
    assertTrue(fromJson.keySet().containsAll(List.of("1.0", "1.1", "1.2", "1.3")), fromJson.keySet().toString());
    assertEquals(fromJson, GuaranteedDevice.bundled());
    for (String version : fromJson.keySet()) {
      assertEquals(fromJson.get(version).variants().size(), GuaranteedDevice.of(version).size(), version);
    }
    assertEquals(List.of(), GuaranteedDevice.of("0.9"));
  }

  @Test
  void theGeneratedSourceHoldsEveryByteAndIsPlainAscii() throws Exception {
    byte[] bytes = new byte[GuaranteedBundle.CHUNK * 2 + 300];
    for (int i = 0; i < bytes.length; i++) {
      bytes[i] = (byte) (i * 7 + i / 256);
    }
    String source = GuaranteedBundle.source(Map.of("1.0", new byte[] {'"', '\\', 0, 'a'}, "1.1", bytes));
    assertTrue(source.chars().allMatch(c -> c < 0x80), "ASCII only");
    assertEquals(4, source.split("\n          \"", -1).length - 1, "a constant, then three of at most CHUNK characters");
    assertTrue(source.contains("List.of(\"1.0\", \"1.1\")") || source.contains("List.of(\"1.1\", \"1.0\")"), source);
    // the constants of each version, unescaped as javac would, give its bytes back
    assertArrayEquals(new byte[] {'"', '\\', 0, 'a'}, constants(source, "1.0"));
    assertArrayEquals(bytes, constants(source, "1.1"));
  }

  /** The bytes of the string constants of {@code version}'s case in a generated source. */
  private static byte[] constants(String source, String version) {
    ByteArrayOutputStream back = new ByteArrayOutputStream();
    String open = "\n          \"";
    int end = source.indexOf(");\n", source.indexOf("case \"" + version + "\""));
    for (int at = source.indexOf(open, source.indexOf("case \"" + version + "\"")); at >= 0 && at < end;
        at = source.indexOf(open, at)) {
      int i = at + open.length();
      for (; source.charAt(i) != '"'; i++) {
        if (source.charAt(i) == '\\') {
          back.write(Integer.parseInt(source.substring(i + 1, i + 4), 8));
          i += 3;
        } else {
          back.write(source.charAt(i));
        }
      }
      at = i;
    }
    return back.toByteArray();
  }

  @Test
  void everyKindOfValueSurvivesTheCodec() throws Exception {
    DeviceProfile p = ProfileReader.parse(("{\"profiles\": {\"P\": {\"version\": 1, \"api-version\": \"1.3.0\","
        + " \"label\": \"L\", \"capabilities\": [\"b\"]}}, \"capabilities\": {\"b\": {\"extensions\": {\"VK_KHR_maintenance4\": 1},"
        + " \"features\": {\"VkPhysicalDeviceFeatures\": {\"shaderInt64\": true}},"
        + " \"properties\": {\"VkPhysicalDeviceProperties\": {\"limits\": {\"maxComputeWorkGroupSize\": [128, 128, 64],"
        + " \"maxSamplerLodBias\": 15.5, \"maxBoundDescriptorSets\": 4, \"x\": null, \"y\": \"s\"}}}}}}").getBytes(), "P");
    Map<String, DeviceProfile> read = GuaranteedBundle.decode(GuaranteedBundle.encode(Map.of("1.3", p)));
    assertEquals(java.util.Set.of("1.3"), read.keySet());
    DeviceProfile back = read.get("1.3");
    assertEquals(p, back);
    assertFalse(back.variants().get(0).properties().isEmpty());
  }

  @Test
  void badBundledDataIsAnIOException() throws Exception {
    byte[] block = GuaranteedProfiles.block("1.0");
    // cut short anywhere, or with bytes after it
    for (int cut : new int[] {0, 3, 5, block.length / 2, block.length - 1}) {
      assertThrows(IOException.class, () -> ProfileCodec.read(java.util.Arrays.copyOf(block, cut)), "cut at " + cut);
    }
    assertThrows(IOException.class, () -> ProfileCodec.read(java.util.Arrays.copyOf(block, block.length + 1)));
    // a count that cannot be (negative, or more things than bytes left)
    assertThrows(IOException.class, () -> new ProfileCodec.Cursor(new byte[] {(byte) 0x80, 0, 0, 0}).count());
    assertThrows(IOException.class, () -> new ProfileCodec.Cursor(new byte[] {0, 0, 0, 2, 9}).count());
    assertEquals(1, new ProfileCodec.Cursor(new byte[] {0, 0, 0, 1, 9}).count());
    // well-formed bytes of what is not a profile (no variants)
    ByteArrayOutputStream none = new ByteArrayOutputStream();
    java.io.DataOutputStream out = new java.io.DataOutputStream(none);
    out.writeUTF("P");
    out.writeUTF("L");
    out.writeInt(0);
    out.writeInt(0);
    assertThrows(IOException.class, () -> ProfileCodec.read(none.toByteArray()));
  }
}
