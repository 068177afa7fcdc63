package dev.vkrules.runtime.engine.module;

import dev.vkrules.runtime.engine.base.Opcodes;
import dev.vkrules.runtime.engine.base.Unknown;
import dev.vkrules.runtime.pipeline.Specialization;
import dev.vkrules.runtime.spirv.grammar.Op;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The values a pipeline gives a module's specialization constants ({@code pSpecializationInfo},
 * the {@code "specialization"} form, or {@code --spec-constant}), in place of their defaults
 * wherever rules read a constant's value: array lengths and sizes ({@link SpecConstantDefaults}),
 * local sizes, scopes, operand values ({@link ConstantValues}), conditions evaluated over
 * {@code OpSpecConstantOp}. A specialization constant is matched by its {@code SpecId}
 * decoration. Each value read while one subject is checked is remembered, so a finding can say
 * which value came from where ({@link #provenance}).
 *
 * <p>A value whose map entry size is not the constant's (a 4-byte entry for a 64-bit constant;
 * a Boolean takes a 4-byte {@code VkBool32}) specializes nothing the rules can rely on: it is
 * unknown, never taken as the default.
 */
public final class Specializer {
  private static final long SPEC_ID = 1;
  private final Specialization values;
  private final Set<Specialization.Value> read = new LinkedHashSet<>();

  public Specializer(Specialization values) {
    this.values = values;
  }

  /**
   * Refuses, before any rule reads one, a value that cannot specialize the constant its SpecId
   * names in this module: a map entry whose size is not the constant's, a Boolean given other than
   * true, false, 0 or 1, a decimal for an integer, an integer outside the constant's width and
   * signedness, a float that is not finite or does not fit its width. Rules never decide with such
   * a value (nor with the default in its place): the module gets no verdict.
   *
   * @throws Specialization.Unusable naming the value's source, the constant and what was given
   */
  public void checkFits(ModuleView f) {
    int[] words = f.module().words;
    for (int off : f.module().starts) {
      if ((words[off] & 0xffff) != Opcodes.OP_DECORATE || f.count(off) < 4 || f.word(off, 2) != SPEC_ID) {
        continue;
      }
      Optional<Specialization.Value> v = values.value((int) f.word(off, 3));
      int def = f.module().def(words[off + 1]);
      if (v.isPresent() && def >= 0) {
        String problem = unusable(f, def, v.get());
        if (problem != null) {
          // a map entry of another size than its constant's is what VkSpecializationMapEntry forbids;
          // a number that does not fit (--spec-constant, the "specialization" form) is the input's own error
          throw new Specialization.Unusable(v.get().source(), "SpecId " + Integer.toUnsignedString(v.get().constantId())
              + " is " + problem, v.get().size() != 0 ? dev.vkrules.runtime.pipeline.SpecializationVuids.ENTRY_SIZE : null);
        }
      }
    }
  }

  /** Why {@code value} cannot specialize the constant at {@code def} ("a 32-bit ... constant; got ..."), or null. */
  private static String unusable(ModuleView f, int def, Specialization.Value value) {
    int op = f.opcode(def);
    String given = given(value);
    if (op == Op.OpSpecConstantTrue || op == Op.OpSpecConstantFalse) {
      boolean fits = value.size() == 4 || value.size() == 0 && !value.real() && !value.negative()
          && (value.bits() == 0 || value.bits() == 1);
      return fits ? null : "a Boolean constant (true, false, 0 or 1; a map entry of 4 bytes, a VkBool32); got " + given;
    }
    if (op != Op.OpSpecConstant) {
      return null;
    }
    int type = f.module().def(f.module().words[def + 1]);
    if (type < 0) {
      return null;
    }
    long width = f.word(type, 2);
    if (f.opcode(type) == Op.OpTypeInt) {
      boolean signed = f.word(type, 3) != 0;
      String what = "a " + width + "-bit " + (signed ? "signed" : "unsigned") + " integer constant";
      if (value.real() || value.size() != 0 && value.size() * 8L != width) {
        return what + "; got " + given;
      }
      if (value.size() != 0) {
        return null;
      }
      long bits = value.bits();
      boolean fits = width >= 64 ? signed ? value.negative() || bits >= 0 : !value.negative()
          : value.negative() ? signed && bits >= -(1L << (width - 1))
          : Long.compareUnsigned(bits, signed ? (1L << (width - 1)) - 1 : (1L << width) - 1) <= 0;
      String range = signed ? "-2^" + (width - 1) + " to 2^" + (width - 1) + "-1" : "0 to 2^" + width + "-1";
      return fits ? null : what + " (" + range + "); got " + given;
    }
    if (f.opcode(type) == Op.OpTypeFloat) {
      String what = "a " + width + "-bit floating-point constant";
      if (value.size() != 0) {
        return value.size() * 8L == width ? null : what + "; got " + given;
      }
      double d = value.real() ? Double.longBitsToDouble(value.bits())
          : value.negative() ? (double) value.bits() : unsigned(value.bits());
      double max = width == 16 ? 65504 : width == 32 ? Float.MAX_VALUE : Double.MAX_VALUE;
      return Double.isFinite(d) && Math.abs(d) <= max ? null : what + " (finite, at most " + max + " in magnitude); got "
          + given;
    }
    return null;
  }

  private static double unsigned(long bits) {
    return bits >= 0 ? bits : (bits >>> 1) * 2.0 + (bits & 1);
  }

  /** The value as its source gave it: "a map entry of 8 bytes", "4294967301", "a decimal number (Infinity)". */
  private static String given(Specialization.Value v) {
    if (v.size() != 0) {
      return "a map entry of " + v.entryBytes() + (v.entryBytes() == 1 ? " byte" : " bytes");
    }
    if (v.real()) {
      return "the decimal number " + Double.longBitsToDouble(v.bits());
    }
    return v.negative() ? Long.toString(v.bits()) : Long.toUnsignedString(v.bits());
  }

  /** Forgets the values read so far (the engine calls this before each subject). */
  public void clearReads() {
    read.clear();
  }

  public boolean hasReads() {
    return !read.isEmpty();
  }

  /** {@code (SpecId 3 = 64 from pipeline.json pStages[1])}, one per value read, in the order read. */
  public String provenance() {
    return read.stream().map(Specialization.Value::provenance).collect(Collectors.joining(" "));
  }

  /**
   * The pipeline's value for the specialization constant defined at {@code def}: its bits,
   * zero-extended from the constant's width (a Boolean 0 or 1); empty when {@code def} is no
   * scalar specialization constant or the pipeline does not set its SpecId.
   */
  public Optional<Long> integer(ModuleView f, int def) {
    Optional<Specialization.Value> v = lookup(f, def);
    if (v.isEmpty()) {
      return Optional.empty();
    }
    Specialization.Value value = v.get();
    int op = f.opcode(def);
    if (op == Op.OpSpecConstantTrue || op == Op.OpSpecConstantFalse) {
      if (value.real() || value.size() != 0 && value.size() != 4) {
        return Unknown.raise();
      }
      return Optional.of(value.bits() != 0 ? 1L : 0L);
    }
    int type = f.typeOf(def);
    if (f.opcode(type) != Op.OpTypeInt || value.real()) {
      return Unknown.raise();  // a float constant is read by floatValue; a decimal for an integer is no value
    }
    long width = f.word(type, 2);
    if (value.size() != 0 && value.size() * 8L != width) {
      return Unknown.raise();
    }
    long bits = value.bits();
    if (value.size() == 0 && width < 64 && (bits >>> width) != 0 && (bits >> (width - 1)) != -1) {
      return Unknown.raise();  // a number that does not fit the constant's width
    }
    return Optional.of(width >= 64 ? bits : bits & ((1L << width) - 1));
  }

  /** The pipeline's value for a floating-point specialization constant, as a double. */
  public Optional<Double> floatValue(ModuleView f, int def) {
    Optional<Specialization.Value> v = lookup(f, def);
    if (v.isEmpty()) {
      return Optional.empty();
    }
    Specialization.Value value = v.get();
    long width = f.word(f.typeOf(def), 2);
    if (value.size() == 0) {
      return Optional.of(value.real() ? Double.longBitsToDouble(value.bits()) : (double) value.bits());
    }
    if (value.size() * 8L != width) {
      return Unknown.raise();
    }
    return Optional.of(switch ((int) width) {
      case 16 -> ConstantValues.half((int) value.bits());
      case 32 -> (double) Float.intBitsToFloat((int) value.bits());
      default -> Double.longBitsToDouble(value.bits());
    });
  }

  private Optional<Specialization.Value> lookup(ModuleView f, int def) {
    int op = f.opcode(def);
    if (values.isEmpty() || op != Op.OpSpecConstant && op != Op.OpSpecConstantTrue && op != Op.OpSpecConstantFalse) {
      return Optional.empty();
    }
    int id = f.module().words[def + 2];
    for (int d : f.module().decorationsOf(id)) {
      if (f.opcode(d) == Opcodes.OP_DECORATE && f.word(d, 2) == SPEC_ID && f.count(d) > 3) {
        Optional<Specialization.Value> v = values.value((int) f.word(d, 3));
        v.ifPresent(read::add);
        return v;
      }
    }
    return Optional.empty();
  }
}
