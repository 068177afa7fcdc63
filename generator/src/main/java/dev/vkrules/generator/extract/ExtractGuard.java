package dev.vkrules.generator.extract;

import dev.vkrules.generator.GeneratorException;
import java.util.Collection;
import java.util.Set;
import java.util.TreeSet;

/**
 * Refuses to write rules from inputs that look broken, before anything is written: an appendix
 * without VUIDs or cut short (a whole section, tables, or most VUIDs gone), a registry without
 * its SPIR-V sections. A real spec update that removes many rules passes with
 * {@code --allow-shrink}.
 */
final class ExtractGuard {
  /** Below this share of the rules it replaces, a new appendix is taken for a cut one. */
  static final double MIN_SHARE = 0.9;

  private ExtractGuard() {}

  /**
   * @param existingSections the rule directories (standalone, runtime) that hold rules now
   * @param existing how many rules the output holds now (retired ones not counted)
   * @param leaving the ones not in {@code spec}
   * @param droppedTables table files in the output that {@code spec} no longer produces
   */
  static void check(ExtractedSpec spec, Set<String> existingSections, int existing,
      Collection<String> leaving, Collection<String> droppedTables, boolean allowShrink) {
    if (spec.vuids().isEmpty()) {
      throw new GeneratorException("the appendix has no VUIDs; is " + SpecExtractor.APPENDIX
          + " empty or not the \"Vulkan Environment for SPIR-V\" appendix? nothing written");
    }
    if (spec.registry().capabilities().isEmpty() || spec.registry().extensions().isEmpty()) {
      throw new GeneratorException(SpecExtractor.REGISTRY + " has no <spirvcapabilities> or no <spirvextensions>"
          + " entries; the requirement tables would be emptied; nothing written");
    }
    if (allowShrink) {
      return;
    }
    Set<String> sections = new TreeSet<>();
    spec.vuids().forEach(v -> sections.add(RuleFiles.directory(v.section())));
    spec.pipelineVuids().forEach(v -> sections.add(RuleFiles.directory(v.section())));
    Set<String> missing = new TreeSet<>(existingSections);
    missing.removeAll(sections);
    if (!missing.isEmpty()) {
      throw new GeneratorException("the appendix has no VUIDs of " + String.join(", ", missing)
          + " (" + leaving.size() + " rules would be retired); it looks cut short; nothing written"
          + " (--allow-shrink if this is right)");
    }
    if (!droppedTables.isEmpty()) {
      throw new GeneratorException("the appendix no longer has the tables " + new TreeSet<>(droppedTables)
          + "; it looks cut short; nothing written (--allow-shrink if this is right)");
    }
    int vuids = spec.vuids().size() + spec.pipelineVuids().size();
    if (!leaving.isEmpty() && vuids < MIN_SHARE * existing) {
      throw new GeneratorException("the appendix has " + vuids + " VUIDs, far fewer than the "
          + existing + " rules it would replace (" + leaving.size() + " would be retired); it looks cut short;"
          + " nothing written (--allow-shrink if this is right)");
    }
  }
}
