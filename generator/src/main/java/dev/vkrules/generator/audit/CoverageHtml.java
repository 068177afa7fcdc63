package dev.vkrules.generator.audit;

import dev.vkrules.generator.extract.HtmlText;
import java.util.Map;

/**
 * The coverage report as one self-contained HTML page: summary tables, then every VUID in a
 * table that sorts (click a header) and filters (search box and selects) in the browser.
 * Plain JavaScript, no external resources; the rows are static HTML, so the page reads
 * without scripts too.
 */
public final class CoverageHtml {
  private CoverageHtml() {}

  public static String html(Coverage c) {
    Tally t = c.total();
    StringBuilder sb = new StringBuilder();
    sb.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        .append("<title>vkrules coverage</title>\n<style>\n").append(CSS).append("</style>\n</head>\n<body>\n")
        .append("<h1>vkrules coverage</h1>\n<ul class=\"summary\">\n");
    for (String line : CoverageText.summary(c, t).split("\n")) {
      sb.append("<li>").append(esc(line)).append("</li>\n");
    }
    sb.append("</ul>\n");
    tallies(sb, "By section", "section", c.bySection());
    progress(sb, c.bySection());
    tallies(sb, "By target", "target", c.byTarget());
    tallies(sb, "By condition", "condition", c.byCondition());
    sb.append("<h2>By extension (VUIDs each one brings in or takes away at ")
        .append(esc(c.selection().sliceEnv())).append(")</h2>\n<table class=\"tally\">\n")
        .append("<tr><th>extension</th><th>adds</th><th>adds checked</th><th>removes</th><th>removes checked</th></tr>\n");
    for (Map.Entry<String, Coverage.ExtensionSlice> e : c.byExtension().entrySet()) {
      Tally a = e.getValue().adds();
      Tally r = e.getValue().removes();
      sb.append("<tr><td>").append(esc(e.getKey())).append("</td>").append(num(a.total())).append(num(a.checked()))
          .append(num(r.total())).append(num(r.checked())).append("</tr>\n");
    }
    sb.append("</table>\n<h2>VUIDs</h2>\n<div class=\"filters\">\n")
        .append("<input id=\"q\" type=\"search\" placeholder=\"filter: VUID, condition, reason\" size=\"40\">\n");
    select(sb, "section", "section");
    select(sb, "status", "status");
    select(sb, "tests", "tests");
    select(sb, "stale", "stale");
    select(sb, "spirv-val", "spirvval");
    select(sb, "target", "targets");
    sb.append("<span id=\"count\"></span>\n</div>\n<table id=\"vuids\">\n<thead><tr>");
    for (String h : new String[] {"vuid", "section", "status", "valid", "invalid", "tests", "stale",
        "spirv-val", "targets", "condition", "reason", "source", "spec text"}) {
      sb.append("<th>").append(h).append("</th>");
    }
    sb.append("</tr></thead>\n<tbody>\n");
    for (CoverageRow r : c.rows()) {
      AuditRule rule = r.rule();
      String stale = rule.isStale() ? "stale" : "current";
      String spv = r.spirvVal() ? "yes" : "no";
      sb.append("<tr data-section=\"").append(esc(rule.section()))
          .append("\" data-status=\"").append(rule.status().label())
          .append("\" data-tests=\"").append(r.tests().label())
          .append("\" data-stale=\"").append(stale)
          .append("\" data-spirvval=\"").append(spv)
          .append("\" data-targets=\"").append(esc(String.join(" ", r.targets())))
          .append("\" class=\"").append(rule.status().label()).append("\">")
          .append("<td><a href=\"").append(esc("rules/" + rule.file())).append("\" title=\"rule file\">")
          .append(esc(rule.vuid())).append("</a></td>")
          .append("<td>").append(esc(rule.section())).append("</td>")
          .append("<td>").append(rule.status().label()).append("</td>")
          .append(num(rule.validExamples())).append(num(rule.invalidExamples()))
          .append("<td>").append(r.tests().label()).append("</td>")
          .append("<td>").append(stale).append("</td>")
          .append("<td>").append(spv).append("</td>")
          .append("<td class=\"nw\">").append(esc(String.join(" ", r.targets()).replace("vulkan", "")))
          .append("</td>")
          .append("<td>").append(esc(rule.condition())).append("</td>")
          .append("<td>").append(rule.reason() == null ? "" : esc(rule.reason())).append("</td>")
          .append("<td>").append(esc(rule.source())).append("</td>")
          .append("<td class=\"text\">").append(esc(rule.text())).append("</td></tr>\n");
    }
    sb.append("</tbody>\n</table>\n<script>\n").append(JS).append("</script>\n</body>\n</html>\n");
    return sb.toString();
  }

  private static void tallies(StringBuilder sb, String title, String first, Map<String, Tally> map) {
    sb.append("<h2>").append(esc(title)).append("</h2>\n<table class=\"tally\">\n<tr><th>").append(first)
        .append("</th><th>total</th><th>declarative</th><th>native</th><th>not-checkable</th><th>todo</th>")
        .append("<th>checked %</th><th>stale</th><th>spirv-val</th><th>tests passed</th><th>tests failed</th></tr>\n");
    for (Map.Entry<String, Tally> e : map.entrySet()) {
      Tally t = e.getValue();
      sb.append("<tr><td>").append(esc(e.getKey())).append("</td>").append(num(t.total()))
          .append(num(t.count(Status.DECLARATIVE))).append(num(t.count(Status.NATIVE)))
          .append(num(t.count(Status.NOT_CHECKABLE))).append(num(t.count(Status.TODO)))
          .append("<td class=\"n\">").append(Tally.percent(t.checkedPercent())).append("</td>")
          .append(num(t.stale())).append(num(t.spirvVal())).append(num(t.testsPassed()))
          .append(num(t.testsFailed())).append("</tr>\n");
    }
    sb.append("</table>\n");
  }

  /** Per section, one bar: checked, not checkable offline, and to do, as shares of its VUIDs. */
  private static void progress(StringBuilder sb, Map<String, Tally> bySection) {
    sb.append("<div class=\"bars\">\n");
    for (Map.Entry<String, Tally> e : bySection.entrySet()) {
      Tally t = e.getValue();
      int total = Math.max(1, t.total());
      sb.append("<div class=\"bar-row\"><span class=\"bar-label\">").append(esc(e.getKey())).append("</span>")
          .append("<span class=\"bar\" role=\"img\" aria-label=\"").append(esc(e.getKey())).append(": ")
          .append(t.checked()).append(" checked, ").append(t.count(Status.NOT_CHECKABLE)).append(" not checkable, ")
          .append(t.count(Status.TODO)).append(" to do\">");
      segment(sb, "checked", t.checked(), total);
      segment(sb, "not-checkable", t.count(Status.NOT_CHECKABLE), total);
      segment(sb, "todo", t.count(Status.TODO), total);
      sb.append("</span> <span class=\"bar-legend\">").append(t.checked()).append(" checked · ")
          .append(t.count(Status.NOT_CHECKABLE)).append(" not checkable · ").append(t.count(Status.TODO))
          .append(" to do</span></div>\n");
    }
    sb.append("</div>\n");
  }

  private static void segment(StringBuilder sb, String kind, int count, int total) {
    if (count > 0) {
      sb.append("<span class=\"seg ").append(kind).append("\" style=\"width:")
          .append(String.format(java.util.Locale.ROOT, "%.2f", 100.0 * count / total)).append("%\"></span>");
    }
  }

  /** A filter select; its options are filled by the script from the rows' values. */
  private static void select(StringBuilder sb, String label, String key) {
    sb.append("<label>").append(label).append(" <select data-key=\"").append(key)
        .append("\"><option value=\"\">all</option></select></label>\n");
  }

  private static String num(int n) {
    return "<td class=\"n\">" + n + "</td>";
  }

  static String esc(String s) {
    return HtmlText.escape(s);
  }


  private static final String CSS = """
      body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em; color: #222; }
      .bar-row { margin: 4px 0; } .bar-label { display: inline-block; width: 10em; }
      .bar { display: inline-flex; width: 30em; height: 1em; border: 1px solid #999; vertical-align: middle; }
      .seg.checked { background: #2e7d32; } .seg.not-checkable { background: #9e9e9e; } .seg.todo { background: #f3c969; }
      .bar-legend { color: #555; } td.text { max-width: 40em; }
      table { border-collapse: collapse; margin-bottom: 1.5em; }
      th, td { border: 1px solid #ccc; padding: 2px 6px; text-align: left; vertical-align: top; }
      td.n { text-align: right; font-variant-numeric: tabular-nums; }
      #vuids td:first-child, td.nw { white-space: nowrap; }
      #vuids th { cursor: pointer; background: #f0f0f0; position: sticky; top: 0; }
      #vuids th.asc::after { content: " \\25B2"; }
      #vuids th.desc::after { content: " \\25BC"; }
      tr.declarative td:nth-child(3) { background: #d8f5d0; }
      tr.native td:nth-child(3) { background: #d0e4f5; }
      tr.not-checkable td:nth-child(3) { background: #f5ecd0; }
      tr.todo td:nth-child(3) { background: #f5d6d0; }
      .filters { margin: 0.5em 0; display: flex; gap: 1em; flex-wrap: wrap; align-items: center; }
      #count { font-weight: bold; }
      """;

  private static final String JS = """
      (function () {
        var table = document.getElementById('vuids');
        var body = table.tBodies[0];
        var rows = Array.prototype.slice.call(body.rows);
        var query = document.getElementById('q');
        var selects = Array.prototype.slice.call(document.querySelectorAll('select[data-key]'));
        selects.forEach(function (sel) {
          var key = sel.getAttribute('data-key');
          var values = {};
          rows.forEach(function (r) {
            r.getAttribute('data-' + key).split(' ').forEach(function (v) { if (v) values[v] = true; });
          });
          Object.keys(values).sort().forEach(function (v) {
            var o = document.createElement('option');
            o.value = v; o.textContent = v; sel.appendChild(o);
          });
          sel.addEventListener('change', apply);
        });
        query.addEventListener('input', apply);
        // Filters live in the address too (#status=todo&q=mesh), so a view can be linked.
        location.hash.replace(/^#/, '').split('&').forEach(function (kv) {
          var i = kv.indexOf('='); if (i < 0) return;
          var k = decodeURIComponent(kv.slice(0, i)), v = decodeURIComponent(kv.slice(i + 1));
          if (k === 'q') query.value = v;
          selects.forEach(function (sel) { if (sel.getAttribute('data-key') === k) sel.value = v; });
        });
        function remember() {
          var parts = [];
          if (query.value) parts.push('q=' + encodeURIComponent(query.value));
          if (sorted) parts.push('sort=' + (sorted.asc ? '' : '-') + encodeURIComponent(headers[sorted.col].textContent));
          selects.forEach(function (sel) {
            if (sel.value) parts.push(sel.getAttribute('data-key') + '=' + encodeURIComponent(sel.value));
          });
          try {
            history.replaceState(null, '', parts.length ? '#' + parts.join('&') : location.pathname);
          } catch (e) { /* some browsers refuse this for file: pages; filtering still works */ }
        }
        function apply() {
          remember();
          var q = query.value.toLowerCase();
          var shown = 0, checked = 0;
          rows.forEach(function (r) {
            var ok = !q || r.textContent.toLowerCase().indexOf(q) >= 0;
            selects.forEach(function (sel) {
              var want = sel.value;
              if (want && (' ' + r.getAttribute('data-' + sel.getAttribute('data-key')) + ' ')
                  .indexOf(' ' + want + ' ') < 0) ok = false;
            });
            r.style.display = ok ? '' : 'none';
            if (ok) {
              shown++;
              var s = r.getAttribute('data-status');
              if (s === 'declarative' || s === 'native') checked++;
            }
          });
          document.getElementById('count').textContent = shown + ' shown, ' + checked + ' checked ('
              + (shown ? (100 * checked / shown).toFixed(1) : '0.0') + '%)';
        }
        var headers = Array.prototype.slice.call(table.tHead.rows[0].cells);
        var sorted = null;
        function sortBy(col, asc) {
          headers.forEach(function (h) { h.classList.remove('asc', 'desc'); });
          headers[col].classList.add(asc ? 'asc' : 'desc');
          sorted = {col: col, asc: asc};
          rows.sort(function (a, b) {
            var x = a.cells[col].textContent, y = b.cells[col].textContent;
            var nx = parseFloat(x), ny = parseFloat(y);
            var c = (!isNaN(nx) && !isNaN(ny) && String(nx) === x && String(ny) === y)
                ? nx - ny : x.localeCompare(y);
            return asc ? c : -c;
          });
          rows.forEach(function (r) { body.appendChild(r); });
          remember();
        }
        headers.forEach(function (th, col) {
          th.addEventListener('click', function () { sortBy(col, !th.classList.contains('asc')); });
        });
        var initial = /(?:^#|&)sort=(-?)([^&]*)/.exec(location.hash);
        headers.forEach(function (th, col) {
          if (initial && th.textContent === decodeURIComponent(initial[2])) sortBy(col, initial[1] !== '-');
        });
        apply();
      })();
      """;
}
