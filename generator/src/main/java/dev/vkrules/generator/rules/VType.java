package dev.vkrules.generator.rules;

import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/** The static type of a value in a check; the type checker picks operators by it. */
public sealed interface VType {
  /**
   * An instruction, with the opcodes it may have (empty: any), and the context the subject was
   * selected by: the enumerants of a decoration or execution-mode subject, the extended
   * instructions of an extended-instruction subject (their operands are named then).
   */
  record Insn(SortedSet<String> opcodes, Context context) implements VType {
    public static Insn any() {
      return new Insn(new TreeSet<>(), null);
    }

    public static Insn of(Set<String> opcodes) {
      return new Insn(new TreeSet<>(opcodes), null);
    }

    @Override
    public String toString() {
      return opcodes.isEmpty() ? "instruction" : "instruction " + opcodes;
    }
  }

  /** What a subject was selected by, beyond its opcodes. */
  sealed interface Context permits EnumContext, ExtInstContext {}

  /** The enumerants a decoration or execution-mode subject was selected by. */
  record EnumContext(String kind, SortedSet<String> names) implements Context {}

  /**
   * The extended instructions an {@code OpExtInst} subject was selected by: their set's import
   * name ({@code GLSL.std.450}) and instruction names.
   */
  record ExtInstContext(String set, SortedSet<String> names) implements Context {}

  /** A list of instructions. */
  record InsnList(Insn element) implements VType {
    @Override
    public String toString() {
      return "list of " + element;
    }
  }

  /** One value of a ValueEnum operand kind. */
  record Enum(String kind) implements VType {
    @Override
    public String toString() {
      return kind + " value";
    }
  }

  /** A BitEnum mask. */
  record Mask(String kind) implements VType {
    @Override
    public String toString() {
      return kind + " mask";
    }
  }

  /** A set of ValueEnum values (execution models, capabilities, built-ins). */
  record EnumSet(String kind) implements VType {
    @Override
    public String toString() {
      return "set of " + kind;
    }
  }

  /**
   * The memory order of a MemorySemantics mask: Relaxed, Acquire, Release, AcquireRelease or
   * SequentiallyConsistent (the {@code memory-order} field).
   */
  record MemoryOrder() implements VType {
    @Override
    public String toString() {
      return "memory order";
    }
  }

  /** An opcode. */
  record Opcode() implements VType {
    @Override
    public String toString() {
      return "opcode";
    }
  }

  /** An integer (literal operand, width, count, constant value). */
  record Int() implements VType {
    @Override
    public String toString() {
      return "integer";
    }
  }

  /**
   * The component values of a floating-point constant ({@code float-values}): one for a scalar,
   * one per component for a vector.
   */
  record Floats() implements VType {
    @Override
    public String toString() {
      return "float values";
    }
  }

  /** A boolean. */
  record Bool() implements VType {
    @Override
    public String toString() {
      return "boolean";
    }
  }

  /** The module (root of {@code module.} paths). */
  record Module() implements VType {
    @Override
    public String toString() {
      return "module";
    }
  }

  /** A row of an extracted table. */
  record Row(String table, java.util.List<String> columns) implements VType {
    @Override
    public String toString() {
      return "row of table " + table;
    }
  }
}
