package dev.vkrules.runtime.model;

import dev.vkrules.runtime.spirv.SpirvModule;

/** Reads the operands of a type declaration into a {@link Type}. */
final class TypeReader {
  private TypeReader() {}

  static Type read(SpirvModule m, int inst, int opcode) {
    Type t = new Type(m.resultId(inst), inst, opcode);
    int n = m.operandCount(inst);
    // Operand 0 is the result id; the type's own operands start at 1.
    switch (t.kind) {
      case INT -> {
        t.width = word(m, inst, 1);
        t.signed = word(m, inst, 2) != 0;
      }
      case FLOAT -> t.width = word(m, inst, 1);
      case VECTOR, MATRIX -> {
        t.componentType = word(m, inst, 1);
        t.componentCount = word(m, inst, 2);
      }
      case ARRAY -> {
        t.componentType = word(m, inst, 1);
        t.lengthId = word(m, inst, 2);
      }
      case RUNTIME_ARRAY, SAMPLED_IMAGE -> t.componentType = word(m, inst, 1);
      case STRUCT -> t.members = range(m, inst, 1, n);
      case POINTER -> {
        t.storageClass = n > 1 ? word(m, inst, 1) : -1;
        t.pointee = word(m, inst, 2);
      }
      case FUNCTION -> {
        t.returnType = word(m, inst, 1);
        t.parameters = range(m, inst, 2, n);
      }
      case IMAGE -> {
        t.componentType = word(m, inst, 1);
        t.dim = n > 2 ? word(m, inst, 2) : -1;
        t.depth = n > 3 ? word(m, inst, 3) : -1;
        t.arrayed = word(m, inst, 4) != 0;
        t.multisampled = word(m, inst, 5) != 0;
        t.sampled = n > 6 ? word(m, inst, 6) : -1;
        t.imageFormat = n > 7 ? word(m, inst, 7) : -1;
        t.accessQualifier = n > 8 ? word(m, inst, 8) : -1;
      }
      default -> { }
    }
    return t;
  }

  private static int word(SpirvModule m, int inst, int k) {
    return k < m.operandCount(inst) ? m.operandWord(inst, k) : 0;
  }

  private static int[] range(SpirvModule m, int inst, int from, int to) {
    int[] out = new int[Math.max(0, to - from)];
    for (int k = from; k < to; k++) {
      out[k - from] = m.operandWord(inst, k);
    }
    return out;
  }
}
