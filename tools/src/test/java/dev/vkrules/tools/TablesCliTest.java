package dev.vkrules.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.runtime.cli.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code vkrules tables} through the real command line (the generator's commands, found by ServiceLoader). */
class TablesCliTest {
  @TempDir Path dir;

  private record Run(int exit, String out, String err) {}

  private static Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exit = Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
    return new Run(exit, out.toString(), err.toString());
  }

  private static Path rules() {
    return Path.of("..", "rules");
  }

  @Test
  void tablesUnknownTableIsUsageError() {
    Run r = run("tables", "--rules", rules().toString(), "--table", "nope");
    assertEquals(2, r.exit());
    assertTrue(r.err().startsWith("vkrules: unknown table 'nope', expected one of capabilities, extensions, image-formats,"
        + " vk-formats, "), r.err());
  }

  @Test
  void tablesWritesAFile() throws Exception {
    Path out = dir.resolve("tables.csv");
    Run r = run("tables", "--rules", rules().toString(), "--format", "csv", "--table", "vk-formats",
        "--out", out.toString());
    assertEquals(0, r.exit(), r.err());
    List<String> lines = Files.readAllLines(out);
    assertEquals("condition,Vulkan Format,SPIR-V Image Format", lines.get(0));
    try (var files = Files.list(dir)) {
      assertEquals(0, files.filter(p -> p.getFileName().toString().endsWith(".tmp")).count());
    }
  }

  /** A device stating R32ui (VkFormatProperties) and R32f (VkFormatProperties3), nothing else. */
  private Path device() throws Exception {
    Path p = dir.resolve("device.json");
    Files.writeString(p, String.join("\n",
        "{\"capabilities\": {\"formats\": {\"formats\": {",
        "  \"VK_FORMAT_R32_UINT\": {\"VkFormatProperties\": {",
        "    \"optimalTilingFeatures\": [\"VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT\", \"VK_FORMAT_FEATURE_STORAGE_IMAGE_ATOMIC_BIT\"],",
        "    \"bufferFeatures\": [\"VK_FORMAT_FEATURE_STORAGE_TEXEL_BUFFER_BIT\"]}},",
        "  \"VK_FORMAT_R32_SFLOAT\": {\"VkFormatProperties3\": {",
        "    \"optimalTilingFeatures\": [\"VK_FORMAT_FEATURE_2_STORAGE_IMAGE_BIT\",",
        "      \"VK_FORMAT_FEATURE_2_STORAGE_READ_WITHOUT_FORMAT_BIT\"]}}}}},",
        " \"profiles\": {\"VP_TEST\": {\"api-version\": \"1.3.0\", \"label\": \"Test GPU\", \"capabilities\": [\"formats\"]}}}"));
    return p;
  }

  /** The cell of {@code vkFormat} in the table {@code table} (csv of several tables: table, condition, row, column, value). */
  private static String cell(String csv, String table, String vkFormat) {
    List<String> lines = csv.lines().filter(l -> l.startsWith(table + ",core,")).toList();
    String row = lines.stream().filter(l -> l.endsWith(",Vulkan Format," + vkFormat)).findFirst().orElseThrow()
        .split(",")[2];
    return lines.stream().filter(l -> l.startsWith(table + ",core," + row + ",Test GPU,")).findFirst().orElseThrow()
        .substring((table + ",core," + row + ",Test GPU,").length());
  }

  @Test
  void deviceFormatsSayYesNoOrUnknownPerFeatureAndDevice() throws Exception {
    Run r = run("tables", "--rules", rules().toString(), "--format", "csv", "--table", "device-formats",
        "--profile", device().toString());
    assertEquals(0, r.exit(), r.err());
    String storage = "device-formats-storage-image";
    assertEquals("yes", cell(r.out(), storage, "VK_FORMAT_R32_UINT"));
    assertEquals("yes", cell(r.out(), storage, "VK_FORMAT_R32_SFLOAT"));
    assertEquals("unknown", cell(r.out(), storage, "VK_FORMAT_R8_UNORM"));
    assertEquals("yes", cell(r.out(), "device-formats-storage-image-atomics", "VK_FORMAT_R32_UINT"));
    assertEquals("no", cell(r.out(), "device-formats-storage-image-atomics", "VK_FORMAT_R32_SFLOAT"));
    String read = "device-formats-storage-image-read-without-format";
    // VkFormatProperties cannot say it: unknown, not no; VkFormatProperties3 can
    assertEquals("unknown", cell(r.out(), read, "VK_FORMAT_R32_UINT"));
    assertEquals("yes", cell(r.out(), read, "VK_FORMAT_R32_SFLOAT"));
    assertEquals("no", cell(r.out(), "device-formats-storage-image-write-without-format", "VK_FORMAT_R32_SFLOAT"));
    assertEquals(9, r.out().lines().map(l -> l.split(",")[0]).filter(n -> n.startsWith("device-formats-")).distinct().count());
  }

  @Test
  void deviceFormatsWithoutADeviceIsAnError() {
    Run r = run("tables", "--rules", rules().toString(), "--table", "device-formats");
    assertEquals(2, r.exit());
    assertEquals("vkrules: the device-formats tables need the devices: --profile FILE|DIR", r.err().strip());
  }
}
