package dev.vkrules.runtime.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vkrules.runtime.engine.Diagnostic;
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

  static String text(List<ValidateCommand.FileResult> results, boolean verbose, boolean summary) {
    StringBuilder b = new StringBuilder();
    int clean = 0;
    int invalid = 0;
    int malformed = 0;
    int undecided = 0;
    int needPipeline = 0;
    int unchecked = 0;
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
      } else {
        needPipeline++;
      }
      for (Diagnostic d : r.diagnostics()) {
        b.append(r.name()).append(": ").append(r.malformed() ? "error: " : "")
            .append(d.isError() || d.isInternalError() ? ""
                : d.severity() == Diagnostic.Severity.NEEDS_PIPELINE ? "needs a pipeline description: "
                : "needs device information: ").append(d.headline())
            .append('\n');
        if (!d.instruction().isEmpty() && d.wordOffset() >= 0) {
          b.append("  ").append(d.instruction()).append("  (word ").append(d.wordOffset()).append(")\n");
        }
        if (verbose && !d.specText().isEmpty()) {
          d.specText().lines().forEach(l -> b.append("  | ").append(l).append('\n'));
        }
      }
    }
    if (summary || results.size() > 1) {
      b.append(results.size()).append(results.size() == 1 ? " module: " : " modules: ").append(clean)
          .append(" clean, ").append(invalid).append(" invalid, ").append(malformed).append(" malformed");
      if (undecided > 0) {
        b.append(", ").append(undecided).append(" need device information (--profile)");
      }
      if (needPipeline > 0) {
        b.append(", ").append(needPipeline).append(" need a pipeline description (--pipeline)");
      }
      if (unchecked > 0) {
        b.append(", ").append(unchecked).append(" not checked (vkrules error)");
      }
      b.append('\n');
    } else if (undecided > 0) {
      b.append("not fully checked: device-dependent requirements need device information (--profile)\n");
    }
    return b.toString();
  }

  /** The schema of {@code validate --format json}: docs/schemas/validate.schema.json. */
  static final String JSON_SCHEMA = "vkrules-validate/1";

  static String json(List<ValidateCommand.FileResult> results, boolean verbose) {
    ObjectNode root = Json.MAPPER.createObjectNode();
    root.put("schema", JSON_SCHEMA);
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
        if (verbose) {
          o.put("spec", d.specText());
        }
      }
    }
    return write(root);
  }

  static String sarif(List<ValidateCommand.FileResult> results, boolean verbose) {
    return write(SarifReport.log(results, verbose));
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
