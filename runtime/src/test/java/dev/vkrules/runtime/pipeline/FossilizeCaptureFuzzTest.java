package dev.vkrules.runtime.pipeline;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.vkrules.runtime.fuzz.ReaderPromise;

/**
 * Fuzz target: Fossilize captures' JSON (seeds: the example captures, library links, embedded
 * modules). Any input is read or refused in one {@link PipelineException} line, bounded.
 */
class FossilizeCaptureFuzzTest {
  @FuzzTest(maxDuration = "1m")
  void capture(byte[] input) {
    ReaderPromise.holds(input, PipelineException.class, b -> PipelineReader.read(ReaderPromise.NAMED, b));
  }
}
