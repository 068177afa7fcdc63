package dev.vkrules.generator.audit;

import dev.vkrules.generator.audit.SpecFacts.EntryFact;
import dev.vkrules.generator.audit.SpecFacts.FormatFact;
import dev.vkrules.generator.audit.SpecFacts.TableFact;
import dev.vkrules.generator.audit.SpecFacts.VuidFact;
import dev.vkrules.generator.extract.ExtractedSpec;
import dev.vkrules.generator.extract.RegistryTables;
import dev.vkrules.generator.extract.SpecExtractor;
import dev.vkrules.generator.extract.SpecTable;
import dev.vkrules.generator.extract.Vuid;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/** Turns the extractor's output into the values {@link SpecDiff} compares. */
public final class SpecFactsReader {
  private SpecFactsReader() {}

  /**
   * Extracts both trees at once: each extraction is dominated by starting its own
   * AsciidoctorJ runtime, and two of them in parallel take little longer than one.
   */
  public static List<SpecFacts> extractBoth(Path oldDir, Path newDir) {
    CompletableFuture<SpecFacts> before = CompletableFuture.supplyAsync(() -> of(SpecExtractor.extract(oldDir)));
    SpecFacts after = of(SpecExtractor.extract(newDir));
    try {
      return List.of(before.join(), after);
    } catch (CompletionException e) {
      if (e.getCause() instanceof RuntimeException re) {
        throw re;
      }
      throw e;
    }
  }

  public static SpecFacts of(ExtractedSpec spec) {
    SortedMap<String, VuidFact> vuids = new TreeMap<>();
    for (Vuid v : spec.vuids()) {
      List<String> textConditions = new ArrayList<>();
      v.textConditions().forEach(t -> textConditions.add(t.condition().key()));
      vuids.put(v.id(), new VuidFact(v.id(), v.section(), v.conditionKey(), textConditions,
          v.file() + ":" + v.line(), v.asciidoc(), v.text(), v.hash()));
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
        entries(spec.registry().extensions()), formats, tables);
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
