package dev.vkrules.runtime.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vkrules.runtime.InputFiles;
import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.rules.RuleCatalog;
import dev.vkrules.runtime.support.ExampleAssembler;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.RandomAccessFile;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hostile and odd input on every surface that reads a file or a value: one case per class of
 * broken promise at least, each asserting its one-line error (position, pointer, the found text
 * cut short) or the bound it hits, never a time. Fast: every input here is small, or sparse.
 */
class HostileInputTest {
  static final Path ROOT = PipelineCliTest.ROOT;
  /** A compute module whose local size comes from SpecId 0 and 1 (32-bit unsigned), with DerivativeGroupQuads. */
  static final Path QUADS = ROOT.resolve("examples/pipelines/specialized-compute/quads.comp.spv");
  static final Path CAPTURE = ROOT.resolve("examples/pipelines/fossilize/libraries.json");
  static final Path DEVICE = ROOT.resolve("spec-sources/profiles/devices/vp_gpuinfo_apple_m1_0_2_2015_osx_14_3.json");
  /** The VUID QUADS fails with the local size 5: taken from the rule data, never typed. */
  static final String QUADS_VUID = RuleCatalog.vuids().stream().filter(v -> v.contains("DerivativeGroupQuadsNV-04684"))
      .findFirst().orElseThrow();
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  record Run(int exit, String out, String err) {
    /** The error output is exactly one line. */
    String oneLine() {
      assertEquals(1, err.lines().count(), err);
      return err.strip();
    }
  }

  static Run run(String... args) {
    return runWithStdin(new byte[0], args);
  }

  static Run runWithStdin(byte[] stdin, String... args) {
    InputStream saved = System.in;
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    try {
      System.setIn(new ByteArrayInputStream(stdin));
      int exit = Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
      return new Run(exit, out.toString(), err.toString());
    } finally {
      System.setIn(saved);
    }
  }

  private Path write(String name, String text) throws Exception {
    Path p = dir.resolve(name);
    Files.writeString(p, text);
    return p;
  }

  private Path computeDescription(String name, String specialization) throws Exception {
    Files.copy(QUADS, dir.resolve("quads.comp.spv"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    return write(name, "{\"VkComputePipelineCreateInfo\": {\"stage\": {\"stage\": \"VK_SHADER_STAGE_COMPUTE_BIT\","
        + " \"module\": \"quads.comp.spv\", " + specialization + "}}}");
  }

  // ---- values that do not fit their type; unknown is never pass

  @Test
  void specConstantsOutsideTheirConstantsTypeGiveNoVerdict() {
    // the value 5 fails the rule: the constant is read
    Run five = run("validate", "--spec-constant", "0=5", QUADS.toString());
    assertEquals(1, five.exit(), five.out());
    assertTrue(five.out().contains(QUADS_VUID), five.out());
    // values that cannot be the 32-bit unsigned constant: no verdict (exit 2), never "clean"
    for (String v : List.of("4294967301", "-1", "0x100000000", "2.5")) {
      Run r = run("validate", "--spec-constant", "0=" + v, QUADS.toString());
      assertEquals(2, r.exit(), v + ": " + r.out());
      assertTrue(r.out().contains("--spec-constant 0=" + v + ": SpecId 0 is a 32-bit unsigned integer constant"), r.out());
      assertFalse(r.out().contains(QUADS_VUID), r.out());
    }
    // values no constant can take are refused as they are read, in one line
    for (String v : List.of("1e999", "18446744073709551616", "-9223372036854775809", "9".repeat(5000))) {
      Run r = run("validate", "--spec-constant", "0=" + v, QUADS.toString());
      assertEquals(2, r.exit(), r.err());
      assertTrue(r.err().lines().findFirst().orElseThrow().length() < 200, r.err());
    }
  }

  @Test
  void aMapEntryOfAnotherSizeIsTheMapEntrysError() throws Exception {
    String vuid = dev.vkrules.runtime.pipeline.SpecializationVuids.ENTRY_SIZE.id();
    // 8 bytes, 2 bytes and 3 bytes (no scalar has 3) for a 32-bit constant the module declares
    for (int size : new int[] {8, 2, 3}) {
      Path d = computeDescription("c" + size + ".json", "\"pSpecializationInfo\": {\"pMapEntries\": [{\"constantID\": 0,"
          + " \"offset\": 0, \"size\": " + size + "}], \"pData\": [5, 0, 0, 0, 0, 0, 0, 0]}");
      Run r = run("validate", "--pipeline", d.toString());
      assertEquals(1, r.exit(), r.out());
      // placed where the description gives the stage, as a finding is placed in the shader's source
      assertTrue(r.out().contains("c" + size + ".json:1:43: error: [" + vuid + "] SpecId 0 is a 32-bit"
          + " unsigned integer constant; got a map entry of " + size + (size == 1 ? " byte" : " bytes")
          + " (/VkComputePipelineCreateInfo/stage)"), r.out());
      // the module's own rules are not decided with that value: the quads rule is not reported
      assertFalse(r.out().contains(QUADS_VUID), r.out());
      assertTrue(r.out().contains("1 invalid"), r.out());
    }
    // an entry of an odd size for an ID the module does not declare does not affect the pipeline
    Path unused = computeDescription("unused.json", "\"pSpecializationInfo\": {\"pMapEntries\": [{\"constantID\": 0,"
        + " \"offset\": 0, \"size\": 4}, {\"constantID\": 99, \"offset\": 4, \"size\": 3}],"
        + " \"pData\": [5, 0, 0, 0, 1, 2, 3]}");
    Run r = run("validate", "--pipeline", unused.toString());
    assertFalse(r.out().contains("[" + vuid + "]"), r.out());
    assertTrue(r.out().contains(QUADS_VUID), r.out());
  }

  @Test
  void descriptionNumbersBeyondTheirTypeAreOneShortLine() throws Exception {
    Path wide = computeDescription("wide.json", "\"specialization\": {\"0\": 1e999}");
    Run r = run("validate", "--pipeline", wide.toString());
    assertEquals(2, r.exit());
    assertEquals("vkrules: " + wide + ":1:131: /VkComputePipelineCreateInfo/stage/specialization/0: a specialization"
        + " value is at most 64 bits (-2^63 to 2^64-1), got 1e999", r.oneLine());
    // a number longer than the reader takes: one line, the number never quoted whole
    Path digits = computeDescription("digits.json", "\"specialization\": {\"0\": " + "1".repeat(100_000) + "}");
    Run d = run("validate", "--pipeline", digits.toString());
    assertEquals(2, d.exit());
    String line = d.oneLine();
    assertTrue(line.startsWith("vkrules: " + digits + ":1:"), line);
    assertTrue(line.length() < 300, line);
  }

  @Test
  void anArchiveEntryIsRefusedByItsDeclaredSizesAndABombAtTheSizeItDeclares() throws Exception {
    byte[] capture = Files.readAllBytes(ROOT.resolve("examples/pipelines/fossilize/capture.json"));
    byte[] archive = dev.vkrules.runtime.pipeline.FozWriter.fromCapture(capture, true, false);
    // the compute pipeline's entry comes last: its uncompressed size (the header's last uint32) set to 4 GiB - 1
    java.nio.ByteBuffer.wrap(archive).order(java.nio.ByteOrder.LITTLE_ENDIAN).putInt(lastEntry(archive) + 52, -1);
    Path huge = dir.resolve("huge.foz");
    Files.write(huge, archive);
    Run r = run("validate", "--pipeline", huge.toString());
    assertEquals(2, r.exit(), r.err());
    assertEquals("", r.err());
    assertTrue(r.out().contains(huge + ": entry 07.f00dfacec0ffee01: declares 4294967295 bytes, more than the 64 MiB"
        + " vkrules reads of one entry\n"), r.out());
    // 16 MiB of zeros in a few kilobytes, declared as 100 bytes: inflated no further than that
    byte[] zeros = dev.vkrules.runtime.pipeline.FozWriter.deflate(new byte[16 << 20]);
    Path bomb = dir.resolve("bomb.foz");
    Files.write(bomb, new dev.vkrules.runtime.pipeline.FozWriter().raw(7, 1, zeros, 2, 0, 100).bytes());
    Run b = run("validate", "--pipeline", bomb.toString());
    assertEquals(2, b.exit(), b.err());
    assertTrue(b.out().contains(bomb + ": entry 07.0000000000000001: inflates to more than the 100 bytes the header"
        + " declares\n"), b.out());
  }

  /** Where the last entry of an archive starts (entries are 56 bytes of name and header, then the stored size). */
  private static int lastEntry(byte[] archive) {
    java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(archive).order(java.nio.ByteOrder.LITTLE_ENDIAN);
    int at = 16;
    int last = at;
    while (at < archive.length) {
      last = at;
      at += 56 + b.getInt(at + 40);
    }
    return last;
  }

  @Test
  void captureCodeSizeMustBeTheCodesLength() throws Exception {
    String capture = Files.readString(ROOT.resolve("examples/pipelines/fossilize/capture.json"));
    assertTrue(capture.contains("\"codeSize\""), "the example capture states codeSize");
    Path text = write("size-text.json", capture.replaceFirst("\"codeSize\": *[0-9]+", "\"codeSize\": \"296\""));
    Run r = run("validate", "--pipeline", text.toString());
    assertEquals(2, r.exit());
    assertTrue(Pattern.matches("vkrules: .*size-text.json:\\d+:\\d+: /shaderModules/[0-9a-f]{16}/codeSize: expected"
        + " codeSize, a number of bytes, got string", r.oneLine()), r.err());
    Path wide = write("size-wide.json", capture.replaceFirst("\"codeSize\": *[0-9]+", "\"codeSize\": 18446744073709551912"));
    Run w = run("validate", "--pipeline", wide.toString());
    assertEquals(2, w.exit());
    assertTrue(w.oneLine().contains("codeSize is 18446744073709551912 but code holds"), w.err());
  }

  @Test
  void profileValuesAreCheckedByTheirVkXmlType() throws Exception {
    String device = Files.readString(DEVICE);
    assertTrue(device.contains("\"VK_SHADER_STAGE_COMPUTE_BIT\""), "the profile lists shader stage bits");
    Path misspelt = write("bit.json", device.replaceFirst("\"VK_SHADER_STAGE_COMPUTE_BIT\"", "\"VK_SHADER_STAGE_COMPUTE_BTI\""));
    Run r = run("profile-check", "--profile", misspelt.toString());
    assertEquals(2, r.exit());
    String line = r.oneLine();
    assertTrue(line.contains("'VK_SHADER_STAGE_COMPUTE_BTI' is no VkShaderStageFlagBits in the pinned vk.xml"), line);
    assertTrue(line.contains("VK_SHADER_STAGE_COMPUTE_BIT"), "the near name: " + line);
    assertTrue(device.contains("\"maxSamplerLodBias\": "), "the profile states a float limit");
    Path zero = write("zero.json", device.replaceFirst("\"maxSamplerLodBias\": [0-9.]+", "\"maxSamplerLodBias\": -0.0"));
    Run z = run("profile-check", "--profile", zero.toString());
    assertEquals(2, z.exit());
    assertTrue(z.oneLine().contains("maxSamplerLodBias: expected a float"), z.err());
  }

  @Test
  void aNullInAProfileIsAnUnknownValueWithItsPointer() throws Exception {
    String device = Files.readString(DEVICE);
    Path nulls = write("null.json", device.replace("\"driverID\": \"VK_DRIVER_ID_MOLTENVK\"", "\"driverID\": null"));
    Run r = run("profile-check", "--profile", nulls.toString());
    assertEquals(0, r.exit(), r.err());
    assertTrue(r.err().contains(": /capabilities/device/properties/VkPhysicalDeviceVulkan12Properties/driverID: null,"
        + " an unknown value"), r.err());
  }

  @Test
  void everyHeldDeviceReportLoads() throws Exception {
    try (var files = Files.list(ROOT.resolve("spec-sources/profiles/devices"))) {
      List<Path> all = files.filter(f -> f.toString().endsWith(".json")).sorted().toList();
      assertTrue(all.size() > 10, "device reports: " + all.size());
      for (Path f : all) {
        Run r = run("profile-check", "--profile", f.toString());
        assertEquals(0, r.exit(), f + ": " + r.err());
      }
    }
  }

  // ---- the same files, the same verdict

  @Test
  void theConfigurationAppliesToInputsNamedInAList() throws Exception {
    Path project = Files.createDirectories(dir.resolve("project"));
    Files.copy(QUADS, project.resolve("q.spv"));
    Files.writeString(project.resolve(ProjectConfig.FILE_NAME), "ignore: [" + QUADS_VUID + "]\n");
    Path list = write("list.txt", project.resolve("q.spv") + "\n");
    Run direct = run("validate", "--spec-constant", "0=5", project.resolve("q.spv").toString());
    Run listed = run("validate", "--spec-constant", "0=5", "--files-from", list.toString());
    assertEquals(direct.exit(), listed.exit(), listed.out());
    assertEquals(0, listed.exit(), listed.out());
    assertTrue(listed.out().contains("1 ignored"), listed.out());
  }

  @Test
  void aSecondYamlDocumentIsAnError() throws Exception {
    Path config = write("two.yaml", "ignore: []\n---\nignore: [" + QUADS_VUID + "]\n");
    Run r = run("validate", "--config", config.toString(), QUADS.toString());
    assertEquals(2, r.exit());
    assertEquals("vkrules: " + config + ":3:1: a second YAML document; a configuration is one document (no '---' between"
        + " parts)", r.oneLine());
  }

  // ---- size bounded, before reading

  @Test
  void eachFileKindIsRefusedBySizeBeforeItIsRead() throws Exception {
    Path config = dir.resolve("big.yaml");
    try (RandomAccessFile f = new RandomAccessFile(config.toFile(), "rw")) {
      f.setLength(InputFiles.MAX_CONFIG + 1);  // sparse: refused by its size, never read
    }
    Run r = run("validate", "--config", config.toString(), QUADS.toString());
    assertEquals(2, r.exit());
    assertEquals("vkrules: cannot read " + config + ": larger than 1 MiB, the most vkrules reads as a configuration",
        r.oneLine());
    // a module too large among others: refused alone, the others validated
    Path tree = Files.createDirectories(dir.resolve("tree"));
    Files.copy(QUADS, tree.resolve("a.spv"));
    try (RandomAccessFile f = new RandomAccessFile(tree.resolve("b.spv").toFile(), "rw")) {
      f.setLength(InputFiles.MAX_MODULE + 1);
    }
    Run t = run("validate", tree.toString());
    assertEquals(2, t.exit());
    assertTrue(t.out().contains("b.spv: cannot read " + tree.resolve("b.spv") + ": larger than 256 MiB, the most vkrules"
        + " reads as a module"), t.out());
    assertTrue(t.out().contains("2 modules: 0 clean, 0 invalid, 0 malformed, 1 need device information (--profile),"
        + " 1 not checked"), t.out());
  }

  @Test
  void aSpecialFileIsReadUpToItsKindsLimit() {
    Run r = run("validate", "--config", "/dev/zero", QUADS.toString());
    assertEquals(2, r.exit());
    assertEquals("vkrules: cannot read /dev/zero: larger than 1 MiB, the most vkrules reads as a configuration",
        r.oneLine());
  }

  @Test
  void aBaselineCountIsComparedNeverExpanded() throws Exception {
    Path baseline = write("b.json", "{\"schema\": \"" + Baseline.SCHEMA + "\", \"findings\": [{\"file\": \"x.spv\","
        + " \"vuid\": \"" + QUADS_VUID + "\", \"instruction\": \"i\", \"count\": 2147483647}]}");
    Run r = run("validate", "--baseline", baseline.toString(), QUADS.toString());
    assertEquals(0, r.exit(), r.err());
    assertTrue(r.out().contains("2147483647 in the baseline no longer found"), r.out());
    Path wider = write("w.json", "{\"schema\": \"" + Baseline.SCHEMA + "\", \"findings\": [{\"file\": \"x.spv\","
        + " \"vuid\": \"v\", \"instruction\": \"i\", \"count\": 99999999999}]}");
    Run w = run("validate", "--baseline", wider.toString(), QUADS.toString());
    assertEquals(2, w.exit());
    assertEquals("vkrules: " + wider + ":1:47: /findings/0/count: \"count\" must be a whole number from 1 to 2147483647,"
        + " got 99999999999", w.oneLine());
  }

  @Test
  void aProfileNamingOneBlockOverAndOverIsBounded() throws Exception {
    Path p = write("blocks.json", "{\"capabilities\": {\"b\": {}}, \"profiles\": {\"P\": {\"version\": 1, \"api-version\":"
        + " \"1.3.0\", \"label\": \"P\", \"description\": \"\", \"capabilities\": [" + "\"b\",".repeat(200_000)
        + "\"b\"]}}}");
    Run r = run("profile-check", "--profile", p.toString());
    assertEquals(2, r.exit());
    assertTrue(r.oneLine().endsWith(": more than 4096 capability block names in one profile"), r.err());
  }

  // ---- cycles and expansion of library links

  @SuppressWarnings("unchecked")
  private Path capture(String name, java.util.function.Consumer<Map<String, Object>> edit) throws Exception {
    Map<String, Object> c = JSON.readValue(CAPTURE.toFile(), Map.class);
    Files.copy(CAPTURE.resolveSibling("libraries.json"), dir.resolve("unused.json"),
        java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    edit.accept((Map<String, Object>) c.get("graphicsPipelines"));
    Path p = dir.resolve(name);
    JSON.writerWithDefaultPrettyPrinter().writeValue(p.toFile(), c);
    return p;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> pipeline(Map<String, Object> pipelines, String hash) {
    return (Map<String, Object>) pipelines.get(hash);
  }

  @Test
  void libraryCyclesAreErrorsNamingThem() throws Exception {
    Path self = capture("self.json", g -> pipeline(g, "1000000000000001").put("libraryInfo",
        Map.of("libraries", List.of("1000000000000001"))));
    Run r = run("validate", "--pipeline", self.toString());
    assertEquals(2, r.exit());
    assertTrue(r.oneLine().endsWith(": /graphicsPipelines/1000000000000001/libraryInfo/libraries/0: library"
        + " 1000000000000001 links itself"), r.err());
    Path pair = capture("pair.json", g -> {
      pipeline(g, "1000000000000001").put("libraryInfo", Map.of("libraries", List.of("1000000000000002")));
      pipeline(g, "1000000000000002").put("libraryInfo", Map.of("libraries", List.of("1000000000000001")));
    });
    Run p = run("validate", "--pipeline", pair.toString());
    assertEquals(2, p.exit());
    assertTrue(p.oneLine().endsWith("libraries link each other in a cycle: 1000000000000001 -> 1000000000000002 ->"
        + " 1000000000000001"), p.err());
  }

  @Test
  void libraryLinksThatMultiplyAreBounded() throws Exception {
    Path bomb = capture("bomb.json", g -> {
      Map<String, Object> leaf = pipeline(g, "1000000000000001");
      List<String> middles = new java.util.ArrayList<>();
      for (int i = 0; i < 40; i++) {
        String hash = String.format("3%015d", i);
        Map<String, Object> m = new java.util.LinkedHashMap<>(leaf);
        m.put("libraryInfo", Map.of("libraries", java.util.Collections.nCopies(40, "1000000000000001")));
        g.put(hash, m);
        middles.add(hash);
      }
      pipeline(g, "2000000000000001").put("libraryInfo", Map.of("libraries", middles));
    });
    Run r = run("validate", "--pipeline", bomb.toString());
    assertEquals(2, r.exit());
    assertTrue(r.oneLine().endsWith(": pipeline 2000000000000001 holds more than 1024 library copies with its libraries'"
        + " own links"), r.err());
  }

  // ---- special files, standard input, names

  @Test
  void specialFilesAreReadWhereOneFileIsExpected() {
    Run r = run("validate", "--config", "/dev/null", "--verbose", "--spec-constant", "0=5", QUADS.toString());
    assertEquals(1, r.exit(), r.err());
    assertTrue(r.err().contains("vkrules: configuration: /dev/null (--config)"), r.err());
  }

  @Test
  void aFifoInAListIsSkippedWithANote() throws Exception {
    Path fifo = dir.resolve("f.spv");
    Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
    assertEquals(0, mkfifo.waitFor());
    Path list = write("list.txt", QUADS + "\n" + fifo + "\n");
    Run r = run("validate", "--files-from", list.toString());
    assertEquals(0, r.exit(), r.err());
    assertEquals("vkrules: " + fifo + ": skipped: not a regular file (a FIFO)", r.oneLine());
  }

  @Test
  void aClosedStandardInputIsOneLine() {
    System.setProperty("vkrules.stdin", "closed");
    try {
      Run r = run("validate", "-");
      assertEquals(2, r.exit());
      assertEquals("-: cannot read <stdin>: standard input is closed", r.out().lines().findFirst().orElseThrow());
    } finally {
      System.clearProperty("vkrules.stdin");
    }
  }

  @Test
  void aListsByteOrderMarkIsDropped() throws Exception {
    Path list = dir.resolve("bom.txt");
    Files.write(list, ("\uFEFF" + QUADS + "\n").getBytes(StandardCharsets.UTF_8));
    Run r = run("validate", "--spec-constant", "0=5", "--files-from", list.toString());
    assertEquals(1, r.exit(), r.err());
    assertTrue(r.out().contains(QUADS_VUID), r.out());
  }

  // ---- trust

  @Test
  void aConfigurationOthersCanWriteIsNotApplied() throws Exception {
    Path shared = Files.createDirectories(dir.resolve("shared"));
    Files.copy(QUADS, shared.resolve("q.spv"));
    Files.writeString(shared.resolve(ProjectConfig.FILE_NAME), "ignore: [" + QUADS_VUID + "]\n");
    Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxrwxrwx"));
    String module = shared.resolve("q.spv").toString();
    Run r = run("validate", "--spec-constant", "0=5", module);
    assertEquals(1, r.exit(), r.out());
    assertTrue(r.err().contains("vkrules: warning: not applying " + shared.resolve(ProjectConfig.FILE_NAME)
        + ": its folder " + shared + " is writable by every user (--trust-config or VKRULES_TRUST_CONFIG=1 applies it)"),
        r.err());
    Run trusted = run("validate", "--trust-config", "--spec-constant", "0=5", module);
    assertEquals(0, trusted.exit(), trusted.err());
  }

  // ---- every mode keeps its promises

  @Test
  void writeBaselineToStandardOutputIsTheBaselineAlone() throws Exception {
    Run r = run("validate", "--write-baseline", "-", "--spec-constant", "0=5", QUADS.toString());
    assertEquals(Baseline.SCHEMA, JSON.readTree(r.out()).path("schema").asText());
    assertTrue(JSON.readTree(r.out()).path("findings").size() > 0, r.out());
  }

  @Test
  void theTimeLimitIsBounded() {
    Run r = run("validate", "--module-time-limit", "1000000", QUADS.toString());
    assertEquals(2, r.exit());
    assertTrue(r.err().contains("--module-time-limit is at most 86400 seconds"), r.err());
  }

  @Test
  void requirementsReportTheModulesTheyCouldRead() throws Exception {
    Path tree = Files.createDirectories(dir.resolve("req"));
    Files.copy(QUADS, tree.resolve("a.spv"));
    Path locked = Files.write(tree.resolve("b.spv"), ExampleAssembler.assemble(ValidateCommandTest.CLEAN, Target.VULKAN_1_3));
    try (RandomAccessFile f = new RandomAccessFile(locked.toFile(), "rw")) {
      f.setLength(InputFiles.MAX_MODULE + 1);  // unreadable by size, whoever runs the test (root reads any mode)
    }
    Run r = run("validate", "--requirements", "text", tree.toString());
    assertEquals(2, r.exit(), r.err());
    assertTrue(r.out().contains("ComputeDerivativeGroupQuads"), r.out());
    assertEquals("vkrules: cannot read " + locked + ": larger than 256 MiB, the most vkrules reads as a module",
        r.oneLine());
  }

  /** Bytes of a UTF-8 text, for stdin. */
  static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
