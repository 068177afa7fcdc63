package dev.vkrules.runtime.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Writes an output file without destroying what its name stands for, as a shell redirect would
 * treat it and never worse. A regular file, or a name that does not exist yet, gets the whole
 * content in a hidden sibling first, renamed over it: a reader never sees half a file and a
 * failure (a full disk) leaves the old content. A device, FIFO or socket is written in place
 * ({@code -o /dev/null} stays a device). A symbolic link is followed to the file it names, which
 * is then written by those rules; the link stays a link. The generator's {@code TextFiles} does the
 * same for the maintainers' reports (the two modules share no code at run time).
 */
final class OutputFiles {
  /** Linux's limit (MAXSYMLINKS): a longer chain is a loop. */
  private static final int MAX_LINKS = 40;

  private static final AtomicLong NEXT = new AtomicLong();

  private OutputFiles() {}

  static void write(Path name, byte[] data) throws IOException {
    Path target = throughLinks(name.toAbsolutePath());
    BasicFileAttributes a = attributes(target);
    if (a != null && a.isDirectory()) {
      throw new FileSystemException(name.toString(), null, "is a directory");
    }
    if (a != null && !a.isRegularFile()) {
      // WRITE alone: no O_CREAT, no O_TRUNC, the node stays what it is
      try (OutputStream out = Files.newOutputStream(target, StandardOpenOption.WRITE)) {
        out.write(data);
      }
      return;
    }
    Path tmp = sibling(target);
    try {
      Files.write(tmp, data);
      if (a != null) {
        keepPermissions(target, tmp);
      }
      Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } finally {
      Files.deleteIfExists(tmp);
    }
  }

  /** The path a chain of symbolic links ends at (which need not exist: a dangling link is written through). */
  static Path throughLinks(Path path) throws IOException {
    Path p = path;
    for (int i = 0; Files.isSymbolicLink(p); i++) {
      if (i == MAX_LINKS) {
        throw new FileSystemException(path.toString(), null, "too many levels of symbolic links");
      }
      Path parent = p.getParent();
      p = parent == null ? Files.readSymbolicLink(p) : parent.resolve(Files.readSymbolicLink(p));
    }
    return p;
  }

  private static BasicFileAttributes attributes(Path p) throws IOException {
    try {
      return Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    } catch (NoSuchFileException e) {
      return null;
    }
  }

  /** A replaced file keeps its mode: a private file stays private. */
  private static void keepPermissions(Path from, Path to) throws IOException {
    try {
      Files.setPosixFilePermissions(to, Files.getPosixFilePermissions(from));
    } catch (UnsupportedOperationException e) {
      // not a POSIX file system: the new file has the defaults of any new file there
    }
  }

  /** A new, empty hidden file beside {@code target}, with the permissions of any new file (the umask's). */
  private static Path sibling(Path target) throws IOException {
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
