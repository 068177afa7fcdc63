package dev.vkrules.generator.extract;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Turns the HTML AsciidoctorJ renders into plain text: tags dropped, entities decoded, spaces collapsed. */
public final class HtmlText {
  private static final Pattern TAG = Pattern.compile("<[^>]*>");
  private static final Pattern ENTITY = Pattern.compile("&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);");
  private static final Pattern SPACE = Pattern.compile("\\s+");
  private static final Map<String, String> NAMED = Map.of(
      "lt", "<", "gt", ">", "amp", "&", "quot", "\"", "apos", "'", "nbsp", "\u00a0");

  private HtmlText() {}

  /** Plain text of an HTML fragment, on one line. */
  public static String plain(String html) {
    String noTags = TAG.matcher(html).replaceAll("");
    Matcher m = ENTITY.matcher(noTags);
    StringBuilder sb = new StringBuilder();
    while (m.find()) {
      String e = m.group(1);
      String decoded;
      if (e.startsWith("#x")) {
        decoded = Character.toString(Integer.parseInt(e.substring(2), 16));
      } else if (e.startsWith("#")) {
        decoded = Character.toString(Integer.parseInt(e.substring(1)));
      } else {
        decoded = NAMED.getOrDefault(e, m.group());
      }
      m.appendReplacement(sb, Matcher.quoteReplacement(decoded));
    }
    m.appendTail(sb);
    // A no-break space is layout, not content: plain text keeps ordinary spaces only.
    return SPACE.matcher(sb.toString().replace('\u00a0', ' ')).replaceAll(" ").strip();
  }
}
