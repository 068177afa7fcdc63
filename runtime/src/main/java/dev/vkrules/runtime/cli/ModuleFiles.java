package dev.vkrules.runtime.cli;

import java.io.IOException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.function.Consumer;

/**
 * The {@code .spv} files below a directory, as {@code validate} takes them: symbolic links
 * followed (a directory given as a link, links inside the tree; a link back to a directory
 * above is a cycle, skipped), sorted. An entry named {@code *.spv} that is not a module (a
 * broken link, a FIFO or device, a directory) and a cycle are skipped with one note each, so
 * nothing is left out without a word.
 */
final class ModuleFiles {
  private ModuleFiles() {}

  /** The modules below {@code dir}; {@code note} gets one line per skipped entry. */
  static List<Path> find(Path dir, Consumer<String> note) throws IOException {
    return find(dir, note, false);
  }

  /** Whether a file found is a Fossilize archive ({@code *.foz}). */
  static boolean archive(Path p) {
    Path name = p.getFileName();
    return name != null && name.toString().endsWith(".foz");
  }

  /**
   * The modules below {@code dir}, and with {@code archives} the Fossilize archives ({@code *.foz})
   * too, sorted together; {@code note} gets one line per skipped entry.
   */
  static List<Path> find(Path dir, Consumer<String> note, boolean archives) throws IOException {
    List<Path> out = new ArrayList<>();
    Files.walkFileTree(dir, EnumSet.of(FileVisitOption.FOLLOW_LINKS), Integer.MAX_VALUE, new SimpleFileVisitor<>() {
      @Override
      public FileVisitResult preVisitDirectory(Path d, BasicFileAttributes attrs) {
        if (!d.equals(dir) && (spv(d) || archives && archive(d))) {
          note.accept(Text.escape(Names.of(d)) + ": skipped: a directory, not a module (its .spv files are checked)");
        }
        return FileVisitResult.CONTINUE;
      }

      @Override
      public FileVisitResult visitFile(Path f, BasicFileAttributes attrs) {
        if (!spv(f) && !(archives && archive(f))) {
          return FileVisitResult.CONTINUE;
        }
        if (attrs.isRegularFile()) {
          out.add(f);
        } else if (attrs.isSymbolicLink()) {
          // FOLLOW_LINKS reports a link as a link only when its target is missing
          note.accept(Text.escape(Names.of(f)) + ": skipped: a broken symbolic link");
        } else {
          note.accept(Text.escape(Names.of(f)) + ": skipped: not a regular file (" + kind(f) + ")");
        }
        return FileVisitResult.CONTINUE;
      }

      @Override
      public FileVisitResult visitFileFailed(Path f, IOException e) throws IOException {
        if (e instanceof FileSystemLoopException) {
          note.accept(Text.escape(Names.of(f)) + ": skipped: a symbolic link to a directory above it (a cycle)");
          return FileVisitResult.CONTINUE;
        }
        if (f.equals(dir)) {
          throw e;
        }
        if (spv(f) || archives && archive(f) || Files.isDirectory(f)) {
          note.accept(Text.escape(Names.of(f)) + ": skipped: cannot read (" + Io.reason(e) + ")");
        }
        return FileVisitResult.CONTINUE;
      }
    });
    out.sort(null);
    return out;
  }

  private static boolean spv(Path p) {
    Path name = p.getFileName();
    return name != null && name.toString().endsWith(".spv");
  }

  static String kind(Path f) {
    try {
      Object type = Files.getAttribute(f, "unix:mode", LinkOption.NOFOLLOW_LINKS);
      int mode = (Integer) type & 0170000;
      return switch (mode) {
        case 0010000 -> "a FIFO";
        case 0020000 -> "a character device";
        case 0060000 -> "a block device";
        case 0140000 -> "a socket";
        default -> "a special file";
      };
    } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
      return "a special file";
    }
  }
}
