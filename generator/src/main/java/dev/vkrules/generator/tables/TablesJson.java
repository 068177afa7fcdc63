package dev.vkrules.generator.tables;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vkrules.generator.GeneratorException;
import dev.vkrules.generator.requirements.Enable;
import dev.vkrules.generator.requirements.RequirementEntry;
import dev.vkrules.generator.requirements.RequirementTable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads {@code vkrules tables --format json} output back into the rule-table records. */
public final class TablesJson {
  private TablesJson() {}

  /** What the JSON holds: requirement tables (after overrides), image formats, appendix tables, override ids. */
  public record Contents(RequirementTable requirements, List<RuleTables.ImageFormat> imageFormats,
      List<RuleTables.AppendixTable> appendixTables, List<String> overrideIds) {}

  public static Contents read(String json) {
    JsonNode root;
    try {
      root = JsonPublisher.MAPPER.readTree(json);
    } catch (IOException e) {
      throw new GeneratorException("not vkrules-tables json: " + e.getMessage().lines().findFirst().orElse(""));
    }
    if (!JsonPublisher.SCHEMA.equals(root.path("schema").asText())) {
      throw new GeneratorException("not " + JsonPublisher.SCHEMA + " json (schema: '" + root.path("schema").asText() + "')");
    }
    List<RequirementEntry> caps = new ArrayList<>();
    List<RequirementEntry> exts = new ArrayList<>();
    List<RuleTables.ImageFormat> formats = new ArrayList<>();
    Map<String, List<RuleTables.Variant>> appendix = new LinkedHashMap<>();
    for (JsonNode t : root.path("tables")) {
      String name = t.path("name").asText();
      switch (name) {
        case TableCatalog.CAPABILITIES -> caps.addAll(entries(t, RequirementEntry.Kind.CAPABILITY));
        case TableCatalog.EXTENSIONS -> exts.addAll(entries(t, RequirementEntry.Kind.EXTENSION));
        case TableCatalog.IMAGE_FORMATS -> {
          for (JsonNode e : t.path("entries")) {
            formats.add(new RuleTables.ImageFormat(e.path("name").asText(), strings(e.path("vk-formats"))));
          }
        }
        case TableCatalog.VK_FORMATS -> { }
        default -> {
          List<List<String>> rows = new ArrayList<>();
          t.path("rows").forEach(r -> rows.add(strings(r)));
          appendix.computeIfAbsent(name, k -> new ArrayList<>()).add(new RuleTables.Variant(
              t.path("condition").asText(), t.path("source").asText(), t.path("title").asText(), "",
              strings(t.path("columns")), rows, List.of()));
        }
      }
    }
    List<RuleTables.AppendixTable> tables = new ArrayList<>();
    appendix.forEach((k, v) -> tables.add(new RuleTables.AppendixTable(k, v)));
    List<String> ids = new ArrayList<>();
    root.path("overrides").forEach(o -> ids.add(o.path("id").asText()));
    return new Contents(new RequirementTable(caps, exts), formats, tables, ids);
  }

  private static List<RequirementEntry> entries(JsonNode table, RequirementEntry.Kind kind) {
    List<RequirementEntry> out = new ArrayList<>();
    for (JsonNode e : table.path("entries")) {
      List<Enable> enables = new ArrayList<>();
      e.path("alternatives").forEach(a -> enables.add(enable(a)));
      out.add(new RequirementEntry(kind, e.path("name").asText(), enables, strings(e.path("overrides"))));
    }
    return out;
  }

  static Enable enable(JsonNode a) {
    if (a.has("version")) {
      return Enable.version(a.get("version").asText());
    } else if (a.has("extension")) {
      return Enable.extension(a.get("extension").asText());
    } else if (a.has("struct")) {
      return Enable.feature(a.get("struct").asText(), a.path("feature").asText(), strings(a.path("requires")),
          a.path("alias").asText(""));
    } else if (a.has("property")) {
      return Enable.property(a.get("property").asText(), a.path("member").asText(), a.path("value").asText(),
          strings(a.path("requires")));
    } else if (a.has("all-of")) {
      List<Enable> parts = new ArrayList<>();
      a.get("all-of").forEach(p -> parts.add(enable(p)));
      return Enable.allOf(parts);
    }
    throw new GeneratorException("alternative " + a + " has no known form");
  }

  private static List<String> strings(JsonNode array) {
    List<String> out = new ArrayList<>();
    array.forEach(v -> out.add(v.asText()));
    return out;
  }
}
