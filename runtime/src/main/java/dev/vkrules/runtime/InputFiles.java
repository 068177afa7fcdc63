package dev.vkrules.runtime;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Reads an input file whole, refusing one larger than its kind's limit before reading it (a
 * regular file by its size; a FIFO, device or process substitution once the limit is passed, so
 * {@code /dev/zero} costs the limit, never the heap). The limits are far above any real input and
 * stated in docs/validate.md, "Limits"; a file over one is refused alone, the others still read.
 */
public final class InputFiles {
  /** A SPIR-V module (the largest real ones are tens of megabytes). */
  public static final long MAX_MODULE = 256L << 20;
  /** A pipeline description or Fossilize capture, modules embedded (base64). */
  public static final long MAX_DESCRIPTION = 256L << 20;
  /** A device profile or report (real ones are well under a megabyte). */
  public static final long MAX_PROFILE = 32L << 20;
  /** A {@code vkrules.yaml}. */
  public static final long MAX_CONFIG = 1L << 20;
  /** A baseline (a hundred thousand findings are about 15 MB). */
  public static final long MAX_BASELINE = 64L << 20;
  /** A {@code --files-from} list. */
  public static final long MAX_LIST = 64L << 20;

  private InputFiles() {}

  /** An input over its limit; the message is the reason ("larger than 1 MiB, the most ..."). */
  public static final class TooLarge extends IOException {
    private static final long serialVersionUID = 1L;

    public TooLarge(long limit, String what) {
      super("larger than " + size(limit) + ", the most vkrules reads as " + what);
    }
  }

  /** The bytes of {@code file}, at most {@code limit} of them; {@code what} names the kind ("a module"). */
  public static byte[] read(Path file, long limit, String what) throws IOException {
    BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
    if (a.isDirectory()) {
      throw new IOException("a directory, not a file");
    }
    if (a.isRegularFile() && a.size() > limit) {
      throw new TooLarge(limit, what);
    }
    try (InputStream in = Files.newInputStream(file)) {
      return read(in, limit, what);
    }
  }

  /** At most {@code limit} bytes of {@code in}, to its end; more is {@link TooLarge}. */
  public static byte[] read(InputStream in, long limit, String what) throws IOException {
    byte[] b = in.readNBytes((int) Math.min(limit + 1, Integer.MAX_VALUE - 8));
    if (b.length > limit) {
      throw new TooLarge(limit, what);
    }
    return b;
  }

  /** Whether {@code file} can be read as one file: it exists and is not a directory (a FIFO, a device, a link to one). */
  public static boolean readable(Path file) {
    return Files.exists(file) && !Files.isDirectory(file);
  }

  /** {@code 256 MiB}, {@code 1 MiB}. */
  static String size(long bytes) {
    return bytes % (1L << 20) == 0 ? (bytes >> 20) + " MiB" : bytes + " bytes";
  }
}
