package dev.vkrules.generator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Two extracts into one directory: the second says it waits, and waits until the first is done. */
class OutputLockTest {
  @TempDir Path dir;

  /** Holds the lock of args[0] for args[2] ms in its own JVM, after creating args[1]. */
  public static final class Holder {
    public static void main(String[] args) throws Exception {
      try (OutputLock lock = OutputLock.acquire(Path.of(args[0]), new PrintWriter(System.err, true))) {
        Files.createFile(Path.of(args[1]));
        Thread.sleep(Long.parseLong(args[2]));
      }
    }
  }

  @Test
  void anotherProcessHoldingTheLockIsWaitedFor() throws Exception {
    Path out = Files.createDirectories(dir.resolve("rules"));
    Path ready = dir.resolve("ready");
    long hold = 2000;
    Process other = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), Holder.class.getName(), out.toString(), ready.toString(),
        String.valueOf(hold))).inheritIO().start();
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (!Files.exists(ready)) {
      assertTrue(other.isAlive() && System.nanoTime() < deadline, "the other process did not take the lock");
      Thread.sleep(20);
    }
    long start = System.nanoTime();
    StringWriter err = new StringWriter();
    // another spelling of the same directory: one lock
    try (OutputLock lock = OutputLock.acquire(dir.resolve("rules/../rules"), new PrintWriter(err, true))) {
      assertTrue(!other.isAlive() || other.waitFor(5, TimeUnit.SECONDS), "taken while the other still holds it");
    }
    assertEquals(0, other.waitFor());
    assertTrue(System.nanoTime() - start > Duration.ofMillis(hold / 4).toNanos(), "did not wait");
    assertTrue(err.toString().startsWith("vkrules: another extract is writing into " + dir.resolve("rules/../rules")
        + "; waiting for it (lock "), err.toString());
  }

  @Test
  void anotherThreadHoldingTheLockIsWaitedFor() throws Exception {
    Path out = Files.createDirectories(dir.resolve("out"));
    CountDownLatch held = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    Thread first = new Thread(() -> {
      try (OutputLock lock = OutputLock.acquire(out, new PrintWriter(new StringWriter()))) {
        held.countDown();
        release.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    });
    first.start();
    held.await();
    StringWriter err = new StringWriter();
    java.util.concurrent.atomic.AtomicBoolean early = new java.util.concurrent.atomic.AtomicBoolean();
    java.util.concurrent.atomic.AtomicBoolean taken = new java.util.concurrent.atomic.AtomicBoolean();
    Thread second = new Thread(() -> {
      try (OutputLock lock = OutputLock.acquire(out, new PrintWriter(err, true))) {
        early.set(release.getCount() != 0);
        taken.set(true);
      }
    });
    second.start();
    second.join(500);
    assertTrue(second.isAlive(), "the second did not wait");
    release.countDown();
    second.join(10_000);
    first.join(10_000);
    assertTrue(taken.get(), "the second never took the lock");
    assertTrue(!early.get(), "taken while the first held it");
    assertTrue(err.toString().contains("another extract is writing into " + out), err.toString());
    try (var files = Files.list(out)) {
      assertEquals(0, files.count(), "no lock file in the output directory");
    }
  }
}
