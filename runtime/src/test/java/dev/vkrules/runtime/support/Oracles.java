package dev.vkrules.runtime.support;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.vkrules.runtime.support.Oracle;
import dev.vkrules.runtime.support.OracleLocator;

/** The cross-check tests' oracle: the SPIRV-Tools matching the pinned spec, or a skip that says why not. */
public final class Oracles {
  private Oracles() {}

  /** The matching oracle; skips the calling test (JUnit assumption) with the locator's message otherwise. */
  public static Oracle require() {
    OracleLocator.Search s = OracleLocator.locate(Sources.root());
    System.out.println(s.message());
    assumeTrue(s.found(), s.message());
    return s.oracle().orElseThrow();
  }
}
