package dev.vkrules.generator.extract;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The spec's inline LaTeX ({@code \(...\)}, what {@code latexmath:[...]} renders to), parsed once
 * into a small tree (text, superscript, subscript, fraction, square root) and written three ways
 * from that one tree, so every published format says the same thing:
 *
 * <ul>
 *   <li>{@link #plain}: Unicode text (csv, json {@code rows}, the extracted {@code text}):
 *       superscripts and subscripts as Unicode characters where every character has one, as
 *       {@code ^(...)} / {@code _(...)} otherwise;
 *   <li>{@link #html}: escaped text with real {@code <sup>}/{@code <sub>} elements;
 *   <li>{@link #markdown}: the same {@code <sup>}/{@code <sub>} (inline HTML, which GitHub and
 *       CommonMark render) around Markdown-escaped text, so no character of the formula is read
 *       as emphasis, a link or a table cell boundary.
 * </ul>
 *
 * Commands become their symbols ({@code \times} is ×), operator names their names ({@code \sin}
 * is sin), escaped characters themselves ({@code \_} is _); a fraction is {@code a/b}, with
 * parentheses around a part that is not a single term. An unknown command keeps its name.
 */
public final class MathText {
  private static final Pattern INLINE = Pattern.compile("\\\\\\((.*?)\\\\\\)", Pattern.DOTALL);

  private static final Map<String, String> SYMBOLS = Map.ofEntries(
      Map.entry("times", "×"), Map.entry("cdot", "⋅"), Map.entry("sum", "Σ"), Map.entry("prod", "Π"),
      Map.entry("pi", "π"), Map.entry("infty", "∞"), Map.entry("leq", "≤"), Map.entry("le", "≤"),
      Map.entry("geq", "≥"), Map.entry("ge", "≥"), Map.entry("neq", "≠"), Map.entry("ne", "≠"), Map.entry("pm", "±"),
      Map.entry("lvert", "|"), Map.entry("rvert", "|"), Map.entry("vert", "|"), Map.entry("lfloor", "⌊"),
      Map.entry("rfloor", "⌋"), Map.entry("lceil", "⌈"), Map.entry("rceil", "⌉"), Map.entry("approx", "≈"),
      Map.entry("in", "∈"), Map.entry("lt", "<"), Map.entry("gt", ">"), Map.entry("div", "÷"),
      Map.entry("alpha", "α"), Map.entry("beta", "β"), Map.entry("gamma", "γ"), Map.entry("delta", "δ"),
      Map.entry("epsilon", "ε"), Map.entry("theta", "θ"), Map.entry("lambda", "λ"), Map.entry("mu", "μ"),
      Map.entry("sigma", "σ"), Map.entry("infin", "∞"), Map.entry("to", "→"), Map.entry("rightarrow", "→"),
      Map.entry("ldots", "…"), Map.entry("cdots", "⋯"), Map.entry("lbrace", "{"), Map.entry("rbrace", "}"),
      Map.entry("quad", " "), Map.entry("qquad", " "), Map.entry("left", ""), Map.entry("right", ""),
      Map.entry("displaystyle", ""), Map.entry("textstyle", ""));

  /** Commands whose one argument is printed as it is (a change of font). */
  private static final java.util.Set<String> FONTS = java.util.Set.of("mathrm", "text", "mathit", "mathbf", "operatorname",
      "textrm", "mathsf", "mathtt", "textit", "textbf", "mbox");

  private static final String SUP_FROM = "0123456789+-=()ni";
  private static final String SUP_TO = "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁿⁱ";
  private static final String SUB_FROM = "0123456789+-=()aeijoruvx";
  private static final String SUB_TO = "₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₐₑᵢⱼₒᵣᵤᵥₓ";

  /** One part of a formula. */
  public sealed interface Part permits Text, Script, Frac, Sqrt {}

  /** Characters as printed (symbols already substituted). */
  public record Text(String text) implements Part {}

  /** A superscript ({@code up}) or subscript of the text before it. */
  public record Script(boolean up, List<Part> body) implements Part {}

  /** {@code \frac{num}{den}}. */
  public record Frac(List<Part> num, List<Part> den) implements Part {}

  /** {@code \sqrt{body}}. */
  public record Sqrt(List<Part> body) implements Part {}

  /** Where a formula is written. */
  private enum Medium { PLAIN, HTML, MARKDOWN }

  private MathText() {}

  /** Replaces every {@code \(...\)} span of {@code text} with its Unicode text. */
  public static String inline(String text) {
    return replaceAll(INLINE, text, m -> plain(m.group(1)));
  }

  /** The {@code \(...\)} spans of {@code text} as HTML, the text around them escaped with {@code escapeText}. */
  public static String inlineHtml(String text, Function<String, String> escapeText) {
    return spans(text, escapeText, MathText::html);
  }

  /** The {@code \(...\)} spans of {@code text} as Markdown, the text around them escaped with {@code escapeText}. */
  public static String inlineMarkdown(String text, Function<String, String> escapeText) {
    return spans(text, escapeText, MathText::markdown);
  }

  /** Whether {@code text} holds a {@code \(...\)} span. */
  public static boolean hasMath(String text) {
    return INLINE.matcher(text).find();
  }

  private static String spans(String text, Function<String, String> escapeText, Function<String, String> math) {
    Matcher m = INLINE.matcher(text);
    StringBuilder out = new StringBuilder();
    int at = 0;
    while (m.find()) {
      out.append(escapeText.apply(text.substring(at, m.start()))).append(math.apply(m.group(1)));
      at = m.end();
    }
    return out.append(escapeText.apply(text.substring(at))).toString();
  }

  /** One LaTeX expression as Unicode text. */
  public static String plain(String tex) {
    return collapse(write(parse(tex), Medium.PLAIN));
  }

  /** One LaTeX expression as HTML: escaped text, {@code <sup>} and {@code <sub>}. */
  public static String html(String tex) {
    return collapse(write(parse(tex), Medium.HTML));
  }

  /** One LaTeX expression as Markdown: escaped text, {@code <sup>} and {@code <sub>} as inline HTML. */
  public static String markdown(String tex) {
    return collapse(write(parse(tex), Medium.MARKDOWN));
  }

  /** Unicode superscript of {@code s} when every character has one, else {@code ^(s)}. */
  public static String superscript(String s) {
    String mapped = map(s.replace(" ", ""), SUP_FROM, SUP_TO);
    return mapped != null ? mapped : "^(" + s + ")";
  }

  /** Unicode subscript of {@code s} when every character has one, else {@code _(s)}. */
  public static String subscript(String s) {
    String mapped = map(s.replace(" ", ""), SUB_FROM, SUB_TO);
    return mapped != null ? mapped : "_(" + s + ")";
  }

  // ---- parsing -------------------------------------------------------------------------------

  /** Parses a LaTeX expression; never fails (an unbalanced brace ends or is ignored). */
  public static List<Part> parse(String tex) {
    Parser p = new Parser(tex);
    List<Part> parts = p.sequence(false);
    return parts;
  }

  private static final class Parser {
    private final String s;
    private int at;

    Parser(String s) {
      this.s = s;
    }

    /** Parts up to the end, or up to the closing brace of a group ({@code inGroup}), which it consumes. */
    List<Part> sequence(boolean inGroup) {
      List<Part> out = new ArrayList<>();
      while (at < s.length()) {
        char c = s.charAt(at);
        if (c == '}') {
          at++;
          if (inGroup) {
            return out;
          }
          continue;  // unbalanced: ignored
        }
        if (c == '{') {
          at++;
          out.addAll(sequence(true));
        } else if (c == '^' || c == '_') {
          at++;
          out.add(new Script(c == '^', argument()));
        } else if (c == '\\') {
          out.addAll(command());
        } else if (Character.isWhitespace(c)) {
          while (at < s.length() && Character.isWhitespace(s.charAt(at))) {
            at++;
          }
          text(out, " ");
        } else {
          at++;
          text(out, String.valueOf(c));
        }
      }
      return out;
    }

    /** The argument of a script or command: a group, one command, or one character. */
    List<Part> argument() {
      while (at < s.length() && Character.isWhitespace(s.charAt(at))) {
        at++;
      }
      if (at >= s.length()) {
        return List.of();
      }
      char c = s.charAt(at);
      if (c == '{') {
        at++;
        return sequence(true);
      }
      if (c == '\\') {
        return command();
      }
      if (c == '}') {
        return List.of();
      }
      at++;
      return List.of(new Text(String.valueOf(c)));
    }

    /** A command at {@code at} (the backslash). */
    List<Part> command() {
      at++;  // backslash
      if (at >= s.length()) {
        return List.of(new Text("\\"));
      }
      char c = s.charAt(at);
      if (!Character.isLetter(c)) {
        at++;
        return switch (c) {
          case ',', ';', ':', ' ' -> List.of(new Text(" "));
          case '!' -> List.of();
          case '\\' -> List.of(new Text(" "));
          default -> List.of(new Text(String.valueOf(c)));  // \_ \{ \} \% \& \# \$ \|
        };
      }
      int start = at;
      while (at < s.length() && Character.isLetter(s.charAt(at))) {
        at++;
      }
      String name = s.substring(start, at);
      if (name.equals("frac") || name.equals("dfrac") || name.equals("tfrac")) {
        List<Part> num = argument();
        return List.of(new Frac(num, argument()));
      }
      if (name.equals("sqrt")) {
        return List.of(new Sqrt(argument()));
      }
      if (FONTS.contains(name)) {
        return argument();
      }
      if (SYMBOLS.containsKey(name)) {
        return List.of(new Text(SYMBOLS.get(name)));
      }
      return List.of(new Text(name));  // operator names (sin, log) and unknown commands: the name
    }

    private static void text(List<Part> out, String t) {
      if (!out.isEmpty() && out.get(out.size() - 1) instanceof Text prev) {
        out.set(out.size() - 1, new Text(prev.text() + t));
      } else {
        out.add(new Text(t));
      }
    }
  }

  // ---- writing -------------------------------------------------------------------------------

  private static String write(List<Part> parts, Medium medium) {
    StringBuilder out = new StringBuilder();
    for (Part p : parts) {
      if (p instanceof Text t) {
        out.append(escape(t.text(), medium));
      } else if (p instanceof Script sc) {
        if (medium == Medium.PLAIN) {
          String body = collapse(write(sc.body(), Medium.PLAIN));
          out.append(sc.up() ? superscript(body) : subscript(body));
        } else {
          String tag = sc.up() ? "sup" : "sub";
          out.append('<').append(tag).append('>').append(collapse(write(sc.body(), medium)))
              .append("</").append(tag).append('>');
        }
      } else if (p instanceof Frac f) {
        out.append(term(f.num(), medium)).append('/').append(term(f.den(), medium));
      } else if (p instanceof Sqrt r) {
        out.append('√').append(term(r.body(), medium));
      }
    }
    return out.toString();
  }

  /** A fraction's part or a root's body: in parentheses unless it is one term. */
  private static String term(List<Part> parts, Medium medium) {
    String written = collapse(write(parts, medium));
    String plain = collapse(write(parts, Medium.PLAIN));
    boolean single = !plain.isEmpty() && plain.chars().noneMatch(ch -> Character.isWhitespace(ch) || "+-−×⋅/÷=<>≤≥±,".indexOf(ch) >= 0);
    return single ? written : "(" + written + ")";
  }

  private static String escape(String text, Medium medium) {
    return switch (medium) {
      case PLAIN -> text;
      case HTML -> HtmlText.escape(text);
      case MARKDOWN -> markdownEscape(text);
    };
  }

  /**
   * Text for a Markdown table cell: every ASCII punctuation character that Markdown or a GFM
   * table can read as syntax is backslash-escaped (CommonMark: any ASCII punctuation may be),
   * {@code <} and {@code >} too, so the formula is never emphasis, a link, HTML or a cell boundary.
   */
  public static String markdownEscape(String text) {
    StringBuilder out = new StringBuilder(text.length());
    for (char c : text.toCharArray()) {
      if ("\\`*_[]<>|~&".indexOf(c) >= 0) {
        out.append('\\');
      }
      out.append(c);
    }
    return out.toString();
  }

  private static String collapse(String s) {
    return s.replaceAll("\\s+", " ").strip();
  }

  private static String map(String s, String from, String to) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < s.length(); i++) {
      int k = from.indexOf(s.charAt(i));
      if (k < 0) {
        return null;
      }
      out.append(to.charAt(k));
    }
    return out.toString();
  }

  private static String replaceAll(Pattern p, String s, Function<Matcher, String> f) {
    Matcher m = p.matcher(s);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      m.appendReplacement(out, Matcher.quoteReplacement(f.apply(m)));
    }
    m.appendTail(out);
    return out.toString();
  }
}
