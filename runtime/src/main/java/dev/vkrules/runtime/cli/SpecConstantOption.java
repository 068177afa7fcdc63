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
}
