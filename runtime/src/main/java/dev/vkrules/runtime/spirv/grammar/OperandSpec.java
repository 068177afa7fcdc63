package dev.vkrules.runtime.spirv.grammar;

/** One operand slot of an instruction or an enumerant's parameter list. */
public record OperandSpec(OperandKind kind, Quantifier quantifier, String name) {
  @Override
  public String toString() {
    return kind.name() + quantifier.symbol();
  }
}
