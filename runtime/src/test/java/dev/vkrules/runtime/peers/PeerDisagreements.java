package dev.vkrules.runtime.peers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The reviewed list of where vkrules and SPIRV-Tools' tests disagree
 * ({@code peers/spirv-tools-disagreements.yaml}): groups of cases, each group with one kind, one
 * VUID and the reason. Checked on load: every field present, kinds known, no case twice.
 */
final class PeerDisagreements {
  /**
   * How a case disagrees. The first three are what a suite observes; the others are what a
   * reviewer may write instead of {@code missed} to say why an expected VUID is not reported
   * when that is not vkrules' fault (they match an observed {@code missed} case, see
   * {@link #observed()}, and a scored suite does not count them against vkrules).
   */
  enum Kind {
    /** a failing case of a VUID vkrules checks, where vkrules does not report that VUID */
    MISSED(null, true),
    /** a clean module where vkrules reports this StandaloneSpirv or RuntimeSpirv VUID */
    REPORTED(null, true),
    /** a clean module vkrules cannot read (vuid: the empty string) */
    MALFORMED(null, true),
    /** missed because the case's device profile lacks a feature or extension the test enables */
    PROFILE_MISSES_FEATURE(MISSED, false),
    /** missed (or only needing device information) because the case's profile lacks a limit the test relies on */
    PROFILE_MISSES_LIMIT(MISSED, false),
    /** missed because deciding it needs pipeline, descriptor or draw state that a module does not carry */
    NEEDS_PIPELINE_STATE(MISSED, false),
    /** missed because the spec's words do not make this module break the VUID (the reason quotes them) */
    SPEC_TEXT_DIFFERS(MISSED, false),
    /**
     * only needing device information because the VUID's text is conditional on features the
     * application enables at device creation, which neither a description nor a profile carries
     */
    NEEDS_ENABLED_FEATURES(MISSED, false);

    private final Kind observed;
    private final boolean vkrulesFault;

    Kind(Kind observed, boolean vkrulesFault) {
      this.observed = observed;
      this.vkrulesFault = vkrulesFault;
    }

    /** The kind a suite observes for a case listed with this kind. */
    Kind observed() {
      return observed == null ? this : observed;
    }

    /** Whether a case of this kind counts against vkrules in a scored suite. */
    boolean vkrulesFault() {
      return vkrulesFault;
    }

    /** As written in the list: lower case, words joined by '-'. */
    String spelling() {
      return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }

    static Kind parse(String s, String where) throws IOException {
      for (Kind k : values()) {
        if (k.spelling().equalsIgnoreCase(s)) {
          return k;
        }
      }
      throw new IOException(where + ": kind is '" + s + "'; expected one of "
          + java.util.Arrays.stream(values()).map(Kind::spelling).toList());
    }
  }

  /** One disagreement: a case, how, and about which VUID. */
  record Key(Kind kind, String vuid, String test) {
    @Override
    public String toString() {
      return kind.spelling() + " " + (vuid.isEmpty() ? "" : vuid + " ") + "in " + test;
    }
  }

  private final Map<Key, String> reasons;
  private final Map<Key, Kind> listedKinds;

  private PeerDisagreements(Map<Key, String> reasons, Map<Key, Kind> listedKinds) {
    this.reasons = reasons;
    this.listedKinds = listedKinds;
  }

  /** The listed cases, keyed by the kind a suite observes ({@link Kind#observed()}), with their reasons. */
  Map<Key, String> reasons() {
    return reasons;
  }

  /** The kind a listed case is written with (a reviewer's kind such as {@code profile-misses-feature}), or null if unlisted. */
  Kind listedKind(Key observed) {
    return listedKinds.get(observed);
  }

  static PeerDisagreements read(Path file) throws IOException {
    Map<Key, String> out = new LinkedHashMap<>();
    Map<Key, Kind> kinds = new LinkedHashMap<>();
    if (!Files.isRegularFile(file)) {
      throw new IOException("no " + file + " (the reviewed list of disagreements; may be an empty list: [])");
    }
    JsonNode root = new ObjectMapper(new YAMLFactory()).readTree(file.toFile());
    if (root == null || root.isMissingNode() || root.isNull()) {
      return new PeerDisagreements(out, kinds);
    }
    if (!root.isArray()) {
      throw new IOException(file + ": expected a list of groups");
    }
    for (int i = 0; i < root.size(); i++) {
      JsonNode g = root.get(i);
      String where = file.getFileName() + ": group " + (i + 1);
      for (String field : List.of("kind", "vuid", "reason", "tests")) {
        if (!g.has(field)) {
          throw new IOException(where + ": no '" + field + "'");
        }
      }
      for (var names = g.fieldNames(); names.hasNext();) {
        String f = names.next();
        if (!Set.of("kind", "vuid", "reason", "tests").contains(f)) {
          throw new IOException(where + ": unknown field '" + f + "'");
        }
      }
      Kind kind = Kind.parse(g.get("kind").asText(), where);
      String reason = g.get("reason").asText("").strip();
      if (reason.isEmpty() || !g.get("tests").isArray() || g.get("tests").isEmpty()) {
        throw new IOException(where + ": a group needs a reason and at least one test");
      }
      for (JsonNode t : g.get("tests")) {
        Key k = new Key(kind.observed(), g.get("vuid").asText(), t.asText());
        if (out.put(k, reason) != null) {
          throw new IOException(where + ": " + k + " is listed twice");
        }
        kinds.put(k, kind);
      }
    }
    return new PeerDisagreements(out, kinds);
  }

  /** The reason a group gets when {@link #update} appends it: the mark of a group nobody reviewed yet. */
  static final String UNREVIEWED = "unreviewed:";

  /** The number of listed cases whose reason is still {@link #UNREVIEWED}. */
  long unreviewed() {
    return reasons.values().stream().filter(r -> r.startsWith(UNREVIEWED)).count();
  }

  /** What {@link #update} did to the list's text. */
  record Update(String text, int removed, int appended, int appendedGroups) {}

  /**
   * Rewrites {@code list} to the disagreements {@code seen} ({@code -Dvkrules.peers.update=true} on
   * either suite), prints what changed under {@code label} (the suite's output prefix), reads it back.
   * The file is rewritten in place, so it keeps its permissions.
   */
  static PeerDisagreements rewrite(Path list, String label, Path root, Map<Key, String> seen) throws IOException {
    String before = Files.readString(list, java.nio.charset.StandardCharsets.UTF_8);
    Update u = update(before, seen);
    if (!u.text().equals(before)) {
      Files.writeString(list, u.text(), java.nio.charset.StandardCharsets.UTF_8);
    }
    System.out.println(label + ": " + root.relativize(list) + (u.text().equals(before) ? " unchanged" : " rewritten")
        + ": " + u.removed() + " cases that now agree removed, " + u.appended() + " new cases appended in "
        + u.appendedGroups() + " groups marked '" + UNREVIEWED + "'");
    return read(list);
  }

  /**
   * The list's text rewritten to the disagreements {@code seen} (with a detail each, for the
   * reviewer): a listed case no longer seen is removed (a group left without cases goes whole),
   * a seen case not listed is appended, grouped by kind and VUID, under a reason starting
   * {@link #UNREVIEWED}. Everything else (the head comment, every kept group, its reason and
   * layout) stays byte for byte; the output depends only on the inputs.
   */
  static Update update(String text, Map<Key, String> seen) throws IOException {
    List<String> lines = text.lines().toList();
    int first = 0;
    while (first < lines.size() && !lines.get(first).startsWith("- ")) {
      first++;
    }
    StringBuilder out = new StringBuilder();
    lines.subList(0, first).forEach(l -> out.append(l).append('\n'));
    Set<Key> listed = new java.util.HashSet<>();
    int removed = 0;
    for (int start = first; start < lines.size();) {
      int end = start + 1;
      while (end < lines.size() && !lines.get(end).startsWith("- ")) {
        end++;
      }
      List<String> block = lines.subList(start, end);
      JsonNode g = new ObjectMapper(new YAMLFactory()).readTree(String.join("\n", block)).get(0);
      if (g == null || !g.has("kind") || !g.has("tests")) {
        throw new IOException("line " + (start + 1) + ": not a group (kind, vuid, reason, tests)");
      }
      Kind kind = Kind.parse(g.get("kind").asText(), "line " + (start + 1));
      String vuid = g.path("vuid").asText("");
      List<String> gone = new ArrayList<>();
      int kept = 0;
      for (JsonNode t : g.get("tests")) {
        Key k = new Key(kind.observed(), vuid, t.asText());
        listed.add(k);
        if (seen.containsKey(k)) {
          kept++;
        } else {
          gone.add(t.asText());
        }
      }
      removed += gone.size();
      if (kept > 0) {
        boolean inTests = false;
        for (String l : block) {
          java.util.regex.Matcher flow = FLOW_TESTS.matcher(l);
          if (flow.find() && !gone.isEmpty()) {
            List<String> left = new ArrayList<>();
            g.get("tests").forEach(t -> {
              if (!gone.contains(t.asText())) {
                left.add(quote(t.asText()));
              }
            });
            out.append(l, 0, flow.start()).append("tests: [").append(String.join(", ", left)).append(']')
                .append(l.substring(flow.end())).append('\n');
            continue;
          }
          if (KEY.matcher(l).matches()) {
            inTests = l.strip().equals("tests:");
          }
          java.util.regex.Matcher item = TEST_ITEM.matcher(l);
          if (!(inTests && item.matches() && gone.contains(unquote(item.group(1))))) {
            out.append(l).append('\n');
          }
        }
      }
      start = end;
    }
    Map<String, List<Key>> fresh = new java.util.TreeMap<>();
    seen.keySet().stream().filter(k -> !listed.contains(k))
        .forEach(k -> fresh.computeIfAbsent(k.kind().ordinal() + " " + k.vuid(), x -> new ArrayList<>()).add(k));
    int appended = 0;
    String body = out.toString().stripTrailing() + "\n";
    StringBuilder tail = new StringBuilder();
    for (List<Key> group : fresh.values()) {
      group.sort(java.util.Comparator.comparing(Key::test));
      Key k = group.get(0);
      tail.append("\n- kind: ").append(k.kind().spelling()).append('\n')
          .append("  vuid: ").append(k.vuid().isEmpty() ? "\"\"" : k.vuid()).append('\n')
          .append("  reason: >-\n    ").append(UNREVIEWED)
          .append(" appended by -Dvkrules.peers.update=true; review the cases, replace this")
          .append(" reason by why they disagree (see the head of this file). ")
          .append(seen.get(k) == null ? "" : "First case: " + seen.get(k).replaceAll("\\s+", " ").strip()).append('\n')
          .append("  tests:\n");
      group.forEach(t -> tail.append("    - ").append(quote(t.test())).append('\n'));
      appended += group.size();
    }
    return new Update(body + tail, removed, appended, fresh.size());
  }

  private static final java.util.regex.Pattern TEST_ITEM = java.util.regex.Pattern.compile("\\s+- (.+?)\\s*");
  private static final java.util.regex.Pattern KEY = java.util.regex.Pattern.compile("(?:- |\\s+)\\w+:.*");
  private static final java.util.regex.Pattern FLOW_TESTS = java.util.regex.Pattern.compile("\\btests:\\s*\\[[^\\]]*\\]");

  private static String unquote(String s) {
    return s.length() >= 2 && (s.startsWith("\"") && s.endsWith("\"") || s.startsWith("'") && s.endsWith("'"))
        ? s.substring(1, s.length() - 1) : s;
  }

  private static String quote(String s) {
    return s.matches("[A-Za-z0-9_][A-Za-z0-9_./-]*") ? s : "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }

  /** The listed ones no longer seen (stale) among {@code seen}'s keys. */
  List<Key> stale(Set<Key> seen) {
    List<Key> out = new ArrayList<>();
    for (Key k : reasons.keySet()) {
      if (!seen.contains(k)) {
        out.add(k);
      }
    }
    return out;
  }
}
