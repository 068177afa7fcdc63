package dev.vkrules.generator.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.generator.requirements.RequirementTable;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class PublishersTest {
  private static RuleTables rules;
  private static List<PublishedTable> catalog;

  @BeforeAll
  static void load() {
    rules = RuleTablesReader.read(TestRules.dir());
    catalog = TableCatalog.build(rules);
  }

  @Test
  void jsonRoundTripsToTheRuleTables() {
    TablesJson.Contents back = TablesJson.read(JsonPublisher.render(rules, catalog));
    RequirementTable expected = rules.requirements();
    assertEquals(expected, back.requirements());
    assertEquals(rules.imageFormats(), back.imageFormats());
    assertEquals(rules.overrides().list().stream().map(o -> o.id()).toList(), back.overrideIds());
    assertEquals(rules.appendixTables().size(), back.appendixTables().size());
    for (int i = 0; i < rules.appendixTables().size(); i++) {
      RuleTables.AppendixTable want = rules.appendixTables().get(i);
      RuleTables.AppendixTable got = back.appendixTables().get(i);
      assertEquals(want.key(), got.key());
      assertEquals(want.variants().size(), got.variants().size());
      for (int v = 0; v < want.variants().size(); v++) {
        assertEquals(want.variants().get(v).condition(), got.variants().get(v).condition());
        assertEquals(want.variants().get(v).columns(), got.variants().get(v).columns());
        assertEquals(want.variants().get(v).rows(), got.variants().get(v).rows());
      }
    }
  }

  @Test
  void jsonOfOneTableHasOnlyThatTable() {
    String json = JsonPublisher.render(rules, catalog.stream().filter(t -> t.name().equals("image-formats")).toList());
    TablesJson.Contents back = TablesJson.read(json);
    assertEquals(rules.imageFormats(), back.imageFormats());
    assertTrue(back.requirements().capabilities().isEmpty());
    assertTrue(back.overrideIds().isEmpty());
  }

  @Test
  void outputIsDeterministic() {
    List<PublishedTable> again = TableCatalog.build(RuleTablesReader.read(TestRules.dir()));
    assertEquals(MarkdownPublisher.render(catalog), MarkdownPublisher.render(again));
    assertEquals(HtmlPublisher.render(catalog), HtmlPublisher.render(again));
    assertEquals(CsvPublisher.render(catalog), CsvPublisher.render(again));
    assertEquals(JsonPublisher.render(rules, catalog), JsonPublisher.render(rules, again));
  }

  /** Parses the Markdown pipe table that follows "Table `name`" back into cells. */
  static List<List<String>> markdownRows(String md, String name) {
    int at = md.indexOf("Table `" + name + "`");
    List<List<String>> rows = new ArrayList<>();
    String[] lines = md.substring(at).split("\n");
    int i = 2;  // skip the description line and the blank line
    i++;  // header
    i++;  // delimiter
    for (; i < lines.length && lines[i].startsWith("|"); i++) {
      String line = lines[i];
      List<String> cells = new ArrayList<>();
      Matcher m = Pattern.compile("\\| ((?:[^|\\\\]|\\\\.)*?) (?=\\|)").matcher(line);
      while (m.find()) {
        cells.add(m.group(1).replace("\\|", "|").replace("<br>", "\n").replaceAll("\\\\(.)", "$1"));
      }
      rows.add(cells);
    }
    return rows;
  }

  @Test
  void markdownImageFormatTableHasEveryRegistryFormat() {
    String md = MarkdownPublisher.render(catalog);
    List<List<String>> rows = markdownRows(md, "image-formats");
    List<String> names = VkXmlFormats.spirvImageFormats(TestRules.root().resolve("spec-sources/vk.xml"));
    assertEquals(names, rows.stream().map(r -> r.get(0)).toList());
    assertEquals(41, rows.size());
  }

  /** Each override an entry went through is a numbered footnote that names it and gives its reason. */
  @Test
  void overridesAreFootnotesNotAColumn() {
    for (String name : List.of("capabilities", "extensions")) {
      PublishedTable t = catalog.stream().filter(x -> x.name().equals(name)).findFirst().orElseThrow();
      assertFalse(t.columns().contains("Overrides"), t.columns().toString());
      for (var o : rules.overrides().list()) {
        List<String> entries = name.equals("capabilities") ? o.capabilities() : o.extensions();
        if (entries == null || entries.isEmpty()) {
          continue;
        }
        int n = t.footnotes().stream().filter(f -> f.contains(" override " + o.id() + " ")).findFirst()
            .map(f -> Integer.parseInt(f.substring(1, f.indexOf(']')))).orElseThrow(() -> new AssertionError(o.id()));
        assertTrue(t.footnotes().get(n - 1).endsWith(o.reason().strip()), t.footnotes().get(n - 1));
        for (String entry : entries) {
          assertTrue(t.rows().stream().anyMatch(r -> r.get(0).startsWith(entry + " ") && r.get(0).contains("[" + n + "]")),
              entry + " marked [" + n + "]");
        }
      }
      String md = MarkdownPublisher.render(List.of(t));
      for (int i = 1; i <= t.footnotes().size(); i++) {
        assertTrue(md.contains("\n\\[" + i + "\\] Changed from vk.xml by override "), md);
      }
    }
  }

  /**
   * Conditions read as words in every format that shows them, never as raw keys. Only the lines
   * that print a table's condition are checked (Markdown's "Table `name`, from ..." line, the
   * HTML contents entry and section heading line): a cell may legitimately name an extension in
   * parentheses, e.g. the extension that provides a feature structure.
   */
  @Test
  void conditionsInWords() {
    int checked = 0;
    for (PublishedTable t : catalog) {
      if (t.condition().equals("core")) {
        continue;
      }
      assertTrue(t.conditionWords().startsWith("when "), t.condition() + " -> " + t.conditionWords());
      assertFalse(t.conditionWords().contains("(") || t.conditionWords().contains("VK_VERSION"), t.conditionWords());
      List<String> md = MarkdownPublisher.render(List.of(t)).lines().filter(l -> l.startsWith("Table `")).toList();
      List<String> html = HtmlPublisher.render(List.of(t)).lines()
          .filter(l -> l.startsWith("<li>") || l.startsWith("<p class=\"meta\">Table ")).toList();
      assertEquals(1, md.size(), md.toString());
      assertEquals(2, html.size(), html.toString());
      for (String line : concat(md, html)) {
        assertTrue(line.contains(HtmlPublisher.esc(t.conditionWords())) || line.contains(t.conditionWords()), line);
        assertFalse(line.contains(t.condition()), t.condition() + " printed raw: " + line);
      }
      checked++;
    }
    assertTrue(checked > 0, "no conditional table in the catalog");
  }

  private static List<String> concat(List<String> a, List<String> b) {
    List<String> out = new ArrayList<>(a);
    out.addAll(b);
    return out;
  }

  @Test
  void markdownKeepsTheSpecsTypographyOfAppendixCells() {
    assertEquals("`OpFAdd` on 2<sup>-126</sup>, *not* a\\|b<br>`x\\|y`",
        MarkdownPublisher.fromHtml("<code>OpFAdd</code> on 2<sup>-126</sup>, <em>not</em> a|b<br><code>x|y</code>"));
    // every appendix table with a rendered grid: no cell loses its monospace names in md
    for (PublishedTable t : catalog) {
      for (int r = 0; r < t.html().size(); r++) {
        for (int c = 0; c < t.html().get(r).size(); c++) {
          String html = t.html().get(r).get(c);
          long codes = html.split("<code>", -1).length - 1;
          String md = MarkdownPublisher.fromHtml(html);
          assertEquals(2 * codes, md.chars().filter(ch -> ch == '`').count(), t.name() + " " + html + " -> " + md);
        }
      }
    }
  }

  @Test
  void markdownHeaderAndDelimiter() {
    String md = MarkdownPublisher.render(catalog.stream().filter(t -> t.name().equals("vk-formats")).toList());
    assertTrue(md.contains("| Vulkan Format | SPIR-V Image Format |\n| --- | --- |\n"), md);
  }

  @Test
  void csvOneTableIsWideAndQuoted() {
    String csv = CsvPublisher.render(catalog.stream().filter(t -> t.name().equals("capabilities")).toList());
    String[] lines = csv.split("\n", -1);
    assertEquals("condition,SPIR-V Capability,Enabled by (any one)", lines[0]);
    assertEquals("core,Matrix,VK_VERSION_1_0", lines[1]);
    // a multi-line cell is quoted, so it spans lines in the file but is one field
    assertTrue(csv.contains("\"VkPhysicalDeviceVulkan12Features::shaderBufferInt64Atomics (VK_VERSION_1_2 or VK_KHR_shader_atomic_int64)\n"), csv);
    assertEquals("a", CsvPublisher.quote("a"));
    assertEquals("\"a,\"\"b\"\"\"", CsvPublisher.quote("a,\"b\""));
  }

  @Test
  void csvSeveralTablesIsLongForm() {
    List<List<String>> records = parseCsv(CsvPublisher.render(catalog));
    assertEquals(List.of("table", "condition", "row", "column", "value"), records.get(0));
    assertEquals(List.of("capabilities", "core", "1", "SPIR-V Capability", "Matrix"), records.get(1));
    long cells = catalog.stream().mapToLong(t -> (long) t.rows().size() * t.columns().size()).sum();
    assertEquals(cells + 1, records.size());
    for (List<String> r : records) {
      assertEquals(5, r.size(), r.toString());
    }
  }

  /** RFC 4180, written independently of the publisher. */
  static List<List<String>> parseCsv(String csv) {
    List<List<String>> records = new ArrayList<>();
    List<String> record = new ArrayList<>();
    StringBuilder field = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < csv.length(); i++) {
      char c = csv.charAt(i);
      if (quoted) {
        if (c == '"' && i + 1 < csv.length() && csv.charAt(i + 1) == '"') {
          field.append('"');
          i++;
        } else if (c == '"') {
          quoted = false;
        } else {
          field.append(c);
        }
      } else if (c == '"') {
        quoted = true;
      } else if (c == ',') {
        record.add(field.toString());
        field.setLength(0);
      } else if (c == '\n') {
        record.add(field.toString());
        field.setLength(0);
        records.add(record);
        record = new ArrayList<>();
      } else {
        field.append(c);
      }
    }
    return records;
  }

  @Test
  void htmlIsOnePageWithContents() {
    String html = HtmlPublisher.render(catalog);
    assertTrue(html.startsWith("<!DOCTYPE html>"));
    assertTrue(!html.contains("<script") && !html.contains("<link") && !html.contains("src=\""), "self-contained");
    // every table has a contents entry that points at an existing section
    Matcher links = Pattern.compile("<li><a href=\"#([^\"]+)\">").matcher(html);
    int count = 0;
    while (links.find()) {
      assertTrue(html.contains("<section id=\"" + links.group(1) + "\">"), links.group(1));
      count++;
    }
    assertEquals(catalog.size(), count);
  }
}
