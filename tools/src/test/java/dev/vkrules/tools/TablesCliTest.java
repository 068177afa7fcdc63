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

  /** The names of the tables {@code tables} publishes without a device, from its own usage error. */
  private static List<String> tableNames() {
    String err = run("tables", "--rules", rules().toString(), "--table", "?").err();
    String list = err.substring(err.indexOf("expected one of ") + "expected one of ".length()).lines().findFirst().orElseThrow();
    return List.of(list.split(", "));
  }

  /**
   * csv into a zip or a directory: one file per table, each what {@code --table NAME --format csv}
   * prints, beside the long form of them all; written like any new file (the umask decides).
   */
  @Test
  void csvSheetsOnePerTableBesideTheLongForm() throws Exception {
    List<String> names = tableNames();
    assertTrue(names.size() >= 8, names.toString());
    Path zip = dir.resolve("out/tables.zip");
    Run z = run("tables", "--rules", rules().toString(), "--format", "csv", "--out", zip.toString());
    assertEquals(0, z.exit(), z.err());
    java.util.Map<String, String> entries = new java.util.LinkedHashMap<>();
    try (var in = new java.util.zip.ZipInputStream(Files.newInputStream(zip))) {
      for (var e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
        entries.put(e.getName(), new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
      }
    }
    List<String> expected = new java.util.ArrayList<>(names.stream().map(n -> n + ".csv").toList());
    expected.add("tables.csv");
    assertEquals(expected, List.copyOf(entries.keySet()));
    for (String n : names) {
      assertEquals(run("tables", "--rules", rules().toString(), "--format", "csv", "--table", n).out(), entries.get(n + ".csv"), n);
    }
    assertEquals(run("tables", "--rules", rules().toString(), "--format", "csv").out(), entries.get("tables.csv"));

    Path sheets = dir.resolve("sheets");
    Run d = run("tables", "--rules", rules().toString(), "--format", "csv", "--out", sheets + "/");
    assertEquals(0, d.exit(), d.err());
    for (var e : entries.entrySet()) {
      assertEquals(e.getValue(), Files.readString(sheets.resolve(e.getKey())), e.getKey());
    }
    try (var files = Files.list(sheets)) {
      assertEquals(entries.size(), files.count(), "nothing else in the directory");
    }
    // the same bytes for the same tables (fixed entry times)
    Path again = dir.resolve("again.zip");
    assertEquals(0, run("tables", "--rules", rules().toString(), "--format", "csv", "--out", again.toString()).exit());
    assertEquals(java.util.Arrays.toString(Files.readAllBytes(zip)), java.util.Arrays.toString(Files.readAllBytes(again)));
    if (java.nio.file.FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
      Path plain = Files.createFile(dir.resolve("plain"));
      for (Path p : List.of(zip, sheets.resolve("tables.csv"))) {
        assertEquals(Files.getPosixFilePermissions(plain), Files.getPosixFilePermissions(p), p.toString());
      }
    }
  }

  /**
   * The device tables in html: each table scrolls in its own box with the header row and the
   * first column sticky; a device's heading is written upwards and carries its whole name.
   */
  @Test
  void deviceTablesInHtmlKeepHeaderAndFirstColumnInView() throws Exception {
    String json = Files.readString(device());
    List<String> args = new java.util.ArrayList<>(List.of("tables", "--rules", rules().toString(), "--format", "html",
        "--table", "device-formats"));
    for (int i = 1; i <= 6; i++) {
      Path p = dir.resolve("gpu" + i + ".json");
      Files.writeString(p, json.replace("Test GPU", "GPU " + i).replace("VP_TEST", "VP_GPU_" + i));
      args.addAll(List.of("--profile", p.toString()));
    }
    Run r = run(args.toArray(String[]::new));
    assertEquals(0, r.exit(), r.err());
    org.jsoup.nodes.Document page = org.jsoup.Jsoup.parse(r.out());
    String css = page.selectFirst("style").data().replace(" ", "");
    assertTrue(css.contains("th{") && css.matches("(?s).*th\\{[^}]*position:sticky;top:0.*"), css);
    assertTrue(css.matches("(?s).*th:first-child,td:first-child\\{position:sticky;left:0.*"), css);
    assertTrue(css.matches("(?s).*\\.scroll\\{overflow:auto.*"), css);
    var tables = page.select("table");
    assertEquals(9, tables.size());
    for (var table : tables) {
      assertEquals("scroll", table.parent().className());
      assertTrue(table.hasClass("wide"), table.className());
      var headings = table.select("thead th");
      assertEquals(8, headings.size());
      for (int c = 2; c < headings.size(); c++) {
        assertEquals("v", headings.get(c).className());
        assertEquals("GPU " + (c - 1), headings.get(c).attr("title"));
        assertEquals(headings.get(c).attr("title"), headings.get(c).text());
      }
      for (var td : table.select("tbody td:gt(1)")) {
        assertEquals(td.text(), td.className(), "a device's answer is coloured by its value");
      }
    }
  }
}
