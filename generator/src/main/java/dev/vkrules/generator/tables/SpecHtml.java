package dev.vkrules.generator.tables;

import dev.vkrules.generator.extract.HtmlText;
import dev.vkrules.generator.extract.MathText;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.TextNode;
import org.jsoup.safety.Cleaner;
import org.jsoup.safety.Safelist;

/**
 * A table cell as the spec renders it, made safe for the published page: only inline
 * formatting survives (code, emphasis, superscripts, subscripts, line breaks), AsciiDoc's
 * paragraphs become line breaks, and inline LaTeX becomes text with real {@code <sup>}/{@code <sub>}.
 */
final class SpecHtml {
  private static final Safelist INLINE = new Safelist().addTags("code", "em", "strong", "sup", "sub", "br", "span");

  private SpecHtml() {}

  static String cell(String html) {
    Document dirty = Jsoup.parseBodyFragment(html);
    // Paragraphs of an AsciiDoc-style cell: keep them apart as lines.
    for (Element p : dirty.body().select("p, div.paragraph + div.paragraph")) {
      if (p.nextElementSibling() != null) {
        p.after("<br>");
      }
    }
    Document clean = new Cleaner(INLINE).clean(dirty);
    // Math: the formula's own <sup>/<sub> (MathText.html, the tree md and csv are written from)
    for (TextNode t : clean.body().select("*").textNodes()) {
      if (MathText.hasMath(t.getWholeText())) {
        t.before(MathText.inlineHtml(t.getWholeText(), HtmlText::escape));
        t.remove();
      }
    }
    clean.outputSettings().prettyPrint(false);
    return clean.body().html().strip();
  }
}
