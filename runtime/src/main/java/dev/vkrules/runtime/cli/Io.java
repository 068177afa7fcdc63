package dev.vkrules.runtime.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** File and stream access for the commands: {@code -} is standard input/output; writes are atomic. */
final class Io {
  private Io() {}

  /** A tool error: unreadable or unwritable file. The message is printed as is. */
  static final class IoProblem extends RuntimeException {
    private static final long serialVersionUID = 1L;

    IoProblem(String message) {
      super(message);
    }
  }

  static String label(String name) {
    return name.equals("-") ? "<stdin>" : name;
  }

  static byte[] read(String name) {
    try {
      if (name.equals("-")) {
        return stdin(dev.vkrules.runtime.InputFiles.MAX_MODULE, "a module");
      }
      return dev.vkrules.runtime.InputFiles.read(Path.of(name), dev.vkrules.runtime.InputFiles.MAX_MODULE, "a module");
    } catch (IOException | UncheckedIOException e) {
      throw new IoProblem("cannot read " + name + ": " + reason(e));
    }
  }

  /**
   * Standard input, at most {@code limit} bytes; a closed one (the launcher says so) is an error at
   * once, never a read of whatever file the JVM opened in its place.
   */
  static byte[] stdin(long limit, String what) throws IOException {
    if ("closed".equals(System.getProperty("vkrules.stdin"))) {
      throw new IOException("standard input is closed");
    }
    InputStream in = System.in;
    return dev.vkrules.runtime.InputFiles.read(in, limit, what);
  }

  /**
   * Writes to standard output ({@code -}; through {@code text} when given, for tests) or to a
   * file via a temporary sibling moved into place, so a failure leaves nothing half-written.
   */
  static void write(String name, byte[] data, PrintWriter text) {
    try {
      if (name.equals("-")) {
        if (text != null) {
          text.print(new String(data, StandardCharsets.UTF_8));
          text.flush();
        } else {
          OutputStream out = System.out;
          out.write(data);
          out.flush();
        }
        return;
      }
      Path target = Path.of(name).toAbsolutePath();
      // a sibling created like any new file (the user's umask), not createTempFile's owner-only mode
      Path tmp = target.resolveSibling("." + target.getFileName() + "." + ProcessHandle.current().pid() + "."
          + System.nanoTime() + ".tmp");
      Files.createFile(tmp);
      try {
        Files.write(tmp, data);
        Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      } finally {
        Files.deleteIfExists(tmp);
      }
    } catch (IOException e) {
      throw new IoProblem("cannot write " + name + ": " + reason(e));
    }
  }

  /** Why an I/O operation failed, in words: no exception class names, no repeated path. */
  static String reason(Exception e) {
    Throwable t = e instanceof UncheckedIOException u && u.getCause() != null ? u.getCause() : e;
    if (t instanceof java.nio.file.NoSuchFileException) {
      return "no such file";
    }
    if (t instanceof java.nio.file.AccessDeniedException) {
      return "permission denied";
    }
    if (t instanceof java.nio.file.FileSystemException f && f.getReason() != null) {
      return f.getReason().toLowerCase(java.util.Locale.ROOT);
    }
    return t.getMessage() == null ? "i/o error" : t.getMessage();
  }
}
