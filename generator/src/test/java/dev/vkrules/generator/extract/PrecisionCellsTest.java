package dev.vkrules.generator.extract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every cell of the precision tables, extracted from the 1.3.239 fixture (which carries the
 * spec's attribs.adoc), against its AsciiDoc source: the same words and numbers in the same
 * order, each superscript of the source still a superscript, every attribute resolved, no
 * markup or LaTeX left over. The expectation comes from the cell's source, not from typing.
 */
class PrecisionCellsTest {
  private static final Path FIXTURE = Extraction.root().resolve("generator/src/test/fixtures/vulkan-1.3.239");
  private static final Pattern SOURCE_SUPERSCRIPT = Pattern.compile("\\^(\\{[^}]*\\}|[^\\s^{][^\\s^]*\\^|[^\\s{\\\\])");
  private static final String SUPERSCRIPTS = "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁿⁱ";
  private static final String SUBSCRIPTS = "₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₐₑᵢⱼₒᵣᵤᵥₓ";
  private static final String ASCII_SUP = "0123456789+-=()ni";
  private static final String ASCII_SUB = "0123456789+-=()aeijoruvx";

  private static List<SpecTable.Cell> cells;
  private static Map<String, String> attributes;

  @BeforeAll
  static void extractFixture() throws IOException {
    cells = new ArrayList<>();
    for (SpecTable t : Extraction.extractor().extractFrom(FIXTURE).tables()) {
      if (t.key().startsWith("precision")) {
        t.rows().forEach(cells::addAll);
      }
    }
    attributes = new TreeMap<>();
    Matcher m = Pattern.compile("(?m)^:([\\w-]+):\\s*(.*)$")
        .matcher(Files.readString(FIXTURE.resolve(SpecContext.SPEC).resolve(SpecContext.ATTRIBS)));
    while (m.find()) {
      attributes.put(m.group(1), m.group(2));
    }
  }

  @Test
  void theFixtureHasPrecisionTablesWithMarkup() {
    assertTrue(cells.stream().anyMatch(c -> c.asciidoc().contains("^")), "superscripts in the source");
    assertTrue(cells.stream().anyMatch(c -> c.asciidoc().matches("(?s).*\\{[a-z]+}.*")), "attributes in the source");
  }

  @Test
  void everyCellSaysWhatItsSourceSays() {
    for (SpecTable.Cell cell : cells) {
      String published = cell.text();
      String where = cell.asciidoc() + " -> " + published;
      assertEquals(words(source(cell.asciidoc())), words(ascii(published)), where);
      assertFalse(published.matches("(?s).*(\\\\\\(|latexmath:|code:|\\{[a-z]+}|\\^\\^|#).*"), where);
    }
  }

  @Test
  void everySuperscriptStaysASuperscript() {
    for (SpecTable.Cell cell : cells) {
      long expected = SOURCE_SUPERSCRIPT.matcher(cell.asciidoc()).results().count();
      long runs = Pattern.compile("[" + SUPERSCRIPTS + "]+|\\^\\(").matcher(cell.text()).results().count();
      assertEquals(expected, runs, cell.asciidoc() + " -> " + cell.text());
    }
  }

  /** The source's words: attributes resolved, LaTeX command names and markup characters dropped. */
  private static String source(String asciidoc) {
    String s = asciidoc;
    for (Map.Entry<String, String> a : attributes.entrySet()) {
      s = s.replace("{" + a.getKey() + "}", a.getValue());
    }
    return s.replaceAll("\\[[a-z.]+\\]#", "").replaceAll("\\b(code|latexmath|stem|pass):", "")
        // LaTeX prints its operator commands (\sin, \log, ...) as their names; other commands are symbols.
        .replaceAll("\\\\(arccos|arcsin|arctan|arg|cosh|cos|coth|cot|csc|deg|det|dim|exp|gcd|hom|inf|ker|lg|lim|ln|log|max|min|Pr|sec|sinh|sin|sup|tanh|tan)\\b", " $1 ").replaceAll("\\\\[a-zA-Z]+", " ");
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

  /** Letters, digits and decimal points, in order: what must survive any rendering. */
  private static String words(String text) {
    return text.replaceAll("[^A-Za-z0-9.]", "");
  }
}
