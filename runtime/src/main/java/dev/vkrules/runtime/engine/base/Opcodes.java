package dev.vkrules.runtime.engine.base;

import dev.vkrules.runtime.spirv.grammar.Grammar;
import dev.vkrules.runtime.spirv.grammar.InstructionInfo;

/**
 * Opcode names and shapes for the engine's index, derived once from the
 * SPIR-V toolkit's grammar tables.
 */
public final class Opcodes {
  static final int OP_NAME = 5;
  static final int OP_MEMBER_NAME = 6;
  static final int OP_STRING = 7;
  static final int OP_EXT_INST_IMPORT = 11;
  public static final int OP_MEMORY_MODEL = 14;
  public static final int OP_ENTRY_POINT = 15;
  public static final int OP_EXECUTION_MODE = 16;
  public static final int OP_CAPABILITY = 17;
  public static final int OP_TYPE_INT = 21;
  public static final int OP_TYPE_FLOAT = 22;
  public static final int OP_TYPE_VECTOR = 23;
  public static final int OP_TYPE_MATRIX = 24;
  public static final int OP_TYPE_IMAGE = 25;
  public static final int OP_TYPE_SAMPLED_IMAGE = 27;
  public static final int OP_TYPE_ARRAY = 28;
  public static final int OP_TYPE_RUNTIME_ARRAY = 29;
  public static final int OP_TYPE_STRUCT = 30;
  public static final int OP_TYPE_POINTER = 32;
  public static final int OP_TYPE_FORWARD_POINTER = 39;
  static final int OP_CONSTANT_TRUE = 41;
  static final int OP_CONSTANT_FALSE = 42;
  public static final int OP_CONSTANT = 43;
  public static final int OP_CONSTANT_NULL = 46;
  public static final int OP_FUNCTION = 54;
  public static final int OP_FUNCTION_END = 56;
  public static final int OP_FUNCTION_CALL = 57;
  public static final int OP_VARIABLE = 59;
  public static final int OP_LOAD = 61;
  public static final int OP_ACCESS_CHAIN = 65;
  public static final int OP_IN_BOUNDS_ACCESS_CHAIN = 66;
  public static final int OP_PTR_ACCESS_CHAIN = 67;
  public static final int OP_IN_BOUNDS_PTR_ACCESS_CHAIN = 70;
  public static final int OP_DECORATE = 71;
  public static final int OP_COPY_OBJECT = 83;
  public static final int OP_MEMBER_DECORATE = 72;
  public static final int OP_EXECUTION_MODE_ID = 331;
  public static final int OP_DECORATE_ID = 332;
  public static final int OP_DECORATION_GROUP = 73;
  public static final int OP_GROUP_DECORATE = 74;
  public static final int OP_GROUP_MEMBER_DECORATE = 75;
  public static final int OP_MEMBER_DECORATE_ID_EXT = 5127;
  public static final int OP_DECORATE_STRING = 5632;
  public static final int OP_MEMBER_DECORATE_STRING = 5633;
  public static final int OP_TYPE_BOOL = 20;
  public static final int OP_GRAPH_ENTRY_POINT_ARM = 4182;
  public static final int OP_GRAPH_ARM = 4183;
  public static final int OP_GRAPH_END_ARM = 4186;
  public static final int DECORATION_BUILTIN = 11;
  public static final int OP_TYPE_UNTYPED_POINTER_KHR = 4417;
  /** A vector whose Component Count is an id (SPV_EXT_long_vector); also OpTypeCooperativeVectorNV. */
  public static final int OP_TYPE_VECTOR_ID_EXT = 5288;
  public static final int OP_UNTYPED_VARIABLE_KHR = 4418;

  /** {@link #FLAGS}: the entry is filled in. */
  private static final byte DONE = 1;
  /** {@link #FLAGS}: the grammar has the opcode. */
  private static final byte KNOWN = 2;
  private static final byte RESULT_TYPE = 4;
  private static final byte RESULT = 8;
  private static final byte IN_ORDER = 16;
  /**
   * Per core opcode, filled on first use from the grammar's entry for it (the one printed for the
   * number: older grammars list an opcode once per name); a race fills an entry twice with the
   * same bits. A module uses a few dozen opcodes, so no more of the grammar is decoded for this.
   */
  private static final byte[] FLAGS = new byte[Grammar.core().numberLimit()];

  private Opcodes() {}

  private static int flags(int opcode) {
    if (opcode < 0 || opcode >= FLAGS.length) {
      return DONE;
    }
    int f = FLAGS[opcode];
    if (f == 0) {
      InstructionInfo in = Grammar.core().byNumber(opcode);
      f = DONE;
      if (in != null) {
        f |= KNOWN | (in.hasResultType() ? RESULT_TYPE : 0) | (in.hasResult() ? RESULT : 0);
        if (opcode != OP_TYPE_FORWARD_POINTER
            && ("Type-Declaration".equals(in.opClass()) || "Constant-Creation".equals(in.opClass()))) {
          f |= IN_ORDER;
        }
      }
      FLAGS[opcode] = (byte) f;
    }
    return f;
  }

  public static boolean known(int opcode) {
    return (flags(opcode) & KNOWN) != 0;
  }

  public static String name(int opcode) {
    return known(opcode) ? Grammar.core().byNumber(opcode).name() : "Op" + opcode;
  }

  public static boolean hasResultType(int opcode) {
    return (flags(opcode) & RESULT_TYPE) != 0;
  }

  /**
   * True for type declarations and constants: their ids must name earlier definitions (SPIR-V
   * 2.4, logical layout), or a pointer type an earlier OpTypeForwardPointer declared.
   */
  public static boolean declaredInOrder(int opcode) {
    return (flags(opcode) & IN_ORDER) != 0;
  }

  public static boolean hasResult(int opcode) {
    return (flags(opcode) & RESULT) != 0;
  }
}
