package dev.vkrules.runtime.cli;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.vkrules.runtime.fuzz.ReaderPromise;

/**
 * Fuzz target: baselines ({@code --baseline}; seeds: written baselines and odd counts). Any
 * input is read or refused in one {@link ValidateCommand.Problem} line, bounded.
 */
class BaselineFuzzTest {
  @FuzzTest(maxDuration = "1m")
  void baseline(byte[] input) {
    ReaderPromise.holds(input, ValidateCommand.Problem.class, b -> Baseline.read(ReaderPromise.NAMED, b));
  }
}
