package dev.vkrules.generator;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Writes a report or table file whole: into a hidden sibling, then renamed over the target, so a
 * reader never sees half a file. The sibling is created like any new file (permissions from the
 * user's umask, as a shell redirect would give), not with {@code Files.createTempFile}'s owner-only
 * mode, so a published table is as readable as the user's other files.
 */
public final class TextFiles {
  private static final AtomicLong NEXT = new AtomicLong();

  private TextFiles() {}

  /** Replaces {@code target}'s content with {@code text} (UTF-8), creating its directory. */
  public static void replace(Path target, String text) throws IOException {
    replace(target, text.getBytes(StandardCharsets.UTF_8));
  }

  /** Replaces {@code target}'s content with {@code bytes}, creating its directory. */
  public static void replace(Path target, byte[] bytes) throws IOException {
    Path abs = target.toAbsolutePath();
    Files.createDirectories(abs.getParent());
    Path tmp = sibling(abs);
    try {
      Files.write(tmp, bytes);
      Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } finally {
      Files.deleteIfExists(tmp);
    }
  }

  /** A new, empty hidden file beside {@code target}, with the permissions of any new file. */
  public static Path sibling(Path target) throws IOException {
    String base = "." + target.getFileName() + "." + ProcessHandle.current().pid() + ".";
    for (int attempt = 0; ; attempt++) {
      try {
        return Files.createFile(target.resolveSibling(base + NEXT.incrementAndGet() + ".tmp"));
      } catch (FileAlreadyExistsException e) {
        if (attempt == 100) {
          throw e;
        }
      }
    }
  }
}
