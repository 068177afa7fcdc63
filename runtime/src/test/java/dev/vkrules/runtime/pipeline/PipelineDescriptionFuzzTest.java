package dev.vkrules.runtime.pipeline;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.vkrules.runtime.fuzz.ReaderPromise;

/**
 * Fuzz target: vkrules' own pipeline descriptions (seeds: the examples' descriptions and odd
 * shapes). Any input is read or refused in one {@link PipelineException} line, bounded.
 */
class PipelineDescriptionFuzzTest {
  @FuzzTest(maxDuration = "1m")
  void description(byte[] input) {
    ReaderPromise.holds(input, PipelineException.class, b -> PipelineReader.read(ReaderPromise.NAMED, b));
  }
}
