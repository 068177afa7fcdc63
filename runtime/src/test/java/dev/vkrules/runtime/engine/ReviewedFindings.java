package dev.vkrules.runtime.engine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The corpus findings reviewed as true positives ({@code examples/corpus/reviewed-findings.tsv}):
 * modules spirv-val accepts that break a VUID it does not check. The corpus tests expect
 * exactly these and report listed ones that no longer happen.
 */
public final class ReviewedFindings {
  private final Set<String> expected = new TreeSet<>();
  private final Set<String> seen = new TreeSet<>();

  private ReviewedFindings() {}

  public static ReviewedFindings load(Path root) {
    ReviewedFindings r = new ReviewedFindings();
    Path file = root.resolve("examples/corpus/reviewed-findings.tsv");
    try {
      for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
        if (line.isBlank() || line.startsWith("#")) {
          continue;
        }
        String[] cells = line.split("\t", -1);
        if (cells.length != 3 || cells[2].isBlank()) {
          throw new IllegalStateException(file + ": a line is module, VUID and reason, tab-separated: " + line);
        }
        r.expected.add(cells[0] + " " + cells[1]);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return r;
  }

  /** True when the finding of {@code vuid} on the module file {@code name} is a reviewed one (and notes it). */
  public synchronized boolean covers(String name, String vuid) {
    String key = name.split("[.@]", 2)[0] + " " + vuid;
    if (expected.contains(key)) {
      seen.add(key);
      return true;
    }
    return false;
  }

  /** Listed findings that did not happen: the list is stale there. */
  public List<String> stale() {
    List<String> out = new ArrayList<>();
    for (String e : expected) {
      if (!seen.contains(e)) {
        out.add("reviewed-findings.tsv lists " + e + ", which no longer happens: delete the line");
      }
    }
    return out;
  }
}
