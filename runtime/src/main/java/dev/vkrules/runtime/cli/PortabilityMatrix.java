package dev.vkrules.runtime.cli;

import dev.vkrules.runtime.engine.Diagnostic;
import dev.vkrules.runtime.engine.Engine;
import dev.vkrules.runtime.engine.PreparedModule;
import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.engine.Validator;
import dev.vkrules.runtime.engine.device.DeviceView;
import dev.vkrules.runtime.engine.pipeline.PipelineValidator;
import dev.vkrules.runtime.profile.DeviceProfile;
import dev.vkrules.runtime.profile.DeviceViews;
import dev.vkrules.runtime.requirements.ModuleDeclarations;
import dev.vkrules.runtime.requirements.RequirementCheck;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

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

    /** The profile's id ({@code VP_GPUINFO_...}). */
    String id() {
      return profile.name();
    }
  }

  /** How a module fares on one device. */
  public enum Status {
    CLEAN("clean", "\u2713"), FAILS("fails", "\u2717"), NEEDS_INFORMATION("needs information", "?"),
    MALFORMED("malformed", "!"), TOOL_ERROR("internal error", "!");

    final String text;
    /** A symbol beside the colour of an html cell, so the status never rests on colour alone. */
    final String symbol;

    Status(String text, String symbol) {
      this.text = text;
      this.symbol = symbol;
    }

    /** {@code needs-information}: json values and html classes. */
    String key() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
  }

  /**
   * Why a cell is not clean: the VUID (empty for a malformed module or a tool error), the first
   * offending instruction or the missing fact ({@code detail}), and what the device lacks in
   * words ({@code need}: {@code VK_EXT_mesh_shader}, {@code VK_KHR_x / featureName}, a limit's
   * name), empty when the finding is the module's own.
   */
  public record Reason(String vuid, String detail, String need) {}

  /** One cell: a status and its reasons, one per VUID, in VUID order. */
  public record Cell(Status status, List<Reason> reasons) {
    public Cell {
      reasons = List.copyOf(reasons);
    }
  }

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
    return row(name, bytes, engine, devices, maxPerRule, specialization, v -> false);
  }

  /** As above, without the findings of the VUIDs {@code ignored} accepts (--ignore, the configuration's ignores). */
  public static Row row(String name, byte[] bytes, Engine engine, List<Device> devices, int maxPerRule,
      dev.vkrules.runtime.pipeline.Specialization specialization, java.util.function.Predicate<String> ignored) {
    return row(name, PreparedModule.of(ByteBuffer.wrap(bytes), engine, maxPerRule, specialization), devices, ignored);
  }

  /**
   * A row for a pipeline: on each device, every stage's findings together (fails when a stage
   * fails, with the stage's module named at each instruction; malformed when a stage is).
   */
  public static Row pipelineRow(String name, List<PipelineValidator.PreparedStage> stages, List<Device> devices) {
    List<Cell> cells = new ArrayList<>(devices.size());
    for (Device d : devices) {
      List<Diagnostic> all = new ArrayList<>();
      // each need is worded with its stage: two stages may need different facts, or the same one
      Map<Diagnostic, String> stageOf = new java.util.IdentityHashMap<>();
      Map<Diagnostic, String> lacks = new java.util.IdentityHashMap<>();
      Cell malformed = null;
      for (PipelineValidator.PreparedStage s : stages) {
        if (s.unreadable() != null) {
          all.add(new Diagnostic("", s.unreadable(), "", -1, "", Diagnostic.Severity.INTERNAL_ERROR));
          continue;
        }
        Validator.ValidationResult r = PipelineValidator.evaluate(s, d.requirements(), d.views());
        if (r.malformed()) {
          malformed = new Cell(Status.MALFORMED, List.of(new Reason("", s.name() + ": "
              + (r.diagnostics().isEmpty() ? "" : r.diagnostics().get(0).message()), "")));
          break;
        }
        // what the device lacks for the stage's capabilities and extensions, worded only when it fails
        Map<Integer, String> needs = r.diagnostics().stream().anyMatch(Diagnostic::isError)
            ? needs(s.module(), d.requirements()) : Map.of();
        for (Diagnostic x : r.diagnostics()) {
          Diagnostic named = new Diagnostic(x.vuid(), x.message(), s.module().toString().isEmpty() ? x.instruction()
              : s.name() + ": " + x.instruction(), x.wordOffset(), x.specText(), x.severity(), x.source(), x.parts());
          all.add(named);
          stageOf.put(named, s.name());
          String lack = needs.get(x.wordOffset());
          if (lack != null && x.isError()) {
            lacks.put(named, s.name() + ": " + lack);
          }
        }
      }
      cells.add(malformed != null ? malformed : cell(new Validator.ValidationResult(all, false),
          x -> lacks.getOrDefault(x, ""), stageOf::get));
    }
    return new Row(name, cells);
  }

  /** The row of a module already parsed and checked. */
  static Row row(String name, PreparedModule prepared, List<Device> devices) {
    return row(name, prepared, devices, v -> false);
  }

  private static Row row(String name, PreparedModule prepared, List<Device> devices,
      java.util.function.Predicate<String> ignored) {
    List<Cell> cells = new ArrayList<>(devices.size());
    for (Device d : devices) {
      Validator.ValidationResult r = prepared.evaluate(d.requirements(), d.views());
      if (!r.malformed() && r.diagnostics().stream().anyMatch(x -> !x.vuid().isEmpty() && ignored.test(x.vuid()))) {
        r = new Validator.ValidationResult(r.diagnostics().stream()
            .filter(x -> x.vuid().isEmpty() || x.isInternalError() || !ignored.test(x.vuid())).toList(), false);
      }
      // what the device lacks is worded only for a cell with errors (most cells are clean)
      boolean errors = r.diagnostics().stream().anyMatch(Diagnostic::isError);
      cells.add(cell(r, errors ? needs(prepared, d.requirements()) : Map.of()));
    }
    return new Row(name, cells);
  }

  /**
   * What the device lacks for each unmet capability or extension of the module, by the word
   * offset of its declaration: the readable form of a requirement finding.
   */
  static Map<Integer, String> needs(PreparedModule prepared, RequirementCheck requirements) {
    ModuleDeclarations declared = prepared.declarations();
    if (declared == null) {
      return Map.of();
    }
    Map<Integer, String> out = new TreeMap<>();
    for (RequirementCheck.Unmet u : requirements.unmet(declared.capabilities(), declared.extensions())) {
      out.put(u.declaration().wordOffset(), requirements.evaluator().missing(u.requirement()));
    }
    return out;
  }

  /** A row for a module that could not be read: the same tool error on every device. */
  public static Row unreadable(String name, String message, int devices) {
    List<Cell> cells = new ArrayList<>();
    for (int i = 0; i < devices; i++) {
      cells.add(new Cell(Status.TOOL_ERROR, List.of(new Reason("", message, ""))));
    }
    return new Row(name, cells);
  }

  static Cell cell(Validator.ValidationResult r, Map<Integer, String> needs) {
    return cell(r, d -> needs.getOrDefault(d.wordOffset(), ""), d -> null);
  }

  /**
   * As {@link #cell(Validator.ValidationResult, Map)}: {@code lacks} words what the device lacks
   * for an error ("" when the finding is the module's own), and each need of an undecided
   * finding is worded with the stage {@code stage} names for it ({@code STAGE: fact}; null for a
   * module's own row).
   */
  static Cell cell(Validator.ValidationResult r, java.util.function.Function<Diagnostic, String> lacks,
      java.util.function.Function<Diagnostic, String> stage) {
    if (r.malformed()) {
      return new Cell(Status.MALFORMED, List.of(new Reason("", r.diagnostics().isEmpty() ? ""
          : r.diagnostics().get(0).message(), "")));
    }
    Map<String, Reason> errors = new TreeMap<>();
    Map<String, Reason> unknown = new TreeMap<>();
    Map<String, Reason> internal = new TreeMap<>();
    for (Diagnostic d : r.diagnostics()) {
      if (stage.apply(d) == null && (d.severity() == Diagnostic.Severity.NEEDS_PIPELINE
          || d.severity() == Diagnostic.Severity.RUN_TIME)) {
        // a module's own row answers "does it run on this device": what its pipelines decide
        // (validate --pipeline) is the same on every device, so it is no device's need
        continue;
      }
      if (d.isInternalError()) {
        internal.putIfAbsent(d.vuid(), new Reason(d.vuid(), d.message(), ""));
      } else if (d.isError()) {
        String where = stage.apply(d);
        // with the device facts a device-dependent failure was decided on
        String device = dev.vkrules.runtime.engine.device.DeviceFacts.noteIn(d.message());
        errors.putIfAbsent(d.vuid() + " " + (where == null ? "" : where + " ") + d.wordOffset(),
            new Reason(d.vuid(), device == null ? d.instruction() : d.instruction() + "; " + device, lacks.apply(d)));
      } else {
        String where = stage.apply(d);
        String fact = where == null ? fact(d) : where + ": " + fact(d);
        unknown.putIfAbsent(where == null ? d.vuid() : d.vuid() + " " + where, new Reason(d.vuid(), fact, fact));
      }
    }
    if (!internal.isEmpty()) {
      return new Cell(Status.TOOL_ERROR, List.copyOf(internal.values()));
    }
    if (!errors.isEmpty()) {
      return new Cell(Status.FAILS, List.copyOf(errors.values()));
    }
    return unknown.isEmpty() ? new Cell(Status.CLEAN, List.of()) : new Cell(Status.NEEDS_INFORMATION,
        List.copyOf(unknown.values()));
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

  /** The matrix in {@code format} (one of {@link #FORMATS}): the per-device summary first, then the cells. */
  public static String render(String format, List<Device> devices, List<Row> rows) {
    List<String> names = names(devices);
    Summary summary = Summary.of(devices, rows);
    return switch (format) {
      case "json" -> MatrixFormats.json(devices, names, summary, rows);
      case "md" -> MatrixFormats.markdown(names, summary, rows);
      case "html" -> MatrixFormats.html(devices, names, summary, rows);
      case "csv" -> MatrixFormats.csv(names, summary, rows);
      default -> MatrixFormats.text(names, summary, rows);
    };
  }

  /**
   * The devices' readable names: each profile's label ({@code NVIDIA GeForce RTX 4070 driver
   * 551.61.0.0 on Windows 11}), its id added when two devices share a label.
   */
  static List<String> names(List<Device> devices) {
    Map<String, Integer> seen = new HashMap<>();
    devices.forEach(d -> seen.merge(label(d), 1, Integer::sum));
    return devices.stream().map(d -> seen.get(label(d)) > 1 ? label(d) + " [" + d.id() + "]" : label(d)).toList();
  }

  private static String label(Device d) {
    String l = d.profile().label();
    return l == null || l.isBlank() ? d.id() : l.strip();
  }

  /** Per device: how many modules have each status, and which devices run every module. */
  record Summary(int modules, List<Map<Status, Integer>> counts) {
    static Summary of(List<Device> devices, List<Row> rows) {
      List<Map<Status, Integer>> counts = new ArrayList<>();
      for (int i = 0; i < devices.size(); i++) {
        Map<Status, Integer> n = new EnumMap<>(Status.class);
        for (Status s : Status.values()) {
          n.put(s, 0);
        }
        for (Row r : rows) {
          n.merge(r.cells().get(i).status(), 1, Integer::sum);
        }
        counts.add(n);
      }
      return new Summary(rows.size(), counts);
    }

    /** Whether device {@code i} runs every module clean. */
    boolean runsAll(int i) {
      return counts.get(i).get(Status.CLEAN) == modules;
    }
  }

  /** The rule's compilers-emit review, shown with its failing cells (null when none). */
  static String reviewed(Cell c, Reason r) {
    return c.status() != Status.FAILS || r.vuid().isEmpty() ? null
        : dev.vkrules.runtime.rules.RuleCatalog.compilersEmit(r.vuid());
  }

  /** {@link #reviewed} as the words after a failing reason: " [reviewed: ...]", or nothing. */
  static String reviewedSuffix(Cell c, Reason r) {
    String review = reviewed(c, r);
    return review == null ? "" : " [" + Reports.REVIEWED + review + "]";
  }

  /**
   * A cell in words: {@code clean}; {@code fails: needs VK_EXT_mesh_shader; VUID-... (OpX)};
   * {@code needs information: Struct::member}. The requirement VUIDs whose need is named are
   * left to the title/json; the device-independent findings keep their VUID.
   */
  static String words(Cell c) {
    if (c.status() == Status.CLEAN) {
      return "clean";
    }
    List<String> parts = new ArrayList<>();
    List<String> needs = needs(c);
    if (!needs.isEmpty()) {
      parts.add("needs " + String.join("; ", needs));
    }
    for (Reason r : c.reasons()) {
      if (!r.need().isEmpty()) {
        continue;
      }
      parts.add((r.vuid().isEmpty() ? r.detail() : r.detail().isEmpty() ? r.vuid() : r.vuid() + " (" + r.detail() + ")")
          + reviewedSuffix(c, r));
    }
    String prefix = c.status() == Status.NEEDS_INFORMATION ? "needs information: " : c.status().text + ": ";
    if (c.status() == Status.NEEDS_INFORMATION) {
      return prefix + String.join("; ", needs);
    }
    return prefix + String.join("; ", parts);
  }

  /**
   * The distinct needs of a cell, a need dropped when another names all of its words
   * ({@code VK_KHR_ray_tracing_pipeline} beside {@code VK_KHR_ray_tracing_pipeline / rayTracingPipeline}).
   */
  static List<String> needs(Cell c) {
    List<String> all = new ArrayList<>();
    for (Reason r : c.reasons()) {
      if (!r.need().isEmpty() && !all.contains(r.need())) {
        all.add(r.need());
      }
    }
    List<String> out = new ArrayList<>();
    for (String n : all) {
      Set<String> words = words(n);
      boolean covered = all.stream().anyMatch(o -> !o.equals(n) && !o.startsWith("one of ") && words(o).containsAll(words));
      if (!covered) {
        out.add(n);
      }
    }
    return out;
  }

  private static Set<String> words(String need) {
    return new HashSet<>(List.of(need.split("[\\s/+,]+")));
  }

  /** The VUIDs of a cell, for a title attribute or a column. */
  static String vuids(Cell c) {
    Set<String> v = new TreeSet<>();
    c.reasons().forEach(r -> {
      if (!r.vuid().isEmpty()) {
        v.add(r.vuid());
      }
    });
    return String.join(" ", v);
  }
}
