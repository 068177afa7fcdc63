package dev.vkrules.generator.rules;

import com.palantir.javapoet.CodeBlock;
import java.util.Set;

/**
 * What the predicates written as one map share ({@code device:}, {@code pipeline:}, and the
 * operators of {@link PredicateCompiler}): the one key of a family that names the fact, the keys
 * allowed beside it, and a literal number given in place of a path.
 */
final class PredicateMaps {
  private PredicateMaps() {}

  /**
   * The one key of {@code map} among {@code kinds}: {@code family} names the predicate in the
   * errors ("a device predicate tests one fact; ...").
   */
  static String oneOf(YNode.Map map, Set<String> kinds, String family) {
    String kind = null;
    for (String key : map.entries().keySet()) {
      if (kinds.contains(key)) {
        if (kind != null) {
          throw new RuleError(map.keyPos(key), "a " + family + " predicate tests one fact; '" + kind + "' and '" + key
              + "' given");
        }
        kind = key;
      }
    }
    if (kind == null) {
      throw new RuleError(map.pos(), "a " + family + " predicate needs one of " + kinds);
    }
    return kind;
  }

  /** Every key of {@code map} is one of {@code allowed}; the first names the test in the error. */
  static void only(YNode.Map map, String... allowed) {
    Set<String> ok = Set.of(allowed);
    for (String key : map.entries().keySet()) {
      if (!ok.contains(key)) {
        throw new RuleError(map.keyPos(key), "'" + key + "' cannot be combined with '" + allowed[0] + "'");
      }
    }
  }

  /**
   * A number written in place of a module value: an integer as a {@code long}, a decimal as a
   * {@code double}; null when {@code text} is a path.
   */
  static CodeBlock literal(String text) {
    if (text.matches("\\d+")) {
      return CodeBlock.of("$LL", text);
    }
    if (text.matches("-?\\d+(\\.\\d+)?")) {
      return CodeBlock.of("$Ld", text);
    }
    return null;
  }
}
