package dev.vkrules.runtime.engine;

import dev.vkrules.runtime.rules.OpcodeShapes;

/** Opcode names, shapes and operand patterns, from the generated {@code OpcodeShapes} table. */
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
  static final int OP_DECORATE = 71;
  static final int OP_MEMBER_DECORATE = 72;
  static final int OP_EXECUTION_MODE_ID = 331;
  static final int OP_DECORATE_ID = 332;
  static final int OP_DECORATE_STRING = 5632;
  static final int OP_MEMBER_DECORATE_STRING = 5633;
  static final int OP_TYPE_BOOL = 20;
  static final int DECORATION_BUILTIN = 11;

  private static final String[] NAMES;
  private static final byte[] SHAPES;
  private static final String[] PATTERNS;

  static {
    int max = 0;
    for (String e : OpcodeShapes.ENTRIES) {
      max = Math.max(max, Integer.parseInt(e.substring(0, e.indexOf(' '))));
    }
    NAMES = new String[max + 1];
    SHAPES = new byte[max + 1];
    PATTERNS = new String[max + 1];
    for (String e : OpcodeShapes.ENTRIES) {
      String[] p = e.split(" ");
      int op = Integer.parseInt(p[0]);
      if (NAMES[op] == null) { // the first (non-alias) name of an opcode wins
        NAMES[op] = p[1];
        SHAPES[op] = Byte.parseByte(p[2]);
        PATTERNS[op] = p[3].equals("-") ? "" : p[3];
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

  static boolean hasResult(int opcode) {
    return known(opcode) && (SHAPES[opcode] & 2) != 0;
  }

  static String pattern(int opcode) {
    return known(opcode) ? PATTERNS[opcode] : "";
  }

  static int maxOpcode() {
    return NAMES.length - 1;
  }
}
