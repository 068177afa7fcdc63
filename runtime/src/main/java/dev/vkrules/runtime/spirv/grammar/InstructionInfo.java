package dev.vkrules.runtime.spirv.grammar;

import java.util.Arrays;
import java.util.List;

/**
 * The grammar of one instruction: opcode, name, operand layout and requirements. For an
 * extended instruction set, {@link #opcode()} is the instruction number used by
 * {@code OpExtInst} and the layout lists only the operands after that number.
 */
public final class InstructionInfo {
  private final int opcode;
  private final String name;
  private final String[] aliases;
  private final String opClass;
  private final OperandSpec[] operands;
  private final int[] capabilities;
  private final String[] extensions;
  private final int version;
  private final int lastVersion;
  private final boolean hasResultType;
  private final boolean hasResult;

  InstructionInfo(int opcode, String name, String[] aliases, String opClass, OperandSpec[] operands,
      int[] capabilities, String[] extensions, int version, int lastVersion) {
    this.opcode = opcode;
    this.name = name;
    this.aliases = aliases;
    this.opClass = opClass;
    this.operands = operands;
    this.capabilities = capabilities;
    this.extensions = extensions;
    this.version = version;
    this.lastVersion = lastVersion;
    this.hasResultType = operands.length > 0 && operands[0].kind().role() == OperandKind.Role.RESULT_TYPE;
    boolean result = false;
    for (int i = 0; i < Math.min(2, operands.length); i++) {
      result |= operands[i].kind().role() == OperandKind.Role.RESULT;
    }
    this.hasResult = result;
  }

  public int opcode() {
    return opcode;
  }

  public String name() {
    return name;
  }

  /** Other names of this instruction (the grammar's {@code aliases}); {@link #name()} is the printed one. */
  public List<String> aliases() {
    return List.of(aliases);
  }

  /** The grammar's instruction class ("Memory", "Type-Declaration", ...). */
  public String opClass() {
    return opClass;
  }

  public List<OperandSpec> operands() {
    return Arrays.asList(operands);
  }

  public int operandCount() {
    return operands.length;
  }

  public OperandSpec operand(int index) {
    return operands[index];
  }

  public int[] capabilities() {
    return capabilities.clone();
  }

  public List<String> extensions() {
    return List.of(extensions);
  }

  public int version() {
    return version;
  }

  public int lastVersion() {
    return lastVersion;
  }

  public boolean hasResultType() {
    return hasResultType;
  }

  public boolean hasResult() {
    return hasResult;
  }

  @Override
  public String toString() {
    return name;
  }
}
