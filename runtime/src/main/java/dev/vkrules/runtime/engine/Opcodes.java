package dev.vkrules.runtime.engine;

import dev.vkrules.runtime.spirv.grammar.Grammar;
import dev.vkrules.runtime.spirv.grammar.InstructionInfo;
import dev.vkrules.runtime.spirv.grammar.InstructionSet;

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

  private static final String[] NAMES;
  private static final byte[] SHAPES;
  /** Type declarations and constants (the grammar's classes), OpTypeForwardPointer excluded. */
  private static final boolean[] DECLARED_IN_ORDER;

  static {
    InstructionSet core = Grammar.core();
    int max = 0;
    for (InstructionInfo in : core.instructions()) {
      max = Math.max(max, in.opcode());
    }
    NAMES = new String[max + 1];
    SHAPES = new byte[max + 1];
    DECLARED_IN_ORDER = new boolean[max + 1];
    // The grammar's instructions, not every number up to the largest (about 930 of 6,900): the
    // entry byNumber keeps for its opcode (older grammars list an opcode once per name).
    for (InstructionInfo in : core.instructions()) {
      int op = in.opcode();
      if (core.byNumber(op) == in) {
        NAMES[op] = in.name();
        SHAPES[op] = (byte) ((in.hasResultType() ? 1 : 0) | (in.hasResult() ? 2 : 0));
        DECLARED_IN_ORDER[op] = op != OP_TYPE_FORWARD_POINTER
            && ("Type-Declaration".equals(in.opClass()) || "Constant-Creation".equals(in.opClass()));
      }
    }
  }

  private Opcodes() {}

  public static boolean known(int opcode) {
    return opcode < NAMES.length && NAMES[opcode] != null;
  }

  public static String name(int opcode) {
    return known(opcode) ? NAMES[opcode] : "Op" + opcode;
  }

  public static boolean hasResultType(int opcode) {
    return known(opcode) && (SHAPES[opcode] & 1) != 0;
  }

  /**
   * True for type declarations and constants: their ids must name earlier definitions (SPIR-V
   * 2.4, logical layout), or a pointer type an earlier OpTypeForwardPointer declared.
   */
  public static boolean declaredInOrder(int opcode) {
    return known(opcode) && DECLARED_IN_ORDER[opcode];
  }

  public static boolean hasResult(int opcode) {
    return known(opcode) && (SHAPES[opcode] & 2) != 0;
  }
}
