package dev.vkrules.runtime.engine;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Runs Debian's {@code spirv-val} on an example, for cross-checks. */
public final class Oracle {
  private Oracle() {}

  /** What spirv-val said: whether it accepted the module, and its output. */
  public record Verdict(boolean accepted, String output) {}

  public static Verdict run(String asm, Target target) {
    try {
      byte[] binary = Assembler.assemble(asm, target);
      Path f = Files.createTempFile("vkrules-val", ".spv");
      try {
        Files.write(f, binary);
        Process p = new ProcessBuilder(List.of("spirv-val", "--target-env", target.envName(), f.toString()))
            .redirectErrorStream(true).start();
        String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        return new Verdict(p.waitFor() == 0, log);
      } finally {
        Files.deleteIfExists(f);
      }
    } catch (IOException e) {
      return new Verdict(false, e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Verdict(false, "interrupted");
    }
  }

  /** One line: does spirv-val agree with the example's expectation? */
  public static String describe(Verdict v, String vuid, boolean invalid) {
    String first = v.output().lines().findFirst().orElse("");
    if (!invalid) {
      return v.accepted() ? "accepts (agrees)" : "REJECTS: " + first;
    }
    if (v.accepted()) {
      return "accepts (does not check this VUID)";
    }
    return v.output().contains(vuid) ? "rejects with " + vuid + " (agrees)" : "rejects otherwise: " + first;
  }
}
