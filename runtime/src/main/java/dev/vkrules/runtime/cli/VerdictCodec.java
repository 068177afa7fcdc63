package dev.vkrules.runtime.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vkrules.runtime.engine.Diagnostic;
import dev.vkrules.runtime.engine.base.CountedPart;
import dev.vkrules.runtime.engine.Validator.ValidationResult;
import dev.vkrules.runtime.spirv.debug.SourceLocation;
import dev.vkrules.runtime.spirv.debug.Subject;
import java.util.ArrayList;
import java.util.List;

/**
 * Findings as the verdict cache stores them: every component of {@link Diagnostic} (with its
 * source location, subject and parts) as JSON, and back. What {@link #diagnostic} reads is equal
 * to what {@link #diagnostic(Diagnostic)} wrote, so a report made from it prints the same bytes.
 * Input that is not in this shape is a {@link Bad}, never a half-read finding.
 */
final class VerdictCodec {
  static final ObjectMapper MAPPER = new ObjectMapper();
  private static final JsonNodeFactory F = JsonNodeFactory.instance;

  private VerdictCodec() {}

  /** A stored verdict that is not in the shape this build writes. */
  static final class Bad extends Exception {
    private static final long serialVersionUID = 1L;

    Bad(String message) {
      super(message);
    }
  }

  static ObjectNode result(ValidationResult r) {
    ObjectNode o = F.objectNode();
    o.put("malformed", r.malformed());
    o.set("diagnostics", diagnostics(r.diagnostics()));
    return o;
  }

  static ValidationResult result(JsonNode o) throws Bad {
    return new ValidationResult(diagnostics(field(o, "diagnostics")), bool(o, "malformed"));
  }

  static ArrayNode diagnostics(List<Diagnostic> ds) {
    ArrayNode a = F.arrayNode();
    ds.forEach(d -> a.add(diagnostic(d)));
    return a;
  }

  static List<Diagnostic> diagnostics(JsonNode a) throws Bad {
    if (!a.isArray()) {
      throw new Bad("diagnostics are not an array");
    }
    List<Diagnostic> out = new ArrayList<>(a.size());
    for (JsonNode d : a) {
      out.add(diagnostic(d));
    }
    return List.copyOf(out);
  }

  static ObjectNode diagnostic(Diagnostic d) {
    ObjectNode o = F.objectNode();
    o.put("vuid", d.vuid());
    o.put("message", d.message());
    o.put("instruction", d.instruction());
    o.put("word", d.wordOffset());
    o.put("spec", d.specText());
    o.put("severity", d.severity().name());
    if (d.location() != null) {
      o.set("location", location(d.location()));
    }
    if (d.source().subject() != null) {
      o.put("subjectKind", d.source().subject().kind());
      o.put("subjectName", d.source().subject().name());
    }
    if (!d.parts().isEmpty()) {
      ArrayNode parts = o.putArray("parts");
      for (CountedPart p : d.parts()) {
        ObjectNode n = parts.addObject();
        n.put("name", p.name());
        n.put("size", p.size());
        n.put("unit", p.unit());
        n.put("word", p.wordOffset());
        if (p.location() != null) {
          n.set("location", location(p.location()));
        }
      }
    }
    return o;
  }

  static Diagnostic diagnostic(JsonNode o) throws Bad {
    Diagnostic.Severity severity;
    try {
      severity = Diagnostic.Severity.valueOf(text(o, "severity"));
    } catch (IllegalArgumentException e) {
      throw new Bad("unknown severity");
    }
    SourceLocation at = o.has("location") ? location(o.get("location")) : null;
    Subject subject = o.has("subjectKind") ? new Subject(text(o, "subjectKind"), text(o, "subjectName")) : null;
    List<CountedPart> parts = new ArrayList<>();
    if (o.has("parts")) {
      for (JsonNode n : array(o, "parts")) {
        parts.add(new CountedPart(text(n, "name"), number(n, "size"), text(n, "unit"), (int) number(n, "word"),
            n.has("location") ? location(n.get("location")) : null));
      }
    }
    Diagnostic.Source source = at == null && subject == null ? Diagnostic.Source.NONE : new Diagnostic.Source(at, subject);
    return new Diagnostic(text(o, "vuid"), text(o, "message"), text(o, "instruction"), (int) number(o, "word"),
        text(o, "spec"), severity, source, parts);
  }

  private static ObjectNode location(SourceLocation l) {
    ObjectNode o = F.objectNode();
    o.put("file", l.file());
    o.put("line", l.line());
    o.put("column", l.column());
    if (l.function() != null) {
      o.put("function", l.function());
    }
    if (l.lineText() != null) {
      o.put("text", l.lineText());
    }
    ArrayNode chain = o.putArray("inlinedAt");
    for (SourceLocation.Frame f : l.inlinedAt()) {
      ObjectNode n = chain.addObject();
      n.put("file", f.file());
      n.put("line", f.line());
      n.put("column", f.column());
      if (f.function() != null) {
        n.put("function", f.function());
      }
    }
    return o;
  }

  private static SourceLocation location(JsonNode o) throws Bad {
    List<SourceLocation.Frame> chain = new ArrayList<>();
    for (JsonNode n : array(o, "inlinedAt")) {
      chain.add(new SourceLocation.Frame(text(n, "file"), (int) number(n, "line"), (int) number(n, "column"),
          optionalText(n, "function")));
    }
    return new SourceLocation(text(o, "file"), (int) number(o, "line"), (int) number(o, "column"),
        optionalText(o, "function"), chain, optionalText(o, "text"));
  }

  private static JsonNode field(JsonNode o, String name) throws Bad {
    JsonNode n = o == null ? null : o.get(name);
    if (n == null || n.isNull()) {
      throw new Bad("no " + name);
    }
    return n;
  }

  private static JsonNode array(JsonNode o, String name) throws Bad {
    JsonNode n = field(o, name);
    if (!n.isArray()) {
      throw new Bad(name + " is not an array");
    }
    return n;
  }

  static String text(JsonNode o, String name) throws Bad {
    JsonNode n = field(o, name);
    if (!n.isTextual()) {
      throw new Bad(name + " is not a string");
    }
    return n.textValue();
  }

  private static String optionalText(JsonNode o, String name) throws Bad {
    return o.has(name) ? text(o, name) : null;
  }

  private static long number(JsonNode o, String name) throws Bad {
    JsonNode n = field(o, name);
    if (!n.isIntegralNumber() || !n.canConvertToLong()) {
      throw new Bad(name + " is not an integer");
    }
    return n.longValue();
  }

  static boolean bool(JsonNode o, String name) throws Bad {
    JsonNode n = field(o, name);
    if (!n.isBoolean()) {
      throw new Bad(name + " is not a boolean");
    }
    return n.booleanValue();
  }
}
