package dev.vkrules.runtime.support;

import dev.vkrules.runtime.engine.Target;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The SPIRV-Tools that matches the pinned spec, as an oracle for cross-checks: {@code spirv-as}
 * assembles an example, {@code spirv-val --target-env} judges it, {@code spirv-dis} prints it.
 * {@link OracleLocator} finds it and checks its version; only {@code rule-check --oracle} and the
 * cross-check tests call this, nothing else needs SPIRV-Tools.
 *
 * @param dir the directory holding the three tools, or null when they are found on {@code PATH}
 * @param version what {@code spirv-val --version} names ({@code v2025.5})
 * @param release the spec release it matches ({@code 1.4.335})
 * @param vuids the peer list of the VUIDs this version can report ({@code peers/...}), or null
 */
public record Oracle(Path dir, String version, String release, Path vuids) {

  /** What spirv-val said: whether it accepted the module, and its output. */
  public record Verdict(boolean accepted, String output) {}

  /** The command that runs {@code tool} ({@code spirv-val}, {@code spirv-as}, {@code spirv-dis}). */
  public String command(String tool) {
    return dir == null ? tool : dir.resolve(tool).toString();
  }

  /** One line for test logs: which tools, which version, which release. */
  public String describe() {
    return "SPIRV-Tools " + version + " (" + (dir == null ? "PATH" : dir.toString()) + ") for spec " + release;
  }

  /** Assembles {@code asm} with spirv-as and runs spirv-val on the result. */
  public Verdict run(String asm, Target target) {
    try {
      return validate(spirvAs(asm, target), target.envName());
    } catch (IOException e) {
      return new Verdict(false, e.getMessage());
    }
  }

  /** Runs spirv-val on a binary. */
  public Verdict validate(byte[] binary, Target target) throws IOException {
    return validate(binary, target.envName());
  }

  /** Runs {@code spirv-val --target-env env} on a binary. */
  public Verdict validate(byte[] binary, String env) throws IOException {
    Path f = Files.createTempFile("vkrules-val", ".spv");
    try {
      Files.write(f, binary);
      Process p = new ProcessBuilder(List.of(command("spirv-val"), "--target-env", env, f.toString()))
          .redirectErrorStream(true).start();
      String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
      return new Verdict(waitFor(p) == 0, log.replace(f.toString(), "example.spv"));
    } finally {
      Files.deleteIfExists(f);
    }
  }

  /** Assembles {@code text} with spirv-as; the message of a failure is spirv-as' first line. */
  public byte[] spirvAs(String text, Target target) throws IOException {
    Path dir = Files.createTempDirectory("vkrules-as");
    try {
      Path in = dir.resolve("in.spvasm");
      Path out = dir.resolve("out.spv");
      Files.writeString(in, text, StandardCharsets.UTF_8);
      Process p = new ProcessBuilder(List.of(command("spirv-as"), "--target-env", target.envName(), "-o",
          out.toString(), in.toString())).redirectErrorStream(true).start();
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

  static int waitFor(Process p) throws IOException {
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
