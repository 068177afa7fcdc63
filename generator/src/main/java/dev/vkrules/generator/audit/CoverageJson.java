package dev.vkrules.generator.audit;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Map;

/**
 * The coverage report as JSON (schema {@code vkrules-coverage/1}, documented in docs/audit.md)
 * and as CSV (one row per VUID). Keys appear in a fixed order; maps are sorted.
 */
public final class CoverageJson {
  public static final String SCHEMA = "vkrules-coverage/1";

  /** The CSV header; the columns are documented in docs/audit.md and never reordered. */
  public static final String CSV_HEADER =
      "vuid,section,condition,status,reason,valid_examples,invalid_examples,tests,stale,spirv_val,targets,source";

  private CoverageJson() {}

  public static String json(Coverage c) {
    StringWriter out = new StringWriter();
    try (JsonGenerator g = new JsonFactory().createGenerator(out)) {
      DefaultPrettyPrinter pp = new DefaultPrettyPrinter()
          .withObjectIndenter(new DefaultIndenter("  ", "\n"))
          .withArrayIndenter(new DefaultIndenter("  ", "\n"));
      g.setPrettyPrinter(pp);
      g.writeStartObject();
      g.writeStringField("schema", SCHEMA);
      g.writeObjectFieldStart("selection");
      g.writeStringField("targetEnv", c.selection().targetEnv());
      if (c.selection().extensions() == null) {
        g.writeStringField("extensions", "all");
      } else {
        g.writeArrayFieldStart("extensions");
        for (String e : c.selection().extensions()) {
          g.writeString(e);
        }
        g.writeEndArray();
      }
      g.writeEndObject();
      g.writeBooleanField("testsRun", c.testsRun());
      g.writeStringField("peer", c.peerName());
      g.writeFieldName("summary");
      tally(g, c.total());
      g.writeObjectFieldStart("sections");
      for (Map.Entry<String, Tally> e : c.bySection().entrySet()) {
        g.writeFieldName(e.getKey());
        tally(g, e.getValue());
      }
      g.writeEndObject();
      g.writeObjectFieldStart("notCheckableReasons");
      for (Map.Entry<String, Integer> e : c.byReason().entrySet()) {
        g.writeNumberField(e.getKey(), e.getValue());
      }
      g.writeEndObject();
      g.writeObjectFieldStart("slices");
      g.writeObjectFieldStart("targets");
      for (Map.Entry<String, Tally> e : c.byTarget().entrySet()) {
        g.writeFieldName(e.getKey());
        tally(g, e.getValue());
      }
      g.writeEndObject();
      g.writeObjectFieldStart("conditions");
      for (Map.Entry<String, Tally> e : c.byCondition().entrySet()) {
        g.writeFieldName(e.getKey());
        tally(g, e.getValue());
      }
      g.writeEndObject();
      g.writeObjectFieldStart("extensions");
      g.writeStringField("at", c.selection().sliceEnv());
      for (Map.Entry<String, Coverage.ExtensionSlice> e : c.byExtension().entrySet()) {
        g.writeObjectFieldStart(e.getKey());
        g.writeFieldName("adds");
        tally(g, e.getValue().adds());
        g.writeFieldName("removes");
        tally(g, e.getValue().removes());
        g.writeEndObject();
      }
      g.writeEndObject();
      g.writeEndObject();
      g.writeArrayFieldStart("vuids");
      for (CoverageRow r : c.rows()) {
        row(g, r);
      }
      g.writeEndArray();
      g.writeArrayFieldStart("retired");
      for (AuditRule r : c.retired()) {
        g.writeStartObject();
        g.writeStringField("vuid", r.vuid());
        g.writeStringField("section", r.section());
        g.writeStringField("file", r.file());
        g.writeStringField("status", r.status().label());
        g.writeEndObject();
      }
      g.writeEndArray();
      g.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out + "\n";
  }

  private static void tally(JsonGenerator g, Tally t) throws IOException {
    g.writeStartObject();
    g.writeNumberField("total", t.total());
    g.writeNumberField("declarative", t.count(Status.DECLARATIVE));
    g.writeNumberField("native", t.count(Status.NATIVE));
    g.writeNumberField("notCheckable", t.count(Status.NOT_CHECKABLE));
    g.writeNumberField("todo", t.count(Status.TODO));
    g.writeNumberField("checked", t.checked());
    g.writeNumberField("checkedPercent", BigDecimal.valueOf(t.checkedPercent()).setScale(1, RoundingMode.HALF_UP));
    g.writeNumberField("moduleReach", t.moduleReach());
    g.writeNumberField("pipelineReach", t.pipelineReach());
    g.writeNumberField("stale", t.stale());
    g.writeNumberField("spirvVal", t.spirvVal());
    g.writeNumberField("testsPassed", t.testsPassed());
    g.writeNumberField("testsFailed", t.testsFailed());
    g.writeEndObject();
  }

  private static void row(JsonGenerator g, CoverageRow r) throws IOException {
    AuditRule rule = r.rule();
    g.writeStartObject();
    g.writeStringField("vuid", rule.vuid());
    g.writeStringField("section", rule.section());
    g.writeStringField("condition", rule.condition());
    g.writeArrayFieldStart("conditions");
    for (Conditional c : rule.conditions()) {
      g.writeStartObject();
      g.writeStringField("directive", c.directive());
      g.writeStringField("expression", c.expression());
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeStringField("source", rule.source());
    g.writeStringField("file", rule.file());
    g.writeStringField("text", rule.text());
    g.writeStringField("status", rule.status().label());
    g.writeStringField("reason", rule.reason());
    g.writeStringField("reach", rule.reach());
    g.writeObjectFieldStart("examples");
    g.writeNumberField("valid", rule.validExamples());
    g.writeNumberField("invalid", rule.invalidExamples());
    g.writeEndObject();
    g.writeStringField("tests", r.tests().label());
    g.writeBooleanField("stale", rule.isStale());
    g.writeBooleanField("spirvVal", r.spirvVal());
    g.writeArrayFieldStart("targets");
    for (String t : r.targets()) {
      g.writeString(t);
    }
    g.writeEndArray();
    g.writeEndObject();
  }

  public static String csv(Coverage c) {
    StringBuilder sb = new StringBuilder(CSV_HEADER).append('\n');
    for (CoverageRow r : c.rows()) {
      AuditRule rule = r.rule();
      String[] cells = {
          rule.vuid(), rule.section(), rule.condition(), rule.status().label(),
          rule.reason() == null ? "" : rule.reason(),
          Integer.toString(rule.validExamples()), Integer.toString(rule.invalidExamples()),
          r.tests().label(), Boolean.toString(rule.isStale()), Boolean.toString(r.spirvVal()),
          String.join(" ", r.targets()), rule.source()};
      for (int i = 0; i < cells.length; i++) {
        if (i > 0) {
          sb.append(',');
        }
        sb.append(csvCell(cells[i]));
      }
      sb.append('\n');
    }
    return sb.toString();
  }

  /** RFC 4180: quote a cell holding a comma, quote or line break; double inner quotes. */
  static String csvCell(String s) {
    if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0 && s.indexOf('\r') < 0) {
      return s;
    }
    return '"' + s.replace("\"", "\"\"") + '"';
  }
}
