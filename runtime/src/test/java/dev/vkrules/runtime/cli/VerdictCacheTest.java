package dev.vkrules.runtime.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vkrules.runtime.engine.Diagnostic;
import dev.vkrules.runtime.engine.base.CountedPart;
import dev.vkrules.runtime.engine.Engine;
import dev.vkrules.runtime.engine.PreparedModule;
import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.engine.Validator;
import dev.vkrules.runtime.pipeline.Specialization;
import dev.vkrules.runtime.spirv.debug.SourceLocation;
import dev.vkrules.runtime.spirv.debug.Subject;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code --cache DIR}: a warm run prints what the cold run printed and parses and checks nothing;
 * a changed build, rule set or device description is a miss; an entry not to be trusted is one
 * warning and a miss; runs and threads sharing a cache at once never leave a half-written entry.
 */
class VerdictCacheTest {
  static final Path ROOT = Path.of(System.getProperty("vkrules.root", ".."));
  static final Path EXAMPLES = ROOT.resolve("examples");
  static final Path DEVICES = ROOT.resolve("spec-sources/profiles/devices");

  @TempDir Path dir;

  record Run(int exit, String out, String err, long prepared) {}

  /** A run with the generated rules and this build, counting the modules it parsed and checked. */
  static Run run(String... args) {
    return run(Validator::engine, null, args);
  }

  static Run run(Function<Target, Engine> engines, String build, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    ValidateCommand validate = new ValidateCommand(engines);
    if (build != null) {
      validate.build = () -> build;
    }
    CommandLine cl = Main.configure(new CommandLine(new Main()), validate);
    long before = PreparedModule.preparedCount();
    int exit = Main.execute(cl, args, new PrintWriter(out, true), new PrintWriter(err, true));
    return new Run(exit, out.toString(), err.toString(), PreparedModule.preparedCount() - before);
  }

  /** Modules alone, one twice under two names, and pipelines: graphics, linked stages, a capture, specialization. */
  private String[] inputs(String format) throws Exception {
    Path copy = dir.resolve("copies");
    Files.createDirectories(copy);
    Files.copy(EXAMPLES.resolve("shaders/pbr_metallic_roughness.frag.spv"), copy.resolve("again.frag.spv"));
    return new String[] {"validate", "--no-config", "--format", format, "--cache", dir.resolve("cache").toString(),
        "--pipeline", EXAMPLES.resolve("pipelines/graphics.json").toString(),
        "--pipeline", EXAMPLES.resolve("pipelines/link.json").toString(),
        "--pipeline", EXAMPLES.resolve("pipelines/fossilize/capture.json").toString(),
        "--pipeline", EXAMPLES.resolve("pipelines/specialized-compute/compute.json").toString(),
        EXAMPLES.resolve("shaders").toString(), copy.toString()};
  }

  @Test
  void aWarmRunPrintsWhatTheColdRunPrintedInEveryFormatAndParsesNothing() throws Exception {
    for (String format : List.of("text", "json", "sarif")) {
      String[] args = inputs(format);
      Run plain = run(Stream.of(args).filter(a -> !a.equals("--cache") && !a.endsWith("cache")).toArray(String[]::new));
      Run cold = run(args);
      Run warm = run(args);
      assertEquals(1, cold.exit(), cold.err());
      assertEquals(plain.out(), cold.out(), format + ": the cache changes nothing in a cold run");
      assertEquals(cold.out(), warm.out(), format);
      assertEquals(cold.err(), warm.err(), format);
      assertEquals(cold.exit(), warm.exit(), format);
      assertTrue(cold.prepared() > 0, format);
      assertEquals(0, warm.prepared(), format + ": a warm run only reads and hashes");
      deleteTree(dir.resolve("cache"));
      deleteTree(dir.resolve("copies"));
    }
  }

  @Test
  void eachModuleIsValidatedOnceAcrossPathsAndPipelines() throws Exception {
    Path a = dir.resolve("a");
    Files.createDirectories(a);
    byte[] module = Files.readAllBytes(EXAMPLES.resolve("shaders/skinned_mesh_ssbo_bones.vert.spv"));
    for (int i = 0; i < 5; i++) {
      Files.write(a.resolve("copy" + i + ".spv"), module);
    }
    Run r = run("validate", "--no-config", a.toString(), a.resolve("copy0.spv").toString());
    assertEquals(1, r.prepared(), "five files of one content: one parse and one engine pass");
    // every path is still reported (each is where the module is fixed), the one named twice once
    assertEquals(5, r.out().lines().filter(l -> l.contains("undecided")).count(), r.out());
    assertTrue(r.out().endsWith("5 modules: 0 clean, 0 invalid, 0 malformed, 5 need a pipeline description (--pipeline);"
        + " seen: 0 pipelines, 1 distinct module\n"), r.out());
    // graphics.json's ten pipelines use attrib.vert.spv; the stages that agree on what its checks read share one verdict
    Run g = run("validate", "--no-config", "--pipeline", EXAMPLES.resolve("pipelines/graphics.json").toString());
    assertTrue(g.out().contains("attrib.vert.spv: used by 10 pipeline stages: graphics.json pipelines[0]"), g.out());
    assertTrue(g.out().endsWith("4 modules: 1 clean, 3 invalid, 0 malformed; seen: 10 pipelines, 4 distinct modules\n"),
        g.out());
    assertEquals(4, g.prepared(), g.out());
  }

  @Test
  void stagesThatDifferInTheStateTheirChecksReadAreValidatedApart() {
    // link.json's pipelines 4 to 7 give link.frag.spv layouts whose bindings differ, which its checks read;
    // 0, 8 and 9 differ only in push constant ranges, which only the checks between stages and layout read
    Run r = run("validate", "--no-config", "--pipeline", EXAMPLES.resolve("pipelines/link.json").toString());
    for (int i = 4; i <= 7; i++) {
      assertTrue(r.out().contains("link.frag.spv (link.json pipelines[" + i + "].VkGraphicsPipelineCreateInfo.pStages[1])"),
          r.out());
    }
    assertTrue(r.out().contains("link.frag.spv: used by 3 pipeline stages: link.json pipelines[0].VkGraphicsPipelineCreateInfo"
        + ".pStages[1], link.json pipelines[8].VkGraphicsPipelineCreateInfo.pStages[1], link.json pipelines[9]"), r.out());
    // the push constant findings of 8 and 9 are theirs, and say so
    assertTrue(r.out().contains("cover it only up to byte 16. (layout: link.json pipelines[9].VkGraphicsPipelineCreateInfo"
        + ".layout) (link.json pipelines[9].VkGraphicsPipelineCreateInfo.pStages[1])"), r.out());
    // specialization values are in the key: the odd value fails, the even one does not, on one module
    Run odd = run("validate", "--no-config", "--pipeline",
        EXAMPLES.resolve("pipelines/specialized-compute/compute.json").toString(), "--pipeline",
        EXAMPLES.resolve("pipelines/specialized-compute/compute-even.json").toString());
    assertTrue(odd.out().contains("quads.comp.spv (compute.json stage): [VUID-"), odd.out());
    assertFalse(odd.out().contains("quads.comp.spv (compute-even.json stage): [VUID-"), odd.out());
    assertTrue(odd.out().contains("quads.comp.spv (compute-even.json stage): undecided:"), odd.out());
    assertEquals(2, odd.prepared());
  }

  @Test
  void aChangedBuildRuleSetOrDeviceNeverServesAStaleVerdict() throws Exception {
    String cache = dir.resolve("cache").toString();
    String module = EXAMPLES.resolve("shaders/meshlet_render.mesh.spv").toString();
    Run cold = run(Validator::engine, "build-1", "validate", "--no-config", "--cache", cache, module);
    assertEquals(1, cold.prepared());
    assertEquals(0, run(Validator::engine, "build-1", "validate", "--no-config", "--cache", cache, module).prepared());
    // another build
    assertEquals(1, run(Validator::engine, "build-2", "validate", "--no-config", "--cache", cache, module).prepared());
    // another rule set: one checker more, which fails every module
    Run rules = run(ValidateIsolationTest.enginesWith(ValidateIsolationTest.throwingOnLowerLeft(IllegalStateException::new)),
        "build-1", "validate", "--no-config", "--cache", cache, module);
    assertEquals(1, rules.prepared());
    // another device at the same path: the profile's content is the key, not its name
    Path profile = dir.resolve("device.json");
    List<Path> devices;
    try (Stream<Path> s = Files.list(DEVICES)) {
      devices = s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
    }
    Path first = devices.get(0);
    Path other = devices.stream().filter(p -> !sameVerdict(p, first, module)).findFirst().orElseThrow();
    Files.copy(first, profile);
    Run onFirst = run(Validator::engine, "build-1", "validate", "--no-config", "--cache", cache, "--profile",
        profile.toString(), module);
    assertEquals(1, onFirst.prepared());
    Files.copy(other, profile, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    Run onOther = run(Validator::engine, "build-1", "validate", "--no-config", "--cache", cache, "--profile",
        profile.toString(), module);
    assertEquals(1, onOther.prepared());
    Run fresh = run("validate", "--no-config", "--profile", profile.toString(), module);
    assertEquals(fresh.out(), onOther.out());
    assertNotEquals(onFirst.out(), onOther.out());
    // and a different --max-findings-per-rule is a different verdict too
    assertEquals(1, run(Validator::engine, "build-1", "validate", "--no-config", "--cache", cache,
        "--max-findings-per-rule", "1", module).prepared());
  }

  private static boolean sameVerdict(Path a, Path b, String module) {
    return run("validate", "--no-config", "--profile", a.toString(), module).out()
        .replace(a.toString(), "").equals(run("validate", "--no-config", "--profile", b.toString(), module).out()
            .replace(b.toString(), ""));
  }

  @Test
  void anEntryNotToBeTrustedIsOneWarningAndAMiss() throws Exception {
    Path cache = dir.resolve("cache");
    String[] args = {"validate", "--no-config", "--cache", cache.toString(), EXAMPLES.resolve("shaders").toString()};
    Run cold = run(args);
    List<Path> entries = entries(cache);
    assertTrue(entries.size() >= 4, entries.toString());
    byte[] whole = Files.readAllBytes(entries.get(0));
    Files.write(entries.get(0), java.util.Arrays.copyOf(whole, whole.length / 2));
    Files.writeString(entries.get(1), "not a cache entry\n");
    Files.writeString(entries.get(2), "vkrules-verdict-cache/0 0\n{}");
    byte[] flipped = Files.readAllBytes(entries.get(3));
    flipped[flipped.length - 3] ^= 1;
    Files.write(entries.get(3), flipped);
    Run warm = run(args);
    assertEquals(cold.out(), warm.out());
    assertEquals(cold.exit(), warm.exit());
    assertEquals(4, warm.prepared(), warm.err());
    List<String> lines = warm.err().lines().toList();
    assertEquals(4, lines.size(), warm.err());
    for (String l : lines) {
      assertTrue(l.matches("vkrules: warning: cache \\S+/[0-9a-f]{2}/[0-9a-f]{62}: .+, ignored"), l);
    }
    assertTrue(warm.err().contains("checksum does not match (truncated or corrupt), ignored"), warm.err());
    assertTrue(warm.err().contains("not a vkrules verdict cache entry, ignored"), warm.err());
    assertTrue(warm.err().contains("written in format vkrules-verdict-cache/0, this build reads "
        + VerdictCache.FORMAT + ", ignored"), warm.err());
    // the misses were written again, whole
    Run again = run(args);
    assertEquals("", again.err());
    assertEquals(0, again.prepared());
  }

  @Test
  void aCacheThatIsAFileIsOneLineAndExitTwo() throws Exception {
    Path file = Files.writeString(dir.resolve("file"), "x");
    Run r = run("validate", "--no-config", "--cache", file.toString(), EXAMPLES.resolve("shaders").toString());
    assertEquals(2, r.exit());
    assertEquals("vkrules: --cache: not a directory: " + file + "\n", r.err());
    assertEquals("", r.out());
  }

  @Test
  void theConfigurationNamesTheCacheRelativeToItsFolder() throws Exception {
    Path project = dir.resolve("project");
    Files.createDirectories(project.resolve("shaders"));
    Files.copy(EXAMPLES.resolve("shaders/skinned_mesh_ssbo_bones.vert.spv"), project.resolve("shaders/a.spv"));
    Files.writeString(project.resolve(ProjectConfig.FILE_NAME), "cache: .vkrules-cache\n");
    Run cold = run("validate", "--trust-config", project.resolve("shaders").toString());
    assertEquals(1, entries(project.resolve(".vkrules-cache")).size(), cold.err());
    Run warm = run("validate", "--trust-config", project.resolve("shaders").toString());
    assertEquals(0, warm.prepared());
    assertEquals(cold.out(), warm.out());
    Files.writeString(project.resolve(ProjectConfig.FILE_NAME), "cache: ''\n");
    Run bad = run("validate", "--trust-config", project.resolve("shaders").toString());
    assertEquals(2, bad.exit());
    assertTrue(bad.err().startsWith("vkrules: " + project.resolve(ProjectConfig.FILE_NAME) + ":1:"), bad.err());
  }

  @Test
  void twoRunsSharingACacheAtOnceLeaveOnlyWholeEntries() throws Exception {
    String[] args = {"validate", "--no-config", "--cache", dir.resolve("cache").toString(),
        "--pipeline", EXAMPLES.resolve("pipelines/graphics.json").toString(), EXAMPLES.resolve("shaders").toString()};
    Run reference = run("validate", "--no-config", "--pipeline", EXAMPLES.resolve("pipelines/graphics.json").toString(),
        EXAMPLES.resolve("shaders").toString());
    for (int round = 0; round < 3; round++) {
      deleteTree(dir.resolve("cache"));
      List<Run> runs = new CopyOnWriteArrayList<>();
      CountDownLatch start = new CountDownLatch(1);
      List<Thread> threads = new ArrayList<>();
      for (int t = 0; t < 3; t++) {
        Thread th = new Thread(() -> {
          try {
            start.await();
          } catch (InterruptedException e) {
            return;
          }
          runs.add(run(args));
        });
        th.start();
        threads.add(th);
      }
      start.countDown();
      for (Thread th : threads) {
        th.join();
      }
      for (Run r : runs) {
        assertEquals(reference.out(), r.out());
        assertEquals("", r.err());
      }
      Run warm = run(args);
      assertEquals("", warm.err());
      assertEquals(reference.out(), warm.out());
      assertEquals(0, warm.prepared());
      try (Stream<Path> s = Files.walk(dir.resolve("cache"))) {
        assertTrue(s.noneMatch(p -> p.getFileName().toString().startsWith(".tmp-")), "no temporary file left");
      }
    }
  }

  @Test
  void threadsWritingTheSameKeysReadWholeEntriesOrNone() throws Exception {
    List<String> warnings = new CopyOnWriteArrayList<>();
    VerdictCache cache = new VerdictCache(dir.resolve("cache"), "run", warnings::add);
    Validator.ValidationResult big = new Validator.ValidationResult(List.of(finding(0), finding(1), finding(2)), false);
    JsonNode body = VerdictCodec.result(big);
    List<Throwable> failures = new CopyOnWriteArrayList<>();
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < 4; t++) {
      Thread th = new Thread(() -> {
        try {
          for (int i = 0; i < 200; i++) {
            String key = "k" + (i % 5);
            cache.put(key, body);
            JsonNode read = cache.get(key);
            assertEquals(big, VerdictCodec.result(read));
          }
        } catch (Throwable e) {
          failures.add(e);
        }
      });
      th.start();
      threads.add(th);
    }
    for (Thread th : threads) {
      th.join();
    }
    assertEquals(List.of(), failures);
    assertEquals(List.of(), warnings);
    assertEquals(5, entries(dir.resolve("cache")).size());
  }

  @Test
  void whatIsReadBackEqualsWhatWasWrittenAndAnUncheckedModuleIsNotKept() throws Exception {
    Validator.ValidationResult r = new Validator.ValidationResult(List.of(finding(7)), true);
    assertEquals(r, VerdictCodec.result(VerdictCodec.MAPPER.readTree(VerdictCodec.result(r).toString())));
    VerdictCache cache = new VerdictCache(dir.resolve("cache"), "run", line -> { });
    Verdicts verdicts = new Verdicts(cache);
    byte[] module = {1, 2, 3, 4};
    Validator.ValidationResult internal = new Validator.ValidationResult(
        List.of(new Diagnostic("", "internal error", "", -1, "", Diagnostic.Severity.INTERNAL_ERROR)), false);
    assertEquals(internal, verdicts.alone(module, Specialization.NONE, () -> internal));
    try {
      new Verdicts(cache).alone(new byte[] {5}, Specialization.NONE, () -> {
        throw new IllegalStateException("over its time");
      });
    } catch (IllegalStateException expected) {
      // the module has no verdict, and none is kept
    }
    assertFalse(Files.exists(dir.resolve("cache")), "neither an internal error nor a run without a verdict is kept");
    assertNull(cache.get("module"));
  }

  /** A finding with every component set: source location with inlined calls, subject, parts. */
  private static Diagnostic finding(int i) {
    SourceLocation at = new SourceLocation("a.comp", 10 + i, 3, "main",
        List.of(new SourceLocation.Frame("b.glsl", 4, 0, null)), "  x = y;\t// é");
    return new Diagnostic("VUID-StandaloneSpirv-None-0463" + i, "Message \"" + i + "\".", "%1 = OpLoad %int %x", 40 + i,
        "spec text\nline two", Diagnostic.Severity.ERROR, new Diagnostic.Source(at, new Subject("variable", "x")),
        List.of(new CountedPart("tile", 80000, "bytes", 12, at), new CountedPart("%7", 1, "Locations", 14)));
  }

  private static List<Path> entries(Path cache) throws Exception {
    try (Stream<Path> s = Files.walk(cache)) {
      return s.filter(Files::isRegularFile).sorted().toList();
    }
  }

  private static void deleteTree(Path p) throws Exception {
    if (!Files.exists(p)) {
      return;
    }
    try (Stream<Path> s = Files.walk(p)) {
      for (Path x : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(x);
      }
    }
  }
}
