package dev.vkrules.runtime.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code validate --files-from LIST}: the names of the inputs, one a line (a trailing carriage
 * return is not part of a name), or separated by NUL characters with {@code -0}, as
 * {@code find -print0} writes them for {@code xargs -0}. Empty names are skipped; names are
 * relative to the working directory, as on the command line. LIST {@code -} is standard input.
 */
final class FilesFrom {
  private FilesFrom() {}

  static List<String> read(String list, boolean nullSeparated) {
    byte[] bytes;
    try {
      if (list.equals("-")) {
        bytes = System.in.readAllBytes();
      } else {
        bytes = Files.readAllBytes(Path.of(list));
      }
    } catch (IOException | UncheckedIOException e) {
      throw new ValidateCommand.Problem("cannot read " + Io.label(list) + ": " + Io.reason(e));
    }
    return split(new String(bytes, StandardCharsets.UTF_8), nullSeparated);
  }

  static List<String> split(String text, boolean nullSeparated) {
    List<String> names = new ArrayList<>();
    char sep = nullSeparated ? '\0' : '\n';
    int start = 0;
    while (start <= text.length()) {
      int end = text.indexOf(sep, start);
      if (end < 0) {
        end = text.length();
      }
      String name = text.substring(start, end);
      if (!nullSeparated && name.endsWith("\r")) {
        name = name.substring(0, name.length() - 1);
      }
      if (!name.isEmpty()) {
        names.add(name);
      }
      start = end + 1;
    }
    return names;
  }
}
