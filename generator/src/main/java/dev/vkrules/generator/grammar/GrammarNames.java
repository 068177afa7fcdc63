package dev.vkrules.generator.grammar;

import dev.vkrules.generator.GeneratorException;
import dev.vkrules.generator.grammar.GrammarSpec.Grammar;
import dev.vkrules.generator.grammar.GrammarSpec.Kind;
import java.util.Set;
import javax.lang.model.SourceVersion;

/** Java names for grammar things, shared by the grammar emitters. */
final class GrammarNames {
  private GrammarNames() {}

  static final String PACKAGE = "dev.vkrules.runtime.spirv.grammar";

  /** Hand-written classes of the grammar package; a generated class must not take their names. */
  private static final Set<String> RESERVED = Set.of("Enumerant", "Grammar", "GrammarData", "GrammarDecoder",
      "InstructionInfo", "InstructionSet", "OperandKind", "OperandSpec",
      "Quantifier", "Versions", "Op", "GeneratorTools");

  static final String BANNER_FORMAT = "AUTO-GENERATED, DO NOT MODIFY.\n"
      + "Source: spec-sources/spirv/%s\n"
      + "Regenerate: mvn -B -pl runtime -am generate-sources"
      + " (runs dev.vkrules.generator.GenerateMain runtime);\n"
      + "edit the grammar JSON or dev.vkrules.generator.grammar instead.";

  static String banner(Grammar g) {
    return String.format(BANNER_FORMAT, g.source());
  }

  /** A constant name for an enumerant or instruction: itself when legal, else prefixed with {@code _}. */
  static String constant(String name) {
    String cleaned = name.replaceAll("[^A-Za-z0-9_$]", "_");
    return SourceVersion.isName(cleaned) ? cleaned : "_" + cleaned;
  }

  /** The class holding a core kind's constants. */
  static String kindClass(Grammar core, Kind kind) {
    if (RESERVED.contains(kind.name()) || !SourceVersion.isName(kind.name())) {
      throw new GeneratorException(core.source() + ": operand kind '" + kind.name()
          + "' cannot be a class name in " + PACKAGE + "; rename it in GrammarNames");
    }
    return kind.name();
  }

  static String setClass(Grammar g) {
    if (RESERVED.contains(g.className())) {
      throw new GeneratorException(g.source() + ": class name " + g.className() + " is reserved");
    }
    return g.className();
  }

  /** The header encoding of a grammar version string: "" any, "None" none, "1.3" 0x00010300. */
  static int version(String source, String v) {
    if (v.isEmpty()) {
      return 0;
    }
    if (v.equals("None")) {
      return -1;
    }
    String[] parts = v.split("\\.");
    try {
      if (parts.length == 2) {
        return (Integer.parseInt(parts[0]) << 16) | (Integer.parseInt(parts[1]) << 8);
      }
    } catch (NumberFormatException e) {
      // fall through to the error below
    }
    throw new GeneratorException(source + ": version '" + v + "' is not MAJOR.MINOR or None");
  }
}
