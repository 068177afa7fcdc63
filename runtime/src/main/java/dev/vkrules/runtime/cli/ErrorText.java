package dev.vkrules.runtime.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The one line printed for a failed command: the message a user can act on, no class names. */
final class ErrorText {
  /**
   * A Java exception's class name, as {@code Throwable.toString()} puts it before a message
   * (an {@code UncheckedIOException}'s message is its cause's {@code toString()}).
   */
  private static final Pattern CLASS_NAME = Pattern.compile("\\b(?:[a-z][a-z0-9_]*\\.)+([A-Z]\\w*(?:Exception|Error))(?::\\s*)?");

  /** What the common file-system exceptions mean, in words. */
  private static final Map<String, String> MEANING = Map.of(
      "NoSuchFileException", "no such file: ",
      "AccessDeniedException", "permission denied: ",
      "NotDirectoryException", "not a directory: ",
      "FileAlreadyExistsException", "already exists: ",
      "DirectoryNotEmptyException", "directory not empty: ");

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
    return withoutClassNames(message.lines().findFirst().orElse(message));
  }

  static String withoutClassNames(String message) {
    Matcher m = CLASS_NAME.matcher(message);
    StringBuilder b = new StringBuilder();
    while (m.find()) {
      m.appendReplacement(b, Matcher.quoteReplacement(MEANING.getOrDefault(m.group(1), "")));
    }
    m.appendTail(b);
    return b.toString();
  }
}
