package dev.vkrules.runtime.spirv.text;

import dev.vkrules.runtime.spirv.IdMap;
import dev.vkrules.runtime.spirv.SpirvModule;
import dev.vkrules.runtime.spirv.grammar.Enumerant;
import dev.vkrules.runtime.spirv.grammar.Grammar;
import dev.vkrules.runtime.spirv.grammar.InstructionInfo;
import dev.vkrules.runtime.spirv.grammar.InstructionSet;
import dev.vkrules.runtime.spirv.grammar.Op;
import dev.vkrules.runtime.spirv.grammar.OperandKind;
import dev.vkrules.runtime.spirv.grammar.Versions;

/**
 * Writes a parsed module as SPIR-V assembly in the form spirv-dis writes: header comments,
 * then one instruction per line with the result id right-aligned before {@code =}. Ids are
 * numeric ({@code %12}) unless friendly names are asked for. The header comments carry the
 * version, generator and bound, which {@link Assembler} reads back, so disassembling and
 * assembling a valid module reproduces it word for word.
 */
public final class Disassembler {
  private static final int INDENT = 15;

  private final SpirvModule m;
  private final IdNames names;
  private final IdMap numericTypes = IdMap.hashed();
  private final StringBuilder out = new StringBuilder();

  private Disassembler(SpirvModule module, boolean friendly) {
    this.m = module;
    this.names = friendly ? FriendlyNames.of(module) : IdNames.RAW;
  }

  /** Ids as {@code %N}, or friendly names derived from OpName and types (as spirv-dis does by default). */
  public static String disassemble(SpirvModule module, boolean friendlyNames, boolean header) {
    Disassembler d = new Disassembler(module, friendlyNames);
    if (header) {
      d.header();
    }
    for (int i = 0; i < module.instructionCount(); i++) {
      d.instruction(i);
    }
    return d.out.toString();
  }

  public static String disassemble(SpirvModule module) {
    return disassemble(module, false, true);
  }

  /**
   * A printer of single instructions with friendly names, as spirv-val shows the offending
   * instruction of a diagnostic. Building it is one pass over the module; each
   * {@link #line(int)} then costs only that instruction's length.
   */
  public static Disassembler forDiagnostics(SpirvModule module) {
    Disassembler d = new Disassembler(module, true);
    for (int i = 0; i < module.instructionCount(); i++) {
      d.remember(i);
    }
    return d;
  }

  /** Instruction {@code index} (0-based) as one line without indentation or newline. */
  public String line(int index) {
    out.setLength(0);
    instruction(index);
    return out.toString().strip();
  }

  private void header() {
    int gen = m.generator();
    out.append("; SPIR-V\n")
        .append("; Version: ").append(Versions.major(m.version())).append('.').append(Versions.minor(m.version()))
        .append('\n')
        // The generator registry (spir-v.xml) is not among the spec sources, so tools are
        // named by number, as spirv-dis names tools it does not know.
        .append("; Generator: Unknown(").append(gen >>> 16).append("); ").append(gen & 0xffff).append('\n')
        .append("; Bound: ").append(m.bound()).append('\n')
        .append("; Schema: ").append(Integer.toUnsignedString(m.schema())).append('\n');
  }

  private void instruction(int i) {
    InstructionInfo info = m.info(i);
    int result = m.resultId(i);
    int first = 0;
    if (result != 0) {
      String id = names.name(result);
      for (int pad = id.length(); pad < INDENT - 3; pad++) {
        out.append(' ');
      }
      out.append(id).append(" = ");
    } else {
      out.append(" ".repeat(INDENT));
    }
    out.append(info.name());
    int count = m.operandCount(i);
    for (int k = first; k < count; k++) {
      OperandKind kind = m.operandKind(i, k);
      if (kind.role() == OperandKind.Role.RESULT) {
        continue;
      }
      out.append(' ');
      operand(i, k, kind);
    }
    out.append('\n');
    remember(i);
  }

  /** Integer and float types, for spelling the literals of constants and switches. */
  private void remember(int i) {
    int op = m.opcode(i);
    if ((op == Op.OpTypeInt || op == Op.OpTypeFloat) && m.operandCount(i) >= 2) {
      int width = m.operandWord(i, 1) & 0xffff;
      boolean signed = op == Op.OpTypeInt && m.operandCount(i) >= 3 && m.operandWord(i, 2) != 0;
      numericTypes.putIfAbsent(m.resultId(i), (op == Op.OpTypeFloat ? 1 << 17 : 0) | (signed ? 1 << 16 : 0) | width);
    }
  }

  private void operand(int i, int k, OperandKind kind) {
    int word = m.operandWord(i, k);
    switch (kind.role()) {
      case RESULT_TYPE, RESULT, ID -> out.append(names.name(word));
      case LITERAL_STRING -> string(m.operandString(i, k));
      case CONTEXT_NUMBER -> number(i, k, m.resultTypeId(i));
      case LITERAL_INTEGER -> {
        if (m.opcode(i) == Op.OpSwitch && k >= 2) {
          number(i, k, m.resultTypeId(m.definition(m.operandWord(i, 0))));
        } else {
          out.append(Integer.toUnsignedString(word));
        }
      }
      case EXT_INST_NUMBER -> {
        InstructionSet set = m.extInstSet(i);
        InstructionInfo ext = set == null ? null : set.byNumber(word);
        out.append(ext == null ? Integer.toUnsignedString(word) : ext.name());
      }
      case SPEC_CONSTANT_OP_NUMBER -> {
        InstructionInfo inner = Grammar.core().byNumber(word);
        out.append(inner == null ? Integer.toUnsignedString(word) : inner.name().substring(2));
      }
      case VALUE_ENUM -> {
        Enumerant e = kind.byValue(word);
        out.append(e == null ? Integer.toUnsignedString(word) : e.name());
      }
      case BIT_ENUM -> mask(kind, word);
      case COMPOSITE -> out.append(Integer.toUnsignedString(word));
    }
  }

  private void mask(OperandKind kind, int mask) {
    if (mask == 0) {
      Enumerant none = kind.byValue(0);
      out.append(none == null ? "0" : none.name());
      return;
    }
    boolean first = true;
    for (int bit = 0; bit < 32; bit++) {
      int v = 1 << bit;
      if ((mask & v) != 0) {
        if (!first) {
          out.append('|');
        }
        first = false;
        Enumerant e = kind.byValue(v);
        out.append(e == null ? "0x" + Integer.toHexString(v) : e.name());
      }
    }
  }

  private void number(int i, int k, int typeId) {
    int type = numericTypes.get(typeId);
    long raw = m.operandLiteral(i, k);
    int width = type < 0 ? 32 : type & 0xffff;
    if (type >= 0 && (type & (1 << 17)) != 0) {
      out.append(switch (width) {
        case 16 -> NumberFormat.float16((int) raw);
        case 32 -> NumberFormat.float32((int) raw);
        default -> NumberFormat.float64(raw);
      });
      return;
    }
    boolean signed = type >= 0 && (type & (1 << 16)) != 0;
    if (width < 64) {
      raw &= (1L << width) - 1;
    }
    if (signed && width > 0 && width < 64) {
      out.append((raw << (64 - width)) >> (64 - width));
    } else if (signed) {
      out.append(raw);
    } else {
      out.append(Long.toUnsignedString(raw));
    }
  }

  private void string(String s) {
    out.append('"');
    for (int c = 0; c < s.length(); c++) {
      char ch = s.charAt(c);
      if (ch == '"' || ch == '\\') {
        out.append('\\');
      }
      out.append(ch);
    }
    out.append('"');
  }
}
