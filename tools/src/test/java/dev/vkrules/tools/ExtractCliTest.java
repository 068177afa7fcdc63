package dev.vkrules.tools;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.runtime.cli.Main;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code vkrules extract} through the real command line: bad input is one line, exit 2, output untouched. */
class ExtractCliTest {
  @TempDir Path dir;

  private record Run(int exit, String out, String err) {}

  private static Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exit = Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
    return new Run(exit, out.toString(), err.toString());
  }

  private Path existingOutput() throws IOException {
    Path out = Files.createDirectories(dir.resolve("rules/standalone"));
    Files.writeString(out.resolve("VUID-StandaloneSpirv-X-00001.yaml"), "vuid: x\nauthored:\n  status: native\n");
    return out.getParent();
  }

  private void assertOneLineErrorAndUntouched(Run run, Path out, String expectedEnd) throws IOException {
    assertEquals(2, run.exit(), run.err());
    assertEquals(1, run.err().lines().count(), run.err());
    assertTrue(run.err().startsWith("vkrules: "), run.err());
    assertTrue(run.err().strip().endsWith(expectedEnd), run.err());
    assertArrayEquals("vuid: x\nauthored:\n  status: native\n".getBytes(),
        Files.readAllBytes(out.resolve("standalone/VUID-StandaloneSpirv-X-00001.yaml")));
    try (var files = Files.walk(out)) {
      assertEquals(3, files.count(), "rules/, standalone/ and the one file");
    }
  }

  @Test
  void unbalancedIfdef() throws IOException {
    Path spec = Files.createDirectories(dir.resolve("spec"));
    Files.writeString(spec.resolve("spirvenv.adoc"), "= T\n\nifdef::VK_A[]\n* [[VUID-X-A-00001]]\ntext\n");
    Files.writeString(spec.resolve("vk.xml"), "<registry/>\n");
    Path out = existingOutput();
    Run run = run("extract", "--spec", spec.toString(), "--out", out.toString());
    assertOneLineErrorAndUntouched(run, out, "spirvenv.adoc:3");
  }

  @Test
  void anAppendixWithoutVuidsIsRefused() throws IOException {
    Path spec = Files.createDirectories(dir.resolve("spec"));
    Files.writeString(spec.resolve("spirvenv.adoc"), "= T\n\nNo rules here.\n");
    Files.copy(Path.of(System.getProperty("user.dir")).resolveSibling("spec-sources").resolve("vk.xml"),
        spec.resolve("vk.xml"));
    Path out = existingOutput();
    Run run = run("extract", "--spec", spec.toString(), "--out", out.toString());
    assertOneLineErrorAndUntouched(run, out, "nothing written");
    assertTrue(run.err().contains("the appendix has no VUIDs"), run.err());
  }

  @Test
  void missingInput() throws IOException {
    Path out = existingOutput();
    Run run = run("extract", "--spec", dir.resolve("nowhere").toString(), "--out", out.toString());
    assertOneLineErrorAndUntouched(run, out, "spirvenv.adoc");
  }

  @Test
  void unknownFormatIsAUsageError() {
    Run run = run("extract", "--spec", "x", "--out", "y", "--format", "toml");
    assertEquals(2, run.exit());
    assertTrue(run.err().contains("Invalid value for option '--format': expected one of [yaml, validusage-json] (case-sensitive) but was 'toml'"), run.err());
  }
}
