package dev.vkrules.generator.extract;

import java.util.List;
import java.util.Optional;

/**
 * Everything extracted from one spec directory: VUIDs, the appendix's own tables, and the
 * tables built from vk.xml. Produced by {@link SpecExtractor#extract(java.nio.file.Path)}.
 *
 * @param vuids every VUID, in document order
 * @param tables the appendix's tables, in document order
 * @param registry the tables built from vk.xml
 * @param unresolved what of the VUID text could not be resolved without the rest of the
 *     spec (an attribute with no definition, a cross-reference with no title), one line each
 * @param pipelineVuids the pipeline create infos' shader-interface VUIDs
 *     ({@link PipelineValidUsage}; rules/pipeline/), empty when the import has no pipeline chapter
 */
public record ExtractedSpec(List<Vuid> vuids, List<SpecTable> tables, RegistryTables registry,
    List<String> unresolved, List<Vuid> pipelineVuids) {
  public ExtractedSpec {
    unresolved = List.copyOf(unresolved);
    vuids = List.copyOf(vuids);
    tables = List.copyOf(tables);
    pipelineVuids = List.copyOf(pipelineVuids);
  }

  /** An extraction of the appendix alone (no pipeline VUIDs). */
  public ExtractedSpec(List<Vuid> vuids, List<SpecTable> tables, RegistryTables registry, List<String> unresolved) {
    this(vuids, tables, registry, unresolved, List.of());
  }

  /** The VUID with this id, if any. */
  public Optional<Vuid> vuid(String id) {
    return vuids.stream().filter(v -> v.id().equals(id)).findFirst();
  }

  /** The tables (variants) with this key, in document order. */
  public List<SpecTable> tables(String key) {
    return tables.stream().filter(t -> t.key().equals(key)).toList();
  }
}
