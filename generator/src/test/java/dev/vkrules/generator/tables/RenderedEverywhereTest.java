package dev.vkrules.generator.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.HtmlRenderer;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every published table reads the same in md, html and csv: the Markdown is rendered as GitHub
 * renders it (CommonMark with GFM tables), the HTML page is parsed, and for every cell of every
 * table the two agree on the text, the superscripts, the subscripts, the code and the emphasis;
 * the csv cell says the same letters and digits in plain text. The cells come from the
 * extracted rule tables (the spec's own math: the precision tables' sums, fractions, powers of
 * two and the radians/degrees constants), not from strings typed here.
 */
class RenderedEverywhereTest {
  private static final List<org.commonmark.Extension> GFM = List.of(TablesExtension.create());
  private static final String SUPERSCRIPTS = "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁿⁱ";
  private static final String SUBSCRIPTS = "₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₐₑᵢⱼₒᵣᵤᵥₓ";
  private static final String ASCII_SUP = "0123456789+-=()ni";
  private static final String ASCII_SUB = "0123456789+-=()aeijoruvx";
  /** A LaTeX span or command: what no published format may show. */
  private static final Pattern LATEX = Pattern.compile("\\\\\\(|\\\\\\)|\\\\[a-zA-Z]+|latexmath:");

  private static List<PublishedTable> catalog;

  @BeforeAll
  static void load() {
    catalog = TableCatalog.build(RuleTablesReader.read(TestRules.dir()));
  }

  /** The tables whose cells hold the spec's LaTeX: the test is about them, so they must be there. */
  @Test
  void theSpecsMathIsInTheTables() {
    long math = catalog.stream().flatMap(t -> t.html().stream()).flatMap(List::stream).filter(c -> c.contains("\\(")).count();
    assertTrue(math >= 20, "cells with inline LaTeX: " + math);
  }

  @Test
  void markdownHtmlAndCsvAgreeCellForCell() {
    int mathCells = 0;
    for (PublishedTable t : catalog) {
      List<List<Element>> md = markdownCells(t);
      List<List<Element>> html = htmlCells(t);
      List<List<String>> csv = csvCells(t);
      assertEquals(t.rows().size() + 1, md.size(), t.name());
      assertEquals(md.size(), html.size(), t.name());
      for (int r = 0; r < md.size(); r++) {
        for (int c = 0; c < t.columns().size(); c++) {
          Element m = md.get(r).get(c);
          Element h = html.get(r).get(c);
          String where = t.name() + " row " + r + " column " + (c + 1) + ":\n md:   " + m.html() + "\n html: " + h.html();
          assertEquals(h.text(), m.text(), where);
          for (String tag : List.of("sup", "sub", "code")) {
            assertEquals(texts(h, tag), texts(m, tag), tag + " in " + where);
          }
          assertEquals(texts(h, "em, strong"), texts(m, "em, strong"), "emphasis in " + where);
          for (Element e : List.of(m, h)) {
            assertFalse(LATEX.matcher(e.text()).find(), "LaTeX left in " + where);
          }
          if (r > 0) {
            String plain = csv.get(r - 1).get(c);
            assertFalse(LATEX.matcher(plain).find(), "LaTeX left in csv: " + plain);
            assertEquals(words(h.text()), words(ascii(plain)), "csv says otherwise: " + plain + "\n" + where);
            boolean math = !t.html().isEmpty() && t.html().get(r - 1).get(c).contains("\\(");
            if (math) {
              mathCells++;
              // the formula's scripts are real elements in html and md, none is left as ^ or _ text
              assertFalse(h.text().matches(".*[\\^_]\\(.*"), where);
              assertEquals(scripts(t.html().get(r - 1).get(c)), h.select("sup, sub").size(), where);
            }
          }
        }
      }
    }
    assertTrue(mathCells >= 20, "math cells compared: " + mathCells);
  }

  /** The radians row of the spec: no stray emphasis in md, no backslash in html, the subscript whole. */
  @Test
  void theRadiansConstantIsASubscriptEverywhere() {
    PublishedTable glsl = catalog.stream().filter(t -> t.html().stream().flatMap(List::stream)
        .anyMatch(c -> c.contains("C_{\\pi\\_180}"))).findFirst().orElseThrow();
    int row = 0;
    while (!glsl.html().get(row).get(1).contains("C_{\\pi\\_180}")) {
      row++;
    }
    Element md = markdownCells(glsl).get(row + 1).get(1);
    Element html = htmlCells(glsl).get(row + 1).get(1);
    for (Element e : List.of(md, html)) {
      assertTrue(e.select("em, strong").isEmpty(), e.html());
      assertFalse(e.text().contains("\\"), e.html());
      assertEquals(List.of("π_180", "π_180"), texts(e, "sub"), e.html());
    }
    assertFalse(glsl.rows().get(row).get(1).contains("\\"), glsl.rows().get(row).get(1));
  }

  /** The number of {@code ^} and {@code _} scripts in the LaTeX spans of a cell ({@code \_} is a character). */
  private static int scripts(String html) {
    int n = 0;
    Matcher m = Pattern.compile("\\\\\\((.*?)\\\\\\)").matcher(Jsoup.parseBodyFragment(html).text());
    while (m.find()) {
      String tex = m.group(1);
      for (int i = 0; i < tex.length(); i++) {
        char ch = tex.charAt(i);
        if (ch == '\\') {
          i++;
        } else if (ch == '^' || ch == '_') {
          n++;
        }
      }
    }
    return n;
  }

  private static List<String> texts(Element e, String css) {
    return e.select(css).stream().map(Element::text).toList();
  }

  /** Header and body cells of the Markdown of {@code t}, rendered by CommonMark with GFM tables. */
  private static List<List<Element>> markdownCells(PublishedTable t) {
    String md = MarkdownPublisher.render(List.of(t));
    String html = HtmlRenderer.builder().extensions(GFM).build().render(Parser.builder().extensions(GFM).build().parse(md));
    return cells(Jsoup.parse(html).selectFirst("table"));
  }

  private static List<List<Element>> htmlCells(PublishedTable t) {
    return cells(Jsoup.parse(HtmlPublisher.render(List.of(t))).selectFirst("table"));
  }

  private static List<List<Element>> cells(Element table) {
    List<List<Element>> out = new ArrayList<>();
    for (Element tr : table.select("tr")) {
      out.add(new ArrayList<>(tr.select("> th, > td")));
    }
    return out;
  }

  /** The csv cells of {@code t}'s rows (its own file, after the condition column). */
  private static List<List<String>> csvCells(PublishedTable t) {
    List<List<String>> records = PublishersTest.parseCsv(CsvPublisher.render(List.of(t)));
    return records.subList(1, records.size()).stream().map(r -> r.subList(1, r.size())).toList();
  }

  /** Superscript and subscript characters back to ASCII. */
  private static String ascii(String text) {
    StringBuilder out = new StringBuilder();
    for (char ch : text.toCharArray()) {
      int sup = SUPERSCRIPTS.indexOf(ch);
      int sub = SUBSCRIPTS.indexOf(ch);
      out.append(sup >= 0 ? ASCII_SUP.charAt(sup) : sub >= 0 ? ASCII_SUB.charAt(sub) : ch);
    }
    return out.toString();
  }

  /** Letters, digits and decimal points, in order: what every rendering must keep. */
  private static String words(String text) {
    return text.replaceAll("[^\\p{L}\\p{N}.]", "");
  }
}
