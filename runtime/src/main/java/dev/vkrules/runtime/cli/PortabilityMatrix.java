package dev.vkrules.runtime.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vkrules.runtime.engine.Diagnostic;
import dev.vkrules.runtime.engine.PipelineValidator;
import dev.vkrules.runtime.engine.DeviceView;
import dev.vkrules.runtime.engine.Engine;
import dev.vkrules.runtime.engine.PreparedModule;
import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.engine.Validator;
import dev.vkrules.runtime.profile.DeviceProfile;
import dev.vkrules.runtime.profile.DeviceViews;
import dev.vkrules.runtime.requirements.RequirementCheck;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The portability matrix: for every module and every device, clean, fails (which VUIDs), or
 * needs device information (which facts). Each module is parsed and checked once
 * ({@link PreparedModule}); only its device obligations and its capability and extension
 * requirements are evaluated per device.
 */
public final class PortabilityMatrix {
  /** The formats {@code --matrix} writes. */
  public static final List<String> FORMATS = List.of("text", "json", "md", "html", "csv");

  /** One device column: the profile and what it is evaluated with. */
  public record Device(String file, DeviceProfile profile, List<DeviceView> views, RequirementCheck requirements) {
    public static Device of(String file, DeviceProfile profile, Target target) {
      return new Device(file, profile, DeviceViews.of(profile), Validator.requirements(target, Optional.of(profile)));
    }

    String name() {
      return profile.name();
    }
  }

  /** How a module fares on one device. */
  public enum Status {
    CLEAN("clean"), FAILS("fails"), NEEDS_INFORMATION("needs information"), MALFORMED("malformed"),
    TOOL_ERROR("internal error");

    final String text;

    Status(String text) {
      this.text = text;
    }
  }

  /**
   * One cell. {@code reasons} maps each failing VUID (or, for needs-information, each VUID whose
   * verdict needs a fact) to the first offending instruction or the fact: what a reader acts on.
   */
  public record Cell(Status status, Map<String, String> reasons) {}

  /** One row: a module and its cells, in device order. */
  public record Row(String module, List<Cell> cells) {}

  private PortabilityMatrix() {}

  /** The row of one module (its bytes already read); safe to call from several threads on different modules. */
  public static Row row(String name, byte[] bytes, Engine engine, List<Device> devices, int maxPerRule) {
    return row(name, bytes, engine, devices, maxPerRule, dev.vkrules.runtime.pipeline.Specialization.NONE);
  }

  /** As {@link #row(String, byte[], Engine, List, int)} with {@code --spec-constant} values. */
  public static Row row(String name, byte[] bytes, Engine engine, List<Device> devices, int maxPerRule,
      dev.vkrules.runtime.pipeline.Specialization specialization) {
    PreparedModule prepared = PreparedModule.of(ByteBuffer.wrap(bytes), engine, maxPerRule, specialization);
    List<Cell> cells = new ArrayList<>(devices.size());
    for (Device d : devices) {
      cells.add(cell(prepared.evaluate(d.requirements(), d.views())));
    }
    return new Row(name, cells);
  }

  /**
   * A row for a pipeline: on each device, every stage's findings together (fails when a stage
   * fails, with the stage's module named at each instruction; malformed when a stage is).
   */
  public static Row pipelineRow(String name, List<PipelineValidator.PreparedStage> stages, List<Device> devices) {
    List<Cell> cells = new ArrayList<>(devices.size());
    for (Device d : devices) {
      List<Diagnostic> all = new ArrayList<>();
      Cell malformed = null;
      for (PipelineValidator.PreparedStage s : stages) {
        if (s.unreadable() != null) {
          all.add(new Diagnostic("", s.unreadable(), "", -1, "", Diagnostic.Severity.INTERNAL_ERROR));
          continue;
        }
        Validator.ValidationResult r = PipelineValidator.evaluate(s, d.requirements(), d.views());
        if (r.malformed()) {
          malformed = new Cell(Status.MALFORMED, Map.of("", s.name() + ": "
              + (r.diagnostics().isEmpty() ? "" : r.diagnostics().get(0).message())));
          break;
        }
        for (Diagnostic x : r.diagnostics()) {
          all.add(new Diagnostic(x.vuid(), x.message(), s.module().toString().isEmpty() ? x.instruction()
              : s.name() + ": " + x.instruction(), x.wordOffset(), x.specText(), x.severity()));
        }
      }
      cells.add(malformed != null ? malformed : cell(new Validator.ValidationResult(all, false)));
    }
    return new Row(name, cells);
  }

  /** A row for a module that could not be read: the same tool error on every device. */
  public static Row unreadable(String name, String message, int devices) {
    List<Cell> cells = new ArrayList<>();
    for (int i = 0; i < devices; i++) {
      cells.add(new Cell(Status.TOOL_ERROR, Map.of("", message)));
    }
    return new Row(name, cells);
  }

  static Cell cell(Validator.ValidationResult r) {
    if (r.malformed()) {
      return new Cell(Status.MALFORMED, Map.of("", r.diagnostics().isEmpty() ? "" : r.diagnostics().get(0).message()));
    }
    Map<String, String> errors = new TreeMap<>();
    Map<String, String> needs = new TreeMap<>();
    Map<String, String> internal = new TreeMap<>();
    for (Diagnostic d : r.diagnostics()) {
      if (d.isInternalError()) {
        internal.putIfAbsent(d.vuid(), d.message());
      } else if (d.isError()) {
        errors.putIfAbsent(d.vuid(), d.instruction());
      } else {
        needs.putIfAbsent(d.vuid(), fact(d));
      }
    }
    if (!internal.isEmpty()) {
      return new Cell(Status.TOOL_ERROR, internal);
    }
    if (!errors.isEmpty()) {
      return new Cell(Status.FAILS, errors);
    }
    return needs.isEmpty() ? new Cell(Status.CLEAN, Map.of()) : new Cell(Status.NEEDS_INFORMATION, needs);
  }

  /** The fact a needs-information finding names ("Needs X ..." of device rules), else its instruction. */
  private static String fact(Diagnostic d) {
    String m = d.message();
    if (m.startsWith("Needs ")) {
      int end = m.indexOf(m.contains(", which") ? ", which" : " to decide");
      return end > 6 ? m.substring(6, end) : m;
    }
    return d.instruction();
  }

  /** The matrix in {@code format} (one of {@link #FORMATS}). */
  public static String render(String format, List<Device> devices, List<Row> rows) {
    return switch (format) {
      case "json" -> json(devices, rows);
      case "md" -> markdown(devices, rows);
      case "html" -> html(devices, rows);
      case "csv" -> csv(devices, rows);
      default -> text(devices, rows);
    };
  }

  static String summary(Cell c) {
    if (c.status() == Status.CLEAN) {
      return "clean";
    }
    List<String> parts = new ArrayList<>();
    c.reasons().forEach((vuid, why) -> parts.add(vuid.isEmpty() ? why : why.isEmpty() ? vuid : vuid + " (" + why + ")"));
    return c.status().text + ": " + String.join("; ", parts);
  }

  private static String text(List<Device> devices, List<Row> rows) {
    StringBuilder b = new StringBuilder();
    for (Row r : rows) {
      b.append(r.module()).append('\n');
      for (int i = 0; i < devices.size(); i++) {
        b.append("  ").append(devices.get(i).name()).append(": ").append(summary(r.cells().get(i))).append('\n');
      }
    }
    b.append(totals(devices, rows));
    return b.toString();
  }

  /** Per device: how many modules are clean, fail, need information. */
  static String totals(List<Device> devices, List<Row> rows) {
    StringBuilder b = new StringBuilder();
    b.append(rows.size()).append(" modules x ").append(devices.size()).append(" devices\n");
    for (int i = 0; i < devices.size(); i++) {
      Map<Status, Integer> n = new LinkedHashMap<>();
      for (Status s : Status.values()) {
        n.put(s, 0);
      }
      for (Row r : rows) {
        n.merge(r.cells().get(i).status(), 1, Integer::sum);
      }
      b.append("  ").append(devices.get(i).name()).append(": ").append(n.get(Status.CLEAN)).append(" clean, ")
          .append(n.get(Status.FAILS)).append(" fail, ").append(n.get(Status.NEEDS_INFORMATION))
          .append(" need information, ").append(n.get(Status.MALFORMED)).append(" malformed")
          .append(n.get(Status.TOOL_ERROR) > 0 ? ", " + n.get(Status.TOOL_ERROR) + " internal errors" : "").append('\n');
    }
    return b.toString();
  }

  private static String markdown(List<Device> devices, List<Row> rows) {
    StringBuilder b = new StringBuilder("| module |");
    devices.forEach(d -> b.append(' ').append(md(d.profile().label())).append(" |"));
    b.append("\n| --- |");
    devices.forEach(d -> b.append(" --- |"));
    b.append('\n');
    for (Row r : rows) {
      b.append("| ").append(md(r.module())).append(" |");
      r.cells().forEach(c -> b.append(' ').append(md(summary(c))).append(" |"));
      b.append('\n');
    }
    return b.toString();
  }

  private static String md(String s) {
    return s.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ");
  }

  private static String html(List<Device> devices, List<Row> rows) {
    StringBuilder b = new StringBuilder("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>vkrules portability matrix"
        + "</title></head><body>\n<table>\n<thead><tr><th>module</th>");
    devices.forEach(d -> b.append("<th title=\"").append(html(d.name())).append("\">").append(html(d.profile().label()))
        .append("</th>"));
    b.append("</tr></thead>\n<tbody>\n");
    for (Row r : rows) {
      b.append("<tr><th>").append(html(r.module())).append("</th>");
      r.cells().forEach(c -> b.append("<td class=\"").append(c.status().name().toLowerCase(java.util.Locale.ROOT)
          .replace('_', '-')).append("\">").append(html(summary(c))).append("</td>"));
      b.append("</tr>\n");
    }
    return b.append("</tbody>\n</table>\n</body></html>\n").toString();
  }

  private static String html(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }

  private static String csv(List<Device> devices, List<Row> rows) {
    StringBuilder b = new StringBuilder("module,device,status,vuids,details\n");
    for (Row r : rows) {
      for (int i = 0; i < devices.size(); i++) {
        Cell c = r.cells().get(i);
        b.append(csv(r.module())).append(',').append(csv(devices.get(i).name())).append(',').append(csv(c.status().text))
            .append(',').append(csv(String.join(" ", c.reasons().keySet()).strip())).append(',')
            .append(csv(String.join("; ", c.reasons().values()))).append('\n');
      }
    }
    return b.toString();
  }

  private static String csv(String s) {
    return s.contains(",") || s.contains("\"") || s.contains("\n") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
  }

  private static String json(List<Device> devices, List<Row> rows) {
    ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    ObjectNode root = mapper.createObjectNode();
    ArrayNode ds = root.putArray("devices");
    for (Device d : devices) {
      ds.addObject().put("name", d.name()).put("label", d.profile().label()).put("file", d.file());
    }
    ArrayNode ms = root.putArray("modules");
    for (Row r : rows) {
      ObjectNode m = ms.addObject().put("file", r.module());
      ObjectNode results = m.putObject("results");
      for (int i = 0; i < devices.size(); i++) {
        Cell c = r.cells().get(i);
        ObjectNode cell = results.putObject(devices.get(i).name()).put("status", c.status().name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'));
        ArrayNode reasons = cell.putArray("findings");
        c.reasons().forEach((vuid, why) -> reasons.addObject().put("vuid", vuid).put("detail", why));
      }
    }
    try {
      return mapper.writeValueAsString(root) + "\n";
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }
}
