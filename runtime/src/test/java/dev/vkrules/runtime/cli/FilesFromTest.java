package dev.vkrules.runtime.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.runtime.support.ExampleAssembler;
import dev.vkrules.runtime.engine.Target;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code validate --files-from LIST} (lines, or NUL-separated with -0; - for standard input). */
class FilesFromTest {
  @TempDir Path dir;

  record Run(int exit, String out, String err) {}

  static Run run(String stdin, String... args) {
    InputStream saved = System.in;
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    try {
      System.setIn(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)));
      int exit = Main.runFast(args, new PrintWriter(out, true), new PrintWriter(err, true));
      return new Run(exit, out.toString(), err.toString());
    } finally {
      System.setIn(saved);
    }
  }

  private Path write(String name, String asm) throws Exception {
    Path p = dir.resolve(name);
    Files.write(p, ExampleAssembler.assemble(asm, Target.VULKAN_1_3));
    return p;
  }

  @Test
  void splitsLinesOrNulsSkippingEmptyNames() {
    assertEquals(List.of("a.spv", "b c.spv", "d.spv"), FilesFrom.split("a.spv\r\nb c.spv\n\nd.spv", false));
    assertEquals(List.of("a\nb.spv", "c.spv"), FilesFrom.split("a\nb.spv\0\0c.spv\0", true));
    assertEquals(List.of(), FilesFrom.split("", false));
  }

  @Test
  void validatesEveryListedFileInOneRunWithOneSummary() throws Exception {
    Path ok = write("ok.spv", ValidateCommandTest.CLEAN);
    Path bad = write("bad lower-left.spv", ValidateCommandTest.LOWER_LEFT);
    Path list = dir.resolve("list.txt");
    Files.writeString(list, ok + "\n" + bad + "\n");
    Run r = run("", "validate", "--files-from", list.toString());
    assertEquals(1, r.exit(), r.err());
    assertTrue(r.out().contains(bad + ": [VUID-StandaloneSpirv-OriginLowerLeft-04653]"), r.out());
    assertTrue(r.out().endsWith("2 modules: 1 clean, 1 invalid, 0 malformed\n"), r.out());
  }

  @Test
  void readsANulSeparatedListFromStandardInput() throws Exception {
    Path ok = write("ok.spv", ValidateCommandTest.CLEAN);
    Path ok2 = write("ok\nnewline.spv", ValidateCommandTest.CLEAN);
    Run r = run(ok + "\0" + ok2 + "\0", "validate", "-0", "--files-from", "-");
    assertEquals(0, r.exit(), r.out() + r.err());
    // one content at two paths: validated once, reported at each
    assertEquals("2 modules: 2 clean, 0 invalid, 0 malformed; seen: 0 pipelines, 1 distinct module\n", r.out());
  }

  @Test
  void aListedNameThatDoesNotExistIsAUsageErrorBeforeAnyWork() throws Exception {
    Path ok = write("ok.spv", ValidateCommandTest.CLEAN);
    Run r = run(ok + "\n" + dir.resolve("typo.spv") + "\n", "validate", "--files-from", "-");
    assertEquals(2, r.exit());
    assertEquals("", r.out());
    assertEquals("vkrules: no such file or directory: " + dir.resolve("typo.spv") + "\n", r.err());
  }

  @Test
  void badListsAndMisuseAreOneLineErrors() throws Exception {
    Run missing = run("", "validate", "--files-from", dir.resolve("none.txt").toString());
    assertEquals(2, missing.exit());
    assertTrue(missing.err().startsWith("vkrules: cannot read " + dir.resolve("none.txt") + ": "), missing.err());
    assertEquals(1, missing.err().lines().count(), missing.err());
    Run empty = run("", "validate", "--files-from", "-");
    assertEquals(2, empty.exit());
    assertEquals("vkrules: no file names in <stdin> (--files-from)\ntry 'vkrules validate --help'\n", empty.err());
    Run both = run("", "validate", "--files-from", "-", "-");
    assertEquals(2, both.exit());
    assertTrue(both.err().startsWith("vkrules: standard input cannot be both"), both.err());
    Run nul = run("", "validate", "-0", write("ok.spv", ValidateCommandTest.CLEAN).toString());
    assertEquals(2, nul.exit());
    assertTrue(nul.err().startsWith("vkrules: -0 is for --files-from"), nul.err());
  }
}
