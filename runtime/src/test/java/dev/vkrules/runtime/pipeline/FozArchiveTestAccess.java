package dev.vkrules.runtime.pipeline;

import java.nio.file.Path;

/** {@link FozArchiveTest}'s checks for tests of other packages (the oracle's archives). */
public final class FozArchiveTestAccess {
  private FozArchiveTestAccess() {}

  public static FozArchive open(Path file) throws PipelineException {
    return FozArchive.open(file);
  }

  /** Reads {@code whole} cut at every byte, as {@link FozArchiveTest#truncations} checks it. */
  public static void truncations(Path dir, byte[] whole) throws Exception {
    FozArchiveTest.truncations(dir, whole);
  }
}
