package dev.vkrules.runtime.cli;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.vkrules.runtime.fuzz.ReaderPromise;

/**
 * Fuzz target: {@code vkrules.yaml} (seeds: the documented configurations and odd YAML). Any
 * input is read or refused in one {@link ValidateCommand.Problem} line, bounded.
 */
class ConfigFuzzTest {
  @FuzzTest(maxDuration = "1m")
  void config(byte[] input) {
    ReaderPromise.holds(input, ValidateCommand.Problem.class, b -> ProjectConfig.read(ReaderPromise.NAMED, b));
  }
}
