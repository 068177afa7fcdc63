package dev.vkrules.generator.extract;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Resolves, in HTML AsciidoctorJ rendered, what only the rest of the spec defines: document
 * attributes left as {@code {name}} (the appendix is parsed without the spec's attributes, so
 * the text as written stays available) and cross-references Asciidoctor could not resolve,
 * which it renders as {@code <a href="#id">[id]</a>}. Values and titles are rendered once, by
 * {@code render}, and substituted where they occur.
 */
final class References {
  private static final Pattern ATTRIBUTE = Pattern.compile("\\{([\\w][\\w-]*)\\}");
  private static final Pattern STEM = Pattern.compile("\\\\\\((?s:.*?)\\\\\\)|\\\\\\[(?s:.*?)\\\\\\]");
  private static final Pattern UNRESOLVED_XREF = Pattern.compile("<a href=\"#([^\"]+)\">\\[\\1\\]</a>");

  private final SpecContext context;
  private final UnaryOperator<String> render;
  private final Map<String, String> renderedAttributes = new HashMap<>();
  private final Map<String, String> renderedTitles = new HashMap<>();
  private final Set<String> missingAttributes = new TreeSet<>();
  private final Set<String> missingTitles = new TreeSet<>();

  References(SpecContext context, UnaryOperator<String> render) {
    this.context = context;
    this.render = render;
  }

  /** {@code html} with the spec's attributes and section titles resolved. */
  String expand(String html) {
    return xrefs(attributes(html));
  }

  /** {@code html} with section titles resolved, attributes as written. */
  String xrefs(String html) {
    Matcher m = UNRESOLVED_XREF.matcher(html);
    StringBuilder sb = new StringBuilder();
    while (m.find()) {
      String id = m.group(1);
      String title = context.titles().get(id);
      String text;
      if (title == null || title.isEmpty()) {
        if (title == null) {
          missingTitles.add(id);
        }
        text = "[" + id + "]";
      } else {
        text = renderedTitles.computeIfAbsent(id, k -> render.apply(title));
      }
      m.appendReplacement(sb, Matcher.quoteReplacement("<a href=\"#" + id + "\">" + text + "</a>"));
    }
    m.appendTail(sb);
    return sb.toString();
  }

  private String attributes(String html) {
    // Braces inside stem (latexmath) are TeX groups, not attributes: Asciidoctor passes stem
    // content through untouched, so only the text between stem spans is substituted.
    Matcher stem = STEM.matcher(html);
    StringBuilder out = new StringBuilder();
    int at = 0;
    while (stem.find()) {
      out.append(attributesOutsideStem(html.substring(at, stem.start()))).append(stem.group());
      at = stem.end();
    }
    return out.append(attributesOutsideStem(html.substring(at))).toString();
  }

  private String attributesOutsideStem(String html) {
    Matcher m = ATTRIBUTE.matcher(html);
    StringBuilder sb = new StringBuilder();
    while (m.find()) {
      String name = m.group(1);
      String value = context.attributes().get(name);
      if (value == null) {
        missingAttributes.add(name);
        m.appendReplacement(sb, Matcher.quoteReplacement(m.group()));
      } else {
        m.appendReplacement(sb, Matcher.quoteReplacement(renderedAttributes.computeIfAbsent(name, k -> render.apply(value))));
      }
    }
    m.appendTail(sb);
    return sb.toString();
  }

  /** Attributes used in VUID text that no definition resolved, sorted. */
  Set<String> missingAttributes() {
    return missingAttributes;
  }

  /** Cross-reference targets no title was found for, sorted. */
  Set<String> missingTitles() {
    return missingTitles;
  }
}
