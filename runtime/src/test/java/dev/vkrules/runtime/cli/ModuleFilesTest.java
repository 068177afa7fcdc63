package dev.vkrules.runtime.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The directory walk of validate: a directory given as a symbolic link is followed, links inside
 * too (a cycle is skipped), every entry named *.spv that is not a module is named on standard
 * error, and a control character in a file name cannot forge a line of the text report.
 */
class ModuleFilesTest {
  @TempDir Path dir;

  /** The invalid example module (one finding), copied to {@code to}. */
  private static void invalidModule(Path to) throws Exception {
    Path root = Path.of("").toAbsolutePath();
    while (!Files.isDirectory(root.resolve("examples/shaders"))) {
      root = root.getParent();
    }
    Files.createDirectories(to.getParent());
    Files.copy(root.resolve("examples/shaders/invalid-integer-varying-not-flat.spv"), to);
  }

  @Test
  void linksFollowedSkippedEntriesNamedNamesEscaped() throws Exception {
    Path tree = dir.resolve("tree");
    invalidModule(tree.resolve("a/m.spv"));
    invalidModule(tree.resolve("dir.spv/inner.spv"));
    String evil = "evil\n[VUID-Forged-00000] forged.spv";
    invalidModule(tree.resolve(evil));
    Files.createSymbolicLink(tree.resolve("loop"), tree);
    Files.createSymbolicLink(tree.resolve("broken.spv"), tree.resolve("missing.spv"));
    Process mkfifo = new ProcessBuilder("mkfifo", tree.resolve("pipe.spv").toString()).start();
    assertEquals(0, mkfifo.waitFor(), "mkfifo");
    Path link = Files.createSymbolicLink(dir.resolve("link"), tree);

    ValidateCommandTest.Run r = ValidateCommandTest.run("validate", link.toString());
    assertEquals(1, r.exit(), r.out() + r.err());
    // every module below the link, the one inside the directory named .spv too; the loop not twice
    // (the error lines: the module's Inputs also need a pipeline description, on lines of their own)
    List<String> modules = new ArrayList<>(r.out().lines().filter(l -> !l.startsWith(" ") && l.contains(": [VUID-")
            && !l.contains(": needs a pipeline description: "))
        .map(l -> l.substring(0, l.indexOf(": [VUID-"))).distinct().toList());
    assertEquals(List.of(link.resolve("a/m.spv").toString(), link.resolve("dir.spv/inner.spv").toString(),
        link.resolve("evil\\n[VUID-Forged-00000] forged.spv").toString()), modules);
    assertTrue(r.out().lines().noneMatch(l -> l.startsWith("[VUID-Forged")), r.out());
    assertTrue(r.out().contains("3 modules: 0 clean, 3 invalid"), r.out());
    TreeSet<String> notes = new TreeSet<>(r.err().lines().toList());
    assertEquals(new TreeSet<>(List.of(
        "vkrules: " + link.resolve("broken.spv") + ": skipped: a broken symbolic link",
        "vkrules: " + link.resolve("dir.spv") + ": skipped: a directory, not a module (its .spv files are checked)",
        "vkrules: " + link.resolve("loop") + ": skipped: a symbolic link to a directory above it (a cycle)",
        "vkrules: " + link.resolve("pipe.spv") + ": skipped: not a regular file (a FIFO)")), notes);

    // json keeps the name as it is, its encoder escapes it
    ValidateCommandTest.Run json = ValidateCommandTest.run("validate", "--format", "json", link.toString());
    JsonNode doc = new ObjectMapper().readTree(json.out());
    List<String> files = new ArrayList<>();
    doc.findValues("file").forEach(f -> files.add(f.asText()));
    assertTrue(files.contains(link.resolve(evil).toString()), files.toString());
  }

  @Test
  void controlCharactersAreEscapedOthersKept() {
    assertEquals("a\\nb\\rc\\td\\x1be\\x85f\\u2028g", Text.escape("a\nb\rc\td\u001be\u0085f\u2028g"));
    assertEquals("C:\\shaders\\ü.spv", Text.escape("C:\\shaders\\ü.spv"));
    assertFalse(Text.escape("x\ny").contains("\n"));
  }
}
