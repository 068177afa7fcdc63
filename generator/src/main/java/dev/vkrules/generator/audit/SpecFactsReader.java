package dev.vkrules.generator.audit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vkrules.generator.audit.SpecFacts.EntryFact;
import dev.vkrules.generator.audit.SpecFacts.FormatFact;
import dev.vkrules.generator.audit.SpecFacts.TableFact;
import dev.vkrules.generator.audit.SpecFacts.VuidFact;
import dev.vkrules.generator.extract.ExtractedSpec;
import dev.vkrules.generator.extract.RegistryTables;
import dev.vkrules.generator.extract.SpecExtractor;
import dev.vkrules.generator.extract.SpecSyntaxException;
import dev.vkrules.generator.extract.SpecTable;
import dev.vkrules.generator.extract.Vuid;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/** Turns the extractor's output into the values {@link SpecDiff} compares. */
public final class SpecFactsReader {
  private SpecFactsReader() {}

  /** Wall-clock figures of one {@link #extractBoth} call, in nanoseconds. */
  public record Timings(long asciidoctorStart, long oldTree, long newTree) {}

  /** Both trees' facts and what extracting them cost. */
  public record Extracted(SpecFacts before, SpecFacts after, Timings timings) {}

  /**
   * Extracts both trees with one extractor: starting AsciidoctorJ (a JRuby runtime)
   * dominates an extraction, and the second tree reuses the runtime the first one started.
   */
  public static Extracted extractBoth(Path oldDir, Path newDir) {
    SpecExtractor.requireInputs(oldDir);
    SpecExtractor.requireInputs(newDir);
    try (SpecExtractor extractor = SpecExtractor.start()) {
      long t0 = System.nanoTime();
      // One tree after the other: the reader sets document attributes ({refpage}) item by
      // item, so two parses at once on the one runtime are not safe (seen: spurious rewordings).
      SpecExtractor.Timed b = extractor.extractTimed(oldDir);
      long t1 = System.nanoTime();
      SpecExtractor.Timed after = extractor.extractTimed(newDir);
      long t2 = System.nanoTime();
      return new Extracted(of(b.spec(), oldDir), of(after.spec(), newDir),
          new Timings(b.timings().asciidoctorStart(), t1 - t0, t2 - t1));
    }
  }

  /**
   * The facts of one extraction of {@code specDir}, the VUIDs of every chapter {@code extract}
   * reads; sources are named relative to it.
   */
  public static SpecFacts of(ExtractedSpec spec, Path specDir) {
    SortedMap<String, VuidFact> vuids = new TreeMap<>();
    // every VUID extract writes a rule for: the appendix's and the pipeline create infos'
    List<Vuid> all = new ArrayList<>(spec.vuids());
    all.addAll(spec.pipelineVuids());
    for (Vuid v : all) {
      List<String> textConditions = new ArrayList<>();
      v.textConditions().forEach(t -> textConditions.add(t.condition().key()));
      vuids.put(v.id(), new VuidFact(v.id(), v.section(), v.conditionKey(), textConditions,
          relative(specDir, v.file()) + ":" + v.line(), v.asciidoc(), v.text(), v.hash()));
    }
    SortedMap<String, FormatFact> formats = new TreeMap<>();
    for (RegistryTables.ImageFormat f : spec.registry().imageFormats()) {
      formats.put(f.name(), new FormatFact(f.name(), f.vkFormats()));
    }
    SortedMap<String, TableFact> tables = new TreeMap<>();
    for (SpecTable t : spec.tables()) {
      TableFact fact = new TableFact(t.key(), t.conditionKey(), t.title(), t.include(),
          cells(t.header()), cells(t.rows()));
      tables.put(fact.identity(), fact);
    }
    return new SpecFacts(vuids, entries(spec.registry().capabilities()),
        entries(spec.registry().extensions()), formats, tables, capabilityValues(specDir));
  }

  /**
   * Capability names to values from {@code specDir/spirv/spirv.core.grammar.json}: older
   * grammars list an alias as an enumerant of the same value, newer ones in its
   * {@code aliases} array; either way one value, one capability.
   */
  static SortedMap<String, Integer> capabilityValues(Path specDir) {
    SortedMap<String, Integer> out = new TreeMap<>();
    Path grammar = specDir.resolve("spirv").resolve("spirv.core.grammar.json");
    if (!Files.isRegularFile(grammar)) {
      return out;
    }
    JsonNode root;
    try {
      root = new ObjectMapper().readTree(grammar.toFile());
    } catch (IOException e) {
      throw new SpecSyntaxException("malformed JSON: " + e.getMessage().lines().findFirst().orElse(""),
          grammar.toString());
    }
    for (JsonNode kind : root.path("operand_kinds")) {
      if (!"Capability".equals(kind.path("kind").asText())) {
        continue;
      }
      for (JsonNode e : kind.path("enumerants")) {
        int value = e.path("value").asInt();
        out.put(e.path("enumerant").asText(), value);
        e.path("aliases").forEach(a -> out.put(a.asText(), value));
      }
    }
    return out;
  }

  /** A source file named relative to its spec directory, so no absolute path reaches output. */
  static String relative(Path specDir, String file) {
    Path f = Path.of(file);
    Path dir = specDir.normalize();
    if (f.normalize().startsWith(dir)) {
      return dir.relativize(f.normalize()).toString().replace('\\', '/');
    }
    if (f.isAbsolute() && f.normalize().startsWith(dir.toAbsolutePath())) {
      return dir.toAbsolutePath().relativize(f.normalize()).toString().replace('\\', '/');
    }
    return f.toString().replace('\\', '/');
  }

  private static SortedMap<String, EntryFact> entries(List<RegistryTables.SpirvEntry> list) {
    SortedMap<String, EntryFact> out = new TreeMap<>();
    for (RegistryTables.SpirvEntry e : list) {
      SortedSet<String> enables = new TreeSet<>();
      e.enables().forEach(x -> enables.add(spell(x)));
      EntryFact prior = out.get(e.name());
      if (prior != null) {
        enables.addAll(prior.enables());
      }
      out.put(e.name(), new EntryFact(e.name(), enables));
    }
    return out;
  }

  /** One enable, spelled so that equal requirements compare equal. */
  static String spell(RegistryTables.Enable e) {
    if (e instanceof RegistryTables.VersionEnable v) {
      return "version " + v.version();
    } else if (e instanceof RegistryTables.ExtensionEnable x) {
      return "extension " + x.extension();
    } else if (e instanceof RegistryTables.FeatureEnable f) {
      return "feature " + f.struct() + "::" + f.feature() + requires(f.requires())
          + (f.alias() == null || f.alias().isEmpty() ? "" : " alias " + f.alias());
    } else if (e instanceof RegistryTables.PropertyEnable p) {
      return "property " + p.property() + "." + p.member() + " = " + p.value() + requires(p.requires());
    }
    throw new IllegalArgumentException("unknown enable form " + e);
  }

  private static String requires(String r) {
    return r == null || r.isEmpty() ? "" : " requires " + r;
  }

  private static List<List<String>> cells(List<List<SpecTable.Cell>> rows) {
    List<List<String>> out = new ArrayList<>();
    for (List<SpecTable.Cell> r : rows) {
      out.add(r.stream().map(SpecTable.Cell::text).toList());
    }
    return out;
  }
}
