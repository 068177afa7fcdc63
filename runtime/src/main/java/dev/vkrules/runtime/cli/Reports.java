package dev.vkrules.runtime.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vkrules.runtime.engine.Diagnostic;
import dev.vkrules.runtime.engine.base.CountedPart;
import dev.vkrules.runtime.rules.RuleCatalog;
import dev.vkrules.runtime.spirv.debug.SourceLocation;
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

  /** The line under a reviewed rule's finding that names the review's references. */
  static final String REFERENCES = "see: ";

  /** The rule's compilers-emit review (right by the spec's words, though common compilers emit it), or null. */
  static String reviewed(Diagnostic d) {
    return d.vuid().isEmpty() || !d.isError() && d.severity() != Diagnostic.Severity.WARNING ? null
        : RuleCatalog.compilersEmit(d.vuid());
  }

  /** Where the review of {@link #reviewed} is said: the spec's words, then the upstream discussion (URLs). */
  static List<String> references(Diagnostic d) {
    return reviewed(d) == null ? List.of() : RuleCatalog.compilersEmitReferences(d.vuid());
  }

  /**
   * Which findings a report lists one by one: errors, vkrules' own failures and whatever fails the
   * run always; warnings unless {@code quiet}; undecided findings only with {@code undecided}
   * (--show-undecided, --verbose), else the text report names them in one line per module.
   */
  record Shown(boolean undecided, boolean quiet) {
    static final Shown ALL = new Shown(true, false);

    boolean listed(Diagnostic d, RunPolicy policy) {
      if (d.isError() || d.isInternalError() || policy.fails(d)) {
        return true;
      }
      return d.severity() == Diagnostic.Severity.WARNING ? !quiet : undecided;
    }
  }

  /**
   * What a run saw: the pipelines of its descriptions and the distinct modules (by content) of its
   * files and stages; a report's results are fewer when stages share a verdict, more when one
   * module is at several paths.
   */
  record Seen(int pipelines, int distinctModules) {
    /** Without a run's counts: no pipelines, and the results' distinct module contents. */
    static Seen of(List<ValidateCommand.FileResult> results) {
      java.util.Set<String> contents = new java.util.HashSet<>();
      results.forEach(r -> contents.add(VerdictCache.sha256(r.module())));
      return new Seen(0, contents.size());
    }
  }

  /** How many stages a text report names after a shared verdict; the rest are counted. */
  static final int USERS_SHOWN = 8;

  /** {@code used by 3 pipeline stages: a, b, c}: the stages whose module-level verdict a result is. */
  static String usedByLine(List<String> usedBy) {
    StringBuilder b = new StringBuilder("used by ").append(usedBy.size()).append(" pipeline stages: ");
    for (int i = 0; i < Math.min(USERS_SHOWN, usedBy.size()); i++) {
      b.append(i == 0 ? "" : ", ").append(Text.escape(usedBy.get(i)));
    }
    if (usedBy.size() > USERS_SHOWN) {
      b.append(", and ").append(usedBy.size() - USERS_SHOWN).append(" more");
    }
    return b.toString();
  }

  private static RunPolicy policy(ValidateCommand.Filters filters) {
    return filters == null ? RunPolicy.DEFAULT : filters.policy();
  }

  /** A run's counts, the same in text and JSON. */
  record Totals(int modules, int clean, int invalid, int malformed, int undecided, int unchecked, int errors,
      int needsInformation, int internalErrors, int needPipeline, int needsPipeline, int ignored, int baselined, int absent,
      int atRunTime, int runTime, int warned, int warnings) {
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
      int warned = 0;
      int warnings = 0;
      for (ValidateCommand.FileResult r : results) {
        // a module's verdict: its warnings count only when nothing else is left undecided
        List<Diagnostic> decisive = r.diagnostics().stream().filter(d -> d.severity() != Diagnostic.Severity.WARNING).toList();
        if (r.toolError()) {
          unchecked++;
        } else if (r.malformed()) {
          malformed++;
        } else if (decisive.stream().anyMatch(Diagnostic::isError)) {
          invalid++;
        } else if (r.diagnostics().isEmpty()) {
          clean++;
        } else if (decisive.isEmpty()) {
          warned++;
        } else if (decisive.stream().anyMatch(d -> d.severity() == Diagnostic.Severity.NEEDS_DEVICE_INFO)) {
          undecided++;
        } else if (decisive.stream().allMatch(d -> d.severity() == Diagnostic.Severity.RUN_TIME)) {
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
            case WARNING -> warnings++;
          }
        }
        ignored += r.ignored();
        baselined += r.baselined().size();
      }
      int absent = filters == null || filters.baseline() == null ? 0
          : (int) Math.min(Integer.MAX_VALUE, filters.baseline().absentCount());
      return new Totals(results.size(), clean, invalid, malformed, undecided, unchecked, errors, needs, internal,
          needPipeline, pipelineNeeds, ignored, baselined, absent, atRunTime, runTime, warned, warnings);
    }
  }

  static String text(List<ValidateCommand.FileResult> results, boolean verbose, boolean summary) {
    return text(results, verbose, summary, null, Shown.ALL);
  }

  /**
   * The text report: each finding {@code shown} lists, then per module one line naming the
   * undecided VUIDs it left out and what would decide them, then the summary.
   */
  static String text(List<ValidateCommand.FileResult> results, boolean verbose, boolean summary,
      ValidateCommand.Filters filters, Shown shown) {
    return text(results, verbose, summary, filters, shown, Style.PLAIN);
  }

  /** As {@link #text(List, boolean, boolean, ValidateCommand.Filters, Shown)}, in colour when {@code style} says. */
  static String text(List<ValidateCommand.FileResult> results, boolean verbose, boolean summary,
      ValidateCommand.Filters filters, Shown shown, Style style) {
    return text(results, verbose, summary, filters, shown, style, null);
  }

  /**
   * As {@link #text(List, boolean, boolean, ValidateCommand.Filters, Shown, Style)}; the summary
   * line adds what the run {@code seen} (null: nothing) when it had several pipelines or the
   * distinct modules are not the results (a verdict shared, one module at several paths).
   */
  static String text(List<ValidateCommand.FileResult> results, boolean verbose, boolean summary,
      ValidateCommand.Filters filters, Shown shown, Style style, Seen seen) {
    StringBuilder b = new StringBuilder();
    Totals t = Totals.of(results, filters);
    RunPolicy policy = policy(filters);
    int clean = t.clean();
    int invalid = t.invalid();
    int malformed = t.malformed();
    int undecided = t.undecided();
    int needPipeline = t.needPipeline();
    int unchecked = t.unchecked();
    SourceFiles sources = new SourceFiles();
    for (ValidateCommand.FileResult r : results) {
      int start = b.length();
      String name = r.diagnostics().isEmpty() ? null : Text.escape(r.name()); // once per module, not per line
      for (Diagnostic d : r.diagnostics()) {
        if (!shown.listed(d, policy)) {
          continue;
        }
        if (d.location() != null) {
          located(b, r.name(), name, d, verbose, sources, style, policy.fails(d));
          continue;
        }
        b.append(name).append(": ").append(r.malformed() ? "error: " : "")
            .append(d.isError() || d.isInternalError() ? ""
                : d.severity() == Diagnostic.Severity.WARNING ? "warning: " : undecidedPrefix(d)).append(d.headline())
            .append('\n');
        if (!d.instruction().isEmpty() && d.wordOffset() >= 0) {
          b.append("  ").append(d.instruction()).append("  (word ").append(d.wordOffset()).append(")\n");
        }
        if (!d.parts().isEmpty()) {
          b.append("  ").append(counted(d.parts(), r.name())).append('\n');
        }
        reviewAndSpec(b, d, verbose);
      }
      if (!shown.quiet()) {
        String line = undecidedLine(r.diagnostics(), shown, policy);
        if (line != null) {
          b.append(name).append(": ").append(line).append('\n');
        }
      }
      // a shared verdict says whose it is, once its module printed something
      if (!r.usedBy().isEmpty() && b.length() > start) {
        b.append(Text.escape(r.name())).append(": ").append(usedByLine(r.usedBy())).append('\n');
      }
    }
    boolean filtered = t.ignored() + t.baselined() + t.absent() > 0;
    if (summary || results.size() > 1 || filtered || shown.quiet()) {
      b.append(results.size()).append(results.size() == 1 ? " module: " : " modules: ").append(clean)
          .append(" clean, ").append(invalid).append(" invalid, ").append(malformed).append(" malformed");
      if (t.warned() > 0) {
        b.append(", ").append(t.warned()).append(" with warnings only");
      }
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
      if (filtered || t.warnings() > 0) {
        b.append("; findings: ");
        if (t.warnings() > 0) {
          b.append(t.warnings()).append(t.warnings() == 1 ? " warning" : " warnings").append(filtered ? ", " : "");
        }
        if (filtered) {
          b.append(t.ignored()).append(" ignored, ").append(t.baselined()).append(" baselined");
        }
        if (t.absent() > 0) {
          b.append(", ").append(t.absent()).append(" in the baseline no longer found");
        }
      }
      // what the counts alone do not tell: several pipelines, or modules shared or found at several paths
      if (seen != null && (seen.pipelines() > 1 || seen.distinctModules() != results.size())) {
        b.append("; seen: ").append(seen.pipelines()).append(seen.pipelines() == 1 ? " pipeline, " : " pipelines, ")
            .append(seen.distinctModules()).append(seen.distinctModules() == 1 ? " distinct module" : " distinct modules");
      }
      b.append('\n');
    } else if (undecided > 0 && shown.undecided()) {
      // one module, its undecided findings listed: the line that says the verdict is not complete
      b.append("not fully checked: device-dependent requirements need device information (--profile)\n");
    }
    return b.toString();
  }

  /**
   * A finding the module's debug information places in the source, in the form of gcc, clang and
   * glslang ({@code FILE:LINE:COLUMN: error: [VUID-...] sentence.}), which editors' and CI's
   * problem matchers read; then the source line with a caret under the column when its text is
   * known, the chain of inlined calls, and the SPIR-V instruction with the module and word offset.
   */
  private static void located(StringBuilder b, String module, String shownModule, Diagnostic d, boolean verbose,
      SourceFiles sources, Style style, boolean failsRun) {
    SourceLocation at = sources.withText(module, d.location(), d.source().subject());
    // what fails the run (an error, or what --fail-on names) is an error; the undecided keep their kind
    String kind = d.isError() || d.isInternalError() || d.severity() == Diagnostic.Severity.WARNING ? ""
        : " " + undecidedPrefix(d).strip();
    String level = (d.isError() || d.isInternalError() || failsRun ? style.error("error:")
        : d.severity() == Diagnostic.Severity.WARNING ? style.warning("warning:") : style.note("note:")) + kind;
    b.append(style.bold(Text.escape(shownFile(module, at.file())) + ":" + at.line() + (at.column() > 0 ? ":" + at.column() : "")
        + ":")).append(' ').append(level).append(' ');
    if (!d.vuid().isEmpty()) {
      b.append('[').append(d.vuid()).append("] ");
    }
    if (d.source().subject() != null) {
      b.append(Text.escape(d.source().subject().toString())).append(": ");
    }
    b.append(d.message()).append('\n');
    if (at.lineText() != null) {
      String number = Integer.toString(at.line());
      String text = Text.escape(at.lineText().replace('\t', ' '));
      b.append(' ').append(number).append(" | ").append(text).append('\n');
      if (at.column() > 0 && at.column() <= at.lineText().length() + 1) {
        b.append(" ".repeat(number.length() + 1)).append(" | ").append(" ".repeat(at.column() - 1))
            .append(style.caret("^")).append('\n');
      }
    }
    if (!at.inlinedAt().isEmpty()) {
      if (at.function() != null) {
        b.append("  in function '").append(Text.escape(at.function())).append("'\n");
      }
      for (SourceLocation.Frame f : at.inlinedAt()) {
        b.append("  inlined into ").append(f.function() == null ? "a caller" : "'" + Text.escape(f.function()) + "'")
            .append(" at ").append(Text.escape(shownFile(module, f.file()))).append(':').append(f.line())
            .append(f.column() > 0 ? ":" + f.column() : "").append('\n');
      }
    }
    if (!d.instruction().isEmpty()) {
      b.append("  ").append(shownModule).append(": word ").append(d.wordOffset()).append(": ")
          .append(d.instruction()).append('\n');
    }
    if (!d.parts().isEmpty()) {
      b.append("  ").append(counted(d.parts(), module)).append('\n');
    }
    reviewAndSpec(b, d, verbose);
  }

  /** The lines under a finding: the project's review with its references, and the spec's text with --verbose. */
  private static void reviewAndSpec(StringBuilder b, Diagnostic d, boolean verbose) {
    String review = reviewed(d);
    if (review != null) {
      b.append("  ").append(REVIEWED).append(review).append('\n');
      b.append("  ").append(REFERENCES).append(String.join(" ", references(d))).append('\n');
    }
    if (verbose && !d.specText().isEmpty()) {
      d.specText().lines().forEach(l -> b.append("  | ").append(l).append('\n'));
    }
  }

  /** What an undecided finding's line says before its VUID. */
  static String undecidedPrefix(Diagnostic d) {
    return d.severity() == Diagnostic.Severity.NEEDS_PIPELINE ? "needs a pipeline description: "
        : d.severity() == Diagnostic.Severity.RUN_TIME ? "decided at run time: "
        : "needs device information: ";
  }

  /**
   * A source file as a finding shows it: the file the debug information names, found on disk,
   * relative to the working directory when it is below it (what an editor opens); the name as
   * recorded when it is not found.
   */
  static String shownFile(String module, String file) {
    java.nio.file.Path p = SourceFiles.find(module, file);
    if (p == null) {
      return file;
    }
    java.nio.file.Path cwd = java.nio.file.Path.of("").toAbsolutePath().normalize();
    return p.startsWith(cwd) && !p.equals(cwd) ? cwd.relativize(p).toString() : p.toString();
  }

  /**
   * One module's undecided findings that {@code shown} left out, in one line: {@code undecided: needs
   * device information (--profile): VUID-..., VUID-...; needs a pipeline description (--pipeline):
   * VUID-...}, the VUIDs of each kind sorted; null when none was left out.
   */
  static String undecidedLine(List<Diagnostic> diagnostics, Shown shown, RunPolicy policy) {
    java.util.Map<Diagnostic.Severity, java.util.SortedSet<String>> left = new java.util.EnumMap<>(Diagnostic.Severity.class);
    for (Diagnostic d : diagnostics) {
      if (d.isUndecided() && !shown.listed(d, policy)) {
        left.computeIfAbsent(d.severity(), k -> new java.util.TreeSet<>()).add(d.vuid());
      }
    }
    if (left.isEmpty()) {
      return null;
    }
    StringBuilder b = new StringBuilder("undecided");
    String sep = ": ";
    for (java.util.Map.Entry<Diagnostic.Severity, java.util.SortedSet<String>> e : left.entrySet()) {
      b.append(sep).append(switch (e.getKey()) {
        case NEEDS_DEVICE_INFO -> "needs device information (--profile)";
        case NEEDS_PIPELINE -> "needs a pipeline description (--pipeline)";
        default -> "decided only at run time";
      }).append(": ").append(String.join(", ", e.getValue()));
      sep = "; ";
    }
    return b.append(" (--show-undecided lists each)").toString();
  }

  /** How many of a finding's parts the text lists; the rest are counted. */
  static final int PARTS_SHOWN = 8;

  /**
   * What a summing rule counted, as the line under its finding says it: {@code counted: 'tile'
   * 80000 bytes, 'x' 16 bytes}, at most {@link #PARTS_SHOWN} parts, then {@code and N more}.
   */
  static String counted(List<CountedPart> parts) {
    return counted(parts, null);
  }

  /** As {@link #counted(List)}, each part followed by its declaration's line when the module has debug information. */
  static String counted(List<CountedPart> parts, String module) {
    StringBuilder b = new StringBuilder("counted: ");
    for (int i = 0; i < Math.min(PARTS_SHOWN, parts.size()); i++) {
      CountedPart p = parts.get(i);
      // "1 byte", "1 Location": the units are plural words
      String unit = p.size() == 1 && p.unit().endsWith("s") ? p.unit().substring(0, p.unit().length() - 1) : p.unit();
      b.append(i == 0 ? "" : ", ").append('\'').append(Text.escape(p.name())).append("' ").append(p.size())
          .append(' ').append(unit);
      if (p.location() != null && module != null) {
        b.append(" (").append(Text.escape(shownFile(module, p.location().file()))).append(':')
            .append(p.location().line()).append(')');
      }
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
    return json(results, verbose, filters, null);
  }

  /** The JSON report; {@code seen} null: the counts {@link Seen#of} the results. */
  static String json(List<ValidateCommand.FileResult> results, boolean verbose, ValidateCommand.Filters filters,
      Seen seen) {
    Seen counted = seen != null ? seen : Seen.of(results);
    ObjectNode root = Json.MAPPER.createObjectNode();
    root.put("schema", JSON_SCHEMA);
    Totals t = Totals.of(results, filters);
    ObjectNode totals = root.putObject("totals");
    totals.put("modules", t.modules());
    totals.put("clean", t.clean());
    totals.put("invalid", t.invalid());
    totals.put("malformed", t.malformed());
    totals.put("warningsOnly", t.warned());
    totals.put("needsDeviceInformation", t.undecided());
    totals.put("needsPipelineDescription", t.needPipeline());
    totals.put("decidedAtRunTime", t.atRunTime());
    totals.put("notChecked", t.unchecked());
    ObjectNode findings = totals.putObject("findings");
    findings.put("error", t.errors());
    findings.put("warning", t.warnings());
    findings.put("needs-device-information", t.needsInformation());
    findings.put("needs-pipeline-description", t.needsPipeline());
    findings.put("run-time", t.runTime());
    findings.put("internal-error", t.internalErrors());
    totals.put("ignored", t.ignored());
    totals.put("baselined", t.baselined());
    totals.put("baselineAbsent", t.absent());
    totals.put("pipelines", counted.pipelines());
    totals.put("distinctModules", counted.distinctModules());
    ArrayNode files = root.putArray("files");
    SourceFiles sources = new SourceFiles();
    for (ValidateCommand.FileResult r : results) {
      ObjectNode f = files.addObject();
      f.put("file", Names.shown(r.name()));
      if (!r.usedBy().isEmpty()) {
        ArrayNode users = f.putArray("usedBy");
        r.usedBy().forEach(u -> users.add(Names.shown(u)));
      }
      f.put("malformed", r.malformed());
      ArrayNode ds = f.putArray("diagnostics");
      for (Diagnostic d : r.diagnostics()) {
        ObjectNode o = ds.addObject();
        o.put("vuid", d.vuid());
        o.put("severity", severity(d));
        o.put("message", d.message());
        o.put("instruction", d.instruction());
        o.put("word", d.wordOffset());
        if (d.source().subject() != null) {
          ObjectNode obj = o.putObject("object");
          obj.put("kind", d.source().subject().kind());
          obj.put("name", d.source().subject().name());
        }
        if (d.location() != null) {
          SourceLocation at = sources.withText(r.name(), d.location(), d.source().subject());
          ObjectNode src = o.putObject("source");
          src.put("file", shownFile(r.name(), at.file()));
          src.put("line", at.line());
          src.put("column", at.column());
          if (at.function() != null) {
            src.put("function", at.function());
          }
          if (at.lineText() != null) {
            src.put("text", at.lineText());
          }
          ArrayNode chain = src.putArray("inlinedAt");
          for (SourceLocation.Frame call : at.inlinedAt()) {
            ObjectNode frame = chain.addObject();
            frame.put("file", shownFile(r.name(), call.file()));
            frame.put("line", call.line());
            frame.put("column", call.column());
            if (call.function() != null) {
              frame.put("function", call.function());
            }
          }
        }
        if (!d.parts().isEmpty()) {
          ArrayNode parts = o.putArray("parts");
          for (CountedPart p : d.parts()) {
            ObjectNode part = parts.addObject();
            part.put("name", p.name());
            part.put("size", p.size());
            part.put("unit", p.unit());
            part.put("word", p.wordOffset());
            if (p.location() != null) {
              part.put("file", shownFile(r.name(), p.location().file()));
              part.put("line", p.location().line());
            }
          }
        }
        if (reviewed(d) != null) {
          o.put("reviewed", reviewed(d));
          references(d).forEach(o.putArray("references")::add);
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
    return sarif(results, verbose, null, Shown.ALL);
  }

  static String sarif(List<ValidateCommand.FileResult> results, boolean verbose, ValidateCommand.Filters filters,
      Shown shown) {
    return write(SarifReport.log(results, verbose, filters, shown));
  }

  /** The VUID; for a module-level message, {@code malformed} or {@code internal-error}. */
  private static String ruleId(Diagnostic d) {
    return !d.vuid().isEmpty() ? d.vuid() : d.isInternalError() ? "internal-error" : "malformed";
  }

  /** {@code error}, {@code warning}, {@code needs-device-information}, ..., as JSON and SARIF write it. */
  static String severity(Diagnostic d) {
    return switch (d.severity()) {
      case ERROR -> "error";
      case NEEDS_DEVICE_INFO -> "needs-device-information";
      case NEEDS_PIPELINE -> "needs-pipeline-description";
      case RUN_TIME -> "run-time";
      case INTERNAL_ERROR -> "internal-error";
      case WARNING -> "warning";
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
