package dev.vkrules.runtime.spirv.grammar;

/** One operand slot of an instruction or an enumerant's parameter list. */
public record OperandSpec(OperandKind kind, Quantifier quantifier, String name) {
  /**
   * The slot for messages: its documented name in quotes, or the kind when it has none.
   * Grammars before 2024 quote names themselves ({@code 'Type'}), newer ones do not; a
   * multi-line name ({@code 'Member 0 type', +...}) is cut to its first item.
   */
  public String label() {
    String first = name.split("[,\\n]")[0].replace("'", "").trim();
    return first.isEmpty() ? kind.name() : "'" + first + "'";
  }

  @Override
  public String toString() {
    return kind.name() + quantifier.symbol();
  }
}
