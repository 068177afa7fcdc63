package dev.vkrules.generator.audit;

import java.time.Duration;
import java.time.Instant;

/** Wall time since the JVM process started, for the commands' {@code --timings} lines. */
final class Timing {
  private Timing() {}

  /** Milliseconds since process start (JVM start included), or -1 when the OS does not say. */
  static long sinceProcessStartMillis() {
    Instant start = ProcessHandle.current().info().startInstant().orElse(null);
    return start == null ? -1 : Duration.between(start, Instant.now()).toMillis();
  }

  static long ms(long nanos) {
    return nanos / 1_000_000;
  }
}
