package dev.vkrules.generator;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Writes a report or table file whole, without destroying what its name stands for. A regular
 * file, or a name that does not exist yet, gets the content in a hidden sibling first, renamed
 * over it: a reader never sees half a file and a failure (a full disk) leaves the old content. A
 * device, FIFO or socket is written in place ({@code --out /dev/null} stays a device). A symbolic
 * link is followed to the file it names, which is then written by those rules; the link stays a
 * link. The sibling is created like any new file (permissions from the user's umask, as a shell
 * redirect would give), not with {@code Files.createTempFile}'s owner-only mode; a replaced file
 * keeps its mode. The runtime's {@code OutputFiles} does the same for validate, dis and as (the two
 * modules share no code at run time).
 */
public final class TextFiles {
  /** Linux's limit (MAXSYMLINKS): a longer chain is a loop. */
  private static final int MAX_LINKS = 40;

  private static final AtomicLong NEXT = new AtomicLong();

  private TextFiles() {}

  /** Replaces {@code target}'s content with {@code text} (UTF-8), creating its directory. */
  public static void replace(Path target, String text) throws IOException {
    replace(target, text.getBytes(StandardCharsets.UTF_8));
  }

  /** Replaces {@code target}'s content with {@code bytes}, creating its directory. */
  public static void replace(Path target, byte[] bytes) throws IOException {
    Path abs = throughLinks(target.toAbsolutePath());
    BasicFileAttributes a = attributes(abs);
    if (a != null && a.isDirectory()) {
      throw new FileSystemException(target.toString(), null, "is a directory");
    }
    if (a != null && !a.isRegularFile()) {
      // WRITE alone: no O_CREAT, no O_TRUNC, the node stays what it is
      try (OutputStream out = Files.newOutputStream(abs, StandardOpenOption.WRITE)) {
        out.write(bytes);
      }
      return;
    }
    Files.createDirectories(abs.getParent());
    Path tmp = sibling(abs);
    try {
      Files.write(tmp, bytes);
      if (a != null) {
        try {
          Files.setPosixFilePermissions(tmp, Files.getPosixFilePermissions(abs));
        } catch (UnsupportedOperationException e) {
          // not a POSIX file system: the defaults of any new file there
        }
      }
      Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
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

  /** Why a write failed, in words: no exception class names, no repeated path. */
  public static String reason(IOException e) {
    if (e instanceof NoSuchFileException) {
      return "no such file or directory";
    }
    if (e instanceof java.nio.file.AccessDeniedException) {
      return "permission denied";
    }
    if (e instanceof FileSystemException f && f.getReason() != null) {
      return f.getReason().toLowerCase(Locale.ROOT);
    }
    String m = e.getMessage();
    if (m == null || m.isBlank()) {
      return "i/o error";
    }
    return m.length() > 1 && Character.isUpperCase(m.charAt(0)) && Character.isLowerCase(m.charAt(1))
        ? Character.toLowerCase(m.charAt(0)) + m.substring(1) : m;
  }
}
