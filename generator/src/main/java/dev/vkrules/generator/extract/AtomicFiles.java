package dev.vkrules.generator.extract;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.stream.Stream;

/**
 * Extraction's disk operations, each atomic: a file is written to a hidden temporary sibling,
 * flushed, and renamed over its target, so a process killed at any moment leaves every file
 * either as it was or as it should become, never half-written. {@link #step} marks the points
 * between operations where a kill can land; tests override it to simulate one.
 */
class AtomicFiles {
  /** Temporary files end with this; a later run removes the ones a killed run left. */
  static final String TEMP_SUFFIX = ".vkrules-tmp";

  /** Replaces {@code file}'s content with {@code content} (UTF-8), creating directories as needed. */
  void write(Path file, String content) throws IOException {
    step();
    Files.createDirectories(file.getParent());
    Path temp = file.resolveSibling("." + file.getFileName() + TEMP_SUFFIX);
    try (FileChannel ch = FileChannel.open(temp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
        StandardOpenOption.TRUNCATE_EXISTING)) {
      ByteBuffer bytes = ByteBuffer.wrap(content.getBytes(StandardCharsets.UTF_8));
      while (bytes.hasRemaining()) {
        ch.write(bytes);
      }
      ch.force(true);
    }
    step();
    Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  void delete(Path file) throws IOException {
    step();
    Files.deleteIfExists(file);
  }

  /** Removes temporary files a killed run left under {@code root}. */
  void removeLeftovers(Path root) throws IOException {
    if (!Files.isDirectory(root)) {
      return;
    }
    List<Path> temps;
    try (Stream<Path> walk = Files.walk(root)) {
      temps = walk.filter(p -> p.getFileName().toString().endsWith(TEMP_SUFFIX)).toList();
    }
    for (Path p : temps) {
      Files.deleteIfExists(p);
    }
  }

  /** A point between two disk operations. */
  void step() {}
}
