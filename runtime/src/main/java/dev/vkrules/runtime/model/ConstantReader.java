package dev.vkrules.runtime.model;

import dev.vkrules.runtime.spirv.SpirvModule;
import dev.vkrules.runtime.spirv.grammar.Op;

/** Reads a constant-creation instruction into a {@link Constant}. */
final class ConstantReader {
  private ConstantReader() {}

  static Constant read(SpirvModule m, ModuleModel model, int inst, int opcode) {
    int id = m.resultId(inst);
    int type = m.resultTypeId(inst);
    int n = m.operandCount(inst);
    Constant c = switch (opcode) {
      case Op.OpConstant, Op.OpSpecConstant -> scalar(m, model, inst, opcode, id, type);
      case Op.OpConstantTrue, Op.OpSpecConstantTrue ->
          flag(new Constant(id, inst, opcode, type, Constant.Kind.TRUE, opcode == Op.OpSpecConstantTrue), 1);
      case Op.OpConstantFalse, Op.OpSpecConstantFalse ->
          flag(new Constant(id, inst, opcode, type, Constant.Kind.FALSE, opcode == Op.OpSpecConstantFalse), 0);
      case Op.OpConstantNull -> new Constant(id, inst, opcode, type, Constant.Kind.NULL, false);
      case Op.OpConstantComposite, Op.OpSpecConstantComposite -> {
        Constant k = new Constant(id, inst, opcode, type, Constant.Kind.COMPOSITE,
            opcode == Op.OpSpecConstantComposite);
        k.constituents = ids(m, inst, 2, n);
        yield k;
      }
      case Op.OpConstantSampler -> new Constant(id, inst, opcode, type, Constant.Kind.SAMPLER, false);
      case Op.OpSpecConstantOp -> {
        Constant k = new Constant(id, inst, opcode, type, Constant.Kind.SPEC_OP, true);
        k.specOpcode = n > 2 ? m.operandWord(inst, 2) : -1;
        k.constituents = ids(m, inst, 3, n);
        yield k;
      }
      default -> new Constant(id, inst, opcode, type, Constant.Kind.OTHER, m.info(inst).name().contains("Spec"));
    };
    return c;
  }

  private static Constant flag(Constant c, long bits) {
    c.bits = bits;
    return c;
  }

  private static Constant scalar(SpirvModule m, ModuleModel model, int inst, int opcode, int id, int type) {
    Constant c = new Constant(id, inst, opcode, type, Constant.Kind.SCALAR, opcode == Op.OpSpecConstant);
    Type t = model.type(type);
    if (t != null && t.isNumericScalar()) {
      c.width = t.width;
      c.signedType = t.signed;
      c.floatType = t.kind == TypeKind.FLOAT;
    }
    if (m.operandCount(inst) > 2) {
      c.bits = m.operandLiteral(inst, 2);
    }
    return c;
  }

  /** The id operands from {@code from} on (literals of OpSpecConstantOp excluded). */
  private static int[] ids(SpirvModule m, int inst, int from, int to) {
    int[] out = new int[Math.max(0, to - from)];
    int k = 0;
    for (int i = from; i < to; i++) {
      if (m.operandKind(inst, i).isId()) {
        out[k++] = m.operandWord(inst, i);
      }
    }
    return java.util.Arrays.copyOf(out, k);
  }
}
