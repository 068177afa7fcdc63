package dev.vkrules.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Measured figures live in docs/benchmarks.md only, with their date, commit, machine and command:
 * README.md and every other docs/*.md page state the design and link there. A line that names a
 * design constant in a measurement's words (a default time limit, a target ratio) says so with
 * {@value #MARKER} on that line, or, for a fenced block, on the line before its fence. The
 * records of past spec updates (docs/updates/) are dated records of one event each and are not
 * scanned. Every link to a section of benchmarks.md names a section it has.
 */
class DocsFiguresTest {
  static final String MARKER = "<!-- not a measurement -->";

  /** What a measured figure looks like in prose: a time, a throughput, a ratio against a peer. */
  private static final List<Pattern> FIGURES = List.of(
      Pattern.compile("(?<![\\w.])\\d+(?:[.,]\\d+)? ?(?:ms|s|min|seconds|minutes)\\b"),
      Pattern.compile("(?<![\\w.])\\d+(?:\\.\\d+)? ?MB/s\\b"),
      Pattern.compile("(?<![\\w.-])\\d+\\.\\d+ ?[x×](?!\\w)"),
      Pattern.compile("(?<![\\w.-])\\d+(?:\\.\\d+)? ?[x×] (?:spirv-val|spirv-dis|faster|slower)"),
      Pattern.compile("\\b[Mm]easured (?:here|on this|once|in \\d|\\d{4}-\\d\\d-\\d\\d)"));
  private static final Pattern FENCE = Pattern.compile("^\\s*(```|~~~)");
  private static final Pattern LINK = Pattern.compile("benchmarks\\.md#([\\w-]+)");
  private static final Pattern HEADING = Pattern.compile("^#{1,6} (.+)$");

  @Test
  void noPageButBenchmarksHoldsAMeasuredFigure() throws IOException {
    Path root = root();
    List<String> problems = new ArrayList<>();
    for (Path page : pages(root)) {
      problems.addAll(figures(root.relativize(page).toString(), Files.readAllLines(page)));
    }
    assertEquals(List.of(), problems, String.join("\n", problems) + "\nmove each figure to docs/benchmarks.md with its"
        + " date, commit, machine and command and link to it there, or mark a design constant with " + MARKER);
  }

  @Test
  void everyLinkToBenchmarksNamesOneOfItsSections() throws IOException {
    Path root = root();
    Set<String> anchors = anchors(Files.readAllLines(root.resolve("docs/benchmarks.md")));
    List<Path> pages = new ArrayList<>(pages(root));
    pages.add(root.resolve("docs/benchmarks.md"));
    List<String> problems = new ArrayList<>();
    for (Path page : pages) {
      List<String> lines = Files.readAllLines(page);
      for (int i = 0; i < lines.size(); i++) {
        Matcher m = LINK.matcher(lines.get(i));
        while (m.find()) {
          if (!anchors.contains(m.group(1))) {
            problems.add(root.relativize(page) + ":" + (i + 1) + ": benchmarks.md has no section #" + m.group(1));
          }
        }
      }
      // a link within benchmarks.md itself is written (#section)
      if (page.endsWith("benchmarks.md")) {
        for (int i = 0; i < lines.size(); i++) {
          Matcher m = Pattern.compile("\\]\\(#([\\w-]+)\\)").matcher(lines.get(i));
          while (m.find()) {
            if (!anchors.contains(m.group(1))) {
              problems.add("docs/benchmarks.md:" + (i + 1) + ": no section #" + m.group(1));
            }
          }
        }
      }
    }
    assertEquals(List.of(), problems, String.join("\n", problems));
  }

  @Test
  void theScanFindsFiguresInProseAndBlocksAndHonoursTheMarker() {
    List<String> page = List.of(
        "One module takes 86 ms here.",                              // 1: a time
        "The corpus took 1.73x spirv-val's directory run.",          // 2: a ratio
        "Parse + model reads 463.0 MB/s.",                           // 3: a throughput
        "Measured here: the five targets.",                          // 4: a measurement's words
        "`--module-time-limit` (default 60 s) " + MARKER,            // 5: a constant, marked
        "`VUID-StandaloneSpirv-*ArrayDynamicIndexing-1012x` rules",  // 6: a name, no figure
        "```",                                                       // 7
        "validation                 32.4 ms",                        // 8: in a block
        "```",
        MARKER,
        "```",
        "over the per-module time limit of 0.5 s",                   // 12: a marked block
        "```",
        "A tree within 2x of `spirv-val DIR` is the target.");       // 14: a target, no figure
    assertEquals(List.of(
        "p.md:1: a measured figure ('86 ms') outside docs/benchmarks.md",
        "p.md:2: a measured figure ('1.73x') outside docs/benchmarks.md",
        "p.md:3: a measured figure ('463.0 MB/s') outside docs/benchmarks.md",
        "p.md:4: a measured figure ('Measured here') outside docs/benchmarks.md",
        "p.md:8: a measured figure ('32.4 ms') outside docs/benchmarks.md"),
        figures("p.md", page));
  }

  @Test
  void anchorsAreGitHubs() {
    assertEquals(Set.of("start-up", "large-modules-and-a-directory", "hostile-shapes-with-source-locations-and-counted-parts",
        "with-179-to-390-rules-2026-11-25-commit-77d32c89-and-before"),
        anchors(List.of("## Start-up", "## Large modules and a directory",
            "## Hostile shapes, with source locations and counted parts",
            "### With 179 to 390 rules (2026-11-25, commit `77d32c89`, and before)")));
  }

  /** One problem per line of {@code lines} with a figure, its first figure quoted. */
  static List<String> figures(String name, List<String> lines) {
    List<String> problems = new ArrayList<>();
    boolean inBlock = false;
    boolean blockMarked = false;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (FENCE.matcher(line).find()) {
        inBlock = !inBlock;
        blockMarked = inBlock && i > 0 && lines.get(i - 1).contains(MARKER);
        continue;
      }
      if (line.contains(MARKER) || (inBlock && blockMarked)) {
        continue;
      }
      for (Pattern p : FIGURES) {
        Matcher m = p.matcher(line);
        if (m.find()) {
          problems.add(name + ":" + (i + 1) + ": a measured figure ('" + m.group() + "') outside docs/benchmarks.md");
          break;
        }
      }
    }
    return problems;
  }

  /** GitHub's anchors of the headings outside fenced blocks: lower case, punctuation dropped, spaces as hyphens. */
  static Set<String> anchors(List<String> lines) {
    Set<String> anchors = new TreeSet<>();
    boolean inBlock = false;
    for (String line : lines) {
      if (FENCE.matcher(line).find()) {
        inBlock = !inBlock;
        continue;
      }
      Matcher h = HEADING.matcher(line);
      if (!inBlock && h.matches()) {
        anchors.add(h.group(1).toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-'));
      }
    }
    return anchors;
  }

  /** README.md and docs/*.md but benchmarks.md, in name order. */
  private static List<Path> pages(Path root) throws IOException {
    List<Path> pages = new ArrayList<>(List.of(root.resolve("README.md")));
    try (Stream<Path> docs = Files.list(root.resolve("docs"))) {
      docs.filter(p -> p.toString().endsWith(".md") && !p.endsWith("benchmarks.md")).sorted().forEach(pages::add);
    }
    return pages;
  }

  private static Path root() {
    Path dir = Path.of("").toAbsolutePath();
    while (dir != null && !Files.isRegularFile(dir.resolve("docs/benchmarks.md"))) {
      dir = dir.getParent();
    }
    if (dir == null) {
      throw new IllegalStateException("no docs/benchmarks.md above " + Path.of("").toAbsolutePath());
    }
    return dir;
  }
}
