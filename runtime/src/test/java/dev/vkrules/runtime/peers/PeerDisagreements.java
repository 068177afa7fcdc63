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
  /** How a case disagrees. */
  enum Kind {
    /** a failing case of a VUID vkrules checks, where vkrules does not report that VUID */
    MISSED,
    /** a clean module where vkrules reports this StandaloneSpirv or RuntimeSpirv VUID */
    REPORTED,
    /** a clean module vkrules cannot read (vuid: the empty string) */
    MALFORMED;

    static Kind parse(String s, String where) throws IOException {
      for (Kind k : values()) {
        if (k.name().equalsIgnoreCase(s)) {
          return k;
        }
      }
      throw new IOException(where + ": kind is '" + s + "'; expected missed, reported or malformed");
    }
  }

  /** One disagreement: a case, how, and about which VUID. */
  record Key(Kind kind, String vuid, String test) {
    @Override
    public String toString() {
      return kind.name().toLowerCase(java.util.Locale.ROOT) + " " + (vuid.isEmpty() ? "" : vuid + " ") + "in " + test;
    }
  }

  private final Map<Key, String> reasons;

  private PeerDisagreements(Map<Key, String> reasons) {
    this.reasons = reasons;
  }

  Map<Key, String> reasons() {
    return reasons;
  }

  static PeerDisagreements read(Path file) throws IOException {
    Map<Key, String> out = new LinkedHashMap<>();
    if (!Files.isRegularFile(file)) {
      throw new IOException("no " + file + " (the reviewed list of disagreements; may be an empty list: [])");
    }
    JsonNode root = new ObjectMapper(new YAMLFactory()).readTree(file.toFile());
    if (root == null || root.isMissingNode() || root.isNull()) {
      return new PeerDisagreements(out);
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
        Key k = new Key(kind, g.get("vuid").asText(), t.asText());
        if (out.put(k, reason) != null) {
          throw new IOException(where + ": " + k + " is listed twice");
        }
      }
    }
    return new PeerDisagreements(out);
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
