package dev.vkrules.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A written report or table has what any new file would have: the user's umask decides, not 0600. */
class TextFilesTest {
  @TempDir Path dir;

  @Test
  void aWrittenFileGetsThePermissionsOfAnyNewFile() throws IOException {
    assumeTrue(FileSystems.getDefault().supportedFileAttributeViews().contains("posix"), "no POSIX permissions here");
    Path plain = Files.createFile(dir.resolve("plain.txt"));   // what `> file` in a shell would get
    Path written = dir.resolve("sub/report.md");
    TextFiles.replace(written, "# report\n");
    TextFiles.replace(written, "# report, again\n");
    assertEquals(Files.getPosixFilePermissions(plain), Files.getPosixFilePermissions(written));
    assertEquals("# report, again\n", Files.readString(written));
    try (var s = Files.list(written.getParent())) {
      assertEquals(List.of(written), s.toList(), "no temporary sibling left");
    }
  }
}
