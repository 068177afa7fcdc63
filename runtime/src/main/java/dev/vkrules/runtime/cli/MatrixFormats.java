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
import dev.vkrules.runtime.cli.PortabilityMatrix.Status;
import dev.vkrules.runtime.cli.PortabilityMatrix.Summary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The portability matrix written out. Every format leads with the per-device summary (how many
 * modules are clean, fail, need information; which devices run them all), under the devices'
 * readable names, then gives the cells.
 */
final class MatrixFormats {
  private MatrixFormats() {}

  /** The summary's columns after the device, in order. */
  private static final List<Status> COUNTED = List.of(Status.CLEAN, Status.FAILS, Status.NEEDS_INFORMATION,
      Status.MALFORMED, Status.TOOL_ERROR);

  private static String runsAll(List<String> names, Summary summary) {
    List<String> all = new ArrayList<>();
    for (int i = 0; i < names.size(); i++) {
      if (summary.runsAll(i)) {
        all.add(names.get(i));
      }
    }
    String count = all.size() + " of " + names.size() + " devices";
    return "Run all " + summary.modules() + " modules clean: " + (all.isEmpty() ? "none of the " + names.size()
        + " devices" : count + ": " + String.join(", ", all));
  }

  /**
   * Summary table, then per module one line when every device agrees, else one line per
   * distinct verdict naming its devices (not one line per device: 652 modules on 41 devices
   * would be 27,000 lines).
   */
  static String text(List<String> names, Summary summary, List<Row> rows) {
    StringBuilder b = new StringBuilder();
    b.append(summary.modules()).append(" modules x ").append(names.size()).append(" devices\n");
    int width = names.stream().mapToInt(String::length).max().orElse(6);
    b.append(String.format("  %-" + width + "s  %6s  %6s  %10s  %9s  %14s%n", "device", "clean", "fail",
        "needs info", "malformed", "internal error"));
    for (int i = 0; i < names.size(); i++) {
      Map<Status, Integer> n = summary.counts().get(i);
      b.append(String.format("  %-" + width + "s  %6d  %6d  %10d  %9d  %14d%n", names.get(i), n.get(Status.CLEAN),
          n.get(Status.FAILS), n.get(Status.NEEDS_INFORMATION), n.get(Status.MALFORMED), n.get(Status.TOOL_ERROR)));
    }
    b.append(runsAll(names, summary)).append("\n\n");
    for (Row r : rows) {
      Map<String, List<String>> byVerdict = new LinkedHashMap<>();
      for (int i = 0; i < names.size(); i++) {
        byVerdict.computeIfAbsent(PortabilityMatrix.words(r.cells().get(i)), k -> new ArrayList<>()).add(names.get(i));
      }
      if (byVerdict.size() == 1) {
        String verdict = byVerdict.keySet().iterator().next();
        b.append(Text.escape(Io.label(r.module()))).append(": ").append(verdict)
            .append(names.size() > 1 ? " on all " + names.size() + " devices" : "").append('\n');
        continue;
      }
      b.append(Text.escape(Io.label(r.module()))).append('\n');
      byVerdict.forEach((verdict, devices) -> b.append("  ").append(verdict).append(" on ")
          .append(devices.size() + (devices.size() == 1 ? " device: " : " devices: ")).append(String.join(", ", devices))
          .append('\n'));
    }
    return b.toString();
  }

  static String markdown(List<String> names, Summary summary, List<Row> rows) {
    StringBuilder b = new StringBuilder("| device | clean | fail | needs information | malformed | internal error |\n"
        + "| --- | ---: | ---: | ---: | ---: | ---: |\n");
    for (int i = 0; i < names.size(); i++) {
      b.append("| ").append(md(names.get(i))).append(" |");
      for (Status s : COUNTED) {
        b.append(' ').append(summary.counts().get(i).get(s)).append(" |");
      }
      b.append('\n');
    }
    b.append('\n').append(md(runsAll(names, summary))).append("\n\n| module |");
    names.forEach(n -> b.append(' ').append(md(n)).append(" |"));
    b.append("\n| --- |");
    names.forEach(n -> b.append(" --- |"));
    b.append('\n');
    for (Row r : rows) {
      b.append("| ").append(md(Text.escape(r.module()))).append(" |");
      r.cells().forEach(c -> b.append(' ').append(md(PortabilityMatrix.words(c))).append(" |"));
      b.append('\n');
    }
    return b.toString();
  }

  private static String md(String s) {
    return s.replace("\\", "\\\\").replace("|", "\\|").replace("*", "\\*").replace("<", "&lt;")
        .replace("\n", " ").replace("\r", " ");
  }

  /** Long form, one header: the summary rows ({@code summary}, per device and status) before the cells. */
  static String csv(List<String> names, Summary summary, List<Row> rows) {
    StringBuilder b = new StringBuilder("row,module,device,status,count,needs,vuids,details\n");
    for (int i = 0; i < names.size(); i++) {
      for (Status s : COUNTED) {
        b.append("summary,,").append(csv(names.get(i))).append(',').append(csv(s.text)).append(',')
            .append(summary.counts().get(i).get(s)).append(",,,\n");
      }
    }
    for (Row r : rows) {
      for (int i = 0; i < names.size(); i++) {
        Cell c = r.cells().get(i);
        List<String> details = c.reasons().stream().filter(x -> !x.detail().isEmpty())
            .map(x -> x.detail() + PortabilityMatrix.reviewedSuffix(c, x)).toList();
        b.append("cell,").append(csv(r.module())).append(',').append(csv(names.get(i))).append(',')
            .append(csv(c.status().text)).append(",,").append(csv(String.join("; ", PortabilityMatrix.needs(c))))
            .append(',').append(csv(PortabilityMatrix.vuids(c))).append(',').append(csv(String.join("; ", details)))
            .append('\n');
      }
    }
    return b.toString();
  }

  private static String csv(String s) {
    return s.contains(",") || s.contains("\"") || s.contains("\n") || s.contains("\r")
        ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
  }

  /** The version of {@code --matrix json} (docs/schemas/matrix.schema.json). */
  static final String JSON_SCHEMA = "vkrules-matrix/1";

  static String json(List<Device> devices, List<String> names, Summary summary, List<Row> rows) {
    ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    ObjectNode root = mapper.createObjectNode();
    root.put("schema", JSON_SCHEMA);
    ArrayNode ds = root.putArray("devices");
    for (int i = 0; i < devices.size(); i++) {
      Device d = devices.get(i);
      ObjectNode o = ds.addObject().put("name", names.get(i)).put("id", d.id()).put("label", d.profile().label())
          .put("file", Names.shown(d.file())).put("runsAll", summary.runsAll(i));
      ObjectNode counts = o.putObject("counts");
      for (Status s : COUNTED) {
        counts.put(s.key(), summary.counts().get(i).get(s));
      }
    }
    root.put("moduleCount", summary.modules());
    ArrayNode ms = root.putArray("modules");
    for (Row r : rows) {
      ObjectNode m = ms.addObject().put("file", Names.shown(r.module()));
      ObjectNode results = m.putObject("results");
      for (int i = 0; i < devices.size(); i++) {
        Cell c = r.cells().get(i);
        ObjectNode cell = results.putObject(names.get(i)).put("status", c.status().key());
        ArrayNode needs = cell.putArray("needs");
        PortabilityMatrix.needs(c).forEach(needs::add);
        ArrayNode reasons = cell.putArray("findings");
        c.reasons().forEach(x -> {
          ObjectNode f = reasons.addObject().put("vuid", x.vuid()).put("detail", x.detail()).put("need", x.need());
          String review = PortabilityMatrix.reviewed(c, x);
          if (review != null) {
            f.put("reviewed", review);
          }
        });
      }
    }
    try {
      return mapper.writeValueAsString(root) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * A self-contained page (inline style and script, nothing fetched): the summary, then the
   * matrix with a sticky header row and module column, coloured cells that also carry a symbol
   * and their words, the VUIDs in each cell's title, and a box filtering modules by name and a
   * menu by status.
   */
  static String html(List<Device> devices, List<String> names, Summary summary, List<Row> rows) {
    StringBuilder b = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
        + "<title>vkrules portability matrix</title>\n<style>\n" + STYLE + "</style></head><body>\n");
    b.append("<h1>Portability matrix</h1>\n<section id=\"summary\"><h2>Summary: ").append(summary.modules())
        .append(" modules on ").append(names.size()).append(" devices</h2>\n<table class=\"summary\"><thead><tr>"
            + "<th>device</th><th>clean</th><th>fail</th><th>needs information</th><th>malformed</th>"
            + "<th>internal error</th></tr></thead><tbody>\n");
    for (int i = 0; i < names.size(); i++) {
      b.append("<tr").append(summary.runsAll(i) ? " class=\"runs-all\"" : "").append("><th title=\"")
          .append(esc(devices.get(i).id())).append("\">").append(esc(names.get(i))).append("</th>");
      for (Status s : COUNTED) {
        int n = summary.counts().get(i).get(s);
        String cls = n == 0 ? "" : s == Status.TOOL_ERROR ? "malformed" : s.key();
        b.append(cls.isEmpty() ? "<td>" : "<td class=\"" + cls + "\">").append(n).append("</td>");
      }
      b.append("</tr>\n");
    }
    b.append("</tbody></table>\n<p id=\"runs-all\">").append(esc(runsAll(names, summary))).append("</p></section>\n");
    b.append("<section id=\"cells\"><h2>Modules</h2>\n<p class=\"controls\"><label>Filter modules "
        + "<input id=\"filter\" type=\"search\" placeholder=\"name contains\" autocomplete=\"off\"></label> "
        + "<label>status <select id=\"status\"><option value=\"\">any</option>"
        + "<option value=\"fails\">fails somewhere</option>"
        + "<option value=\"needs-information\">needs information, fails nowhere</option>"
        + "<option value=\"clean\">clean everywhere</option></select></label> "
        + "<span id=\"shown\"></span></p>\n<p class=\"legend\"><span class=\"clean\">\u2713 clean</span> "
        + "<span class=\"fails\">\u2717 fails</span> <span class=\"needs-information\">? needs information</span> "
        + "<span class=\"malformed\">! malformed or internal error</span></p>\n");
    b.append("<div class=\"scroll\" tabindex=\"0\"><table id=\"matrix\"><thead><tr><th>module</th>");
    for (int i = 0; i < names.size(); i++) {
      b.append("<th title=\"").append(esc(devices.get(i).id())).append("\">").append(esc(names.get(i))).append("</th>");
    }
    b.append("</tr></thead>\n<tbody>\n");
    for (Row r : rows) {
      boolean fails = r.cells().stream().anyMatch(c -> c.status() != Status.CLEAN && c.status() != Status.NEEDS_INFORMATION);
      boolean unknown = r.cells().stream().anyMatch(c -> c.status() == Status.NEEDS_INFORMATION);
      String status = fails ? "fails" : unknown ? "needs-information" : "clean";
      b.append("<tr data-status=\"").append(status).append("\"><th>").append(esc(r.module())).append("</th>");
      for (Cell c : r.cells()) {
        String vuids = PortabilityMatrix.vuids(c);
        b.append("<td class=\"").append(c.status() == Status.TOOL_ERROR ? "malformed" : c.status().key()).append('"');
        if (!vuids.isEmpty()) {
          b.append(" title=\"").append(esc(vuids)).append('"');
        }
        b.append("><span class=\"sym\">").append(c.status().symbol).append("</span> ")
            .append(esc(PortabilityMatrix.words(c))).append("</td>");
      }
      b.append("</tr>\n");
    }
    return b.append("</tbody></table></div></section>\n<script>\n").append(SCRIPT).append("</script>\n</body></html>\n")
        .toString();
  }

  static String esc(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }

  private static final String STYLE = """
      body { font: 14px/1.4 system-ui, sans-serif; margin: 1em; color: #1b1b1b; background: #fff; }
      h1 { font-size: 1.4em; } h2 { font-size: 1.15em; }
      table { border-collapse: separate; border-spacing: 0; }
      th, td { border: 1px solid #c8c8c8; padding: 3px 6px; text-align: left; vertical-align: top; }
      table.summary td { text-align: right; }
      table.summary th { font-weight: normal; } table.summary thead th { font-weight: bold; background: #e8ecf2; }
      table.summary tr.runs-all th { font-weight: bold; }
      .scroll { overflow: auto; max-height: 80vh; border: 1px solid #c8c8c8; }
      #matrix thead th { position: sticky; top: 0; z-index: 2; background: #e8ecf2; min-width: 9em; }
      #matrix tbody th { position: sticky; left: 0; z-index: 1; background: #f6f7f9; font-weight: normal;
        white-space: nowrap; }
      #matrix thead th:first-child { left: 0; z-index: 3; }
      #matrix td { min-width: 9em; max-width: 24em; font-size: 12px; overflow-wrap: anywhere; }
      .clean { background: #dff3e0; color: #124d17; }
      .fails { background: #fbdcdc; color: #7a1010; }
      .needs-information { background: #fff1c7; color: #5c4400; }
      .malformed { background: #e5dcf5; color: #3d1f70; }
      .sym { font-weight: bold; }
      .legend span { padding: 1px 6px; margin-right: 6px; border-radius: 3px; }
      .controls input { width: 18em; }
      tr[hidden] { display: none; }
      """;

  private static final String SCRIPT = """
      (function () {
        var filter = document.getElementById('filter');
        var status = document.getElementById('status');
        var shown = document.getElementById('shown');
        var rows = Array.prototype.slice.call(document.querySelectorAll('#matrix tbody tr'));
        function apply() {
          var text = filter.value.trim().toLowerCase();
          var want = status.value;
          var n = 0;
          rows.forEach(function (r) {
            var name = r.firstElementChild.textContent.toLowerCase();
            var ok = (text === '' || name.indexOf(text) >= 0) && (want === '' || r.dataset.status === want);
            r.hidden = !ok;
            if (ok) { n++; }
          });
          shown.textContent = n + ' of ' + rows.length + ' modules shown';
        }
        filter.addEventListener('input', apply);
        status.addEventListener('change', apply);
        apply();
      })();
      """;
}
