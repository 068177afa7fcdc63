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
  static final int OP_MEMORY_MODEL = 14;
  static final int OP_ENTRY_POINT = 15;
  static final int OP_EXECUTION_MODE = 16;
  static final int OP_CAPABILITY = 17;
  static final int OP_TYPE_INT = 21;
  static final int OP_TYPE_FLOAT = 22;
  static final int OP_TYPE_VECTOR = 23;
  static final int OP_TYPE_MATRIX = 24;
  static final int OP_TYPE_IMAGE = 25;
  static final int OP_TYPE_SAMPLED_IMAGE = 27;
  static final int OP_TYPE_ARRAY = 28;
  static final int OP_TYPE_RUNTIME_ARRAY = 29;
  static final int OP_TYPE_STRUCT = 30;
  static final int OP_TYPE_POINTER = 32;
  static final int OP_TYPE_FORWARD_POINTER = 39;
  static final int OP_CONSTANT_TRUE = 41;
  static final int OP_CONSTANT_FALSE = 42;
  static final int OP_CONSTANT = 43;
  static final int OP_CONSTANT_NULL = 46;
  static final int OP_FUNCTION = 54;
  static final int OP_FUNCTION_END = 56;
  static final int OP_FUNCTION_CALL = 57;
  static final int OP_VARIABLE = 59;
  static final int OP_LOAD = 61;
  static final int OP_ACCESS_CHAIN = 65;
  static final int OP_IN_BOUNDS_ACCESS_CHAIN = 66;
  static final int OP_PTR_ACCESS_CHAIN = 67;
  static final int OP_IN_BOUNDS_PTR_ACCESS_CHAIN = 70;
  static final int OP_DECORATE = 71;
  static final int OP_COPY_OBJECT = 83;
  static final int OP_MEMBER_DECORATE = 72;
  static final int OP_EXECUTION_MODE_ID = 331;
  static final int OP_DECORATE_ID = 332;
  static final int OP_DECORATION_GROUP = 73;
  static final int OP_GROUP_DECORATE = 74;
  static final int OP_GROUP_MEMBER_DECORATE = 75;
  static final int OP_MEMBER_DECORATE_ID_EXT = 5127;
  static final int OP_DECORATE_STRING = 5632;
  static final int OP_MEMBER_DECORATE_STRING = 5633;
  static final int OP_TYPE_BOOL = 20;
  static final int OP_GRAPH_ENTRY_POINT_ARM = 4182;
  static final int OP_GRAPH_ARM = 4183;
  static final int OP_GRAPH_END_ARM = 4186;
  static final int DECORATION_BUILTIN = 11;
  static final int OP_TYPE_UNTYPED_POINTER_KHR = 4417;
  /** A vector whose Component Count is an id (SPV_EXT_long_vector); also OpTypeCooperativeVectorNV. */
  static final int OP_TYPE_VECTOR_ID_EXT = 5288;
  static final int OP_UNTYPED_VARIABLE_KHR = 4418;

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
    for (int op = 0; op <= max; op++) {
      InstructionInfo in = core.byNumber(op);
      if (in != null) {
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

  static boolean hasResultType(int opcode) {
    return known(opcode) && (SHAPES[opcode] & 1) != 0;
  }

  /**
   * True for type declarations and constants: their ids must name earlier definitions (SPIR-V
   * 2.4, logical layout), or a pointer type an earlier OpTypeForwardPointer declared.
   */
  static boolean declaredInOrder(int opcode) {
    return known(opcode) && DECLARED_IN_ORDER[opcode];
  }

  static boolean hasResult(int opcode) {
    return known(opcode) && (SHAPES[opcode] & 2) != 0;
  }

  static int maxOpcode() {
    return NAMES.length - 1;
  }
}
