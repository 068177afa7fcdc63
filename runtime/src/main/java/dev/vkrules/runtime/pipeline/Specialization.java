package dev.vkrules.runtime.pipeline;

import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The specialization constants a stage sets: each {@code constantID} with its value as the
 * bytes {@code pMapEntries} select from {@code pData} (or as the simpler
 * {@code "specialization": {"ID": value}} form, or {@code --spec-constant ID=VALUE}), and where
 * that value was given, so a finding can say which value came from where.
 */
public record Specialization(Map<Integer, Value> values) {
  public static final Specialization NONE = new Specialization(Map.of());

  public Specialization {
    values = Map.copyOf(new TreeMap<>(values));
  }

  /**
   * One constant's value and where it was given.
   *
   * @param bits the bytes {@code pMapEntries} select, as a little-endian integer; for a value
   *     written as a number ({@code "specialization"}, {@code --spec-constant}) the integer itself,
   *     or, when {@code real}, the IEEE 754 double's bits
   * @param size the map entry's size in bytes ({@link #EMPTY_ENTRY} for an entry of 0 bytes), or 0
   *     for a value written as a number,
   *     which takes the width of the constant it specializes
   * @param real whether the value was written as a decimal number (for a floating-point constant)
   * @param negative whether an integer written as a number is negative ({@code bits} is then its
   *     two's complement; otherwise {@code bits} is unsigned, up to 2^64-1)
   */
  public record Value(int constantId, long bits, int size, boolean real, boolean negative, Source source) {
    /** {@link #size} of a map entry of 0 bytes (0 stands for a value written as a number). */
    public static final int EMPTY_ENTRY = -1;

    /** The map entry's size in bytes as the description gives it (0 for a value written as a number). */
    public long entryBytes() {
      return size == EMPTY_ENTRY ? 0 : size;
    }

    /** A value whose sign is that of {@code bits} when it is an integer written as a number (below 2^63). */
    public Value(int constantId, long bits, int size, boolean real, Source source) {
      this(constantId, bits, size, real, size == 0 && !real && bits < 0, source);
    }

    /** {@code (SpecId 3 = 64 from pipeline.json pStages[1])}: the provenance a finding quotes. */
    public String provenance() {
      String shown = real ? String.valueOf(Double.longBitsToDouble(bits))
          : negative || size != 0 ? Long.toString(bits) : Long.toUnsignedString(bits);
      return "(SpecId " + constantId + " = " + shown + " from " + source + ")";
    }
  }

  /**
   * A value that cannot specialize its constant (a map entry of another size, a number that
   * does not fit, a decimal for an integer): the module is not validated with it, and the message
   * says why ({@code FILE:LINE:COLUMN: /pointer: ...}, or the option).
   */
  public static final class Unusable extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** The rule the value breaks when Vulkan forbids it (a map entry's size), or null. */
    private final transient dev.vkrules.runtime.requirements.Vuid rule;
    private final String what;
    private final transient Source at;

    public Unusable(Source at, String message) {
      this(at, message, null);
    }

    public Unusable(Source at, String message, dev.vkrules.runtime.requirements.Vuid rule) {
      super((at.file().isEmpty() ? at.pointer() : at.position() + ": " + dev.vkrules.runtime.Shown.pointer(at.pointer())) + ": " + message);
      this.rule = rule;
      this.what = message;
      this.at = at;
    }

    /** Where the value was given. */
    public Source at() {
      return at;
    }

    /** The VUID the value breaks, or null when it is only the input's error. */
    public dev.vkrules.runtime.requirements.Vuid rule() {
      return rule;
    }

    /** The message without the position ("SpecId 0 is a 32-bit ... constant; got a map entry of 2 bytes"). */
    public String what() {
      return what;
    }
  }

  public Optional<Value> value(int constantId) {
    return Optional.ofNullable(values.get(constantId));
  }

  public boolean isEmpty() {
    return values.isEmpty();
  }
}
