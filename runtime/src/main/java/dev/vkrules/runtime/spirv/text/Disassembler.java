package dev.vkrules.runtime.spirv.text;

import dev.vkrules.runtime.spirv.IdMap;
import dev.vkrules.runtime.spirv.SpirvModule;
import dev.vkrules.runtime.spirv.grammar.Enumerant;
import dev.vkrules.runtime.spirv.grammar.GeneratorTools;
import dev.vkrules.runtime.spirv.grammar.Grammar;
import dev.vkrules.runtime.spirv.grammar.InstructionInfo;
import dev.vkrules.runtime.spirv.grammar.InstructionSet;
import dev.vkrules.runtime.spirv.grammar.Op;
import dev.vkrules.runtime.spirv.grammar.OperandKind;
import dev.vkrules.runtime.spirv.grammar.Versions;
import java.util.Set;

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
   * A disassembler for single instructions, for diagnostics ("the offending instruction"):
   * {@code Disassembler.lines(module, true).line(inst)} gives {@code %12 = OpLoad %float %x}.
   * Preparing it is linear in the module; each line is then proportional to its operands.
   */
  public static Disassembler lines(SpirvModule module, boolean friendlyNames) {
    Disassembler d = new Disassembler(module, friendlyNames);
    for (int i = 0; i < module.instructionCount(); i++) {
      if (module.info(i) != null) {
        d.remember(i);
      }
    }
    return d;
  }

  /** Instruction {@code inst} as one line of assembly text, without indentation. */
  public String line(int inst) {
    out.setLength(0);
    if (m.info(inst) == null) {
      return "Op" + m.opcode(inst) + " (unknown opcode)";
    }
    instructionText(inst);
    return out.toString().strip();
  }

  private void header() {
    int gen = m.generator();
    out.append("; SPIR-V\n")
        .append("; Version: ").append(Versions.major(m.version())).append('.').append(Versions.minor(m.version()))
        .append('\n')
        .append("; Generator: ").append(toolName(gen >>> 16)).append("; ").append(gen & 0xffff).append('\n')
        .append("; Bound: ").append(m.bound()).append('\n')
        .append("; Schema: ").append(Integer.toUnsignedString(m.schema())).append('\n');
  }

  /**
   * Extended sets whose grammar SPIRV-Tools (v2025.5, the spirv-dis matching the pinned spec)
   * does not build in: spirv-dis prints their instruction numbers, and dis does the same so
   * that its text equals spirv-dis's. The assembler reads both the numbers and the names.
   */
  private static final Set<String> NAMELESS_IN_SPIRV_DIS = Set.of("NonSemantic.DebugPrintf", "NonSemantic.DebugBreak");

  /** The tool as spir-v.xml registers it, or {@code Unknown(N)} as spirv-dis writes an unregistered one. */
  static String toolName(int tool) {
    String name = GeneratorTools.name(tool);
    return name != null ? name : "Unknown(" + tool + ")";
  }

  private void instruction(int i) {
    instructionText(i);
    remember(i);
  }

  private void instructionText(int i) {
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
  }

  /** Integer and float types, for spelling the literals of constants and switches. */
  private void remember(int i) {
    int op = m.opcode(i);
    if (op == Op.OpTypeInt && m.operandCount(i) >= 2) {
      int width = m.operandWord(i, 1) & 0xffff;
      boolean signed = m.operandCount(i) >= 3 && m.operandWord(i, 2) != 0;
      numericTypes.putIfAbsent(m.resultId(i), (signed ? 1 << 16 : 0) | width);
    } else if (op == Op.OpTypeFloat && m.operandCount(i) >= 2) {
      int width = m.operandWord(i, 1);
      FloatFormat f = FloatFormat.of(width, m.operandCount(i) >= 3 ? m.operandWord(i, 2) : FloatFormat.IEEE);
      // A float type whose layout is unknown prints its literals as integers of its width.
      numericTypes.putIfAbsent(m.resultId(i), f == null ? width & 0xffff : (1 << 17) | (f.code() << 18) | f.width);
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
          int selector = m.definition(m.operandWord(i, 0));
          number(i, k, selector < 0 ? 0 : m.resultTypeId(selector));
        } else {
          out.append(Integer.toUnsignedString(word));
        }
      }
      case EXT_INST_NUMBER -> {
        InstructionSet set = m.extInstSet(i);
        InstructionInfo ext = set == null || NAMELESS_IN_SPIRV_DIS.contains(set.importName()) ? null
            : set.byNumber(word);
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
      FloatFormat f = FloatFormat.fromCode((type >>> 18) & 0xf);
      out.append(NumberFormat.floating(raw, f));
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
