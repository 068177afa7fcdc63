package dev.vkrules.runtime.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** File and stream access for the commands: {@code -} is standard input/output; writes never destroy. */
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
      return dev.vkrules.runtime.InputFiles.read(Names.path(name), dev.vkrules.runtime.InputFiles.MAX_MODULE, "a module");
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
   * Writes to standard output ({@code -}; through {@code text} when given, for tests; a failure is
   * {@link Main}'s to report once the command ends, see {@link Stdout}) or to a file
   * as {@link OutputFiles#write} does: a regular or absent target through a temporary sibling
   * renamed over it, a device or FIFO in place, a symbolic link through to its target.
   */
  static void write(String name, byte[] data, PrintWriter text) {
    try {
      if (name.equals("-")) {
        if (text != null) {
          text.print(new String(data, StandardCharsets.UTF_8));
          text.flush();
        } else {
          Stdout.writeQuietly(data);
        }
        return;
      }
      OutputFiles.write(Names.path(name), data);
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
    String m = t.getMessage();
    if (m == null || m.isBlank()) {
      return "i/o error";
    }
    // the operating system's words ("No space left on device"), as a lower-case fragment
    return m.length() > 1 && Character.isUpperCase(m.charAt(0)) && Character.isLowerCase(m.charAt(1))
        ? Character.toLowerCase(m.charAt(0)) + m.substring(1) : m;
  }
}
