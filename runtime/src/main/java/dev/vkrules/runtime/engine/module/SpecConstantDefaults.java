package dev.vkrules.runtime.engine.module;

import dev.vkrules.runtime.engine.base.Unknown;
import dev.vkrules.runtime.spirv.grammar.Op;
import java.util.HashMap;
import java.util.Map;

/**
 * The value an integer or Boolean scalar constant has when no pipeline specializes the module:
 * an {@code OpConstant}, {@code OpConstantTrue}/{@code False} or {@code OpConstantNull} its own;
 * a specialization constant ({@code OpSpecConstant}, {@code OpSpecConstantTrue}/{@code False})
 * its default; an {@code OpSpecConstantOp} its operation on those values (the integer and
 * Boolean operations a specialization-constant expression may use: arithmetic, bitwise,
 * shifts, comparisons, logic, {@code OpSelect}, {@code OpUConvert}/{@code OpSConvert}), the
 * result wrapped to its type's width. That is what the module runs with unless specialized, so
 * the array lengths the storage-size measures read are taken this way (the rules' messages say
 * so). Unknown for anything else (a float, a composite, a division by zero, a shift past the
 * width). Each constant is evaluated once per module. Under a pipeline ({@link Specializer}) a
 * specialization constant the pipeline sets has the pipeline's value instead of its default.
 */
public final class SpecConstantDefaults {
  private static final int MAX_DEPTH = 64;
  private final ModuleView f;
  private final Map<Integer, Long> memo = new HashMap<>();

  public SpecConstantDefaults(ModuleView f) {
    this.f = f;
  }

  /** The default value of the integer or Boolean constant defined at {@code def}, zero-extended from its width. */
  public long value(int def) {
    return value(def, 0);
  }

  private long value(int def, int depth) {
    Long known = memo.get(def);
    if (known != null) {
      if (f.specializer() != null) {
        f.specializer().integer(f, def);  // a memoized specialized value is still read: keep its provenance
        reread(def, 0);
      }
      return known;
    }
    if (depth > MAX_DEPTH) {
      return Unknown.raise();
    }
    if (f.specializer() != null) {
      java.util.Optional<Long> specialized = f.specializer().integer(f, def);
      if (specialized.isPresent()) {
        memo.put(def, specialized.get());
        return specialized.get();
      }
    }
    long v = switch (f.opcode(def)) {
      case Op.OpConstant, Op.OpSpecConstant -> {
        int type = f.typeOf(def);
        if (f.opcode(type) != Op.OpTypeInt) {
          yield Unknown.raise();
        }
        long low = Integer.toUnsignedLong((int) f.word(def, 3));
        yield f.count(def) > 4 ? low | (f.word(def, 4) << 32) : low;
      }
      case Op.OpConstantTrue, Op.OpSpecConstantTrue -> 1;
      case Op.OpConstantFalse, Op.OpSpecConstantFalse -> 0;
      case Op.OpConstantNull -> {
        int op = f.opcode(f.typeOf(def));
        yield op == Op.OpTypeInt || op == Op.OpTypeBool ? 0 : Unknown.raise();
      }
      case Op.OpSpecConstantOp -> operation(def, depth);
      default -> Unknown.raise();
    };
    memo.put(def, v);
    return v;
  }

  /** Reads again the specialization constants an OpSpecConstantOp depends on, for their provenance. */
  private void reread(int def, int depth) {
    if (depth > MAX_DEPTH || f.opcode(def) != Op.OpSpecConstantOp) {
      return;
    }
    for (int i = 0; i < f.count(def) - 4; i++) {
      int operand = f.def((int) f.word(def, 4 + i));
      if (operand >= 0) {
        f.specializer().integer(f, operand);
        reread(operand, depth + 1);
      }
    }
  }

  private long operation(int def, int depth) {
    int type = f.typeOf(def);
    int width = width(type);
    int op = (int) f.word(def, 3);
    int n = f.count(def) - 4;
    long[] a = new long[n];
    int[] widths = new int[n];
    for (int i = 0; i < n; i++) {
      int operand = f.def((int) f.word(def, 4 + i));
      a[i] = value(operand, depth + 1);
      widths[i] = width(f.typeOf(operand));
    }
    long r = switch (op) {
      case Op.OpIAdd -> arg(a, 0) + arg(a, 1);
      case Op.OpISub -> arg(a, 0) - arg(a, 1);
      case Op.OpIMul -> arg(a, 0) * arg(a, 1);
      case Op.OpUDiv -> Long.divideUnsigned(arg(a, 0), nonZero(arg(a, 1)));
      case Op.OpUMod -> Long.remainderUnsigned(arg(a, 0), nonZero(arg(a, 1)));
      case Op.OpSDiv -> signed(arg(a, 0), widths[0]) / nonZero(signed(arg(a, 1), widths[1]));
      case Op.OpSRem -> signed(arg(a, 0), widths[0]) % nonZero(signed(arg(a, 1), widths[1]));
      case Op.OpSMod -> Math.floorMod(signed(arg(a, 0), widths[0]), nonZero(signed(arg(a, 1), widths[1])));
      case Op.OpSNegate -> -arg(a, 0);
      case Op.OpNot -> ~arg(a, 0);
      case Op.OpBitwiseOr -> arg(a, 0) | arg(a, 1);
      case Op.OpBitwiseAnd -> arg(a, 0) & arg(a, 1);
      case Op.OpBitwiseXor -> arg(a, 0) ^ arg(a, 1);
      case Op.OpShiftLeftLogical -> arg(a, 0) << shift(arg(a, 1), width);
      case Op.OpShiftRightLogical -> arg(a, 0) >>> shift(arg(a, 1), width);
      case Op.OpShiftRightArithmetic -> signed(arg(a, 0), widths[0]) >> shift(arg(a, 1), width);
      case Op.OpLogicalOr -> (arg(a, 0) | arg(a, 1)) != 0 ? 1 : 0;
      case Op.OpLogicalAnd -> (arg(a, 0) & arg(a, 1)) != 0 ? 1 : 0;
      case Op.OpLogicalNot -> arg(a, 0) == 0 ? 1 : 0;
      case Op.OpLogicalEqual, Op.OpIEqual -> arg(a, 0) == arg(a, 1) ? 1 : 0;
      case Op.OpLogicalNotEqual, Op.OpINotEqual -> arg(a, 0) != arg(a, 1) ? 1 : 0;
      case Op.OpULessThan -> Long.compareUnsigned(arg(a, 0), arg(a, 1)) < 0 ? 1 : 0;
      case Op.OpUGreaterThan -> Long.compareUnsigned(arg(a, 0), arg(a, 1)) > 0 ? 1 : 0;
      case Op.OpULessThanEqual -> Long.compareUnsigned(arg(a, 0), arg(a, 1)) <= 0 ? 1 : 0;
      case Op.OpUGreaterThanEqual -> Long.compareUnsigned(arg(a, 0), arg(a, 1)) >= 0 ? 1 : 0;
      case Op.OpSLessThan -> signed(arg(a, 0), widths[0]) < signed(arg(a, 1), widths[1]) ? 1 : 0;
      case Op.OpSGreaterThan -> signed(arg(a, 0), widths[0]) > signed(arg(a, 1), widths[1]) ? 1 : 0;
      case Op.OpSLessThanEqual -> signed(arg(a, 0), widths[0]) <= signed(arg(a, 1), widths[1]) ? 1 : 0;
      case Op.OpSGreaterThanEqual -> signed(arg(a, 0), widths[0]) >= signed(arg(a, 1), widths[1]) ? 1 : 0;
      case Op.OpSelect -> arg(a, 0) != 0 ? arg(a, 1) : arg(a, 2);
      case Op.OpUConvert -> arg(a, 0);
      case Op.OpSConvert -> signed(arg(a, 0), widths[0]);
      default -> Unknown.raise();
    };
    return wrap(r, width);
  }

  /** Bits of an integer type (1 for a Boolean); unknown for other types. */
  private int width(int type) {
    return switch (f.opcode(type)) {
      case Op.OpTypeInt -> {
        long bits = f.word(type, 2);
        yield bits >= 1 && bits <= 64 ? (int) bits : Unknown.raise();
      }
      case Op.OpTypeBool -> 1;
      default -> Unknown.raise();
    };
  }

  private static long arg(long[] a, int i) {
    return i < a.length ? a[i] : Unknown.raise();
  }

  private static long nonZero(long x) {
    return x != 0 ? x : Unknown.raise();
  }

  private static int shift(long by, int width) {
    return by >= 0 && by < width ? (int) by : Unknown.raise();
  }

  private static long signed(long bits, int width) {
    return width >= 64 ? bits : (bits << (64 - width)) >> (64 - width);
  }

  private static long wrap(long value, int width) {
    return width >= 64 ? value : value & ((1L << width) - 1);
  }
}
