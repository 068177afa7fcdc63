package dev.vkrules.generator.audit;

import dev.vkrules.generator.GeneratorException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** Writes a finished report to standard output, or to a file by way of a temporary sibling. */
final class ReportOutput {
  private ReportOutput() {}

  static void write(String report, Path out, PrintWriter stdout) {
    if (out == null) {
      stdout.print(report);
      stdout.flush();
      return;
    }
    try {
      Path abs = out.toAbsolutePath();
      Files.createDirectories(abs.getParent());
      Path tmp = Files.createTempFile(abs.getParent(), abs.getFileName().toString(), ".tmp");
      try {
        Files.writeString(tmp, report, StandardCharsets.UTF_8);
        Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      } finally {
        Files.deleteIfExists(tmp);
      }
    } catch (IOException e) {
      throw new GeneratorException("cannot write " + out + ": " + e.getMessage());
    }
  }
}
