package dev.vkrules.runtime.cli;

import dev.vkrules.runtime.spirv.debug.SourceLocation;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The shader source files a module's debug information names, found on disk when the module
 * does not embed their text: an absolute name as it is, a relative one against the working
 * directory (where a build runs its compiler) and then the module's own folder. Each file is read
 * at most once a run, only regular files up to {@link #MAX_BYTES}; what cannot be read is simply
 * not shown (the finding keeps its file and line).
 */
final class SourceFiles {
  /** Larger files are not read for their lines (a shader source is far smaller). */
  static final long MAX_BYTES = 16L << 20;

  private final Map<Path, List<String>> lines = new HashMap<>();

  /** The file on disk {@code file} (as the debug information names it) stands for, from module {@code module}; or null. */
  static Path find(String module, String file) {
    try {
      Path f = Path.of(file);
      if (f.isAbsolute()) {
        return regular(f) ? f.normalize() : null;
      }
      if (regular(f)) {
        return f.toAbsolutePath().normalize();
      }
      if (!module.equals("-")) {
        Path dir = Path.of(module).toAbsolutePath().getParent();
        Path beside = dir == null ? null : dir.resolve(f);
        if (beside != null && regular(beside)) {
          return beside.normalize();
        }
      }
    } catch (InvalidPathException | SecurityException e) {
      return null;
    }
    return null;
  }

  private static boolean regular(Path p) {
    return Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS) || Files.isRegularFile(p);
  }

  /** {@code at} with its line's text, from the file on disk when the module does not embed it. */
  SourceLocation withText(String module, SourceLocation at, dev.vkrules.runtime.spirv.debug.Subject subject) {
    if (at.lineText() != null) {
      return at;
    }
    Path p = find(module, at.file());
    String text = p == null ? null : line(p, at.line());
    return text == null ? at
        : at.withLineText(text, dev.vkrules.runtime.spirv.debug.SourceMap.column(text, subject));
  }

  private String line(Path p, int line) {
    List<String> all = lines.computeIfAbsent(p, SourceFiles::read);
    return line >= 1 && line <= all.size() ? all.get(line - 1) : null;
  }

  private static List<String> read(Path p) {
    try {
      if (Files.size(p) > MAX_BYTES) {
        return List.of();
      }
      CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPLACE)
          .onUnmappableCharacter(CodingErrorAction.REPLACE);
      return utf8.decode(ByteBuffer.wrap(Files.readAllBytes(p))).toString().lines().toList();
    } catch (IOException | SecurityException e) {
      return List.of();
    }
  }
}
