package dev.vkrules.generator.grammar;

import java.util.List;

/**
 * Typed form of the SPIR-V machine-readable grammar ({@code *.grammar.json}), as read by
 * {@link GrammarReader}. Every reference (a capability name, an operand kind) has been
 * checked to resolve when one of these records exists.
 */
public final class GrammarSpec {
  private GrammarSpec() {}

  /** One operand slot: its kind, {@code ""}, {@code "?"} or {@code "*"}, and its documented name. */
  public record Operand(String kind, String quantifier, String name) {}

  /**
   * An enumerant of a ValueEnum or BitEnum kind. {@code aliases} are the other names of the
   * same value (newer grammars list them in an {@code aliases} array; older ones repeat the
   * enumerant, which the reader folds into the first entry).
   */
  public record Enumerant(
      String name,
      List<String> aliases,
      int value,
      List<String> capabilities,
      List<String> extensions,
      String version,
      String lastVersion,
      List<Operand> parameters) {}

  /** An operand kind: category is Id, Literal, ValueEnum, BitEnum or Composite. */
  public record Kind(String category, String name, List<Enumerant> enumerants, List<String> bases) {}

  /** An instruction of the core grammar or of an extended instruction set; aliases as for enumerants. */
  public record Instruction(
      String name,
      List<String> aliases,
      int opcode,
      String opClass,
      List<Operand> operands,
      List<String> capabilities,
      List<String> extensions,
      String version,
      String lastVersion) {}

  /**
   * One grammar file. For the core grammar {@code importName} is empty; for an extended
   * instruction set it is the string an {@code OpExtInstImport} names.
   *
   * @param source the file name, for banners and messages
   * @param className the Java class name derived from the file name
   */
  public record Grammar(
      String source,
      String importName,
      String className,
      int major,
      int minor,
      int revision,
      List<Instruction> instructions,
      List<Kind> kinds) {
    public boolean isCore() {
      return importName.isEmpty();
    }
  }
}
