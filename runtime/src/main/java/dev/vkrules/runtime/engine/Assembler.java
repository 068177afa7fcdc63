package dev.vkrules.runtime.engine;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Turns rule examples (SPIR-V assembly text) into binaries. Until the project's own
 * assembler lands, this runs Debian's {@code spirv-as}, which must be on the PATH.
 */
public final class Assembler {
  private Assembler() {}

  /** Assembles {@code text} for {@code target}; the message of a failure is spirv-as' first line. */
  public static byte[] assemble(String text, Target target) throws IOException {
    Path dir = Files.createTempDirectory("vkrules-as");
    try {
      Path in = dir.resolve("in.spvasm");
      Path out = dir.resolve("out.spv");
      Files.writeString(in, text, StandardCharsets.UTF_8);
      Process p = new ProcessBuilder(List.of("spirv-as", "--target-env", target.envName(), "-o", out.toString(),
          in.toString())).redirectErrorStream(true).start();
      String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
      int rc = p.waitFor();
      if (rc != 0) {
        throw new IOException("spirv-as failed: " + log.lines().findFirst().orElse("exit " + rc)
            .replace(in.toString(), "example"));
      }
      return Files.readAllBytes(out);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while assembling");
    } finally {
      try (var s = Files.list(dir)) {
        for (Path p : s.toList()) {
          Files.deleteIfExists(p);
        }
      }
      Files.deleteIfExists(dir);
    }
  }
}
