package dev.vkrules.generator.extract;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The only part of extraction that touches disk. Everything is written into a sibling
 * staging directory (a copy of the current output), which replaces the output only when
 * every file was written: a failed run leaves the output as it was.
 */
public final class OutputWriter {
  private static final String REMOVED = "  removed: true\n";

  private OutputWriter() {}

  /** What a rules write did. Lists are sorted VUIDs. */
  public record Report(int vuids, int written, int unchanged, List<String> stale, List<String> removed,
      List<String> deleted, List<String> warnings) {}

  /** Writes rule files and table files under {@code out}, keeping authored parts. */
  public static Report writeRules(ExtractedSpec spec, Path out) {
    return staged(out, staging -> {
      int written = 0;
      int unchanged = 0;
      Set<String> stale = new TreeSet<>();
      Set<String> current = new TreeSet<>();
      for (Vuid vuid : spec.vuids()) {
        String rel = RuleFiles.path(vuid);
        current.add(rel);
        Path file = staging.resolve(rel);
        Optional<String> existing = Files.exists(file) ? Optional.of(read(file)) : Optional.empty();
        RuleFiles.Rendered rendered = RuleFiles.render(vuid, existing, out.resolve(rel).toString());
        if (rendered.stale()) {
          stale.add(vuid.id());
        }
        if (existing.isPresent() && existing.get().equals(rendered.content())) {
          unchanged++;
        } else {
          write(file, rendered.content());
          written++;
        }
      }
      Set<String> removed = new TreeSet<>();
      Set<String> deleted = new TreeSet<>();
      for (Path file : ruleFiles(staging)) {
        String rel = staging.relativize(file).toString().replace('\\', '/');
        if (current.contains(rel)) {
          continue;
        }
        String text = read(file);
        String authored = RuleFiles.authoredPart(text, out.resolve(rel).toString());
        String vuid = file.getFileName().toString().replaceFirst("\\.yaml$", "");
        if (authored.equals(RuleFiles.NEW_AUTHORED)) {
          Files.delete(file);
          deleted.add(vuid);
        } else {
          // The VUID left the spec but people wrote logic for it: keep it, flagged.
          String extracted = text.substring(0, text.length() - authored.length());
          if (!extracted.endsWith(REMOVED)) {
            write(file, extracted + REMOVED + authored);
          }
          removed.add(vuid);
        }
      }
      Path tables = staging.resolve("tables");
      deleteMatching(tables, ".yaml");
      List<String> warnings = new ArrayList<>();
      for (Map.Entry<String, String> table : TableFiles.render(spec).entrySet()) {
        write(tables.resolve(table.getKey()), table.getValue());
        if (table.getValue().contains("generated-unknown: true")) {
          warnings.add("table " + table.getKey() + " includes a generated file vkrules cannot build from vk.xml");
        }
      }
      return new Report(spec.vuids().size(), written, unchanged, List.copyOf(stale), List.copyOf(removed),
          List.copyOf(deleted), warnings);
    });
  }

  /** Writes {@value ValidUsageJson#FILE_NAME} into {@code out}, replacing it atomically. */
  public static void writeValidUsageJson(ExtractedSpec spec, Path out) {
    try {
      Files.createDirectories(out);
      Path temp = Files.createTempFile(out, "." + ValidUsageJson.FILE_NAME, ".tmp");
      try {
        write(temp, ValidUsageJson.render(spec));
        Files.move(temp, out.resolve(ValidUsageJson.FILE_NAME), StandardCopyOption.REPLACE_EXISTING,
            StandardCopyOption.ATOMIC_MOVE);
      } finally {
        Files.deleteIfExists(temp);
      }
    } catch (IOException e) {
      throw new SpecSyntaxException("cannot write " + ValidUsageJson.FILE_NAME + ": " + e.getMessage(), out.toString());
    }
  }

  /** Work that fills a staging directory. */
  private interface StagedWork<T> {
    T fill(Path staging) throws IOException;
  }

  private static <T> T staged(Path out, StagedWork<T> work) {
    Path target = out.toAbsolutePath().normalize();
    Path staging = null;
    try {
      Files.createDirectories(target.getParent());
      staging = Files.createTempDirectory(target.getParent(), "." + target.getFileName() + ".staging-");
      if (Files.isDirectory(target)) {
        copyTree(target, staging);
      }
      T result = work.fill(staging);
      swap(staging, target);
      staging = null;
      return result;
    } catch (IOException e) {
      throw new SpecSyntaxException("cannot write " + e.getMessage(), out.toString());
    } finally {
      if (staging != null) {
        deleteQuietly(staging);
      }
    }
  }

  /** Replaces {@code target} by {@code staging}: two renames within one directory. */
  private static void swap(Path staging, Path target) throws IOException {
    if (!Files.exists(target)) {
      Files.move(staging, target, StandardCopyOption.ATOMIC_MOVE);
      return;
    }
    Path old = Files.createTempDirectory(target.getParent(), "." + target.getFileName() + ".old-");
    Files.delete(old);
    Files.move(target, old, StandardCopyOption.ATOMIC_MOVE);
    try {
      Files.move(staging, target, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      Files.move(old, target, StandardCopyOption.ATOMIC_MOVE);
      throw e;
    }
    deleteQuietly(old);
  }

  private static List<Path> ruleFiles(Path root) throws IOException {
    try (Stream<Path> walk = Files.walk(root)) {
      return walk.filter(p -> Files.isRegularFile(p)
              && p.getFileName().toString().startsWith("VUID-")
              && p.getFileName().toString().endsWith(".yaml")
              && !root.relativize(p).startsWith("tables"))
          .sorted()
          .toList();
    }
  }

  private static void deleteMatching(Path dir, String suffix) throws IOException {
    if (!Files.isDirectory(dir)) {
      return;
    }
    try (Stream<Path> list = Files.list(dir)) {
      for (Path p : list.filter(p -> p.getFileName().toString().endsWith(suffix)).toList()) {
        Files.delete(p);
      }
    }
  }

  private static void copyTree(Path from, Path to) throws IOException {
    try (Stream<Path> walk = Files.walk(from)) {
      for (Path p : walk.sorted().toList()) {
        Path dest = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(dest);
        } else {
          Files.copy(p, dest, StandardCopyOption.COPY_ATTRIBUTES);
        }
      }
    }
  }

  private static void deleteQuietly(Path dir) {
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (IOException | UncheckedIOException e) {
      // Best effort: a leftover staging directory is harmless and hidden.
    }
  }

  private static String read(Path file) throws IOException {
    return Files.readString(file, StandardCharsets.UTF_8);
  }

  private static void write(Path file, String content) throws IOException {
    Files.createDirectories(file.getParent());
    Files.writeString(file, content, StandardCharsets.UTF_8);
  }
}
