package dev.vkrules.generator.tables;

import dev.vkrules.generator.requirements.Enable;
import dev.vkrules.generator.requirements.RequirementEntry;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * The published tables, in a fixed order: capabilities, extensions, SPIR-V image format to
 * VkFormat, VkFormat to SPIR-V image format, then every table the appendix writes itself, by
 * name (so a table a later spec release adds is published without code changes).
 */
public final class TableCatalog {
  public static final String CAPABILITIES = "capabilities";
  public static final String EXTENSIONS = "extensions";
  public static final String IMAGE_FORMATS = "image-formats";
  public static final String VK_FORMATS = "vk-formats";

  private TableCatalog() {}

  public static List<PublishedTable> build(RuleTables t) {
    List<PublishedTable> out = new ArrayList<>();
    out.add(requirements(t, CAPABILITIES, title(t, CAPABILITIES, "SPIR-V capabilities"), "SPIR-V Capability",
        t.requirements().capabilities()));
    out.add(requirements(t, EXTENSIONS, title(t, EXTENSIONS, "SPIR-V extensions"), "SPIR-V Extension",
        t.requirements().extensions()));
    List<List<String>> spirvToVk = new ArrayList<>();
    TreeMap<String, List<String>> vkToSpirv = new TreeMap<>();
    for (RuleTables.ImageFormat f : t.imageFormats()) {
      spirvToVk.add(List.of(f.name(), String.join("\n", f.vkFormats())));
      for (String vk : f.vkFormats()) {
        vkToSpirv.computeIfAbsent(vk, k -> new ArrayList<>()).add(f.name());
      }
    }
    out.add(new PublishedTable(IMAGE_FORMATS, title(t, IMAGE_FORMATS, "SPIR-V and Vulkan Image Format Compatibility"),
        "vk.xml", "core", List.of("SPIR-V Image Format", "Compatible Vulkan Format"), spirvToVk));
    List<List<String>> vkRows = new ArrayList<>();
    vkToSpirv.forEach((vk, spirv) -> vkRows.add(List.of(vk, String.join("\n", spirv))));
    out.add(new PublishedTable(VK_FORMATS, "Vulkan Format to SPIR-V Image Format", "vk.xml", "core",
        List.of("Vulkan Format", "SPIR-V Image Format"), vkRows));
    for (RuleTables.AppendixTable a : t.appendixTables()) {
      for (RuleTables.Variant v : a.variants()) {
        String title = !v.title().isEmpty() ? v.title() : v.section();
        out.add(new PublishedTable(a.key(), title, v.source(), v.condition(), v.columns(), v.rows(), v.html(),
            List.of()));
      }
    }
    return out;
  }

  private static String title(RuleTables t, String key, String fallback) {
    String title = t.titles().get(key);
    return title == null || title.isEmpty() ? fallback : title;
  }

  /**
   * A requirement table. An entry that an authored override changed carries a marker
   * ({@code [1]}) whose footnote names the override and says why: provenance for readers,
   * not a column of internal ids.
   */
  private static PublishedTable requirements(RuleTables t, String name, String title, String column,
      List<RequirementEntry> entries) {
    List<String> ids = new ArrayList<>();
    List<List<String>> rows = new ArrayList<>();
    for (RequirementEntry e : entries) {
      List<String> alternatives = new ArrayList<>();
      for (Enable enable : e.enables()) {
        alternatives.add(EnableText.describe(enable));
      }
      StringBuilder entry = new StringBuilder(e.name());
      for (String id : e.overrides()) {
        if (!ids.contains(id)) {
          ids.add(id);
        }
        entry.append(" [").append(ids.indexOf(id) + 1).append(']');
      }
      rows.add(List.of(entry.toString(), String.join("\n", alternatives)));
    }
    List<String> footnotes = new ArrayList<>();
    for (int i = 0; i < ids.size(); i++) {
      footnotes.add("[" + (i + 1) + "] " + overrideNote(t, ids.get(i)));
    }
    return new PublishedTable(name, title, "vk.xml, rules/overrides/requirements.yaml", "core",
        List.of(column, "Enabled by (any one)"), rows, List.of(), footnotes);
  }

  /** "Changed from vk.xml by override ID (rules/overrides/requirements.yaml): REASON" */
  private static String overrideNote(RuleTables t, String id) {
    String reason = t.overrides().list().stream().filter(o -> o.id().equals(id)).map(o -> o.reason())
        .findFirst().orElse("");
    return "Changed from vk.xml by override " + id + " (rules/" + dev.vkrules.generator.requirements.Overrides.FILE
        + ")" + (reason.isEmpty() ? "." : ": " + reason.strip());
  }

  /** The names a user may pass to {@code --table}, in catalog order. */
  public static List<String> names(List<PublishedTable> tables) {
    return tables.stream().map(PublishedTable::name).distinct().toList();
  }
}
