package dev.vkrules.runtime.cli;

import java.io.IOException;
import java.io.UncheckedIOException;

/** The one line printed for a failed command: the message a user can act on, no class names. */
final class ErrorText {
  private ErrorText() {}

  static String of(Throwable ex) {
    if (ex instanceof IOException || ex instanceof UncheckedIOException) {
      return Io.reason((Exception) ex);
    }
    String message = ex.getMessage();
    if (message == null || message.isBlank()) {
      // No message means a bug, not bad input: say so, with what a report needs.
      return "internal error (" + ex.getClass().getSimpleName() + "); please report it";
    }
    return message.lines().findFirst().orElse(message);
  }
}
