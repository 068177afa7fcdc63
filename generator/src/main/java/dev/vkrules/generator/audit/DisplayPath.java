package dev.vkrules.generator.audit;

import java.nio.file.Path;

/**
 * Paths as reports print them: relative to the working directory, never absolute, so a report
 * reads the same on every machine ({@code rules}, {@code ../spec-new}).
 */
final class DisplayPath {
  private DisplayPath() {}

  static String of(Path p) {
    Path abs = p.toAbsolutePath().normalize();
    Path cwd = Path.of("").toAbsolutePath().normalize();
    if (abs.getRoot() == null || !abs.getRoot().equals(cwd.getRoot())) {
      // Another file system root (a Windows drive): no relative path reaches it.
      return p.getFileName() == null ? "." : p.getFileName().toString();
    }
    String rel = cwd.relativize(abs).toString().replace('\\', '/');
    return rel.isEmpty() ? "." : rel;
  }
}
