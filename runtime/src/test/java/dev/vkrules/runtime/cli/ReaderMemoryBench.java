package dev.vkrules.runtime.cli;

import com.sun.management.ThreadMXBean;
import dev.vkrules.runtime.pipeline.PipelineReader;
import dev.vkrules.runtime.profile.ProfileReader;
import dev.vkrules.runtime.rules.RuleCatalog;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * What each JSON and YAML reader costs in memory against its input: a real input and a large
 * one each (a large one near the reader's limit where real inputs stay small), the bytes it
 * allocates while reading and the heap its result holds, each as a multiple of the input.
 * A command that prints figures, not a test (docs/validate.md, "Limits"):
 *
 * <pre>mvn -B -q -pl runtime -am test-compile -DskipTests
 * java -Xmx2g -cp runtime/target/test-classes:runtime/target/classes:$(cat runtime/target/classpath.txt) \
 *     dev.vkrules.runtime.cli.ReaderMemoryBench</pre>
 */
public final class ReaderMemoryBench {
  private static final Path ROOT = Path.of(System.getProperty("vkrules.root", "."));

  private interface Reader {
    Object read(Path file) throws Exception;
  }

  public static void main(String[] args) throws Exception {
    Path dir = Files.createTempDirectory("vkrules-reader-memory");
    Files.copy(ROOT.resolve("examples/pipelines/specialized-compute/quads.comp.spv"), dir.resolve("quads.comp.spv"));
    System.out.printf(Locale.ROOT, "%-24s %-38s %12s %14s %9s %12s %9s%n", "reader", "input", "bytes", "allocated",
        "x input", "retained", "x input");
    Reader pipeline = PipelineReader::read;
    measure("pipeline description", ROOT.resolve("examples/pipelines/link.json"), pipeline);
    measure("pipeline description", write(dir, "many.json", manyPipelines(20_000)), pipeline);
    measure("Fossilize capture", ROOT.resolve("examples/pipelines/fossilize/raytracing.json"), pipeline);
    measure("Fossilize capture", write(dir, "big-module.json", captureWithModule(32 << 20)), pipeline);
    // an archive of 64 compute pipelines, each with its own 512 KiB module: read entry by entry, modules on demand
    Path archive = dir.resolve("many-modules.foz");
    Files.write(archive, dev.vkrules.runtime.pipeline.FozWriter.fromCapture(
        manyModules(64, 512 << 10).getBytes(StandardCharsets.UTF_8), true, true));
    measure("Fossilize archive", archive, pipeline);
    Reader profile = f -> ProfileReader.read(f, null);
    measure("device profile", ROOT.resolve("spec-sources/profiles/VP_KHR_roadmap_2022.json"), profile);
    Path largest;
    try (var s = Files.list(ROOT.resolve("spec-sources/profiles/devices"))) {
      largest = s.max(java.util.Comparator.comparingLong(p -> p.toFile().length())).orElseThrow();
    }
    measure("device profile", largest, profile);
    Reader config = ProjectConfig::read;
    measure("vkrules.yaml", write(dir, "vkrules.yaml", "target-env: vulkan1.3\nignore: [" + RuleCatalog.vuids().get(0)
        + "]\n"), config);
    measure("vkrules.yaml", write(dir, "large/vkrules.yaml", largeConfig(1 << 20)), config);
    Reader baseline = Baseline::read;
    measure("baseline", write(dir, "b1.json", baseline(100)), baseline);
    measure("baseline", write(dir, "b2.json", baseline(100_000)), baseline);
  }

  private static void measure(String what, Path file, Reader reader) throws Exception {
    long size = Files.size(file);
    reader.read(file);  // first use: the reader's tables and classes, not the input's cost
    ThreadMXBean mx = (ThreadMXBean) ManagementFactory.getThreadMXBean();
    long heapBefore = usedAfterGc();
    long before = mx.getCurrentThreadAllocatedBytes();
    Object result = reader.read(file);
    long allocated = mx.getCurrentThreadAllocatedBytes() - before;
    long retained = usedAfterGc() - heapBefore;
    System.out.printf(Locale.ROOT, "%-24s %-38s %12d %14d %9.1f %12d %9.1f%n", what, file.getFileName(), size, allocated,
        (double) allocated / size, Math.max(0, retained), Math.max(0, retained) / (double) size);
    java.lang.ref.Reference.reachabilityFence(result);
  }

  private static long usedAfterGc() {
    for (int i = 0; i < 3; i++) {
      System.gc();
    }
    Runtime r = Runtime.getRuntime();
    return r.totalMemory() - r.freeMemory();
  }

  private static Path write(Path dir, String name, String text) throws Exception {
    Path p = dir.resolve(name);
    Files.createDirectories(p.getParent());
    Files.writeString(p, text, StandardCharsets.UTF_8);
    return p;
  }

  /** A description of {@code n} compute pipelines (their module named, not read: the reader's share). */
  private static String manyPipelines(int n) {
    StringBuilder b = new StringBuilder("{\"pipelines\": [\n");
    for (int i = 0; i < n; i++) {
      b.append(i == 0 ? "" : ",\n").append("{\"name\": \"p").append(i).append("\", \"VkComputePipelineCreateInfo\":"
          + " {\"stage\": {\"stage\": \"VK_SHADER_STAGE_COMPUTE_BIT\", \"module\": \"quads.comp.spv\", \"pName\": \"main\","
          + " \"pSpecializationInfo\": {\"pMapEntries\": [{\"constantID\": 0, \"offset\": 0, \"size\": 4}],"
          + " \"dataSize\": 4, \"pData\": [").append(i % 7).append(", 0, 0, 0]}}}}");
    }
    return b.append("\n]}\n").toString();
  }

  /** A capture whose one compute pipeline's module is {@code bytes} long, embedded as base64. */
  private static String captureWithModule(int bytes) {
    byte[] code = new byte[bytes];
    new Random(1).nextBytes(code);
    return "{\"version\": 6, \"shaderModules\": {\"00000000000000aa\": {\"flags\": 0, \"codeSize\": " + bytes
        + ", \"code\": \"" + Base64.getEncoder().encodeToString(code) + "\"}}, \"computePipelines\": {\"00000000000000bb\":"
        + " {\"flags\": 0, \"layout\": \"0000000000000000\", \"basePipelineHandle\": \"0000000000000000\","
        + " \"basePipelineIndex\": -1, \"stage\": {\"flags\": 0, \"stage\": 32, \"module\": \"00000000000000aa\","
        + " \"name\": \"main\"}}}}\n";
  }

  /** A capture of {@code n} compute pipelines, each with its own module of {@code bytes} random bytes. */
  private static String manyModules(int n, int bytes) {
    Random random = new Random(1);
    StringBuilder modules = new StringBuilder();
    StringBuilder pipelines = new StringBuilder();
    for (int i = 0; i < n; i++) {
      byte[] code = new byte[bytes];
      random.nextBytes(code);
      String module = String.format("%016x", 0x100 + i);
      modules.append(i == 0 ? "" : ", ").append('"').append(module).append("\": {\"flags\": 0, \"codeSize\": ")
          .append(bytes).append(", \"code\": \"").append(Base64.getEncoder().encodeToString(code)).append("\"}");
      pipelines.append(i == 0 ? "" : ", ").append('"').append(String.format("%016x", 0x200 + i)).append("\": {\"flags\": 0,"
          + " \"layout\": \"0000000000000000\", \"basePipelineHandle\": \"0000000000000000\", \"basePipelineIndex\": -1,"
          + " \"stage\": {\"flags\": 0, \"stage\": 32, \"module\": \"").append(module).append("\", \"name\": \"main\"}}");
    }
    return "{\"version\": 6, \"shaderModules\": {" + modules + "}, \"computePipelines\": {" + pipelines + "}}\n";
  }

  /** A configuration near its 1 MiB limit: per-path entries, each with globs and the known VUIDs in turn. */
  private static String largeConfig(int limit) {
    List<String> vuids = RuleCatalog.vuids();
    StringBuilder b = new StringBuilder("target-env: vulkan1.3\nper-path:\n");
    for (int i = 0; b.length() < limit - 400; i++) {
      b.append("  - paths: [\"third_party/").append(i).append("/**\", \"shaders/legacy/").append(i).append("/*.spv\"]\n")
          .append("    ignore: [").append(vuids.get(i % vuids.size())).append(", ").append(vuids.get((i + 1) % vuids.size()))
          .append("]\n    reason: vendored shaders, reported upstream\n");
    }
    return b.toString();
  }

  /** A baseline of {@code n} findings as validate --write-baseline writes them. */
  private static String baseline(int n) {
    List<String> vuids = RuleCatalog.vuids();
    StringBuilder b = new StringBuilder("{\n  \"schema\" : \"" + Baseline.SCHEMA + "\",\n  \"spec\" : \""
        + RuleCatalog.SPEC_RELEASE + "\",\n  \"findings\" : [ ");
    for (int i = 0; i < n; i++) {
      b.append(i == 0 ? "" : ", ").append("{\n    \"file\" : \"shaders/module").append(i / 10).append(".spv\",\n")
          .append("    \"vuid\" : \"").append(vuids.get(i % vuids.size())).append("\",\n")
          .append("    \"instruction\" : \"%").append(i).append(" = OpVariable %_ptr_Input_uint Input\",\n")
          .append("    \"count\" : 1\n  }");
    }
    return b.append(" ]\n}\n").toString();
  }
}
