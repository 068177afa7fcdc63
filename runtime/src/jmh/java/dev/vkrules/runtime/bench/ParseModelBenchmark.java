package dev.vkrules.runtime.bench;

import dev.vkrules.runtime.model.ModuleModel;
import dev.vkrules.runtime.spirv.ParseResult;
import dev.vkrules.runtime.spirv.SpirvParser;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Parse + model of generated modules of about 100 KB, 1 MB and 10 MB, single-threaded, and
 * {@code spirv-val --target-env vulkan1.3} on the same files in the same run.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Threads(1)
@Fork(value = 1, jvmArgsAppend = {"-Xmx2g"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@State(Scope.Benchmark)
public class ParseModelBenchmark {
  @Param({"100000", "1000000", "10000000"})
  public long size;

  byte[] bytes;
  Path file;

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    int[] words = LargeModuleGenerator.ofSize(size);
    ByteBuffer b = ByteBuffer.allocate(words.length * 4).order(ByteOrder.LITTLE_ENDIAN);
    b.asIntBuffer().put(words);
    bytes = b.array();
    file = Files.createTempFile("vkrules-bench", ".spv");
    Files.write(file, bytes);
  }

  @TearDown(Level.Trial)
  public void tearDown() throws IOException {
    Files.deleteIfExists(file);
  }

  @Benchmark
  public ModuleModel parseAndModel() {
    ParseResult r = SpirvParser.parse(bytes);
    if (!r.ok()) {
      throw new IllegalStateException(r.firstError());
    }
    return ModuleModel.build(r.module());
  }

  @Benchmark
  @Warmup(iterations = 1, time = 1)
  @Measurement(iterations = 3, time = 1)
  public int spirvVal() throws IOException, InterruptedException {
    Process p = new ProcessBuilder("spirv-val", "--target-env", "vulkan1.3", file.toString())
        .redirectErrorStream(true).start();
    p.getInputStream().readAllBytes();
    int rc = p.waitFor();
    if (rc != 0) {
      throw new IllegalStateException("spirv-val failed on the generated module");
    }
    return rc;
  }
}
