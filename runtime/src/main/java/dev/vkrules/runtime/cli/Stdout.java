package dev.vkrules.runtime.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;

/**
 * Standard output that remembers why it failed. {@code System.out} and {@code PrintWriter}
 * swallow write errors (a full disk, {@code /dev/full}, a reader that went away), which would let
 * {@code validate --format sarif > report.sarif} exit 0 with an empty report; every command writes
 * through this stream instead, and {@link Main} turns a recorded failure into one line and exit 2
 * when the command ends.
 */
final class Stdout extends FilterOutputStream {
  private static final Stdout INSTANCE = new Stdout(new FileOutputStream(FileDescriptor.out));

  private IOException failure;

  Stdout(OutputStream out) {
    super(out);
  }

  /**
   * The process's standard output as text, in the platform charset as {@code System.out} has it;
   * UTF-8 where that is ASCII (the C or POSIX locale), so a UTF-8 file name prints as the bytes it
   * is rather than as question marks.
   */
  static PrintWriter writer() {
    return new PrintWriter(new java.io.OutputStreamWriter(INSTANCE, Names.textCharset()), true);
  }

  /** Bytes straight to standard output (a binary module of {@code as -o -}); a failure is recorded. */
  static void writeQuietly(byte[] data) {
    try {
      INSTANCE.write(data, 0, data.length);
      INSTANCE.flush();
    } catch (IOException e) {
      // recorded; Main reports it once, with the exit status
    }
  }

  /** Why writing standard output failed, in words, or null when it did not (or was never used). */
  static String failure() {
    return INSTANCE.failure == null ? null : Io.reason(INSTANCE.failure);
  }

  @Override
  public synchronized void write(int b) throws IOException {
    check();
    try {
      out.write(b);
    } catch (IOException e) {
      throw record(e);
    }
  }

  @Override
  public synchronized void write(byte[] b, int off, int len) throws IOException {
    check();
    try {
      out.write(b, off, len);
    } catch (IOException e) {
      throw record(e);
    }
  }

  @Override
  public synchronized void flush() throws IOException {
    check();
    try {
      out.flush();
    } catch (IOException e) {
      throw record(e);
    }
  }

  /** After the first failure nothing more is attempted: the output is lost already. */
  private void check() throws IOException {
    if (failure != null) {
      throw failure;
    }
  }

  private IOException record(IOException e) {
    failure = e;
    return e;
  }
}
