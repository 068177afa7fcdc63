package dev.vkrules.generator.cli;

import dev.vkrules.generator.GeneratorException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One {@code extract} at a time into one output directory: a second one (another process, or
 * another thread of this one) says it waits and waits, then reads the authored parts and writes
 * after the first has finished, so neither sees the other's half-written directory. The lock
 * file is in the temporary directory, named after the output's real path (the output directory,
 * rules/ under version control, gets no file of ours).
 */
final class OutputLock implements AutoCloseable {
  private static final ConcurrentHashMap<Path, ReentrantLock> IN_PROCESS = new ConcurrentHashMap<>();

  private final ReentrantLock local;
  private final FileChannel channel;
  private final FileLock lock;

  private OutputLock(ReentrantLock local, FileChannel channel, FileLock lock) {
    this.local = local;
    this.channel = channel;
    this.lock = lock;
  }

  /** The lock file of output directory {@code out}. */
  static Path file(Path out) {
    try {
      // the real path when the directory exists (two spellings, one lock); nothing created for it
      Path key = Files.exists(out) ? out.toRealPath() : out.toAbsolutePath().normalize();
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(key.toString().getBytes(StandardCharsets.UTF_8));
      return Path.of(System.getProperty("java.io.tmpdir"))
          .resolve("vkrules-extract-" + HexFormat.of().formatHex(digest, 0, 8) + ".lock");
    } catch (IOException e) {
      throw new GeneratorException("cannot read " + out + ": " + e.getMessage());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Takes the lock of {@code out}, telling {@code err} once when another extract holds it. */
  static OutputLock acquire(Path out, PrintWriter err) {
    Path file = file(out);
    ReentrantLock local = IN_PROCESS.computeIfAbsent(file, f -> new ReentrantLock());
    boolean told = false;
    if (!local.tryLock()) {
      told = tell(err, out, file);
      local.lock();
    }
    FileChannel channel = null;
    try {
      channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
      FileLock lock = channel.tryLock();
      if (lock == null) {
        if (!told) {
          tell(err, out, file);
        }
        lock = channel.lock();
      }
      return new OutputLock(local, channel, lock);
    } catch (IOException e) {
      local.unlock();
      try {
        if (channel != null) {
          channel.close();
        }
      } catch (IOException ignored) {
        // the lock failed already; that is the error to report
      }
      throw new GeneratorException("cannot lock " + file + " for " + out + ": " + e.getMessage());
    }
  }

  private static boolean tell(PrintWriter err, Path out, Path file) {
    err.println("vkrules: another extract is writing into " + out + "; waiting for it (lock " + file + ")");
    err.flush();
    return true;
  }

  @Override
  public void close() {
    try {
      lock.release();
      channel.close();
    } catch (IOException e) {
      // the process ends or the next extract takes it: nothing to keep
    } finally {
      local.unlock();
    }
  }
}
