package dev.vkrules.runtime.engine.module;

import dev.vkrules.runtime.engine.base.Opcodes;
import dev.vkrules.runtime.engine.base.Unknown;
import dev.vkrules.runtime.spirv.grammar.Op;
import java.util.ArrayList;
import java.util.List;

/**
 * The values of constant operands, for rules about an operand's value (ray origins, Tmin and
 * Tmax, ray flags, hit kinds): {@code float-values}, {@code constant-value} and
 * {@code bits(Kind)} of the rule language. A value is known when the operand is a constant
 * instruction: {@code OpConstant}, {@code OpConstantNull}, {@code OpConstantComposite} of such,
 * or a specialization constant ({@code OpSpecConstant}, {@code OpSpecConstantComposite}) by its
 * default value, which is what the module runs with unless a pipeline specializes it (under a
 * pipeline, {@link Specializer}, the pipeline's value). Anything
 * else (a value computed at run time, {@code OpUndef}, {@code OpSpecConstantOp}) is unknown, so
 * such a rule judges constants only. Integer operands are read the same way: {@code
 * scalar-constants}, {@code signed-value} and {@code constituent(N)}.
 */
public final class ConstantValues {
  /** Nesting a composite constant may have before it is given up on (a malformed cycle). */
  private static final int MAX_DEPTH = 8;

  private ConstantValues() {}

  /**
   * {@code Facts.constant}: the value of a scalar integer or Boolean constant; a specialization
   * constant has one only when a pipeline (or --spec-constant) sets it ({@link Specializer});
   * unknown for anything else.
   */
  public static long scalarValue(ModuleView f, int def) {
    int[] w = f.module().words;
    return switch (f.opcode(def)) {
      case Opcodes.OP_CONSTANT -> f.count(def) > 4
          ? (Integer.toUnsignedLong(w[def + 3]) | ((long) w[def + 4] << 32))
          : Integer.toUnsignedLong(w[def + 3]);
      case Opcodes.OP_CONSTANT_NULL, Op.OpConstantFalse -> 0;
      case Op.OpConstantTrue -> 1;
      case Op.OpSpecConstant, Op.OpSpecConstantTrue, Op.OpSpecConstantFalse -> {
        java.util.Optional<Long> v = f.specializer() == null ? java.util.Optional.empty() : f.specializer().integer(f, def);
        yield v.isPresent() ? v.get() : Unknown.raise();
      }
      default -> Unknown.raise();
    };
  }

  /** The component values of a floating-point scalar or vector constant, in order. */
  public static double[] floats(ModuleView f, int x) {
    return floats(f, x, 0);
  }

  private static double[] floats(ModuleView f, int x, int depth) {
    if (depth > MAX_DEPTH) {
      return Unknown.raise();
    }
    int type = f.typeOf(x);
    return switch (f.opcode(x)) {
      case Op.OpConstant -> new double[] {scalarFloat(f, x, type)};
      case Op.OpSpecConstant -> {
        java.util.Optional<Double> specialized = f.specializer() == null ? java.util.Optional.empty()
            : f.specializer().floatValue(f, x);
        yield new double[] {specialized.isPresent() ? specialized.get() : scalarFloat(f, x, type)};
      }
      case Op.OpConstantNull -> {
        if (f.opcode(f.scalar(type)) != Op.OpTypeFloat) {
          yield Unknown.raise();
        }
        yield new double[(int) f.components(type)];
      }
      case Op.OpConstantComposite, Op.OpSpecConstantComposite -> {
        int n = (int) f.components(type);
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
          double[] part = floats(f, f.def((int) f.word(x, 3 + i)), depth + 1);
          if (part.length != 1) {
            Unknown.raise();
          }
          out[i] = part[0];
        }
        yield out;
      }
      default -> Unknown.raise();
    };
  }

  /** One float constant's value by the Width of its type (16, 32 or 64 bits). */
  private static double scalarFloat(ModuleView f, int x, int type) {
    if (f.opcode(type) != Op.OpTypeFloat || f.word(type, 2) != 32 && f.word(type, 2) != 16
        && f.word(type, 2) != 64 || f.word(type, 0) >>> 16 > 3) {
      return Unknown.raise(); // not an IEEE float (a width the rules do not know, or a FP encoding)
    }
    long low = f.word(x, 3);
    return switch ((int) f.word(type, 2)) {
      case 16 -> half((int) low);
      case 32 -> Float.intBitsToFloat((int) low);
      default -> Double.longBitsToDouble(low | (f.word(x, 4) << 32));
    };
  }

  /** IEEE 754 binary16 to double (Java 17 has no Float.float16ToFloat). */
  public static double half(int bits) {
    int sign = (bits & 0x8000) != 0 ? -1 : 1;
    int exponent = (bits >>> 10) & 0x1f;
    int mantissa = bits & 0x3ff;
    if (exponent == 0x1f) {
      return mantissa == 0 ? sign * Double.POSITIVE_INFINITY : Double.NaN;
    }
    if (exponent == 0) {
      return sign * Math.scalb((double) mantissa, -24); // subnormal (and zero)
    }
    return sign * Math.scalb((double) (mantissa | 0x400), exponent - 25);
  }

  /** The value of an integer scalar constant (unsigned, by its width); a specialization constant by its default. */
  public static long integer(ModuleView f, int x) {
    int op = f.opcode(x);
    if (op != Op.OpConstant && op != Op.OpSpecConstant && op != Op.OpConstantNull) {
      return Unknown.raise();
    }
    int type = f.typeOf(x);
    if (f.opcode(type) != Op.OpTypeInt) {
      return Unknown.raise();
    }
    if (op == Op.OpConstantNull) {
      return 0;
    }
    if (op == Op.OpSpecConstant && f.specializer() != null) {
      java.util.Optional<Long> specialized = f.specializer().integer(f, x);
      if (specialized.isPresent()) {
        return specialized.get();
      }
    }
    long value = f.word(x, 3);
    return f.word(type, 2) > 32 ? value | (f.word(x, 4) << 32) : value;
  }

  // ---- tests on the component values (NaN rules are separate: a comparison with NaN is unknown)

  /** Every component is finite (neither infinite nor NaN). */
  public static boolean finite(double[] v) {
    for (double d : v) {
      if (!Double.isFinite(d)) {
        return false;
      }
    }
    return true;
  }

  /** Some component is NaN. */
  public static boolean nan(double[] v) {
    for (double d : v) {
      if (Double.isNaN(d)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Every component is at least {@code bound} (-0.0 counts as 0.0). A component that is NaN is
   * neither: the outcome is unknown unless another component already fails.
   */
  public static boolean atLeast(double[] v, double bound) {
    return compare(v, bound, true);
  }

  /** Every component is at most {@code bound}; NaN as for {@link #atLeast}. */
  public static boolean atMost(double[] v, double bound) {
    return compare(v, bound, false);
  }

  /**
   * A float constant's one value, for a comparison with a device property (Box Size.y at most
   * maxBoxFilterBlockSize.height): unknown when it has more than one component or is NaN.
   */
  public static double comparable(double[] v) {
    return v.length == 1 && !Double.isNaN(v[0]) ? v[0] : Unknown.raise();
  }

  /** The bound given by another constant: one component, else unknown. */
  public static double single(double[] v) {
    return v.length == 1 ? v[0] : Unknown.raise();
  }

  private static boolean compare(double[] v, double bound, boolean atLeast) {
    if (Double.isNaN(bound)) {
      return Unknown.raise();
    }
    boolean nan = false;
    for (double d : v) {
      if (Double.isNaN(d)) {
        nan = true;
      } else if (atLeast ? d < bound : d > bound) {
        return false;
      }
    }
    return nan ? Unknown.raise() : true;
  }

  // ---- scalar constants of an integer operand: the scalar-constants, signed-value and
  // constituent(N) path fields (texel offsets against minTexelOffset, a Block Size)

  /**
   * The scalar constants of {@code x}: an OpConstant or OpConstantNull itself (a null composite
   * stands for its zero components), and the constituents of an OpConstantComposite, in order,
   * through nested composites. Unknown for anything else.
   */
  public static int[] scalars(ModuleView f, int x) {
    List<Integer> out = new ArrayList<>();
    collect(f, x, out, 0);
    return out.stream().mapToInt(Integer::intValue).toArray();
  }

  private static void collect(ModuleView f, int x, List<Integer> out, int depth) {
    switch (f.opcode(x)) {
      case Opcodes.OP_CONSTANT, Opcodes.OP_CONSTANT_NULL, Op.OpSpecConstant -> out.add(x);
      case Op.OpConstantComposite, Op.OpSpecConstantComposite -> {
        if (depth >= MAX_DEPTH) {
          Unknown.raise();
        }
        for (int i = 3; i < f.count(x); i++) {
          collect(f, f.def(f.module().words[x + i]), out, depth + 1);
        }
      }
      default -> Unknown.raise();
    }
  }

  /** An integer constant's bits read as a two's-complement number of its type's width. */
  public static long signedValue(ModuleView f, int x) {
    int t = f.typeOf(x);
    if (f.opcode(t) != Opcodes.OP_TYPE_INT) {
      return f.opcode(x) == Opcodes.OP_CONSTANT_NULL ? 0 : Unknown.raise();
    }
    long bits = integer(f, x);
    long width = f.word(t, 2);
    return width >= 64 ? bits : (bits << (64 - width)) >> (64 - width);
  }

  /** Constituent {@code n} of an OpConstantComposite; an OpConstantNull stands for its zero constituents. */
  public static int constituent(ModuleView f, int x, int n) {
    return switch (f.opcode(x)) {
      case Opcodes.OP_CONSTANT_NULL -> x;
      case Op.OpConstantComposite, Op.OpSpecConstantComposite -> 3 + n < f.count(x) ? f.def(f.module().words[x + 3 + n]) : Unknown.raise();
      default -> Unknown.raise();
    };
  }
}
