package dev.vkrules.generator.rules;

import dev.vkrules.generator.GeneratorException;
import dev.vkrules.generator.grammar.GrammarReader;
import dev.vkrules.generator.grammar.GrammarSpec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The SPIR-V core grammar as the rule compiler needs it: opcodes, operand names and
 * kinds, enumerants and their parameters. A view of the core grammar as
 * {@link GrammarReader} reads it for the grammar tables, so both agree on one reading.
 */
public final class RuleGrammar {
  /** One operand of an instruction or an enumerant parameter. */
  public record Operand(String kind, String name, char quantifier) {
    public boolean optional() {
      return quantifier == '?';
    }

    public boolean variadic() {
      return quantifier == '*';
    }
  }

  /** One instruction. */
  public record Instruction(String name, int opcode, List<Operand> operands) {
    public Operand operand(String operandName) {
      for (Operand o : operands) {
        if (o.name().equals(operandName)) {
          return o;
        }
      }
      return null;
    }

    /** Whether the instruction defines a result id. */
    public boolean hasResult() {
      return operands.stream().anyMatch(o -> o.kind().equals("IdResult"));
    }
  }

  /** One enumerant of a ValueEnum or BitEnum kind, with the capabilities and extensions that enable it. */
  public record Enumerant(String name, long value, List<Operand> parameters, List<String> capabilities,
      List<String> extensions) {
    public Enumerant(String name, long value, List<Operand> parameters) {
      this(name, value, parameters, List.of(), List.of());
    }
  }

  /** One operand kind. */
  public record Kind(String name, String category, Map<String, Enumerant> enumerants) {
    public boolean isBitEnum() {
      return category.equals("BitEnum");
    }

    public boolean isValueEnum() {
      return category.equals("ValueEnum");
    }
  }

  private final Map<String, Instruction> instructions;
  private final Map<String, Kind> kinds;
  private final Map<String, Map<String, Instruction>> extendedSets;

  private RuleGrammar(Map<String, Instruction> instructions, Map<String, Kind> kinds,
      Map<String, Map<String, Instruction>> extendedSets) {
    this.instructions = Collections.unmodifiableMap(instructions);
    this.kinds = Collections.unmodifiableMap(kinds);
    this.extendedSets = Collections.unmodifiableMap(extendedSets);
  }

  /** Instructions by name, sorted. */
  public Map<String, Instruction> instructions() {
    return instructions;
  }

  /** Operand kinds by name, sorted. */
  public Map<String, Kind> kinds() {
    return kinds;
  }

  /**
   * The instructions of the extended instruction sets, by the name an {@code OpExtInstImport}
   * imports the set with ({@code GLSL.std.450}), then by instruction name; an instruction's
   * {@code opcode} is its number in the set, its operands those that follow that number.
   */
  public Map<String, Map<String, Instruction>> extendedSets() {
    return extendedSets;
  }

  /** The core grammar of {@code spec-sources/spirv} and its extended sets, read by the grammar tables' reader. */
  public static RuleGrammar load(Path specSources) {
    List<GrammarSpec.Grammar> all = new GrammarReader().readAll(specSources.resolve("spirv"));
    for (GrammarSpec.Grammar g : all) {
      if (g.isCore()) {
        return of(g, all.stream().filter(x -> !x.isCore()).toList());
      }
    }
    throw new GeneratorException("no core grammar in " + specSources.resolve("spirv"));
  }

  /** The rule compiler's view of the core grammar: operand names as rule files spell them. */
  static RuleGrammar of(GrammarSpec.Grammar core) {
    return of(core, List.of());
  }

  static RuleGrammar of(GrammarSpec.Grammar core, List<GrammarSpec.Grammar> extended) {
    Map<String, Instruction> instructions = instructions(core);
    Map<String, Map<String, Instruction>> sets = new TreeMap<>();
    for (GrammarSpec.Grammar g : extended) {
      sets.put(g.importName(), Collections.unmodifiableMap(instructions(g)));
    }
    Map<String, Kind> kinds = new TreeMap<>();
    for (GrammarSpec.Kind k : core.kinds()) {
      Map<String, Enumerant> enumerants = new TreeMap<>();
      for (GrammarSpec.Enumerant e : k.enumerants()) {
        Enumerant en = new Enumerant(e.name(), Integer.toUnsignedLong(e.value()), operands(e.parameters()),
            List.copyOf(e.capabilities()), List.copyOf(e.extensions()));
        enumerants.put(e.name(), en);
        e.aliases().forEach(a -> enumerants.putIfAbsent(a, en));
      }
      kinds.put(k.name(), new Kind(k.name(), k.category(), Collections.unmodifiableMap(enumerants)));
    }
    return new RuleGrammar(instructions, kinds, sets);
  }

  private static Map<String, Instruction> instructions(GrammarSpec.Grammar g) {
    Map<String, Instruction> instructions = new TreeMap<>();
    for (GrammarSpec.Instruction i : g.instructions()) {
      Instruction in = new Instruction(i.name(), i.opcode(), operands(i.operands()));
      instructions.put(i.name(), in);
      // A rule may name an instruction or enumerant by any of its grammar names.
      i.aliases().forEach(a -> instructions.putIfAbsent(a, in));
    }
    return instructions;
  }

  private static List<Operand> operands(List<GrammarSpec.Operand> list) {
    List<Operand> out = new ArrayList<>();
    for (GrammarSpec.Operand o : list) {
      String q = o.quantifier();
      out.add(new Operand(o.kind(), operandName(o.name(), o.kind(), q.equals("*")), q.isEmpty() ? ' ' : q.charAt(0)));
    }
    return List.copyOf(out);
  }

  /**
   * The name rule files use for an operand: the grammar's name without quotes; for a
   * variadic operand written as {@code 'Member 0 type', +'member 1 type', ...}, the first
   * name without its index ({@code Member type}); the kind when the grammar names none.
   */
  static String operandName(String raw, String kind, boolean variadic) {
    if (raw.isEmpty()) {
      return kind;
    }
    // Names like "Number of <<Invocation,invocations>>" keep their text, not the link.
    String text = raw.replaceAll("<<[^,>]*,([^>]*)>>", "$1").replaceAll("<<([^>]*)>>", "$1");
    String first = text.split(",")[0].replace("'", "").trim();
    if (variadic) {
      first = first.replaceAll("\\s+\\d+\\b", "").replaceAll("\\s+", " ").trim();
    }
    return first;
  }
}
