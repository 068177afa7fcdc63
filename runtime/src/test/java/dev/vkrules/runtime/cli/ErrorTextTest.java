package dev.vkrules.runtime.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import org.junit.jupiter.api.Test;

/** Command errors are one line in words: no Java class names. */
class ErrorTextTest {
  @Test
  void classNamesInMessagesBecomeWords() {
    // What a walk over a missing directory reports: UncheckedIOException's message is its cause's toString().
    UncheckedIOException walk = new UncheckedIOException(new NoSuchFileException("rules/standalone"));
    assertEquals("cannot list rules: no such file: rules/standalone",
        ErrorText.of(new IllegalStateException("cannot list rules: " + walk.getMessage())));
    assertEquals("cannot read x: permission denied: x",
        ErrorText.of(new IllegalStateException("cannot read x: " + new AccessDeniedException("x"))));
    assertEquals("bad: thing", ErrorText.of(new IllegalStateException("bad: java.lang.IllegalArgumentException: thing")));
  }

  @Test
  void anIoExceptionIsItsReason() {
    assertEquals("no such file", ErrorText.of(new NoSuchFileException("x")));
  }

  @Test
  void aMessagelessExceptionIsAnInternalError() {
    assertEquals("internal error (NullPointerException); please report it", ErrorText.of(new NullPointerException()));
  }
}
