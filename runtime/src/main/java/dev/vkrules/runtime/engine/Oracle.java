package dev.vkrules.runtime.engine;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Debian's spirv-tools as an oracle for cross-checks: {@code spirv-as} assembles an example,
 * {@code spirv-val --target-env} judges it. Only {@code rule-check --oracle} and the
 * {@code oracle} Maven profile call this; nothing else needs spirv-tools installed.
 */
public final class Oracle {
  private Oracle() {}

  /** What spirv-val said: whether it accepted the module, and its output. */
  public record Verdict(boolean accepted, String output) {}

  /** Assembles {@code asm} with spirv-as and runs spirv-val on the result. */
  public static Verdict run(String asm, Target target) {
    try {
      return validate(spirvAs(asm, target), target);
    } catch (IOException e) {
      return new Verdict(false, e.getMessage());
    }
  }

  /** Runs spirv-val on a binary. */
  public static Verdict validate(byte[] binary, Target target) throws IOException {
    Path f = Files.createTempFile("vkrules-val", ".spv");
    try {
      Files.write(f, binary);
      Process p = new ProcessBuilder(List.of("spirv-val", "--target-env", target.envName(), f.toString()))
          .redirectErrorStream(true).start();
      String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
      return new Verdict(waitFor(p) == 0, log.replace(f.toString(), "example.spv"));
    } finally {
      Files.deleteIfExists(f);
    }
  }

  /** Assembles {@code text} with spirv-as; the message of a failure is spirv-as' first line. */
  public static byte[] spirvAs(String text, Target target) throws IOException {
    Path dir = Files.createTempDirectory("vkrules-as");
    try {
      Path in = dir.resolve("in.spvasm");
      Path out = dir.resolve("out.spv");
      Files.writeString(in, text, StandardCharsets.UTF_8);
      Process p = new ProcessBuilder(List.of("spirv-as", "--target-env", target.envName(), "-o", out.toString(),
          in.toString())).redirectErrorStream(true).start();
      String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
      int rc = waitFor(p);
      if (rc != 0) {
        throw new IOException("spirv-as failed: " + log.lines().findFirst().orElse("exit " + rc)
            .replace(in.toString(), "example"));
      }
      return Files.readAllBytes(out);
    } finally {
      try (var s = Files.list(dir)) {
        for (Path p : s.toList()) {
          Files.deleteIfExists(p);
        }
      }
      Files.deleteIfExists(dir);
    }
  }

  private static int waitFor(Process p) throws IOException {
    try {
      return p.waitFor();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while running " + p.info().command().orElse("a tool"));
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
