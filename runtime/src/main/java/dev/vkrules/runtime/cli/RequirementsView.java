package dev.vkrules.runtime.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vkrules.runtime.cli.PortabilityMatrix.Cell;
import dev.vkrules.runtime.cli.PortabilityMatrix.Device;
import dev.vkrules.runtime.cli.PortabilityMatrix.Reason;
import dev.vkrules.runtime.cli.PortabilityMatrix.Row;
import dev.vkrules.runtime.engine.Diagnostic;
import dev.vkrules.runtime.engine.Engine;
import dev.vkrules.runtime.engine.PreparedModule;
import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.engine.Validator;
import dev.vkrules.runtime.requirements.Alternative;
import dev.vkrules.runtime.requirements.AlternativeText;
import dev.vkrules.runtime.requirements.ModuleDeclarations;
import dev.vkrules.runtime.requirements.Outcome;
import dev.vkrules.runtime.requirements.RequirementCheck;
import dev.vkrules.runtime.requirements.SpirvRequirement;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What a set of modules needs from a device beyond what the target Vulkan version guarantees:
 * the extensions, features and properties their capabilities and extensions require (the
 * appendix's tables), and the limits and other facts their device rules depend on (those the
 * guaranteed minimum of the version does not decide). Each need counts the modules that have it;
 * with device descriptions, each need says on how many devices it holds, and the view says which
 * devices run every module clean.
 */
final class RequirementsView {
  /** The formats {@code --requirements} writes (an enum: a following FILE is never taken for one). */
  enum Format { text, json, md }

  /** The order of kinds in every format. */
  static final List<String> KINDS = List.of("extension", "feature", "property", "limit", "format");

  /**
   * One need: its kind, its words, what asks for it (SPIR-V capabilities and extensions, or rule
   * VUIDs), the modules that have it and, per device, whether it holds there.
   */
  static final class Need {
    final String kind;
    final String text;
    final Set<String> from = new TreeSet<>();
    final Set<String> modules = new TreeSet<>();
    /** The table entry (requirement needs), else null. */
    SpirvRequirement requirement;
    boolean[] holds;

    Need(String kind, String text) {
      this.kind = kind;
      this.text = text;
    }

    int holdsOn() {
      int n = 0;
      for (boolean h : holds) {
        n += h ? 1 : 0;
      }
      return n;
    }
  }

  /** The view: the needs, sorted (kind, then most modules first), and the matrix rows when there are devices. */
  record View(Target target, int modules, int malformed, List<Need> needs, List<Device> devices, List<Row> rows) {}

  /** One module's bytes, by name. */
  record Module(String name, byte[] bytes) {}

  private RequirementsView() {}

  static View of(Target target, Engine engine, List<Device> devices, List<Module> modules, int maxPerRule) {
    RequirementCheck offline = Validator.requirements(target, Optional.empty());
    record One(Row row, List<Need> needs, boolean malformed) {}
    List<One> per = modules.parallelStream().map(m -> {
      PreparedModule p = PreparedModule.of(ByteBuffer.wrap(m.bytes()), engine, maxPerRule);
      Row row = devices.isEmpty() ? null : PortabilityMatrix.row(m.name(), p, devices);
      ModuleDeclarations declared = p.declarations();
      if (declared == null) {
        return new One(row, List.of(), true);
      }
      List<Need> needs = new ArrayList<>();
      for (RequirementCheck.Unmet u : offline.all(declared.capabilities(), declared.extensions())) {
        if (offline.evaluator().evaluate(u.requirement()) == Outcome.SATISFIED) {
          continue;
        }
        Need n = new Need(kind(u.requirement()), AlternativeText.anyOf(u.requirement().anyOf(),
            offline.evaluator()::requiresMet));
        n.requirement = u.requirement();
        n.from.add(u.declaration().name());
        needs.add(n);
      }
      for (Diagnostic d : p.evaluate(null, List.of()).diagnostics()) {
        if (d.severity() == Diagnostic.Severity.NEEDS_DEVICE_INFO && d.message().startsWith("Needs ")) {
          String fact = fact(d.message());
          Need n = new Need(fact.contains("::") ? fact.contains("Features::") ? "feature" : "limit" : "format", fact);
          n.from.add(d.vuid());
          needs.add(n);
        }
      }
      return new One(row, needs, false);
    }).toList();

    Map<String, Need> merged = new TreeMap<>();
    List<Row> rows = new ArrayList<>();
    int malformed = 0;
    for (int i = 0; i < per.size(); i++) {
      One one = per.get(i);
      malformed += one.malformed() ? 1 : 0;
      if (one.row() != null) {
        rows.add(one.row());
      }
      for (Need n : one.needs()) {
        Need into = merged.computeIfAbsent(n.kind + "\u0000" + n.text, k -> {
          Need fresh = new Need(n.kind, n.text);
          fresh.requirement = n.requirement;
          return fresh;
        });
        into.from.addAll(n.from);
        into.modules.add(modules.get(i).name());
      }
    }
    List<Need> needs = new ArrayList<>(merged.values());
    Map<String, Integer> rowOf = new TreeMap<>();
    for (int r = 0; r < rows.size(); r++) {
      rowOf.put(rows.get(r).module(), r);
    }
    for (Need n : needs) {
      n.holds = new boolean[devices.size()];
      for (int d = 0; d < devices.size(); d++) {
        n.holds[d] = n.requirement != null
            ? devices.get(d).requirements().evaluator().evaluate(n.requirement) == Outcome.SATISFIED
            : PreparedModule.provided(n.text, devices.get(d).views()) && factHolds(n, rows, rowOf, d);
      }
    }
    needs.sort((a, b) -> { // by kind, most modules first, then text (not Comparator's serializable combinators)
      int c = Integer.compare(KINDS.indexOf(a.kind), KINDS.indexOf(b.kind));
      if (c == 0) {
        c = Integer.compare(b.modules.size(), a.modules.size());
      }
      return c != 0 ? c : a.text.compareTo(b.text);
    });
    return new View(target, modules.size(), malformed, needs, devices, rows);
  }

  /**
   * A fact holds on a device that can state it when no module that depends on it fails or lacks
   * information there for its rules.
   */
  private static boolean factHolds(Need n, List<Row> rows, Map<String, Integer> rowOf, int device) {
    for (String m : n.modules) {
      Cell c = rows.get(rowOf.get(m)).cells().get(device);
      for (Reason r : c.reasons()) {
        if (n.from.contains(r.vuid())) {
          return false;
        }
      }
    }
    return true;
  }

  /** {@code extension} when every way is an extension, {@code feature} or {@code property} by the first such way. */
  private static String kind(SpirvRequirement r) {
    for (Alternative a : r.anyOf()) {
      if (a instanceof Alternative.Feature || a instanceof Alternative.AllOf) {
        return "feature";
      } else if (a instanceof Alternative.Property) {
        return "property";
      }
    }
    return "extension";
  }

  private static String fact(String message) {
    int end = message.indexOf(message.contains(", which") ? ", which" : " to decide");
    return end > 6 ? message.substring(6, end) : message.substring(6);
  }

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
