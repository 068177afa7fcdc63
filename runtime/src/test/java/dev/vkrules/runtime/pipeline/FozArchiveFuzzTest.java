package dev.vkrules.runtime.pipeline;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.vkrules.runtime.fuzz.ReaderPromise;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Fuzz target: Fossilize archives (seeds: archives Fossilize wrote, the example captures as
 * archives). Any input is read or refused in one {@link PipelineException} line, bounded; every
 * stage's module is then read, or refused in one line, and so is every pipeline left unread.
 */
class FozArchiveFuzzTest {
  /** The archive is read from a file: one per fuzzing thread, beside the other targets' scratch paths. */
  private static final Path FILE = Path.of("target", "fuzz", "archive-" + ProcessHandle.current().pid() + ".foz");

  @FuzzTest(maxDuration = "1m")
  void archive(byte[] input) throws IOException {
    Files.createDirectories(FILE.getParent());
    Files.write(FILE, input);
    ReaderPromise.holds(input, PipelineException.class, b -> {
      PipelineDescription d = PipelineReader.read(FILE);
      for (PipelineDescription.Unread u : d.unread()) {
        oneLine(u.message());
      }
      d.notes().forEach(FozArchiveFuzzTest::oneLine);
      for (Pipeline p : d.pipelines()) {
        for (Stage s : p.stages()) {
          try {
            s.module().bytes();
          } catch (IOException e) {
            oneLine(e.getMessage());
          }
        }
      }
    });
  }

  private static void oneLine(String message) {
    if (message == null || message.isEmpty() || message.contains("\n") || message.length() > ReaderPromise.MAX_MESSAGE) {
      throw new AssertionError("not one short line: " + message);
    }
  }
}
