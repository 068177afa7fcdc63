package dev.vkrules.runtime.cli;

import dev.vkrules.runtime.pipeline.Source;
import dev.vkrules.runtime.pipeline.Specialization;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * {@code --spec-constant ID=VALUE}: a specialization constant's value for modules validated
 * alone, written as in a description's {@code "specialization"} form: an integer (decimal, or
 * hexadecimal with {@code 0x}; negative for a signed constant), {@code true}, {@code false}, or a
 * decimal number with a point for a floating-point constant. Findings that read it say
 * {@code (SpecId 3 = 64 from --spec-constant 3=64)}.
 */
final class SpecConstantOption {
  private SpecConstantOption() {}

  static Specialization parse(List<String> options, Function<String, RuntimeException> usage) {
    Map<Integer, Specialization.Value> values = new LinkedHashMap<>();
    for (String option : options) {
      int eq = option.indexOf('=');
      if (eq <= 0) {
        throw usage.apply("--spec-constant takes ID=VALUE, got '" + dev.vkrules.runtime.Shown.cut(option) + "'");
      }
      String idText = option.substring(0, eq).strip();
      String text = option.substring(eq + 1).strip();
      long id;
      try {
        id = Long.parseLong(idText);
      } catch (NumberFormatException e) {
        id = -1;
      }
      if (id < 0 || id > 0xffff_ffffL) {
        throw usage.apply("--spec-constant: a SpecId is a uint32_t in decimal, got '" + dev.vkrules.runtime.Shown.cut(idText) + "'");
      }
      if (values.containsKey((int) id)) {
        throw usage.apply("--spec-constant: SpecId " + id + " is given twice");
      }
      Source source = Source.commandLine("--spec-constant " + option);
      values.put((int) id, value((int) id, text, source, usage));
    }
    return new Specialization(values);
  }

  private static Specialization.Value value(int id, String text, Source source, Function<String, RuntimeException> usage) {
    if (text.equals("true") || text.equals("false")) {
      return new Specialization.Value(id, text.equals("true") ? 1 : 0, 0, false, source);
    }
    String shown = dev.vkrules.runtime.Shown.cut(text);
    boolean negative = text.startsWith("-");
    java.math.BigInteger integer = null;
    if (text.length() > 100) {  // longer than any 64-bit or double value is written; not parsed
      throw usage.apply("--spec-constant: the value of SpecId " + id + " is at most 64 bits or a double, got '" + shown + "'");
    }
    if (text.matches("-?0[xX][0-9a-fA-F]+")) {
      integer = new java.math.BigInteger(text.substring(negative ? 3 : 2), 16);
    } else if (text.matches("-?\\d+")) {
      integer = new java.math.BigInteger(text.substring(negative ? 1 : 0));
    }
    if (integer != null) {
      integer = negative ? integer.negate() : integer;
      // at most 64 bits, signed or unsigned; the constant's own width and signedness are checked against the module
      if (integer.bitLength() > 64 || integer.signum() < 0 && integer.bitLength() > 63) {
        throw usage.apply("--spec-constant: the value of SpecId " + id + " is at most 64 bits (-2^63 to 2^64-1), got '"
            + shown + "'");
      }
      return new Specialization.Value(id, integer.longValue(), 0, false, integer.signum() < 0, source);
    }
    if (text.matches("-?(\\d+\\.\\d*|\\.\\d+)([eE][-+]?\\d+)?|-?\\d+[eE][-+]?\\d+")) {
      double d = Double.parseDouble(text);
      if (!Double.isFinite(d)) {
        throw usage.apply("--spec-constant: the value of SpecId " + id + " is a finite number, got '" + shown + "'");
      }
      return new Specialization.Value(id, Double.doubleToLongBits(d), 0, true, false, source);
    }
    throw usage.apply("--spec-constant: the value of SpecId " + id + " is an integer, true, false or a decimal number, got '"
        + shown + "'");
  }

  /** OpDecorate and its SpecId decoration, from the SPIR-V specification (fixed since 1.0). */
  private static final int OP_DECORATE = 71;
  private static final int SPEC_ID = 1;

  /**
   * "--spec-constant 99=3: the module declares no SpecId 99 (it declares 0, 1)" for the values a
   * module has no specialization constant for, or null when it declares them all (or is not
   * SPIR-V: validate reports that). A value for nothing is most often a typo: it is said, not
   * refused, since one command line may serve several modules.
   */
  static String undeclared(Specialization s, byte[] module) {
    java.util.SortedSet<Long> declared = specIds(module);
    if (declared == null) {
      return null;
    }
    List<String> missing = s.values().values().stream().filter(v -> !declared.contains(v.constantId() & 0xffff_ffffL))
        .sorted(java.util.Comparator.comparingLong(v -> v.constantId() & 0xffff_ffffL))
        .map(v -> v.source().toString().replaceFirst("^--spec-constant ", "")).toList();
    if (missing.isEmpty()) {
      return null;
    }
    String ids = s.values().values().stream().filter(v -> !declared.contains(v.constantId() & 0xffff_ffffL))
        .map(v -> Long.toString(v.constantId() & 0xffff_ffffL)).sorted().collect(java.util.stream.Collectors.joining(", "));
    return "--spec-constant " + String.join(", ", missing) + ": the module declares no SpecId " + ids
        + (declared.isEmpty() ? " (it declares none)" : " (it declares " + declared.stream().map(String::valueOf)
            .collect(java.util.stream.Collectors.joining(", ")) + ")");
  }

  /** The SpecIds a module's OpDecorate instructions declare; null when the bytes are not a SPIR-V module. */
  static java.util.SortedSet<Long> specIds(byte[] module) {
    if (module.length < 20 || module.length % 4 != 0) {
      return null;
    }
    java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(module).order(java.nio.ByteOrder.LITTLE_ENDIAN);
    if (b.getInt(0) != 0x07230203) {
      b.order(java.nio.ByteOrder.BIG_ENDIAN);
      if (b.getInt(0) != 0x07230203) {
        return null;
      }
    }
    java.util.SortedSet<Long> ids = new java.util.TreeSet<>();
    int words = module.length / 4;
    for (int i = 5; i < words; ) {
      int first = b.getInt(i * 4);
      int count = first >>> 16;
      if (count == 0 || i + count > words) {
        return null; // malformed: validate says where
      }
      if ((first & 0xffff) == OP_DECORATE && count >= 4 && b.getInt((i + 2) * 4) == SPEC_ID) {
        ids.add(b.getInt((i + 3) * 4) & 0xffff_ffffL);
      }
      i += count;
    }
    return ids;
  }
}
