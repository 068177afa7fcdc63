package dev.vkrules.generator.tables;

import dev.vkrules.generator.requirements.Overrides;
import dev.vkrules.generator.requirements.RequirementTable;
import java.util.List;
import java.util.Map;

/**
 * Everything {@code rules/tables/} holds, read back into records: the requirement tables (as
 * extracted, and with the authored overrides applied), the SPIR-V image formats, and the tables
 * the appendix writes itself (each with its variants, one per condition).
 */
public record RuleTables(
    RequirementTable extracted,
    RequirementTable requirements,
    Overrides overrides,
    Map<String, String> entrySources,
    Map<String, String> titles,
    List<ImageFormat> imageFormats,
    List<AppendixTable> appendixTables) {

  public RuleTables {
    entrySources = Map.copyOf(entrySources);
    titles = Map.copyOf(titles);
    imageFormats = List.copyOf(imageFormats);
    appendixTables = List.copyOf(appendixTables);
  }

  /** A SPIR-V image format and its compatible {@code VkFormat}s, in registry order. */
  public record ImageFormat(String name, List<String> vkFormats) {
    public ImageFormat {
      vkFormats = List.copyOf(vkFormats);
    }
  }

  /** A table written in the appendix ({@code rules/tables/<key>.yaml}); several variants when guarded by conditions. */
  public record AppendixTable(String key, List<Variant> variants) {
    public AppendixTable {
      variants = List.copyOf(variants);
    }
  }

  /**
   * One variant: its condition key, where it is, its columns and its rows with spans expanded,
   * as text and as the spec renders them in HTML ({@code html} empty for files extracted before
   * cells kept their HTML).
   */
  public record Variant(String condition, String source, String title, String section, List<String> columns,
      List<List<String>> rows, List<List<String>> html) {
    public Variant {
      columns = List.copyOf(columns);
      rows = rows.stream().map(List::copyOf).toList();
      html = html.stream().map(List::copyOf).toList();
    }
  }
}
