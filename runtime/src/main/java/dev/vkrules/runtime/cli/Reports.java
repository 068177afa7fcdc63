package dev.vkrules.runtime.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vkrules.runtime.engine.Diagnostic;
import java.util.List;
import java.util.TreeSet;

/** Renders validation results as text, JSON or SARIF 2.1.0. Deterministic: input order, sorted keys. */
final class Reports {
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private Reports() {}

  static String text(List<ValidateCommand.FileResult> results, boolean verbose, boolean summary) {
    StringBuilder b = new StringBuilder();
    int clean = 0;
    int invalid = 0;
    int malformed = 0;
    int undecided = 0;
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
      } else {
        undecided++;
      }
      for (Diagnostic d : r.diagnostics()) {
        b.append(r.name()).append(": ").append(r.malformed() ? "error: " : "")
            .append(d.isError() || d.isInternalError() ? "" : "needs device information: ").append(d.headline())
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
      if (unchecked > 0) {
        b.append(", ").append(unchecked).append(" not checked (vkrules error)");
      }
      b.append('\n');
    } else if (undecided > 0) {
      b.append("not fully checked: device-dependent requirements need device information (--profile)\n");
    }
    return b.toString();
  }

  static String json(List<ValidateCommand.FileResult> results, boolean verbose) {
    ArrayNode files = JSON.createArrayNode();
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
    return write(files);
  }

  static String sarif(List<ValidateCommand.FileResult> results, boolean verbose) {
    ObjectNode root = JSON.createObjectNode();
    root.put("version", "2.1.0");
    root.put("$schema", "https://json.schemastore.org/sarif-2.1.0.json");
    ObjectNode run = root.putArray("runs").addObject();
    ObjectNode driver = run.putObject("tool").putObject("driver");
    driver.put("name", "vkrules");
    TreeSet<String> ruleIds = new TreeSet<>();
    results.forEach(r -> r.diagnostics().forEach(d -> ruleIds.add(ruleId(d))));
    ArrayNode rules = driver.putArray("rules");
    for (String id : ruleIds) {
      rules.addObject().put("id", id);
    }
    ArrayNode out = run.putArray("results");
    for (ValidateCommand.FileResult r : results) {
      for (Diagnostic d : r.diagnostics()) {
        ObjectNode res = out.addObject();
        res.put("ruleId", ruleId(d));
        // SARIF has no "undecided" level; "note" keeps such findings visible without failing a gate
        res.put("level", d.isError() || d.isInternalError() ? "error" : "note");
        if (!d.isError()) {
          res.putObject("properties").put("severity", severity(d));
        }
        String text = d.message() + (d.instruction().isEmpty() ? "" : " " + d.instruction())
            + (verbose && !d.specText().isEmpty() ? "\n" + d.specText() : "");
        res.putObject("message").put("text", text);
        ObjectNode loc = res.putArray("locations").addObject().putObject("physicalLocation");
        loc.putObject("artifactLocation").put("uri", r.name());
        if (d.wordOffset() >= 0) {
          // SARIF regions count bytes for binary artifacts; a SPIR-V word is 4 bytes.
          loc.putObject("region").put("byteOffset", d.wordOffset() * 4L).put("byteLength", 4);
        }
      }
    }
    return write(root);
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
      case INTERNAL_ERROR -> "internal-error";
    };
  }

  private static String write(Object node) {
    try {
      return JSON.writeValueAsString(node).replace("\r\n", "\n") + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }
}
