import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.engine.Validator;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Helper of validate-bench.sh, run as a single-file program on the runtime's classpath.
 *
 * <pre>
 * java ValidateBench.java gen MEGABYTES OUT.spvasm   writes a compute shader of about that size as assembly
 * java ValidateBench.java time FILE.spv SECONDS      ms per validation after JIT warm-up
 * </pre>
 */
public final class ValidateBench {
  public static void main(String[] args) throws IOException {
    switch (args.length == 3 ? args[0] : "") {
      case "gen" -> gen(Double.parseDouble(args[1]), Path.of(args[2]));
      case "time" -> time(Path.of(args[1]), Double.parseDouble(args[2]));
      default -> {
        System.err.println("usage: ValidateBench gen MEGABYTES OUT.spvasm | time FILE.spv SECONDS");
        System.exit(2);
      }
    }
  }

  /**
   * A large, valid GLCompute module: one storage buffer, and many small functions (load from
   * the buffer at the invocation index, arithmetic, store back, a barrier), all called from main.
   * About 196 bytes of binary per function.
   */
  static void gen(double megabytes, Path out) throws IOException {
    int functions = (int) (megabytes * 1024 * 1024 / 196);
    Path tmp = Files.createTempFile(out.toAbsolutePath().getParent(), "gen", ".tmp");
    try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(tmp, StandardCharsets.UTF_8))) {
      w.println("""
          OpCapability Shader
          OpMemoryModel Logical GLSL450
          OpEntryPoint GLCompute %main "main" %gid %buf
          OpExecutionMode %main LocalSize 64 1 1
          OpDecorate %gid BuiltIn GlobalInvocationId
          OpDecorate %rta ArrayStride 4
          OpMemberDecorate %block 0 Offset 0
          OpDecorate %block Block
          OpDecorate %buf DescriptorSet 0
          OpDecorate %buf Binding 0
          %void = OpTypeVoid
          %fn = OpTypeFunction %void
          %uint = OpTypeInt 32 0
          %v3uint = OpTypeVector %uint 3
          %ptr_in_v3 = OpTypePointer Input %v3uint
          %gid = OpVariable %ptr_in_v3 Input
          %rta = OpTypeRuntimeArray %uint
          %block = OpTypeStruct %rta
          %ptr_sb_block = OpTypePointer StorageBuffer %block
          %buf = OpVariable %ptr_sb_block StorageBuffer
          %ptr_sb_uint = OpTypePointer StorageBuffer %uint
          %c0 = OpConstant %uint 0
          %c3 = OpConstant %uint 3
          %workgroup = OpConstant %uint 2
          %semantics = OpConstant %uint 264""");
      for (int k = 0; k < functions; k++) {
        w.printf("""
            %%f%1$d = OpFunction %%void None %%fn
            %%l%1$d = OpLabel
            %%a%1$d = OpLoad %%v3uint %%gid
            %%x%1$d = OpCompositeExtract %%uint %%a%1$d 0
            %%p%1$d = OpAccessChain %%ptr_sb_uint %%buf %%c0 %%x%1$d
            %%v%1$d = OpLoad %%uint %%p%1$d
            %%s%1$d = OpIAdd %%uint %%v%1$d %%x%1$d
            %%m%1$d = OpIMul %%uint %%s%1$d %%c3
            OpStore %%p%1$d %%m%1$d
            OpControlBarrier %%workgroup %%workgroup %%semantics
            OpReturn
            OpFunctionEnd
            """, k);
      }
      w.println("%main = OpFunction %void None %fn");
      w.println("%entry = OpLabel");
      for (int k = 0; k < functions; k++) {
        w.printf("%%c%d_ = OpFunctionCall %%void %%f%d%n", k, k);
      }
      w.println("OpReturn");
      w.println("OpFunctionEnd");
    }
    Files.move(tmp, out, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
  }

  /** Validates one module repeatedly: warm-up for the given seconds, then as long again, timed. */
  static void time(Path file, double seconds) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    long warmEnd = System.nanoTime() + (long) (seconds * 1e9);
    int clean = 0;
    while (System.nanoTime() < warmEnd) {
      clean += Validator.validate(bytes, Target.VULKAN_1_3).ok() ? 1 : 0;
    }
    int runs = 0;
    long start = System.nanoTime();
    long end = start + (long) (seconds * 1e9);
    long now;
    do {
      clean += Validator.validate(bytes, Target.VULKAN_1_3).ok() ? 1 : 0;
      runs++;
      now = System.nanoTime();
    } while (now < end || runs < 3);
    double ms = (now - start) / 1e6 / runs;
    double mb = bytes.length / (1024.0 * 1024.0);
    System.out.printf("%s %.2f %.3f %d %s%n", file.getFileName(), mb, ms, runs, clean > 0 ? "clean" : "DIAGNOSTICS");
  }
}
