package dev.vkrules.generator.rules;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * A YAML node that remembers where it was written, so rule-file errors can name
 * file, line and column. Jackson's tree model drops locations; this one keeps them.
 */
public sealed interface YNode permits YNode.Scalar, YNode.Seq, YNode.Map {
  /** Where the node starts (1-based line and column). */
  Pos pos();

  /** A position in a rule file. */
  record Pos(String file, int line, int column) {
    @Override
    public String toString() {
      return file + ":" + line + ":" + column;
    }

    /** The position {@code offset} characters further on the same line. */
    public Pos plus(int offset) {
      return new Pos(file, line, column + offset);
    }
  }

  /** A scalar; {@code text} is null for YAML null. */
  record Scalar(Pos pos, String text) implements YNode {}

  /** A sequence. */
  record Seq(Pos pos, List<YNode> items) implements YNode {
    public Seq {
      items = List.copyOf(items);
    }
  }

  /** A mapping; keys keep their own positions for error messages. */
  record Map(Pos pos, java.util.Map<String, YNode> entries, java.util.Map<String, Pos> keyPos)
      implements YNode {
    public Map {
      entries = Collections.unmodifiableMap(new LinkedHashMap<>(entries));
      keyPos = Collections.unmodifiableMap(new LinkedHashMap<>(keyPos));
    }

    public YNode get(String key) {
      return entries.get(key);
    }

    public Pos keyPos(String key) {
      return keyPos.getOrDefault(key, pos);
    }

    /** The value of {@code key}; a {@link RuleError} at this mapping when it is absent. */
    public YNode required(String key) {
      YNode n = entries.get(key);
      if (n == null) {
        throw new RuleError(pos, "missing '" + key + "'");
      }
      return n;
    }
  }

  /** {@code n} as a mapping; a {@link RuleError} at {@code n} naming {@code what} otherwise. */
  static Map asMap(YNode n, String what) {
    if (n instanceof Map m) {
      return m;
    }
    throw new RuleError(n.pos(), what + " must be a mapping, got " + kindOf(n));
  }

  /** A short name of the node's kind for error messages. */
  static String kindOf(YNode n) {
    if (n instanceof Scalar s) {
      return s.text() == null ? "null" : "scalar '" + s.text() + "'";
    }
    return n instanceof Seq ? "list" : "mapping";
  }
}
