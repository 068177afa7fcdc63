package dev.vkrules.runtime.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `-o FILE` output has what any new file would have (the user's umask), never owner-only 0600. */
class IoPermissionsTest {
  @TempDir Path dir;

  @Test
  void anOutputFileGetsThePermissionsOfAnyNewFile() throws IOException {
    assumeTrue(FileSystems.getDefault().supportedFileAttributeViews().contains("posix"), "no POSIX permissions here");
    Path plain = Files.createFile(dir.resolve("plain.spv"));
    Path out = dir.resolve("out.spv");
    Io.write(out.toString(), new byte[] {3, 2, 35, 7}, null);
    assertEquals(Files.getPosixFilePermissions(plain), Files.getPosixFilePermissions(out));
    try (var s = Files.list(dir)) {
      assertEquals(List.of(out, plain).stream().sorted().toList(), s.sorted().toList(), "no temporary sibling left");
    }
  }
}
