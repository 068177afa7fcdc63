package dev.vkrules.runtime.engine;

import java.io.PrintStream;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The start-up profile of one command ({@code -Dvkrules.startupTrace=true}, used by
 * {@code runtime/bench/startup-profile.sh}): the time of each part of a run, printed to standard
 * error at the end. Off, it costs one static boolean test per part. Each {@link #mark} also
 * prints a line, so a class-loading log on the same stream ({@code -Xlog:class+load:stderr})
 * can be split by part.
 */
public final class StartupTrace {
  /** Whether tracing is on. */
  public static final boolean ON = Boolean.getBoolean("vkrules.startupTrace");

  private static final Map<String, Long> PARTS = new LinkedHashMap<>();
  private static long last = System.nanoTime();

  private StartupTrace() {}

  /**
   * The JVM's part: from {@code -Dvkrules.launchMicros} (the caller's clock, microseconds since
   * the epoch, taken just before it started java) to the first call here; once, from main.
   */
  public static synchronized void jvmStarted() {
    if (!ON) {
      return;
    }
    String launch = System.getProperty("vkrules.launchMicros");
    Instant now = Instant.now();
    if (launch != null) {
      long micros = now.getEpochSecond() * 1_000_000 + now.getNano() / 1000 - Long.parseLong(launch);
      PARTS.put("JVM start to main (JVM, launcher's exec)", micros * 1000);
    }
    last = System.nanoTime();
    System.err.println("vkrules-trace: mark JVM");
  }

  /** Ends the part named {@code part}: the time since the previous mark is added to it. */
  public static synchronized void mark(String part) {
    if (!ON) {
      return;
    }
    long now = System.nanoTime();
    PARTS.merge(part, now - last, Long::sum);
    last = now;
    System.err.println("vkrules-trace: mark " + part);
  }

  /** Adds {@code nanos} to a part measured inside another (such as checkers loaded during validation). */
  public static synchronized void add(String part, long nanos) {
    if (ON) {
      PARTS.merge(part, nanos, Long::sum);
    }
  }

  /** Prints every part in milliseconds, in the order first seen. */
  public static synchronized void report(PrintStream err) {
    if (!ON) {
      return;
    }
    PARTS.forEach((part, nanos) -> err.printf("vkrules-trace: part %-45s %8.1f ms%n", part, nanos / 1e6));
  }
}
