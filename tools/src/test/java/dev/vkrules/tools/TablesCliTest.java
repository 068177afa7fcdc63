package dev.vkrules.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.runtime.cli.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code vkrules tables} through the real command line (the generator's commands, found by ServiceLoader). */
class TablesCliTest {
  @TempDir Path dir;

  private record Run(int exit, String out, String err) {}

  private static Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exit = Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
    return new Run(exit, out.toString(), err.toString());
  }

  private static Path rules() {
    return Path.of("..", "rules");
  }

  @Test
  void tablesUnknownTableIsUsageError() {
    Run r = run("tables", "--rules", rules().toString(), "--table", "nope");
    assertEquals(2, r.exit());
    assertTrue(r.err().startsWith("vkrules: unknown table 'nope', expected one of capabilities, extensions, image-formats,"
        + " vk-formats, "), r.err());
  }

  @Test
  void tablesWritesAFile() throws Exception {
    Path out = dir.resolve("tables.csv");
    Run r = run("tables", "--rules", rules().toString(), "--format", "csv", "--table", "vk-formats",
        "--out", out.toString());
    assertEquals(0, r.exit(), r.err());
    List<String> lines = Files.readAllLines(out);
    assertEquals("condition,Vulkan Format,SPIR-V Image Format", lines.get(0));
    try (var files = Files.list(dir)) {
      assertEquals(0, files.filter(p -> p.getFileName().toString().endsWith(".tmp")).count());
    }
  }
}
