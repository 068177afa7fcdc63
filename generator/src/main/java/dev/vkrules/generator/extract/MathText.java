package dev.vkrules.generator.extract;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The spec's inline LaTeX ({@code \(...\)}, what {@code latexmath:[...]} renders to) as
 * readable text: commands as their symbols ({@code \times} is ×), {@code ^{...}} and
 * {@code _{...}} as Unicode superscripts and subscripts where every character has one, and
 * as {@code ^(...)} / {@code _(...)} otherwise, so nothing is lost.
 */
public final class MathText {
  private static final Pattern INLINE = Pattern.compile("\\\\\\((.*?)\\\\\\)");
  private static final Pattern COMMAND = Pattern.compile("\\\\([a-zA-Z]+)");
  private static final Pattern SCRIPT = Pattern.compile("([\\^_])(\\{([^{}]*)\\}|([^{\\s\\\\]))");
  private static final Pattern FRAC = Pattern.compile("\\\\frac\\{([^{}]*)\\}\\{([^{}]*)\\}");
  private static final Pattern SQRT = Pattern.compile("\\\\sqrt\\{([^{}]*)\\}");
  private static final Pattern GROUPING = Pattern.compile("\\\\(?:mathrm|text|mathit|mathbf|operatorname)\\{([^{}]*)\\}");

  private static final Map<String, String> SYMBOLS = Map.ofEntries(
      Map.entry("times", "×"), Map.entry("cdot", "⋅"), Map.entry("sum", "Σ"), Map.entry("prod", "Π"),
      Map.entry("pi", "π"), Map.entry("infty", "∞"), Map.entry("leq", "≤"), Map.entry("le", "≤"),
      Map.entry("geq", "≥"), Map.entry("ge", "≥"), Map.entry("neq", "≠"), Map.entry("pm", "±"),
      Map.entry("lvert", "|"), Map.entry("rvert", "|"), Map.entry("vert", "|"), Map.entry("lfloor", "⌊"),
      Map.entry("rfloor", "⌋"), Map.entry("lceil", "⌈"), Map.entry("rceil", "⌉"), Map.entry("approx", "≈"),
      Map.entry("log", "log"), Map.entry("exp", "exp"), Map.entry("sin", "sin"), Map.entry("cos", "cos"),
      Map.entry("tan", "tan"), Map.entry("min", "min"), Map.entry("max", "max"), Map.entry("in", "∈"),
      Map.entry("left", ""), Map.entry("right", ""), Map.entry("quad", " "), Map.entry("lt", "<"),
      Map.entry("gt", ">"));

  private static final String SUP_FROM = "0123456789+-=()ni";
  private static final String SUP_TO = "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁿⁱ";
  private static final String SUB_FROM = "0123456789+-=()aeijoruvx";
  private static final String SUB_TO = "₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₐₑᵢⱼₒᵣᵤᵥₓ";

  private MathText() {}

  /** Replaces every {@code \(...\)} span of {@code text} with its readable form. */
  public static String inline(String text) {
    Matcher m = INLINE.matcher(text);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      m.appendReplacement(out, Matcher.quoteReplacement(latex(m.group(1))));
    }
    m.appendTail(out);
    return out.toString();
  }

  /** One LaTeX expression as text. */
  static String latex(String tex) {
    String s = tex.replace("\\,", " ").replace("\\;", " ").replace("\\!", "").replace("\\{", "{").replace("\\}", "}");
    s = replaceAll(GROUPING, s, m -> m.group(1));
    s = replaceAll(FRAC, s, m -> "(" + m.group(1) + ")/(" + m.group(2) + ")");
    s = replaceAll(SQRT, s, m -> "√(" + m.group(1) + ")");
    s = replaceAll(COMMAND, s, m -> SYMBOLS.getOrDefault(m.group(1), m.group(1)));
    s = replaceAll(SCRIPT, s, m -> {
      String body = m.group(3) != null ? m.group(3) : m.group(4);
      return m.group(1).equals("^") ? superscript(body) : subscript(body);
    });
    return s.replaceAll("\\s+", " ").strip();
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

  private static String replaceAll(Pattern p, String s, java.util.function.Function<Matcher, String> f) {
    Matcher m = p.matcher(s);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      m.appendReplacement(out, Matcher.quoteReplacement(f.apply(m)));
    }
    m.appendTail(out);
    return out.toString();
  }
}
