package dev.vkrules.generator.tables;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vkrules.generator.requirements.Enable;
import dev.vkrules.generator.requirements.Overrides;
import dev.vkrules.generator.requirements.RequirementEntry;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * JSON (format {@code vkrules-tables}, version 1, documented in docs/tables.md): every published
 * table as a grid, and for the requirement and image-format tables also their structured
 * entries, so the rule tables can be read back exactly ({@link TablesJson}).
 */
public final class JsonPublisher {
  /** The one schema version field; the shape is docs/schemas/tables.schema.json. */
  public static final String SCHEMA = "vkrules-tables/3";
  static final ObjectMapper MAPPER = new ObjectMapper();

  private JsonPublisher() {}

  public static String render(RuleTables rules, List<PublishedTable> tables) {
    ObjectNode root = MAPPER.createObjectNode();
    root.put("schema", SCHEMA);
    ArrayNode list = root.putArray("tables");
    boolean requirements = false;
    for (PublishedTable t : tables) {
      ObjectNode o = list.addObject();
      o.put("name", t.name());
      o.put("title", t.title());
      o.put("source", t.source());
      o.put("condition", t.condition());
      o.put("when", t.conditionWords());
      ArrayNode columns = o.putArray("columns");
      t.columns().forEach(columns::add);
      ArrayNode rows = o.putArray("rows");
      for (List<String> row : t.rows()) {
        ArrayNode r = rows.addArray();
        row.forEach(r::add);
      }
      if (!t.html().isEmpty()) {
        // the same cells as the spec renders them (code, superscripts, subscripts): names stay monospace
        ArrayNode html = o.putArray("html");
        for (List<String> row : t.html()) {
          ArrayNode r = html.addArray();
          row.forEach(r::add);
        }
      }
      ArrayNode footnotes = o.putArray("footnotes");
      t.footnotes().forEach(footnotes::add);
      switch (t.name()) {
        case TableCatalog.CAPABILITIES -> {
          entries(o, rules, rules.requirements().capabilities());
          requirements = true;
        }
        case TableCatalog.EXTENSIONS -> {
          entries(o, rules, rules.requirements().extensions());
          requirements = true;
        }
        case TableCatalog.IMAGE_FORMATS -> {
          ArrayNode entries = o.putArray("entries");
          for (RuleTables.ImageFormat f : rules.imageFormats()) {
            ObjectNode e = entries.addObject();
            e.put("name", f.name());
            ArrayNode vk = e.putArray("vk-formats");
            f.vkFormats().forEach(vk::add);
          }
        }
        default -> { }
      }
    }
    if (requirements) {
      overrides(root.putArray("overrides"), rules.overrides());
    }
    try {
      DefaultPrettyPrinter printer = new DefaultPrettyPrinter()
          .withObjectIndenter(new DefaultIndenter("  ", "\n"))
          .withArrayIndenter(new DefaultIndenter("  ", "\n"));
      return MAPPER.writer(printer).writeValueAsString(root) + "\n";
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void entries(ObjectNode table, RuleTables rules, List<RequirementEntry> entries) {
    ArrayNode list = table.putArray("entries");
    for (RequirementEntry e : entries) {
      ObjectNode o = list.addObject();
      o.put("name", e.name());
      o.put("source", rules.entrySources().getOrDefault(e.kind().name() + ":" + e.name(), ""));
      ArrayNode alternatives = o.putArray("alternatives");
      e.enables().forEach(en -> alternatives.add(enable(en)));
      ArrayNode ids = o.putArray("overrides");
      e.overrides().forEach(ids::add);
    }
  }

  static ObjectNode enable(Enable e) {
    ObjectNode o = MAPPER.createObjectNode();
    switch (e.kind()) {
      case VERSION -> o.put("version", e.version());
      case EXTENSION -> o.put("extension", e.extension());
      case FEATURE -> {
        o.put("struct", e.struct());
        o.put("feature", e.member());
        requires(o, e.requires());
        if (!e.alias().isEmpty()) {
          o.put("alias", e.alias());
        }
      }
      case PROPERTY -> {
        o.put("property", e.struct());
        o.put("member", e.member());
        o.put("value", e.value());
        requires(o, e.requires());
      }
      case ALL_OF -> {
        ArrayNode parts = o.putArray("all-of");
        e.allOf().forEach(p -> parts.add(enable(p)));
      }
    }
    return o;
  }

  private static void requires(ObjectNode o, List<String> requires) {
    ArrayNode r = o.putArray("requires");
    requires.forEach(r::add);
  }

  private static void overrides(ArrayNode list, Overrides overrides) {
    for (Overrides.Override ov : overrides.list()) {
      ObjectNode o = list.addObject();
      o.put("id", ov.id());
      if (ov.replaceVersion() != null) {
        ObjectNode rv = o.putObject("replace-version");
        rv.put("from", ov.replaceVersion().get("from"));
        rv.put("to", ov.replaceVersion().get("to"));
      } else {
        ArrayNode parts = o.putObject("add-alternative").putArray("all-of");
        ov.addAlternative().allOf().forEach(p -> parts.add(enable(p.toEnable())));
      }
      ArrayNode caps = o.putArray("capabilities");
      if (ov.capabilities() != null) {
        ov.capabilities().forEach(caps::add);
      }
      ArrayNode exts = o.putArray("extensions");
      if (ov.extensions() != null) {
        ov.extensions().forEach(exts::add);
      }
      o.put("reason", ov.reason().strip());
      o.put("upstream", ov.upstream().strip());
    }
  }
}
