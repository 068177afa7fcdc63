package dev.vkrules.runtime.fuzz;

import com.sun.management.ThreadMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;

/**
 * The promise every JSON and YAML reader keeps on any input, as its fuzz target asserts it: it
 * returns, or throws its own one-line error type (one line, the found text cut short), never any
 * other exception or error; within a time bound; allocating at most a multiple of the input.
 *
 * <p>The fuzz targets ({@code *FuzzTest}, Jazzer's {@code @FuzzTest}) replay their kept inputs
 * (seed corpus and crashers, {@code src/test/resources/.../<Class>Inputs/<method>/}) in every
 * build; {@code mvn -B -Pfuzz ...} fuzzes each for a fixed budget (docs/validate.md, "Limits").
 */
public final class ReaderPromise {
  /** Bytes a reader may allocate per input byte (a tree of the document, its strings, the records). */
  public static final long ALLOCATION_FACTOR = 64;
  /** Plus this, for the reader's fixed tables and a short input's overhead. */
  public static final long ALLOCATION_CONSTANT = 16L << 20;
  /** No input of a fuzz run (a few kilobytes) or of the kept corpus takes longer (instrumented, on a shared machine). */
  public static final long MAX_MILLIS = 5_000;
  /** The longest one-line error: a position, a pointer and a found value cut short, near names. */
  public static final int MAX_MESSAGE = 600;

  private ReaderPromise() {}

  /** A reader of one kind of input. */
  @FunctionalInterface
  public interface Reader {
    void read(byte[] input) throws Exception;
  }

  /** A scratch path that names an input in errors and is the base of its relative paths (nothing is there). */
  public static final Path NAMED = Path.of("target", "fuzz", "no-such-folder", "input");

  /**
   * Runs {@code reader} on {@code input}; twice; fails unless it returns or throws {@code error} (or a
   * subclass) with a one-line message, within {@link #MAX_MILLIS} and the allocation bound.
   */
  public static void holds(byte[] input, Class<? extends Throwable> error, Reader reader) {
    // twice: the first read also loads what any first use loads (vk.xml's tables, the grammar,
    // the JSON and YAML factories); the bounds are of the second, the reader's own work
    once(input, error, reader, false);
    once(input, error, reader, true);
  }

  private static void once(byte[] input, Class<? extends Throwable> error, Reader reader, boolean measured) {
    ThreadMXBean mx = (ThreadMXBean) ManagementFactory.getThreadMXBean();
    long allocatedBefore = mx.getCurrentThreadAllocatedBytes();
    long start = System.nanoTime();
    Throwable thrown = null;
    try {
      reader.read(input);
    } catch (Throwable t) {
      thrown = t;
    }
    long millis = (System.nanoTime() - start) / 1_000_000;
    long allocated = mx.getCurrentThreadAllocatedBytes() - allocatedBefore;
    if (thrown != null && !error.isInstance(thrown)) {
      throw new AssertionError("escaped the reader on " + input.length + " input bytes: " + thrown, thrown);
    }
    if (thrown != null) {
      String m = thrown.getMessage();
      if (m == null || m.isBlank() || m.indexOf('\n') >= 0 || m.indexOf('\r') >= 0 || m.length() > MAX_MESSAGE) {
        throw new AssertionError("not a one-line error of at most " + MAX_MESSAGE + " characters ("
            + (m == null ? "none" : m.length() + " characters") + "): "
            + (m == null ? null : m.substring(0, Math.min(m.length(), 300))));
      }
    }
    if (!measured) {
      return;
    }
    if (millis > MAX_MILLIS) {
      throw new AssertionError("took " + millis + " ms for " + input.length + " input bytes (bound " + MAX_MILLIS
          + " ms)");
    }
    long bound = ALLOCATION_FACTOR * input.length + ALLOCATION_CONSTANT;
    if (allocated > bound) {
      throw new AssertionError("allocated " + allocated + " bytes for " + input.length + " input bytes (bound "
          + bound + ")");
    }
  }
}
