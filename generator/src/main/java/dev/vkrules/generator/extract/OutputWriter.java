package dev.vkrules.generator.extract;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The only part of extraction that touches disk. Every file is planned in memory first (a bad
 * authored part or broken inputs stop the run before anything is written), then written one by
 * one, each atomically ({@link AtomicFiles}); files that would not change are not touched, so a
 * no-op extraction rewrites nothing. A rule file with authored work is never deleted: a VUID
 * that left the spec moves to {@value #RETIRED}/ and comes back from there if the VUID returns.
 */
public final class OutputWriter {
  /** Where the rule of a VUID that left the spec goes, relative to the output. */
  public static final String RETIRED = "retired";

  private static final String REMOVED = "  removed: true\n";

  private OutputWriter() {}

  /**
   * What a rules write did. Lists are sorted VUIDs: {@code removed} left the spec and were
   * retired with their authored part, {@code deleted} left it with nothing authored.
   */
  public record Report(int vuids, int written, int unchanged, List<String> stale, List<String> removed,
      List<String> deleted, List<String> warnings) {}

  /** Writes rule files and table files under {@code out}, keeping authored parts; refuses broken inputs. */
  public static Report writeRules(ExtractedSpec spec, Path out) {
    return writeRules(spec, out, false);
  }

  /** As {@link #writeRules(ExtractedSpec, Path)}; {@code allowShrink} accepts a spec that lost many rules. */
  public static Report writeRules(ExtractedSpec spec, Path out, boolean allowShrink) {
    return writeRules(spec, out, allowShrink, new AtomicFiles());
  }

  static Report writeRules(ExtractedSpec spec, Path out, boolean allowShrink, AtomicFiles disk) {
    try {
      disk.removeLeftovers(out);
      Plan plan = plan(spec, out, allowShrink);
      // Writes first (including retired copies), deletions last: a kill in between leaves a
      // rule in both places, which the next run resolves, never in neither.
      for (Map.Entry<String, String> w : plan.writes.entrySet()) {
        disk.write(out.resolve(w.getKey()), w.getValue());
      }
      for (String rel : plan.deletes) {
        disk.delete(out.resolve(rel));
      }
      return plan.report;
    } catch (IOException | UncheckedIOException e) {
      throw new SpecSyntaxException("cannot write: " + e.getMessage(), out.toString());
    }
  }

  /** Files to write (relative path to content, sorted), files to delete, and the report. */
  private record Plan(Map<String, String> writes, List<String> deletes, Report report) {}

  private static Plan plan(ExtractedSpec spec, Path out, boolean allowShrink) throws IOException {
    Map<String, String> active = read(out, ruleFiles(out, false));
    Map<String, String> retired = read(out, ruleFiles(out, true));
    Map<String, String> writes = new TreeMap<>();
    List<String> deletes = new ArrayList<>();
    List<String> warnings = new ArrayList<>();
    int written = 0;
    int unchanged = 0;
    Set<String> stale = new TreeSet<>();
    Set<String> current = new TreeSet<>();
    List<Vuid> all = new ArrayList<>(spec.vuids());
    all.addAll(spec.pipelineVuids());
    for (Vuid vuid : all) {
      String rel = RuleFiles.path(vuid);
      current.add(rel);
      String retiredRel = RETIRED + "/" + rel;
      Optional<String> existing = Optional.ofNullable(active.get(rel));
      String where = out.resolve(rel).toString();
      if (existing.isEmpty() && retired.containsKey(retiredRel)) {
        // The VUID is back: its rule comes back with the authored part it left with.
        existing = Optional.of(retired.get(retiredRel));
        where = out.resolve(retiredRel).toString();
        deletes.add(retiredRel);
      } else if (existing.isPresent() && retired.containsKey(retiredRel)) {
        resolveLeftover(out, rel, existing.get(), retiredRel, retired.get(retiredRel), deletes, warnings);
      }
      RuleFiles.Rendered rendered = RuleFiles.render(vuid, existing, where);
      if (rendered.stale()) {
        stale.add(vuid.id());
      }
      if (existing.isPresent() && existing.get().equals(rendered.content()) && active.containsKey(rel)) {
        unchanged++;
      } else {
        writes.put(rel, rendered.content());
        written++;
      }
    }
    Set<String> removed = new TreeSet<>();
    Set<String> deleted = new TreeSet<>();
    Set<String> sections = new TreeSet<>();
    List<String> leaving = new ArrayList<>();
    for (Map.Entry<String, String> file : active.entrySet()) {
      String rel = file.getKey();
      sections.add(rel.substring(0, rel.indexOf('/')));
      if (current.contains(rel)) {
        continue;
      }
      leaving.add(rel);
      String text = file.getValue();
      String authored = RuleFiles.authoredPart(text, out.resolve(rel).toString());
      String vuid = rel.substring(rel.lastIndexOf('/') + 1).replaceFirst("\\.yaml$", "");
      if (!authored.equals(RuleFiles.NEW_AUTHORED)) {
        // People wrote logic for it: keep it, flagged, where the build no longer compiles it.
        String extracted = text.substring(0, text.length() - authored.length());
        String content = extracted.endsWith(REMOVED) ? text : extracted + REMOVED + authored;
        if (!content.equals(retired.get(RETIRED + "/" + rel))) {
          writes.put(RETIRED + "/" + rel, content);
        }
        removed.add(vuid);
      } else {
        deleted.add(vuid);
      }
      deletes.add(rel);
    }
    Map<String, String> tables = TableFiles.render(spec);
    Map<String, String> existingTables = read(out, tableFiles(out));
    for (Map.Entry<String, String> table : tables.entrySet()) {
      String rel = "tables/" + table.getKey();
      if (!table.getValue().equals(existingTables.get(rel))) {
        writes.put(rel, table.getValue());
      }
      if (table.getValue().contains("generated-unknown: true")) {
        warnings.add("table " + table.getKey() + " includes a generated file vkrules cannot build from vk.xml");
      }
    }
    List<String> droppedTables = new ArrayList<>();
    for (String rel : existingTables.keySet()) {
      if (!tables.containsKey(rel.substring("tables/".length()))) {
        droppedTables.add(rel.substring("tables/".length()));
        deletes.add(rel);
      }
    }
    ExtractGuard.check(spec, sections, active.size(), leaving, droppedTables, allowShrink);
    Report report = new Report(all.size(), written, unchanged, List.copyOf(stale), List.copyOf(removed),
        List.copyOf(deleted), warnings);
    return new Plan(writes, deletes, report);
  }

  /**
   * A rule both active and retired: a run killed while bringing it back. The retired copy goes
   * when it holds nothing the active one lacks; otherwise both stay and the user is told.
   */
  private static void resolveLeftover(Path out, String rel, String active, String retiredRel, String retired,
      List<String> deletes, List<String> warnings) {
    String a = RuleFiles.authoredPart(active, out.resolve(rel).toString());
    String r = RuleFiles.authoredPart(retired, out.resolve(retiredRel).toString());
    if (a.equals(r) || r.equals(RuleFiles.NEW_AUTHORED)) {
      deletes.add(retiredRel);
    } else {
      warnings.add(retiredRel + " and " + rel + " have different authored parts; merge them by hand");
    }
  }

  /** Writes {@value ValidUsageJson#FILE_NAME} into {@code out}, replacing it atomically. */
  public static void writeValidUsageJson(ExtractedSpec spec, Path out) {
    try {
      dev.vkrules.generator.TextFiles.replace(out.resolve(ValidUsageJson.FILE_NAME), ValidUsageJson.render(spec));
    } catch (IOException e) {
      throw new SpecSyntaxException("cannot write " + ValidUsageJson.FILE_NAME + ": " + e.getMessage(), out.toString());
    }
  }

  /** Rule files under {@code root}: the active ones, or those under {@value #RETIRED}/. */
  private static List<Path> ruleFiles(Path root, boolean retired) throws IOException {
    if (!Files.isDirectory(root)) {
      return List.of();
    }
    try (Stream<Path> walk = Files.walk(root)) {
      return walk.filter(p -> Files.isRegularFile(p)
              && p.getFileName().toString().startsWith("VUID-")
              && p.getFileName().toString().endsWith(".yaml")
              && !root.relativize(p).startsWith("tables")
              && root.relativize(p).startsWith(RETIRED) == retired)
          .sorted()
          .toList();
    }
  }

  private static List<Path> tableFiles(Path root) throws IOException {
    Path dir = root.resolve("tables");
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> list = Files.list(dir)) {
      return list.filter(p -> Files.isRegularFile(p) && p.getFileName().toString().endsWith(".yaml")
          && !p.getFileName().toString().startsWith(".")).sorted().toList();
    }
  }

  /** Contents by path relative to {@code root}, with '/' separators. */
  private static Map<String, String> read(Path root, List<Path> files) throws IOException {
    Map<String, String> out = new TreeMap<>();
    for (Path p : files) {
      out.put(root.relativize(p).toString().replace('\\', '/'), Files.readString(p, StandardCharsets.UTF_8));
    }
    return out;
  }
}
