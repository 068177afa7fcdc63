package dev.vkrules.generator.rules;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vkrules.generator.GeneratorException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The SPIR-V core grammar as the rule compiler needs it: opcodes, operand names and
 * kinds, enumerants and their parameters. Read from {@code spirv.core.grammar.json}.
 */
public final class Grammar {
  /** One operand of an instruction or an enumerant parameter. */
  public record Operand(String kind, String name, char quantifier) {
    public boolean optional() {
      return quantifier == '?';
    }

    public boolean variadic() {
      return quantifier == '*';
    }
  }

  /** One instruction. */
  public record Instruction(String name, int opcode, List<Operand> operands) {
    public Operand operand(String operandName) {
      for (Operand o : operands) {
        if (o.name().equals(operandName)) {
          return o;
        }
      }
      return null;
    }
  }

  /** One enumerant of a ValueEnum or BitEnum kind. */
  public record Enumerant(String name, long value, List<Operand> parameters) {}

  /** One operand kind. */
  public record Kind(String name, String category, Map<String, Enumerant> enumerants) {
    public boolean isBitEnum() {
      return category.equals("BitEnum");
    }

    public boolean isValueEnum() {
      return category.equals("ValueEnum");
    }
  }

  private final Map<String, Instruction> instructions;
  private final Map<String, Kind> kinds;

  private Grammar(Map<String, Instruction> instructions, Map<String, Kind> kinds) {
    this.instructions = Collections.unmodifiableMap(instructions);
    this.kinds = Collections.unmodifiableMap(kinds);
  }

  /** Instructions by name, sorted. */
  public Map<String, Instruction> instructions() {
    return instructions;
  }

  /** Operand kinds by name, sorted. */
  public Map<String, Kind> kinds() {
    return kinds;
  }

  public static Grammar load(Path specSources) {
    Path file = specSources.resolve("spirv").resolve("spirv.core.grammar.json");
    try {
      return parse(new ObjectMapper().readTree(Files.readString(file)));
    } catch (IOException e) {
      throw new GeneratorException("cannot read " + file + ": " + e.getMessage());
    }
  }

  static Grammar parse(JsonNode root) {
    Map<String, Instruction> instructions = new TreeMap<>();
    for (JsonNode i : root.path("instructions")) {
      String name = i.path("opname").asText();
      instructions.put(name, new Instruction(name, i.path("opcode").asInt(), operands(i.path("operands"))));
    }
    Map<String, Kind> kinds = new TreeMap<>();
    for (JsonNode k : root.path("operand_kinds")) {
      Map<String, Enumerant> enumerants = new TreeMap<>();
      for (JsonNode e : k.path("enumerants")) {
        JsonNode v = e.path("value");
        long value = v.isNumber() ? v.asLong() : Long.decode(v.asText());
        String name = e.path("enumerant").asText();
        enumerants.put(name, new Enumerant(name, value, operands(e.path("parameters"))));
      }
      String name = k.path("kind").asText();
      kinds.put(name, new Kind(name, k.path("category").asText(), Collections.unmodifiableMap(enumerants)));
    }
    return new Grammar(instructions, kinds);
  }

  private static List<Operand> operands(JsonNode list) {
    List<Operand> out = new ArrayList<>();
    for (JsonNode o : list) {
      String kind = o.path("kind").asText();
      String q = o.path("quantifier").asText("");
      out.add(new Operand(kind, operandName(o.path("name").asText(""), kind, !q.isEmpty() && q.charAt(0) == '*'),
          q.isEmpty() ? ' ' : q.charAt(0)));
    }
    return List.copyOf(out);
  }

  /**
   * The name rule files use for an operand: the grammar's name without quotes; for a
   * variadic operand written as {@code 'Member 0 type', +'member 1 type', ...}, the first
   * name without its index ({@code Member type}); the kind when the grammar names none.
   */
  static String operandName(String raw, String kind, boolean variadic) {
    if (raw.isEmpty()) {
      return kind;
    }
    // Names like "Number of <<Invocation,invocations>>" keep their text, not the link.
    String text = raw.replaceAll("<<[^,>]*,([^>]*)>>", "$1").replaceAll("<<([^>]*)>>", "$1");
    String first = text.split(",")[0].replace("'", "").trim();
    if (variadic) {
      first = first.replaceAll("\\s+\\d+\\b", "").replaceAll("\\s+", " ").trim();
    }
    return first;
  }
}
