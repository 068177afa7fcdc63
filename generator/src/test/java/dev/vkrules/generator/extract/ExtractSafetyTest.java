package dev.vkrules.generator.extract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.generator.GeneratorException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code extract} never loses authored work: broken inputs refused, no-op writes nothing, kills leave old or new. */
class ExtractSafetyTest {
  @TempDir Path dir;

  /** An authored block, as a person would write it (not what extraction creates). */
  static final String WORK = "authored:\n  status: not-checkable\n  reason: Checked by a person.\n";

  /** The spec-sources extraction with every n-th VUID gone and every m-th reworded. */
  static ExtractedSpec edited(ExtractedSpec spec, int dropEvery, int rewordEvery) {
    List<Vuid> vuids = new ArrayList<>();
    for (int i = 0; i < spec.vuids().size(); i++) {
      Vuid v = spec.vuids().get(i);
      if (dropEvery > 0 && i % dropEvery == 0) {
        continue;
      }
      if (rewordEvery > 0 && i % rewordEvery == 1) {
        v = new Vuid(v.id(), v.section(), v.conditions(), v.textConditions(), v.line(), v.file(), v.asciidoc(),
            v.text() + " (reworded)", v.html(), v.blocksHtml(), v.htmlAsWritten(), "f".repeat(v.hash().length()));
      }
      vuids.add(v);
    }
    return new ExtractedSpec(vuids, spec.tables(), spec.registry(), spec.unresolved(), spec.pipelineVuids());
  }

  /** Writes the spec's rules and gives every third rule authored work. */
  private Path rulesWithWork(Path out) throws IOException {
    OutputWriter.writeRules(Extraction.specSources(), out);
    List<Vuid> vuids = Extraction.specSources().vuids();
    for (int i = 0; i < vuids.size(); i += 3) {
      Path f = out.resolve(RuleFiles.path(vuids.get(i)));
      String text = Files.readString(f);
      Files.writeString(f, text.replace(RuleFiles.NEW_AUTHORED, WORK));
    }
    return out;
  }

  static Map<String, String> tree(Path root) throws IOException {
    Map<String, String> files = new LinkedHashMap<>();
    if (!Files.exists(root)) {
      return files;
    }
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path p : walk.filter(Files::isRegularFile).sorted().toList()) {
        files.put(root.relativize(p).toString(), Files.readString(p));
      }
    }
    return files;
  }

  @Test
  void aNoOpExtractRewritesNothing() throws IOException {
    Path out = rulesWithWork(dir.resolve("rules"));
    FileTime old = FileTime.fromMillis(1_000_000_000_000L);
    try (Stream<Path> walk = Files.walk(out)) {
      for (Path p : walk.filter(Files::isRegularFile).toList()) {
        Files.setLastModifiedTime(p, old);
      }
    }
    OutputWriter.Report r = OutputWriter.writeRules(Extraction.specSources(), out);
    assertEquals(0, r.written());
    try (Stream<Path> walk = Files.walk(out)) {
      for (Path p : walk.filter(Files::isRegularFile).toList()) {
        assertEquals(old, Files.getLastModifiedTime(p), p + " was rewritten");
      }
    }
  }

  @Test
  void brokenInputsAreRefusedBeforeAnythingIsWritten() throws IOException {
    Path out = rulesWithWork(dir.resolve("rules"));
    Map<String, String> before = tree(out);
    ExtractedSpec spec = Extraction.specSources();
    ExtractedSpec empty = new ExtractedSpec(List.of(), spec.tables(), spec.registry(), spec.unresolved());
    assertTrue(refusal(empty, out).contains("the appendix has no VUIDs"));
    ExtractedSpec noRegistry = new ExtractedSpec(spec.vuids(), spec.tables(), new RegistryTables(List.of(),
        List.of(), spec.registry().imageFormats(), spec.registry().apiVersion(), spec.registry().buildAttributes()), spec.unresolved(),
        spec.pipelineVuids());
    assertTrue(refusal(noRegistry, out).contains("no <spirvcapabilities>"));
    String section = spec.vuids().get(0).section();
    ExtractedSpec oneSectionGone = new ExtractedSpec(spec.vuids().stream()
        .filter(v -> !v.section().equals(section)).toList(), spec.tables(), spec.registry(), spec.unresolved(),
        spec.pipelineVuids());
    assertTrue(refusal(oneSectionGone, out).contains("has no VUIDs of " + RuleFiles.directory(section)));
    ExtractedSpec cut = edited(spec, 4, 0);
    assertTrue(refusal(cut, out).contains("far fewer than the " + (spec.vuids().size() + spec.pipelineVuids().size())
        + " rules"));
    ExtractedSpec pipelineGone = new ExtractedSpec(spec.vuids(), spec.tables(), spec.registry(), spec.unresolved());
    assertTrue(refusal(pipelineGone, out).contains("has no VUIDs of " + RuleFiles.PIPELINE));
    ExtractedSpec tablesGone = new ExtractedSpec(spec.vuids(), List.of(), spec.registry(), spec.unresolved(),
        spec.pipelineVuids());
    assertTrue(refusal(tablesGone, out).contains("no longer has the tables"));
    assertEquals(before, tree(out), "nothing written");
  }

  private String refusal(ExtractedSpec spec, Path out) {
    return assertThrows(GeneratorException.class, () -> OutputWriter.writeRules(spec, out)).getMessage();
  }

  @Test
  void aShrinkWhenAllowedRetiresAuthoredRulesAndBringsThemBack() throws IOException {
    Path out = rulesWithWork(dir.resolve("rules"));
    Map<String, String> before = tree(out);
    ExtractedSpec cut = edited(Extraction.specSources(), 4, 0);
    OutputWriter.Report r = OutputWriter.writeRules(cut, out, true);
    Set<String> gone = new HashSet<>();
    Extraction.specSources().vuids().forEach(v -> gone.add(v.id()));
    cut.vuids().forEach(v -> gone.remove(v.id()));
    assertEquals(gone, new HashSet<>(concat(r.removed(), r.deleted())));
    for (String vuid : r.removed()) {
      Vuid v = Extraction.specSources().vuid(vuid).orElseThrow();
      String retired = Files.readString(out.resolve(OutputWriter.RETIRED).resolve(RuleFiles.path(v)));
      assertTrue(retired.endsWith(WORK), retired);
      assertTrue(retired.contains("  removed: true\n"), retired);
    }
    assertTrue(!r.removed().isEmpty() && !r.deleted().isEmpty(), r.toString());
    // The spec restored: every retired rule returns with its work, and the tree is as it was.
    OutputWriter.writeRules(Extraction.specSources(), out);
    assertEquals(before, tree(out));
  }

  /** Throws at the n-th point between disk operations, as a kill there would stop the run. */
  static final class KillAt extends AtomicFiles {
    static final class Killed extends Error {
      private static final long serialVersionUID = 1L;
    }

    private int left;

    KillAt(int n) {
      left = n;
    }

    @Override
    void step() {
      if (left-- == 0) {
        throw new Killed();
      }
    }
  }

  @Test
  void aKillAtAnyPointLeavesEachFileOldOrNewAndLosesNoWork() throws IOException {
    Path seed = rulesWithWork(dir.resolve("seed"));
    Map<String, String> old = tree(seed);
    ExtractedSpec next = edited(Extraction.specSources(), 20, 7);
    Path clean = dir.resolve("clean");
    copy(seed, clean);
    OutputWriter.writeRules(next, clean, true);
    Map<String, String> fresh = tree(clean);
    // How many points a run has, then kills at the first and last few and evenly between
    // (every point would take minutes: each run rereads and rewrites the whole tree).
    Path counted = dir.resolve("counted");
    copy(seed, counted);
    int[] points = {0};
    OutputWriter.writeRules(next, counted, true, new AtomicFiles() {
      @Override
      void step() {
        points[0]++;
      }
    });
    assertEquals(fresh, tree(counted));
    java.util.TreeSet<Integer> killPoints = new java.util.TreeSet<>();
    for (int i = 0; i < 4; i++) {
      killPoints.add(i);
      killPoints.add(points[0] - 1 - i);
    }
    for (int n = 0; n < points[0]; n += Math.max(1, points[0] / 24)) {
      killPoints.add(n);
    }
    int kills = 0;
    for (int n : killPoints) {
      Path out = dir.resolve("run" + n);
      copy(seed, out);
      try {
        OutputWriter.writeRules(next, out, true, new KillAt(n));
        throw new AssertionError("no kill at point " + n + " of " + points[0]);
      } catch (KillAt.Killed killed) {
        kills++;
      }
      Map<String, String> now = tree(out);
      for (Map.Entry<String, String> f : now.entrySet()) {
        String path = f.getKey();
        if (path.endsWith(AtomicFiles.TEMP_SUFFIX)) {
          continue;
        }
        assertTrue(f.getValue().equals(old.get(path)) || f.getValue().equals(fresh.get(path)),
            "after a kill at point " + n + ", " + path + " is neither old nor new");
      }
      for (Map.Entry<String, String> f : old.entrySet()) {
        if (f.getValue().endsWith(WORK)) {
          String path = f.getKey();
          assertTrue(now.containsKey(path) || now.containsKey(OutputWriter.RETIRED + "/" + path),
              "after a kill at point " + n + ", the work in " + path + " is lost");
        }
      }
      // The next run finishes the job.
      OutputWriter.writeRules(next, out, true);
      assertEquals(fresh, tree(out), "after a kill at point " + n + " and a rerun");
      deleteTree(out);
    }
    assertTrue(kills >= 24, "kills simulated: " + kills + " of " + points[0] + " points");
    System.out.println("extract kill simulation: " + kills + " kills over " + points[0] + " points");
  }

  private static List<String> concat(List<String> a, List<String> b) {
    List<String> out = new ArrayList<>(a);
    out.addAll(b);
    return out;
  }

  private static void copy(Path from, Path to) throws IOException {
    try (Stream<Path> walk = Files.walk(from)) {
      for (Path p : walk.sorted().toList()) {
        Path dest = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(dest);
        } else {
          Files.copy(p, dest);
        }
      }
    }
  }

  private static void deleteTree(Path root) throws IOException {
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}
