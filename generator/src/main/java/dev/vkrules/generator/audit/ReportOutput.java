package dev.vkrules.generator.audit;

import dev.vkrules.generator.GeneratorException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;

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
      dev.vkrules.generator.TextFiles.replace(out, report);
    } catch (IOException e) {
      throw new GeneratorException("cannot write " + out + ": " + dev.vkrules.generator.TextFiles.reason(e));
    }
  }
}
