package dev.vkrules.runtime.profile;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.vkrules.runtime.fuzz.ReaderPromise;

/**
 * Fuzz target: device profiles (Vulkan Profiles JSON; seeds: small profiles and device
 * reports). Any input is read or refused in one {@link ProfileException} line, bounded.
 */
class ProfileFuzzTest {
  @FuzzTest(maxDuration = "1m")
  void profile(byte[] input) {
    ReaderPromise.holds(input, ProfileException.class, b -> ProfileReader.parse(b, null));
  }
}
