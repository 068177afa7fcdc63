package dev.vkrules.generator.rules;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Readable PascalCase names for VUIDs (SARIF's {@code rule.name}), made from the spec's words.
 *
 * <p>The sentence is the rule's {@code message} (one sentence in the spec's words) or, for a
 * rule without one, the first sentence of its text. The name is its subject and its verb phrase:
 * up to {@value #SUBJECT_WORDS} content words before the first "must" (after the last comma of a
 * leading "If ..., " or "When ..., " clause), then "Must", then up to {@value #PREDICATE_WORDS}
 * words after it ("not" and "be" kept). Articles, prepositions and conjunctions are dropped;
 * each word keeps its inner capitals ({@code OpTypeImage}, {@code maxMeshOutputVertices} becomes
 * {@code MaxMeshOutputVertices}). Names two VUIDs would share get the VUID's last part appended,
 * so every name is unique. Same input, same names: the order of the input does not matter.
 */
public final class RuleNames {
  static final int SUBJECT_WORDS = 5;
  static final int PREDICATE_WORDS = 4;

  private static final Set<String> STOP = Set.of("a", "an", "the", "of", "its", "their", "this", "that", "these",
      "those", "any", "each", "every", "and", "or", "in", "to", "by", "with", "for", "on", "as", "is", "are", "be",
      "it", "which", "from", "at", "than", "into", "only", "also", "then");

  private RuleNames() {}

  /** VUID to name for every VUID of {@code sentences} (VUID to its sentence), unique. */
  public static Map<String, String> names(Map<String, String> sentences) {
    Map<String, String> raw = new TreeMap<>();
    Map<String, Integer> uses = new HashMap<>();
    sentences.forEach((vuid, sentence) -> {
      String n = name(sentence);
      raw.put(vuid, n);
      uses.merge(n, 1, Integer::sum);
    });
    Map<String, String> out = new TreeMap<>();
    raw.forEach((vuid, n) -> out.put(vuid, uses.get(n) > 1 ? n + suffix(vuid) : n));
    return out;
  }

  /** {@code VUID-StandaloneSpirv-Flat-04744}: {@code 04744}; {@code ...-flags-zerobitmask}: {@code Zerobitmask}. */
  private static String suffix(String vuid) {
    String last = vuid.substring(vuid.lastIndexOf('-') + 1);
    return pascal(List.of(last));
  }

  /** The name of one sentence (not yet made unique). */
  static String name(String sentence) {
    String s = sentence.replaceAll("\\s+", " ").strip();
    int stop = s.indexOf(". ");
    if (stop >= 0) {
      s = s.substring(0, stop);
    }
    if (s.endsWith(".")) {
      s = s.substring(0, s.length() - 1);
    }
    int must = (" " + s + " ").indexOf(" must ");
    String subject = must < 0 ? s : s.substring(0, Math.max(0, must - 1));
    String predicate = must < 0 ? "" : s.substring(Math.min(s.length(), must + 4));
    String lower = subject.toLowerCase(Locale.ROOT);
    if ((lower.startsWith("if ") || lower.startsWith("when ") || lower.startsWith("for ")) && subject.contains(",")) {
      subject = subject.substring(subject.lastIndexOf(',') + 1);
    }
    List<String> words = new ArrayList<>(content(subject, SUBJECT_WORDS, false));
    if (must >= 0) {
      words.add("must");
      words.addAll(content(predicate, PREDICATE_WORDS, true));
    }
    String name = pascal(words);
    if (name.isEmpty()) {
      name = "Rule";
    }
    return Character.isDigit(name.charAt(0)) ? "Rule" + name : name;
  }

  private static List<String> content(String text, int max, boolean keepVerb) {
    List<String> out = new ArrayList<>();
    for (String w : text.split("[\\s/]+")) {
      String word = w.replaceAll("['\u2019]s$", "").replaceAll("[^A-Za-z0-9-]", "");
      String key = word.toLowerCase(Locale.ROOT);
      if (word.isEmpty() || STOP.contains(key) && !(keepVerb && (key.equals("be") || key.equals("not")))) {
        continue;
      }
      out.add(word);
      if (out.size() == max) {
        break;
      }
    }
    return out;
  }

  /** {@code ["double-precision", "OpTypeImage"]}: {@code DoublePrecisionOpTypeImage}. */
  static String pascal(List<String> words) {
    StringBuilder b = new StringBuilder();
    for (String word : words) {
      for (String part : word.split("-")) {
        if (!part.isEmpty()) {
          b.append(Character.toUpperCase(part.charAt(0))).append(part, 1, part.length());
        }
      }
    }
    return b.toString();
  }
}
