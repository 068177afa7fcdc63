package dev.vkrules.runtime.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code validate --files-from LIST}: the names of the inputs, one a line (a trailing carriage
 * return is not part of a name), or separated by NUL characters with {@code -0}, as
 * {@code find -print0} writes them for {@code xargs -0}. Empty names are skipped; names are
 * relative to the working directory, as on the command line. LIST {@code -} is standard input.
 * A byte-order mark at the start is dropped.
 */
final class FilesFrom {
  private FilesFrom() {}

  /**
   * The names in {@code list}; an entry that is a special file (a FIFO, a device) is left out with
   * one line to {@code note}, never waited on (a list names files to walk, not streams to drain).
   */
  static List<String> read(String list, boolean nullSeparated, java.util.function.Consumer<String> note) {
    List<String> out = new ArrayList<>();
    for (String name : read(list, nullSeparated)) {
      Path p;
      try {
        p = Names.path(name);
      } catch (java.nio.file.InvalidPathException e) {
        throw new ValidateCommand.Problem(Io.label(list) + ": not a file name: " + Text.escape(name));
      }
      if (Files.exists(p) && !Files.isDirectory(p) && !Files.isRegularFile(p)) {
        note.accept(Text.escape(name) + ": skipped: not a regular file (" + ModuleFiles.kind(p) + ")");
      } else {
        out.add(name);
      }
    }
    return out;
  }

  static List<String> read(String list, boolean nullSeparated) {
    byte[] bytes;
    try {
      long limit = dev.vkrules.runtime.InputFiles.MAX_LIST;
      bytes = list.equals("-") ? Io.stdin(limit, "a list of files")
          : dev.vkrules.runtime.InputFiles.read(Names.path(list), limit, "a list of files");
    } catch (IOException | UncheckedIOException e) {
      throw new ValidateCommand.Problem("cannot read " + Io.label(list) + ": " + Io.reason(e));
    }
    // the names' bytes as the system gives them, UTF-8 or not (Names); a byte-order mark (as some
    // Windows editors write) is no part of the first name
    boolean bom = bytes.length >= 3 && (bytes[0] & 0xff) == 0xEF && (bytes[1] & 0xff) == 0xBB && (bytes[2] & 0xff) == 0xBF;
    String text = Names.decode(bom ? java.util.Arrays.copyOfRange(bytes, 3, bytes.length) : bytes);
    return split(text, nullSeparated);
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
