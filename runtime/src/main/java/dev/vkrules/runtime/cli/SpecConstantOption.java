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
        throw usage.apply("--spec-constant takes ID=VALUE, got '" + option + "'");
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
        throw usage.apply("--spec-constant: a SpecId is a uint32_t in decimal, got '" + idText + "'");
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
    try {
      if (text.matches("-?0[xX][0-9a-fA-F]+")) {
        boolean negative = text.startsWith("-");
        long v = Long.parseUnsignedLong(text.substring(negative ? 3 : 2), 16);
        return new Specialization.Value(id, negative ? -v : v, 0, false, source);
      }
      if (text.matches("-?\\d+")) {
        return new Specialization.Value(id, text.startsWith("-") ? Long.parseLong(text) : Long.parseUnsignedLong(text),
            0, false, source);
      }
      if (text.matches("-?(\\d+\\.\\d*|\\.\\d+)([eE][-+]?\\d+)?|-?\\d+[eE][-+]?\\d+")) {
        return new Specialization.Value(id, Double.doubleToLongBits(Double.parseDouble(text)), 0, true, source);
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw usage.apply("--spec-constant: the value of SpecId " + id + " is an integer, true, false or a decimal number, got '"
        + text + "'");
  }
}
