package dev.vkrules.generator.rules;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The {@code interface:} predicate: questions about one entry point's Input or Output
 * interface as a whole (Location/Component slots, built-ins), which per-variable paths
 * cannot ask without comparing every pair of variables. Compiles to calls of the runtime's
 * {@code InterfaceSlots}, which buckets by slot in one pass.
 *
 * <pre>
 * {interface: Input, unique: slots-across-variables}   # no two variables share a slot
 * {interface: Output, unique: slots-within-variables}  # no two members of one variable share a slot
 * {interface: Input, unique: built-ins}                # no BuiltIn used twice
 * {interface: Input, same-per-location: [Flat, ...]}   # variables sharing a Location agree on these
 * </pre>
 */
final class InterfacePredicates {
  static final Set<String> KEYS = Set.of("interface", "unique", "same-per-location");
  private static final ClassName SLOTS = CompileContext.rt("InterfaceSlots");
  private static final List<String> UNIQUE = List.of("slots-across-variables", "slots-within-variables", "built-ins");

  private InterfacePredicates() {}

  static CodeBlock compile(ValueTests tests, PathCompiler.Env env, YNode.Map map) {
    for (String key : map.entries().keySet()) {
      if (!KEYS.contains(key)) {
        throw new RuleError(map.keyPos(key), "'" + key + "' cannot be combined with 'interface'");
      }
    }
    if (env.operandVar() != null || !env.type().opcodes().equals(Set.of("OpEntryPoint"))) {
      throw new RuleError(map.keyPos("interface"), "'interface' needs an entry point subject (for: entry-point), not "
          + env.type());
    }
    YNode scNode = map.get("interface");
    String sc = PredicateCompiler.scalar(scNode);
    if (!sc.equals("Input") && !sc.equals("Output")) {
      throw new RuleError(scNode.pos(), "'interface' is Input or Output, got '" + sc + "'");
    }
    String storageClass = tests.enumerant("StorageClass", scNode);
    boolean unique = map.get("unique") != null;
    if (unique == (map.get("same-per-location") != null)) {
      throw new RuleError(map.pos(), "'interface' needs exactly one of unique, same-per-location");
    }
    if (unique) {
      String what = PredicateCompiler.scalar(map.get("unique"));
      return switch (what) {
        case "slots-within-variables" -> CodeBlock.of("$T.uniqueSlots(f, $L, $L, false)", SLOTS, env.var(), storageClass);
        case "slots-across-variables" -> CodeBlock.of("$T.uniqueSlots(f, $L, $L, true)", SLOTS, env.var(), storageClass);
        case "built-ins" -> CodeBlock.of("$T.uniqueBuiltIns(f, $L, $L)", SLOTS, env.var(), storageClass);
        default -> throw new RuleError(map.get("unique").pos(), "'unique' is one of " + UNIQUE + ", got '" + what + "'"
            + Suggest.didYouMean(what, UNIQUE));
      };
    }
    List<String> decorations = new ArrayList<>();
    for (YNode item : ValueTests.items(map.get("same-per-location"))) {
      decorations.add(tests.enumerant("Decoration", item));
    }
    return CodeBlock.of("$T.samePerLocation(f, $L, $L, $L)", SLOTS, env.var(), storageClass,
        String.join(", ", decorations));
  }
}
