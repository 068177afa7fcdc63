package dev.vkrules.generator.tables;

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
 * paragraphs become line breaks, and inline LaTeX becomes readable text.
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
    for (TextNode t : clean.body().textNodes()) {
      t.text(MathText.inline(t.getWholeText()));
    }
    for (Element e : clean.body().getAllElements()) {
      for (TextNode t : e.textNodes()) {
        t.text(MathText.inline(t.getWholeText()));
      }
    }
    clean.outputSettings().prettyPrint(false);
    return clean.body().html().strip();
  }
}
