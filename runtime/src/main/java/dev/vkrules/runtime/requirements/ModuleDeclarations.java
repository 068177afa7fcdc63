package dev.vkrules.runtime.requirements;

import dev.vkrules.runtime.spirv.SpirvModule;
import dev.vkrules.runtime.spirv.grammar.Enumerant;
import dev.vkrules.runtime.spirv.grammar.Grammar;
import dev.vkrules.runtime.spirv.grammar.OperandKind;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code OpCapability} and {@code OpExtension} instructions of a module, read from its
 * words (which a parser has already checked for well-formed instruction lengths).
 */
public record ModuleDeclarations(List<Declaration> capabilities, List<Declaration> extensions, int firstInstruction) {
  private static final int OP_EXTENSION = 10;
  private static final int OP_EXT_INST_IMPORT = 11;
  private static final int OP_CAPABILITY = 17;
  private static final OperandKind CAPABILITY = Grammar.kind("Capability");

  public ModuleDeclarations {
    capabilities = List.copyOf(capabilities);
    extensions = List.copyOf(extensions);
  }

  /**
   * Scans {@code words} (header included). The logical layout puts every OpCapability, then
   * every OpExtension and OpExtInstImport first, so the scan stops at the first other
   * instruction and costs nothing on large modules; a misplaced declaration is a layout error
   * that other rules report.
   */
  public static ModuleDeclarations of(int[] words) {
    List<Declaration> caps = new ArrayList<>();
    List<Declaration> exts = new ArrayList<>();
    int off = SpirvModule.HEADER_WORDS;
    while (off < words.length) {
      int count = words[off] >>> 16;
      int opcode = words[off] & 0xffff;
      if (count == 0 || off + count > words.length
          || (opcode != OP_CAPABILITY && opcode != OP_EXTENSION && opcode != OP_EXT_INST_IMPORT)) {
        break;
      }
      if (opcode == OP_CAPABILITY && count >= 2) {
        String name = capabilityName(words[off + 1]);
        caps.add(new Declaration(name, off, "OpCapability " + name));
      } else if (opcode == OP_EXTENSION && count >= 2) {
        String name = SpirvModule.decodeString(words, off + 1, off + count);
        exts.add(new Declaration(name, off, "OpExtension \"" + name + "\""));
      }
      off += count;
    }
    return new ModuleDeclarations(caps, exts, SpirvModule.HEADER_WORDS);
  }

  /** The grammar's name, or the number for a value the grammar does not know (which no table lists). */
  static String capabilityName(int value) {
    Enumerant e = CAPABILITY.byValue(value);
    return e == null ? Integer.toUnsignedString(value) : e.name();
  }
}
