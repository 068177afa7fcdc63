package dev.vkrules.runtime.engine.module;

import dev.vkrules.runtime.engine.base.Opcodes;
import dev.vkrules.runtime.engine.base.Positions;
import dev.vkrules.runtime.engine.base.Unknown;
import java.util.Arrays;

/**
 * The operands of an instruction beyond one word at one place ({@code Facts.word}, {@code Facts.ref}):
 * an optional mask, a list of ids to its end, every operand of one kind (with a decoration's or
 * execution mode's parameters), the parameter words a mask bit adds, and which extended
 * instruction an {@code OpExtInst} is. Positions are the generator's encoding ({@link Positions},
 * decoded by {@code Facts.position}).
 */
public final class Operands {
  private static final int[] NONE = new int[0];

  private Operands() {}

  /**
   * {@code Facts.extInst}: whether the {@code OpExtInst} at {@code x} is one of the instructions
   * {@code numbers} of the extended instruction set imported by the name {@code set}. An
   * instruction too short to name its set and number is none.
   */
  public static boolean extInst(ModuleView f, int x, String set, int... numbers) {
    if (f.count(x) < 5) {
      return false;
    }
    int number = f.module().words[x + 4];
    for (int n : numbers) {
      if (n == number) {
        // the number first: most OpExtInst of a module are other instructions of the set
        return set.equals(f.module().module().extInstSetName(f.module().indexOf(x)));
      }
    }
    return false;
  }

  /**
   * {@code Facts.optionalWord}: an optional mask operand's word; 0 (no bits) when the instruction
   * ends before it or its opcode has no such operand (the compiler allows that only where it
   * means "none").
   */
  public static long optionalWord(ModuleView f, int x, Positions t) {
    int enc = t.get(f.opcode(x));
    if (enc == 0) {
      return 0;
    }
    int p = enc < 0x10000 ? x + enc : f.module().stringEnd(x + (enc >>> 16)) + (enc & 0xffff);
    return p < x + f.count(x) ? Integer.toUnsignedLong(f.module().words[p]) : 0;
  }

  /** {@code Facts.refs}: the definitions of the ids from an operand to the instruction's end (undefined ones left out). */
  public static int[] refs(ModuleView f, int x, Positions t) {
    int enc = t.get(f.opcode(x));
    if (enc == 0) {
      return Unknown.raise();
    }
    int start = enc < 0x10000 ? x + enc : f.module().stringEnd(x + (enc >>> 16)) + (enc & 0xffff);
    int end = x + f.count(x);
    int[] out = new int[Math.max(0, end - start)];
    int n = 0;
    for (int i = 0; i < out.length; i++) {
      int def = f.module().def(f.module().words[start + i]);
      if (def >= 0) {
        out[n++] = def;
      }
    }
    return n == out.length ? out : Arrays.copyOf(out, n);
  }

  /**
   * {@code Facts.operandsOfKind}: the encoded positions of every operand of one kind in an
   * instruction: the grammar's operands ({@code byOpcode}) plus, in a decoration or
   * execution-mode instruction, the parameters of its enumerant ({@code byDecoration},
   * {@code byMode}: enumerant value to parameter index; null when no enumerant has one). Id
   * parameters sit in OpDecorateId and OpExecutionModeId, literal ones in the other forms.
   */
  public static int[] ofKind(ModuleView f, int x, Positions byOpcode, Positions byDecoration, Positions byMode,
      boolean ids) {
    int op = f.opcode(x);
    Positions params = null;
    int first = 3;
    long enumerant;
    if (Decorations.isDecoration(op) && byDecoration != null && Decorations.isIdDecoration(op) == ids
        && op != Opcodes.OP_DECORATE_STRING && op != Opcodes.OP_MEMBER_DECORATE_STRING) {
      params = byDecoration;
      first = Decorations.isMemberDecoration(op) ? 4 : 3;
      enumerant = f.decoration(x);
    } else if ((op == Opcodes.OP_EXECUTION_MODE || op == Opcodes.OP_EXECUTION_MODE_ID) && byMode != null
        && (op == Opcodes.OP_EXECUTION_MODE_ID) == ids) {
      params = byMode;
      enumerant = f.word(x, 2);
    } else {
      return byOpcode.at(op);
    }
    int[] indexes = enumerant < Integer.MAX_VALUE ? params.at((int) enumerant) : NONE;
    int[] base = byOpcode.at(op);
    int[] out = Arrays.copyOf(base, base.length + indexes.length);
    for (int i = 0; i < indexes.length; i++) {
      out[base.length + i] = first + indexes[i];
    }
    return out;
  }

  /**
   * {@code Facts.maskParameter}: the one-word parameter of {@code bit} of the mask operand at
   * {@code t} (the Aligned literal of a MemoryAccess mask); {@code before} is the lower bits that
   * carry a parameter, whose words come first, and the bits in {@code twice} have two parameter
   * words each (ImageOperands Grad). Unknown when the mask is absent or does not set the bit.
   */
  public static long maskParameter(ModuleView f, int x, Positions t, long bit, long before, long twice) {
    int p = f.position(x, t.get(f.opcode(x)));
    long mask = Integer.toUnsignedLong(f.module().words[p]);
    if ((mask & bit) == 0) {
      return Unknown.raise();
    }
    int q = p + 1 + Long.bitCount(mask & before) + Long.bitCount(mask & twice);
    return q < x + f.count(x) ? Integer.toUnsignedLong(f.module().words[q]) : Unknown.raise();
  }
}
