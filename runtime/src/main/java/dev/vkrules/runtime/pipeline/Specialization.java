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
   * @param size the map entry's size in bytes (1, 2, 4 or 8), or 0 for a value written as a number,
   *     which takes the width of the constant it specializes
   * @param real whether the value was written as a decimal number (for a floating-point constant)
   */
  public record Value(int constantId, long bits, int size, boolean real, Source source) {
    /** {@code (SpecId 3 = 64 from pipeline.json pStages[1])}: the provenance a finding quotes. */
    public String provenance() {
      String shown = real ? String.valueOf(Double.longBitsToDouble(bits)) : Long.toString(bits);
      return "(SpecId " + constantId + " = " + shown + " from " + source + ")";
    }
  }

  public Optional<Value> value(int constantId) {
    return Optional.ofNullable(values.get(constantId));
  }

  public boolean isEmpty() {
    return values.isEmpty();
  }
}
