package dev.vkrules.generator.tables;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.vkrules.generator.GeneratorException;
import dev.vkrules.generator.requirements.Enable;
import dev.vkrules.generator.requirements.Overrides;
import dev.vkrules.generator.requirements.RequirementEntry;
import dev.vkrules.generator.requirements.RequirementTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Reads {@code rules/tables/*.yaml} as {@code vkrules extract} writes them (see
 * docs/rule-files.md and docs/tables.md) plus {@code rules/overrides/requirements.yaml}.
 */
public final class RuleTablesReader {
  static final List<String> REGISTRY_TABLES = List.of("capabilities.yaml", "extensions.yaml", "image-formats.yaml");
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  private RuleTablesReader() {}

  /** True when {@code rules/tables/} holds the extracted requirement tables. */
  public static boolean present(Path rules) {
    return Files.isRegularFile(rules.resolve("tables/capabilities.yaml"))
        && Files.isRegularFile(rules.resolve("tables/extensions.yaml"));
  }

  public static RuleTables read(Path rules) {
    Path tables = rules.resolve("tables");
    Map<String, String> sources = new TreeMap<>();
    Map<String, String> titles = new TreeMap<>();
    List<RequirementEntry> caps = entries(tables, "capabilities", RequirementEntry.Kind.CAPABILITY, sources, titles);
    List<RequirementEntry> exts = entries(tables, "extensions", RequirementEntry.Kind.EXTENSION, sources, titles);
    RequirementTable extracted = new RequirementTable(caps, exts);
    Overrides overrides = Overrides.read(rules.resolve(Overrides.FILE), "rules/" + Overrides.FILE);

    JsonNode formats = load(tables, "image-formats.yaml");
    titles.put("image-formats", formats.path("appendix").path("title").asText(""));
    List<RuleTables.ImageFormat> imageFormats = new ArrayList<>();
    for (JsonNode f : list(formats, "image-formats", "image-formats.yaml")) {
      List<String> vk = new ArrayList<>();
      f.path("vk-formats").forEach(v -> vk.add(v.asText()));
      imageFormats.add(new RuleTables.ImageFormat(text(f, "name", "image-formats.yaml"), vk));
    }
    return new RuleTables(extracted, overrides.apply(extracted), overrides, sources, titles, imageFormats,
        appendixTables(tables));
  }

  private static List<RequirementEntry> entries(Path tables, String kind, RequirementEntry.Kind entryKind,
      Map<String, String> sources, Map<String, String> titles) {
    String file = kind + ".yaml";
    JsonNode root = load(tables, file);
    titles.put(kind, root.path("appendix").path("title").asText(""));
    List<RequirementEntry> out = new ArrayList<>();
    for (JsonNode e : list(root, kind, file)) {
      String name = text(e, "name", file);
      List<Enable> enables = new ArrayList<>();
      for (JsonNode en : e.path("enables")) {
        enables.add(enable(en, file, name));
      }
      sources.put(entryKind.name() + ":" + name, e.path("source").asText(""));
      out.add(new RequirementEntry(entryKind, name, enables, List.of()));
    }
    return out;
  }

  private static Enable enable(JsonNode e, String file, String owner) {
    if (e.hasNonNull("version")) {
      return Enable.version(e.get("version").asText());
    } else if (e.hasNonNull("extension")) {
      return Enable.extension(e.get("extension").asText());
    } else if (e.hasNonNull("struct") && e.hasNonNull("feature")) {
      return Enable.feature(e.get("struct").asText(), e.get("feature").asText(), split(e.path("requires").asText("")),
          e.path("alias").asText(""));
    } else if (e.hasNonNull("property") && e.hasNonNull("member") && e.hasNonNull("value")) {
      return Enable.property(e.get("property").asText(), e.get("member").asText(), e.get("value").asText(),
          split(e.path("requires").asText("")));
    }
    throw new GeneratorException("rules/tables/" + file + ": an enable of " + owner
        + " has none of the forms version, extension, struct+feature, property+member+value");
  }

  static List<String> split(String comma) {
    return comma.isBlank() ? List.of() : Stream.of(comma.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
  }

  private static List<RuleTables.AppendixTable> appendixTables(Path tables) {
    List<Path> files;
    try (Stream<Path> list = Files.list(tables)) {
      files = list.filter(p -> p.getFileName().toString().endsWith(".yaml"))
          .filter(p -> !REGISTRY_TABLES.contains(p.getFileName().toString()))
          .sorted().toList();
    } catch (IOException e) {
      throw new GeneratorException("cannot list rules/tables: " + e.getClass().getSimpleName());
    }
    List<RuleTables.AppendixTable> out = new ArrayList<>();
    for (Path p : files) {
      String file = p.getFileName().toString();
      JsonNode root = load(tables, file);
      List<RuleTables.Variant> variants = new ArrayList<>();
      for (JsonNode v : list(root, "variants", file)) {
        List<String> columns = new ArrayList<>();
        v.path("columns").forEach(c -> columns.add(c.asText()));
        List<List<String>> rows = new ArrayList<>();
        List<List<String>> html = new ArrayList<>();
        for (JsonNode r : v.path("rows")) {
          List<String> cells = new ArrayList<>();
          r.path("text").forEach(c -> cells.add(c.asText()));
          rows.add(cells);
          List<String> htmlCells = new ArrayList<>();
          r.path("html").forEach(c -> htmlCells.add(c.asText()));
          html.add(htmlCells);
        }
        if (html.stream().anyMatch(h -> h.size() != columns.size())) {
          html.clear();
        }
        variants.add(new RuleTables.Variant(v.path("condition").asText("core"), v.path("source").asText(""),
            v.path("title").asText(""), v.path("section").asText(""), columns, rows, html));
      }
      out.add(new RuleTables.AppendixTable(root.path("table").asText(file.replaceFirst("\\.yaml$", "")), variants));
    }
    return out;
  }

  private static JsonNode load(Path tables, String file) {
    try {
      JsonNode root = YAML.readTree(tables.resolve(file).toFile());
      if (root == null || !root.isObject()) {
        throw new GeneratorException("rules/tables/" + file + ":1:1: expected a mapping");
      }
      return root;
    } catch (IOException e) {
      String msg = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().lines().findFirst().orElse("");
      throw new GeneratorException("cannot read rules/tables/" + file + ": " + msg);
    }
  }

  private static Iterable<JsonNode> list(JsonNode root, String key, String file) {
    JsonNode list = root.get(key);
    if (list == null || !list.isArray()) {
      throw new GeneratorException("rules/tables/" + file + ": expected a '" + key + "' list");
    }
    return list;
  }

  private static String text(JsonNode node, String key, String file) {
    JsonNode v = node.get(key);
    if (v == null || !v.isTextual()) {
      throw new GeneratorException("rules/tables/" + file + ": an entry has no '" + key + "'");
    }
    return v.asText();
  }
}
