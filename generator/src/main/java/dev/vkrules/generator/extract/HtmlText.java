package dev.vkrules.generator.extract;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Entities;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;

/**
 * Text of the HTML AsciidoctorJ renders, read with jsoup: {@link #plain} for the spec's
 * sentences (tags dropped, entities decoded, spaces collapsed), {@link #rendered} for table
 * cells, which keep what the markup means: superscripts and subscripts as Unicode characters
 * (2<sup>-126</sup> is 2⁻¹²⁶) and LaTeX math as readable text ({@link MathText}).
 */
public final class HtmlText {
  private HtmlText() {}

  /** Plain text of an HTML fragment, on one line. */
  public static String plain(String html) {
    // A no-break space is layout, not content: plain text keeps ordinary spaces only.
    return Jsoup.parseBodyFragment(html).body().text().replace('\u00a0', ' ').replaceAll("\\s+", " ").strip();
  }

  /** Text of a table cell as the spec shows it: superscripts, subscripts and math kept readable. */
  public static String rendered(String html) {
    StringBuilder out = new StringBuilder();
    append(Jsoup.parseBodyFragment(html).body(), out);
    String text = out.toString().replace('\u00a0', ' ').replaceAll("\\s+", " ").strip();
    return MathText.inline(text);
  }

  private static void append(Node node, StringBuilder out) {
    for (Node child : node.childNodes()) {
      if (child instanceof TextNode t) {
        out.append(t.getWholeText());
      } else if (child instanceof Element e) {
        switch (e.normalName()) {
          case "sup" -> out.append(MathText.superscript(e.text()));
          case "sub" -> out.append(MathText.subscript(e.text()));
          case "br" -> out.append(' ');
          default -> {
            if (e.isBlock() && !out.isEmpty()) {
              out.append(' ');
            }
            append(e, out);
          }
        }
      }
    }
  }

  /** The project's one HTML escaper (jsoup's): text for an element or a double-quoted attribute. */
  public static String escape(String text) {
    return Entities.escape(text);
  }
}
