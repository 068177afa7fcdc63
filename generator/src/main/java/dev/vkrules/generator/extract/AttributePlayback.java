package dev.vkrules.generator.extract;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.asciidoctor.ast.Document;

/**
 * Replays the body's attribute entries ({@code :refpage: X}) onto the document up to a line.
 *
 * <p>Asciidoctor applies body attribute entries only while converting the whole document in
 * order; vkrules renders single nodes (a list item, a table) instead, so it plays the entries
 * back itself before rendering each node. Values get the substitutions Asciidoctor gives an
 * attribute entry: special characters, then attribute references (not recursive; a missing
 * reference stays as written).
 */
final class AttributePlayback {
  private static final Pattern REFERENCE = Pattern.compile("\\{([\\w][\\w-]*)\\}");
  /** Asciidoctor's intrinsic attributes, which it resolves without storing them on the document. */
  private static final Map<String, String> INTRINSIC = Map.ofEntries(
      Map.entry("startsb", "["), Map.entry("endsb", "]"), Map.entry("vbar", "|"), Map.entry("caret", "^"),
      Map.entry("asterisk", "*"), Map.entry("tilde", "~"), Map.entry("plus", "&#43;"),
      Map.entry("backslash", "\\"), Map.entry("backtick", "`"), Map.entry("blank", ""), Map.entry("empty", ""),
      Map.entry("sp", " "), Map.entry("two-colons", "::"), Map.entry("two-semicolons", ";;"),
      Map.entry("nbsp", "&#160;"), Map.entry("deg", "&#176;"), Map.entry("zwsp", "&#8203;"),
      Map.entry("quot", "&#34;"), Map.entry("apos", "&#39;"), Map.entry("lsquo", "&#8216;"),
      Map.entry("rsquo", "&#8217;"), Map.entry("ldquo", "&#8220;"), Map.entry("rdquo", "&#8221;"),
      Map.entry("wj", "&#8288;"), Map.entry("brvbar", "&#166;"), Map.entry("pp", "&#43;&#43;"),
      Map.entry("cpp", "C&#43;&#43;"), Map.entry("cxx", "C&#43;&#43;"), Map.entry("amp", "&"),
      Map.entry("lt", "<"), Map.entry("gt", ">"));

  private final Document document;
  private final List<ScannedSource.AttributeEntry> entries;
  private final Map<String, String> values = new HashMap<>();
  private int next;

  AttributePlayback(Document document, List<ScannedSource.AttributeEntry> entries) {
    this.document = document;
    this.entries = entries;
  }

  /** Applies every entry before {@code line}; lines must not decrease between calls. */
  void advanceTo(int line) {
    while (next < entries.size() && entries.get(next).line() < line) {
      ScannedSource.AttributeEntry entry = entries.get(next++);
      if (entry.value() == null) {
        values.remove(entry.name());
        document.getAttributes().remove(entry.name());
      } else {
        String value = substitute(escape(entry.value()));
        values.put(entry.name(), value);
        document.setAttribute(entry.name(), value, true);
      }
    }
  }

  /** {@code text} with {@code {name}} references replaced by current values; null when one is missing. */
  String resolve(String text) {
    Matcher m = REFERENCE.matcher(text);
    StringBuilder sb = new StringBuilder();
    while (m.find()) {
      String value = value(m.group(1));
      if (value == null) {
        return null;
      }
      m.appendReplacement(sb, Matcher.quoteReplacement(value));
    }
    m.appendTail(sb);
    return sb.toString();
  }

  private String substitute(String text) {
    Matcher m = REFERENCE.matcher(text);
    StringBuilder sb = new StringBuilder();
    while (m.find()) {
      String value = value(m.group(1));
      m.appendReplacement(sb, Matcher.quoteReplacement(value == null ? m.group() : value));
    }
    m.appendTail(sb);
    return sb.toString();
  }

  /** A value set by an entry, else one Asciidoctor defines itself ({@code nbsp}, {@code empty}). */
  private String value(String name) {
    String value = values.get(name);
    if (value == null) {
      Object intrinsic = document.getAttribute(name);
      value = intrinsic == null ? INTRINSIC.get(name) : intrinsic.toString();
    }
    return value;
  }

  private static String escape(String s) {
    return HtmlText.escape(s);
  }
}
