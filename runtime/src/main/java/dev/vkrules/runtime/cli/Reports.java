package dev.vkrules.runtime.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vkrules.runtime.engine.Diagnostic;
import dev.vkrules.runtime.rules.RuleCatalog;
import java.util.List;

/** Renders validation results as text, JSON or SARIF 2.1.0. Deterministic: input order, sorted keys. */
final class Reports {
  /**
   * Made on first use: an ObjectMapper's set-up loads date formats and locale data (about 50 ms
   * of a one-module run), which text output never needs.
   */
  private static final class Json {
    static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
  }

  private Reports() {}

  /** The project's review of a rule's findings, as the extra line under each one says it. */
  static final String REVIEWED = "reviewed: ";

  /** The rule's compilers-emit review (right by the spec's words, though common compilers emit it), or null. */
  static String reviewed(Diagnostic d) {
    return d.vuid().isEmpty() || !d.isError() ? null : RuleCatalog.compilersEmit(d.vuid());
  }

  /** A run's counts, the same in text and JSON. */
  record Totals(int modules, int clean, int invalid, int malformed, int undecided, int unchecked, int errors,
      int needsInformation, int internalErrors, int needPipeline, int needsPipeline, int ignored, int baselined, int absent,
      int atRunTime, int runTime) {
    static Totals of(List<ValidateCommand.FileResult> results, ValidateCommand.Filters filters) {
      int clean = 0;
      int invalid = 0;
      int malformed = 0;
      int undecided = 0;
      int needPipeline = 0;
      int unchecked = 0;
      int errors = 0;
      int needs = 0;
      int pipelineNeeds = 0;
      int internal = 0;
      int atRunTime = 0;
      int runTime = 0;
      int ignored = 0;
      int baselined = 0;
      for (ValidateCommand.FileResult r : results) {
        if (r.toolError()) {
          unchecked++;
        } else if (r.malformed()) {
          malformed++;
        } else if (r.diagnostics().stream().anyMatch(Diagnostic::isError)) {
          invalid++;
        } else if (r.diagnostics().isEmpty()) {
          clean++;
        } else if (r.diagnostics().stream().anyMatch(d -> d.severity() == Diagnostic.Severity.NEEDS_DEVICE_INFO)) {
          undecided++;
        } else if (r.diagnostics().stream().allMatch(d -> d.severity() == Diagnostic.Severity.RUN_TIME)) {
          atRunTime++;
        } else {
          needPipeline++;
        }
        for (Diagnostic d : r.diagnostics()) {
          switch (d.severity()) {
            case ERROR -> errors++;
            case NEEDS_DEVICE_INFO -> needs++;
            case INTERNAL_ERROR -> internal++;
            case NEEDS_PIPELINE -> pipelineNeeds++;
            case RUN_TIME -> runTime++;
          }
        }
        ignored += r.ignored();
        baselined += r.baselined().size();
      }
      int absent = filters == null || filters.baseline() == null ? 0 : filters.baseline().absent().size();
      return new Totals(results.size(), clean, invalid, malformed, undecided, unchecked, errors, needs, internal,
          needPipeline, pipelineNeeds, ignored, baselined, absent, atRunTime, runTime);
    }
  }

  static String text(List<ValidateCommand.FileResult> results, boolean verbose, boolean summary) {
    return text(results, verbose, summary, null);
  }

  static String text(List<ValidateCommand.FileResult> results, boolean verbose, boolean summary,
      ValidateCommand.Filters filters) {
    StringBuilder b = new StringBuilder();
    Totals t = Totals.of(results, filters);
    int clean = t.clean();
    int invalid = t.invalid();
    int malformed = t.malformed();
    int undecided = t.undecided();
    int needPipeline = t.needPipeline();
    int unchecked = t.unchecked();
    for (ValidateCommand.FileResult r : results) {
      String name = r.diagnostics().isEmpty() ? null : Text.escape(r.name()); // once per module, not per line
      for (Diagnostic d : r.diagnostics()) {
        b.append(name).append(": ").append(r.malformed() ? "error: " : "")
            .append(d.isError() || d.isInternalError() ? ""
                : d.severity() == Diagnostic.Severity.NEEDS_PIPELINE ? "needs a pipeline description: "
                : d.severity() == Diagnostic.Severity.RUN_TIME ? "decided at run time: "
                : "needs device information: ").append(d.headline())
            .append('\n');
        if (!d.instruction().isEmpty() && d.wordOffset() >= 0) {
          b.append("  ").append(d.instruction()).append("  (word ").append(d.wordOffset()).append(")\n");
        }
        if (!d.parts().isEmpty()) {
          b.append("  ").append(counted(d.parts())).append('\n');
        }
        String review = reviewed(d);
        if (review != null) {
          b.append("  ").append(REVIEWED).append(review).append('\n');
        }
        if (verbose && !d.specText().isEmpty()) {
          d.specText().lines().forEach(l -> b.append("  | ").append(l).append('\n'));
        }
      }
    }
    boolean filtered = t.ignored() + t.baselined() + t.absent() > 0;
    if (summary || results.size() > 1 || filtered) {
      b.append(results.size()).append(results.size() == 1 ? " module: " : " modules: ").append(clean)
          .append(" clean, ").append(invalid).append(" invalid, ").append(malformed).append(" malformed");
      if (undecided > 0) {
        b.append(", ").append(undecided).append(" need device information (--profile)");
      }
      if (needPipeline > 0) {
        b.append(", ").append(needPipeline).append(" need a pipeline description (--pipeline)");
      }
      if (t.atRunTime() > 0) {
        b.append(", ").append(t.atRunTime()).append(" decided only at run time");
      }
      if (unchecked > 0) {
        b.append(", ").append(unchecked).append(" not checked (vkrules error)");
      }
      if (filtered) {
        b.append("; findings: ").append(t.ignored()).append(" ignored, ").append(t.baselined()).append(" baselined");
        if (t.absent() > 0) {
          b.append(", ").append(t.absent()).append(" in the baseline no longer found");
        }
      }
      b.append('\n');
    } else if (undecided > 0) {
      b.append("not fully checked: device-dependent requirements need device information (--profile)\n");
    }
    return b.toString();
  }

  /** How many of a finding's parts the text lists; the rest are counted. */
  static final int PARTS_SHOWN = 8;

  /**
   * What a summing rule counted, as the line under its finding says it: {@code counted: 'tile'
   * 80000 bytes, 'x' 16 bytes}, at most {@link #PARTS_SHOWN} parts, then {@code and N more}.
   */
  static String counted(List<Diagnostic.Part> parts) {
    StringBuilder b = new StringBuilder("counted: ");
    for (int i = 0; i < Math.min(PARTS_SHOWN, parts.size()); i++) {
      Diagnostic.Part p = parts.get(i);
      // "1 byte", "1 Location": the units are plural words
      String unit = p.size() == 1 && p.unit().endsWith("s") ? p.unit().substring(0, p.unit().length() - 1) : p.unit();
      b.append(i == 0 ? "" : ", ").append('\'').append(Text.escape(p.name())).append("' ").append(p.size())
          .append(' ').append(unit);
    }
    if (parts.size() > PARTS_SHOWN) {
      b.append(", and ").append(parts.size() - PARTS_SHOWN).append(" more");
    }
    return b.toString();
  }

  /** The schema of {@code validate --format json}: docs/schemas/validate.schema.json. */
  static final String JSON_SCHEMA = "vkrules-validate/1";

  static String json(List<ValidateCommand.FileResult> results, boolean verbose) {
    return json(results, verbose, null);
  }

  static String json(List<ValidateCommand.FileResult> results, boolean verbose, ValidateCommand.Filters filters) {
    ObjectNode root = Json.MAPPER.createObjectNode();
    root.put("schema", JSON_SCHEMA);
    Totals t = Totals.of(results, filters);
    ObjectNode totals = root.putObject("totals");
    totals.put("modules", t.modules());
    totals.put("clean", t.clean());
    totals.put("invalid", t.invalid());
    totals.put("malformed", t.malformed());
    totals.put("needsDeviceInformation", t.undecided());
    totals.put("needsPipelineDescription", t.needPipeline());
    totals.put("decidedAtRunTime", t.atRunTime());
    totals.put("notChecked", t.unchecked());
    ObjectNode findings = totals.putObject("findings");
    findings.put("error", t.errors());
    findings.put("needs-device-information", t.needsInformation());
    findings.put("needs-pipeline-description", t.needsPipeline());
    findings.put("run-time", t.runTime());
    findings.put("internal-error", t.internalErrors());
    totals.put("ignored", t.ignored());
    totals.put("baselined", t.baselined());
    totals.put("baselineAbsent", t.absent());
    ArrayNode files = root.putArray("files");
    for (ValidateCommand.FileResult r : results) {
      ObjectNode f = files.addObject();
      f.put("file", r.name());
      f.put("malformed", r.malformed());
      ArrayNode ds = f.putArray("diagnostics");
      for (Diagnostic d : r.diagnostics()) {
        ObjectNode o = ds.addObject();
        o.put("vuid", d.vuid());
        o.put("severity", severity(d));
        o.put("message", d.message());
        o.put("instruction", d.instruction());
        o.put("word", d.wordOffset());
        if (!d.parts().isEmpty()) {
          ArrayNode parts = o.putArray("parts");
          for (Diagnostic.Part p : d.parts()) {
            ObjectNode part = parts.addObject();
            part.put("name", p.name());
            part.put("size", p.size());
            part.put("unit", p.unit());
            part.put("word", p.wordOffset());
          }
        }
        if (reviewed(d) != null) {
          o.put("reviewed", reviewed(d));
        }
        if (verbose) {
          o.put("spec", d.specText());
        }
      }
      if (filters != null && filters.baseline() != null) {
        f.put("baselined", r.baselined().size());
      }
      if (r.ignored() > 0 || filters != null && filters.any()) {
        f.put("ignored", r.ignored());
      }
    }
    return write(root);
  }

  static String sarif(List<ValidateCommand.FileResult> results, boolean verbose) {
    return sarif(results, verbose, null);
  }

  static String sarif(List<ValidateCommand.FileResult> results, boolean verbose, ValidateCommand.Filters filters) {
    return write(SarifReport.log(results, verbose, filters));
  }

  /** The VUID; for a module-level message, {@code malformed} or {@code internal-error}. */
  private static String ruleId(Diagnostic d) {
    return !d.vuid().isEmpty() ? d.vuid() : d.isInternalError() ? "internal-error" : "malformed";
  }

  /** {@code error}, {@code needs-device-information} or {@code internal-error}, as JSON and SARIF write it. */
  static String severity(Diagnostic d) {
    return switch (d.severity()) {
      case ERROR -> "error";
      case NEEDS_DEVICE_INFO -> "needs-device-information";
      case NEEDS_PIPELINE -> "needs-pipeline-description";
      case RUN_TIME -> "run-time";
      case INTERNAL_ERROR -> "internal-error";
    };
  }

  private static String write(Object node) {
    try {
      return Json.MAPPER.writeValueAsString(node).replace("\r\n", "\n") + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }
}
