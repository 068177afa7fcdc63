package dev.vkrules.runtime.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vkrules.runtime.cli.RequirementsView.Format;
import dev.vkrules.runtime.cli.RequirementsView.Need;
import dev.vkrules.runtime.cli.RequirementsView.View;
import java.util.ArrayList;
import java.util.List;

/**
 * The forms of the requirements view: text, Markdown, a self-contained HTML page and JSON. With
 * devices, each need names the devices that lack it and those gained without its modules.
 */
final class RequirementsFormats {
  private RequirementsFormats() {}

  private static String runsAll(View v) {
    List<String> names = PortabilityMatrix.names(v.devices());
    PortabilityMatrix.Summary s = PortabilityMatrix.Summary.of(v.devices(), v.rows());
    List<String> all = new ArrayList<>();
    for (int i = 0; i < names.size(); i++) {
      if (s.runsAll(i)) {
        all.add(names.get(i));
      }
    }
    return "Run all " + v.modules() + " modules clean: " + (all.isEmpty() ? "none of the " + names.size() + " devices"
        : all.size() + " of " + names.size() + " devices: " + String.join(", ", all));
  }

  static String render(Format format, View v, boolean listModules) {
    return switch (format) {
      case json -> json(v, listModules);
      case md -> markdown(v, listModules);
      case text -> text(v, listModules);
      case html -> html(v, listModules);
    };
  }

  private static String heading(View v) {
    return "Requirements of " + v.modules() + " modules beyond Vulkan " + v.target().envName().replace("vulkan", "")
        + (v.malformed() > 0 ? " (" + v.malformed() + " malformed, not counted)" : "") + ": " + v.needs().size()
        + " needs";
  }

  /** {@code gained without its 3 modules}: the words for the devices a need's modules keep out. */
  static String gainedWords(Need n) {
    return "gained without its " + (n.modules.size() == 1 ? "module" : n.modules.size() + " modules");
  }

  static String text(View v, boolean listModules) {
    StringBuilder b = new StringBuilder(heading(v)).append('\n');
    boolean devices = !v.devices().isEmpty();
    List<String> names = PortabilityMatrix.names(v.devices());
    if (devices) {
      b.append(runsAll(v)).append('\n');
    }
    b.append('\n').append(String.format("%-9s  %7s  %s%s%n", "kind", "modules", devices ? "devices   gained  " : "",
        "need"));
    List<String> lackingAbove = List.of();
    List<String> gainedAbove = List.of();
    for (Need n : v.needs()) {
      b.append(String.format("%-9s  %7d  %s%s  [%s]%n", n.kind, n.modules.size(),
          devices ? String.format("%7s  %7d  ", n.holdsOn() + "/" + n.holds.length, n.gainedOn()) : "", n.text,
          String.join(", ", n.from)));
      if (devices) {
        // the needs of one extension come together (its feature, its limits): a list is written once
        List<String> lacking = Need.named(n.holds, names, false);
        List<String> gained = Need.named(n.gained, names, true);
        deviceLine(b, "lacking", lacking, lacking.equals(lackingAbove));
        deviceLine(b, gainedWords(n), gained, gained.equals(gainedAbove));
        lackingAbove = lacking;
        gainedAbove = gained;
      }
      if (listModules) {
        n.modules.forEach(m -> b.append("    ").append(Io.label(m)).append('\n'));
      }
    }
    return b.toString();
  }

  private static void deviceLine(StringBuilder b, String what, List<String> devices, boolean asAbove) {
    if (!devices.isEmpty()) {
      b.append("    ").append(what).append(" (").append(devices.size()).append("): ")
          .append(asAbove ? "the same as above" : String.join(", ", devices)).append('\n');
    }
  }

  static String markdown(View v, boolean listModules) {
    StringBuilder b = new StringBuilder(md(heading(v))).append("\n\n");
    boolean devices = !v.devices().isEmpty();
    List<String> names = PortabilityMatrix.names(v.devices());
    if (devices) {
      b.append(md(runsAll(v))).append("\n\n");
    }
    b.append("| kind | modules |").append(devices ? " devices | gained |" : "").append(" need | from |")
        .append(devices ? " lacking | gained without its modules |" : "").append(listModules ? " modules |" : "")
        .append("\n| --- | ---: |").append(devices ? " ---: | ---: |" : "").append(" --- | --- |")
        .append(devices ? " --- | --- |" : "").append(listModules ? " --- |" : "").append('\n');
    for (Need n : v.needs()) {
      b.append("| ").append(n.kind).append(" | ").append(n.modules.size()).append(" |");
      if (devices) {
        b.append(' ').append(n.holdsOn()).append(" of ").append(n.holds.length).append(" | ").append(n.gainedOn())
            .append(" |");
      }
      b.append(' ').append(md(n.text)).append(" | ").append(md(String.join(", ", n.from))).append(" |");
      if (devices) {
        b.append(' ').append(md(String.join(", ", Need.named(n.holds, names, false)))).append(" | ")
            .append(md(String.join(", ", Need.named(n.gained, names, true)))).append(" |");
      }
      if (listModules) {
        b.append(' ').append(md(String.join(", ", n.modules))).append(" |");
      }
      b.append('\n');
    }
    return b.toString();
  }

  /**
   * A self-contained page (inline style, nothing fetched): the heading and, with devices, which
   * run every module; then one row per need, its lacking and gained devices listed in the cell.
   */
  static String html(View v, boolean listModules) {
    boolean devices = !v.devices().isEmpty();
    List<String> names = PortabilityMatrix.names(v.devices());
    StringBuilder b = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
        + "<title>vkrules requirements</title>\n<style>\n" + STYLE + "</style></head><body>\n");
    b.append("<h1>").append(esc(heading(v))).append("</h1>\n");
    if (devices) {
      b.append("<p id=\"runs-all\">").append(esc(runsAll(v))).append("</p>\n");
    }
    b.append("<table id=\"needs\"><thead><tr><th>kind</th><th>modules</th>")
        .append(devices ? "<th>devices</th><th>gained</th>" : "").append("<th>need</th><th>from</th>")
        .append(devices ? "<th>lacking</th><th>gained without its modules</th>" : "")
        .append(listModules ? "<th>modules</th>" : "").append("</tr></thead>\n<tbody>\n");
    for (Need n : v.needs()) {
      b.append("<tr><td>").append(n.kind).append("</td><td class=\"n\">").append(n.modules.size()).append("</td>");
      if (devices) {
        b.append("<td class=\"n\">").append(n.holdsOn()).append(" of ").append(n.holds.length)
            .append("</td><td class=\"n").append(n.gainedOn() > 0 ? " gains" : "").append("\">").append(n.gainedOn())
            .append("</td>");
      }
      b.append("<td>").append(esc(n.text)).append("</td><td>").append(esc(String.join(", ", n.from))).append("</td>");
      if (devices) {
        b.append("<td>").append(list(Need.named(n.holds, names, false))).append("</td><td>")
            .append(list(Need.named(n.gained, names, true))).append("</td>");
      }
      if (listModules) {
        b.append("<td>").append(list(List.copyOf(n.modules))).append("</td>");
      }
      b.append("</tr>\n");
    }
    return b.append("</tbody></table>\n</body></html>\n").toString();
  }

  /** Names as a list in a cell, folded behind their count when there are many. */
  private static String list(List<String> items) {
    if (items.isEmpty()) {
      return "";
    }
    StringBuilder b = new StringBuilder(items.size() > 3 ? "<details><summary>" + items.size() + "</summary>" : "")
        .append("<ul>");
    items.forEach(i -> b.append("<li>").append(esc(i)).append("</li>"));
    return b.append("</ul>").append(items.size() > 3 ? "</details>" : "").toString();
  }

  private static String esc(String s) {
    return MatrixFormats.esc(s);
  }

  private static final String STYLE = """
      body { font: 14px/1.4 system-ui, sans-serif; margin: 1em; color: #1b1b1b; background: #fff; }
      h1 { font-size: 1.3em; }
      table { border-collapse: collapse; }
      th, td { border: 1px solid #c8c8c8; padding: 3px 6px; text-align: left; vertical-align: top; }
      thead th { position: sticky; top: 0; background: #e8ecf2; }
      td.n { text-align: right; white-space: nowrap; }
      td.gains { background: #dff3e0; color: #124d17; font-weight: bold; }
      ul { margin: 0; padding-left: 1.1em; }
      td { max-width: 28em; overflow-wrap: anywhere; }
      """;

  private static String md(String s) {
    return s.replace("\\", "\\\\").replace("|", "\\|").replace("*", "\\*").replace("<", "&lt;")
        .replace("\n", " ");
  }

  /** The version of {@code --requirements json} (docs/schemas/requirements.schema.json). */
  static final String JSON_SCHEMA = "vkrules-requirements/1";

  static String json(View v, boolean listModules) {
    ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    ObjectNode root = mapper.createObjectNode();
    root.put("schema", JSON_SCHEMA);
    root.put("target", v.target().envName()).put("moduleCount", v.modules()).put("malformed", v.malformed());
    List<String> names = PortabilityMatrix.names(v.devices());
    ArrayNode ds = root.putArray("devices");
    if (!v.devices().isEmpty()) {
      PortabilityMatrix.Summary s = PortabilityMatrix.Summary.of(v.devices(), v.rows());
      for (int i = 0; i < names.size(); i++) {
        ds.addObject().put("name", names.get(i)).put("id", v.devices().get(i).profile().name())
            .put("file", Names.shown(v.devices().get(i).file())).put("runsAll", s.runsAll(i));
      }
    }
    ArrayNode needs = root.putArray("needs");
    for (Need n : v.needs()) {
      ObjectNode o = needs.addObject().put("kind", n.kind).put("need", n.text).put("moduleCount", n.modules.size());
      ArrayNode from = o.putArray("from");
      n.from.forEach(from::add);
      if (listModules) {
        ArrayNode ms = o.putArray("modules");
        n.modules.forEach(ms::add);
      }
      if (!v.devices().isEmpty()) {
        ArrayNode on = o.putArray("devices");
        Need.named(n.holds, names, true).forEach(on::add);
        ArrayNode lacking = o.putArray("lacking");
        Need.named(n.holds, names, false).forEach(lacking::add);
        ArrayNode gained = o.putArray("gained");
        Need.named(n.gained, names, true).forEach(gained::add);
      }
    }
    try {
      return mapper.writeValueAsString(root) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }
}
