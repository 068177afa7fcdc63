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

/** The forms of the requirements view: text, Markdown and JSON. */
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
    };
  }

  private static String heading(View v) {
    return "Requirements of " + v.modules() + " modules beyond Vulkan " + v.target().envName().replace("vulkan", "")
        + (v.malformed() > 0 ? " (" + v.malformed() + " malformed, not counted)" : "") + ": " + v.needs().size()
        + " needs";
  }

  static String text(View v, boolean listModules) {
    StringBuilder b = new StringBuilder(heading(v)).append('\n');
    boolean devices = !v.devices().isEmpty();
    if (devices) {
      b.append(runsAll(v)).append('\n');
    }
    b.append('\n').append(String.format("%-9s  %7s  %s%s%n", "kind", "modules", devices ? "devices  " : "", "need"));
    for (Need n : v.needs()) {
      b.append(String.format("%-9s  %7d  %s%s  [%s]%n", n.kind, n.modules.size(),
          devices ? String.format("%7s  ", n.holdsOn() + "/" + n.holds.length) : "", n.text, String.join(", ", n.from)));
      if (listModules) {
        n.modules.forEach(m -> b.append("    ").append(Io.label(m)).append('\n'));
      }
    }
    return b.toString();
  }

  static String markdown(View v, boolean listModules) {
    StringBuilder b = new StringBuilder(md(heading(v))).append("\n\n");
    boolean devices = !v.devices().isEmpty();
    if (devices) {
      b.append(md(runsAll(v))).append("\n\n");
    }
    b.append("| kind | modules |").append(devices ? " devices |" : "").append(" need | from |")
        .append(listModules ? " modules |" : "").append("\n| --- | ---: |").append(devices ? " ---: |" : "")
        .append(" --- | --- |").append(listModules ? " --- |" : "").append('\n');
    for (Need n : v.needs()) {
      b.append("| ").append(n.kind).append(" | ").append(n.modules.size()).append(" |");
      if (devices) {
        b.append(' ').append(n.holdsOn()).append(" of ").append(n.holds.length).append(" |");
      }
      b.append(' ').append(md(n.text)).append(" | ").append(md(String.join(", ", n.from))).append(" |");
      if (listModules) {
        b.append(' ').append(md(String.join(", ", n.modules))).append(" |");
      }
      b.append('\n');
    }
    return b.toString();
  }

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
            .put("file", v.devices().get(i).file()).put("runsAll", s.runsAll(i));
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
        for (int i = 0; i < names.size(); i++) {
          if (n.holds[i]) {
            on.add(names.get(i));
          }
        }
      }
    }
    try {
      return mapper.writeValueAsString(root) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }
}
