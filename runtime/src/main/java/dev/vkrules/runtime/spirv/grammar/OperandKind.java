package dev.vkrules.runtime.spirv.grammar;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * An operand kind of the grammar ({@code IdRef}, {@code LiteralString}, {@code StorageClass},
 * {@code ImageOperands}, ...). Kinds are unique objects: compare with {@code ==}, or by
 * {@link #id()} (a small number, dense over all kinds of all loaded grammars).
 */
public final class OperandKind {
  /** The grammar's category. */
  public enum Category { ID, LITERAL, VALUE_ENUM, BIT_ENUM, COMPOSITE }

  /**
   * How the parser reads the kind. The grammar names these kinds but does not say how they
   * are encoded; the SPIR-V specification does (section 2.2 and the literal definitions).
   */
  public enum Role {
    RESULT_TYPE, RESULT, ID,
    /** One 32-bit word. */
    LITERAL_INTEGER,
    /** UTF-8, nul-terminated, padded to a word boundary. */
    LITERAL_STRING,
    /** Width given by the result type ({@code OpConstant}) or selector ({@code OpSwitch}). */
    CONTEXT_NUMBER,
    /** The instruction number of {@code OpExtInst}; the set's layout follows. */
    EXT_INST_NUMBER,
    /** The opcode of {@code OpSpecConstantOp}; that opcode's operands follow. */
    SPEC_CONSTANT_OP_NUMBER,
    VALUE_ENUM, BIT_ENUM, COMPOSITE
  }

  private final int id;
  private final String name;
  private final String set;
  private final Category category;
  private final Role role;
  /** Where the grammar's binary form has this kind's enumerants, decoded on first use. */
  private final GrammarDecoder source;
  private final int enumerantsAt;
  private final int enumerantCount;
  private volatile Enumerant[] enumerants;
  /** The look-ups by value and by name, made on first use (a run uses a few kinds of the grammar). */
  private volatile ValueIndex valueIndex;
  private volatile Map<String, Enumerant> nameIndex;
  private OperandKind[] bases = new OperandKind[0];

  OperandKind(int id, String name, String set, Category category, GrammarDecoder source, int enumerantsAt,
      int enumerantCount) {
    this.id = id;
    this.name = name;
    this.set = set;
    this.category = category;
    this.role = role(name, category);
    this.source = source;
    this.enumerantsAt = enumerantsAt;
    this.enumerantCount = enumerantCount;
  }

  private static Role role(String name, Category category) {
    return switch (category) {
      case ID -> switch (name) {
        case "IdResultType" -> Role.RESULT_TYPE;
        case "IdResult" -> Role.RESULT;
        default -> Role.ID;
      };
      case LITERAL -> switch (name) {
        case "LiteralString" -> Role.LITERAL_STRING;
        case "LiteralContextDependentNumber" -> Role.CONTEXT_NUMBER;
        case "LiteralExtInstInteger" -> Role.EXT_INST_NUMBER;
        case "LiteralSpecConstantOpInteger" -> Role.SPEC_CONSTANT_OP_NUMBER;
        // LiteralInteger, and literal kinds added by later grammars (LiteralFloat), are one word.
        default -> Role.LITERAL_INTEGER;
      };
      case VALUE_ENUM -> Role.VALUE_ENUM;
      case BIT_ENUM -> Role.BIT_ENUM;
      case COMPOSITE -> Role.COMPOSITE;
    };
  }

  /** The enumerants in grammar order, decoded once (one array, whichever thread asks first). */
  private Enumerant[] list() {
    Enumerant[] list = enumerants;
    return list != null ? list : decode();
  }

  private synchronized Enumerant[] decode() {
    if (enumerants == null) {
      enumerants = enumerantCount == 0 ? new Enumerant[0] : source.enumerants(enumerantsAt, enumerantCount);
    }
    return enumerants;
  }

  /** The enumerants sorted by value; for aliases (several names, one value) the first in grammar order. */
  private record ValueIndex(int[] sortedValues, Enumerant[] bySortedValue) {
    static ValueIndex of(Enumerant[] list) {
      // Stable insertion sort of positions by value: grammars list enumerants almost in value
      // order, so this is one pass in practice (no boxing, no comparator: it runs once per kind,
      // in the interpreter, while a lone module is being parsed).
      int[] order = new int[list.length];
      for (int i = 0; i < order.length; i++) {
        int v = list[i].value();
        int j = i;
        while (j > 0 && Integer.compareUnsigned(list[order[j - 1]].value(), v) > 0) {
          order[j] = order[j - 1];
          j--;
        }
        order[j] = i;
      }
      int n = 0;
      int[] values = new int[list.length];
      Enumerant[] byValue = new Enumerant[list.length];
      for (int i : order) {
        if (n > 0 && values[n - 1] == list[i].value()) {
          continue;
        }
        values[n] = list[i].value();
        byValue[n++] = list[i];
      }
      return new ValueIndex(Arrays.copyOf(values, n), Arrays.copyOf(byValue, n));
    }
  }

  /** Made at most once per racing thread; every copy is equal and immutable. */
  private ValueIndex valueIndex() {
    ValueIndex i = valueIndex;
    if (i == null) {
      i = ValueIndex.of(list());
      valueIndex = i;
    }
    return i;
  }

  /** By name, aliases included (the first in grammar order); made on first use, as {@link #valueIndex}. */
  private Map<String, Enumerant> nameIndex() {
    Map<String, Enumerant> m = nameIndex;
    if (m == null) {
      m = Grammar.byNameAndAliases(Arrays.asList(list()), Enumerant::name, Enumerant::aliases);
      nameIndex = m;
    }
    return m;
  }

  void setBases(OperandKind[] bases) {
    this.bases = bases;
  }

  /** Dense index over all kinds of all loaded grammars. */
  public int id() {
    return id;
  }

  public String name() {
    return name;
  }

  /** {@code ""} for the core grammar, else the import name of the extended instruction set. */
  public String set() {
    return set;
  }

  public Category category() {
    return category;
  }

  public Role role() {
    return role;
  }

  public boolean isId() {
    return category == Category.ID;
  }

  /** All enumerants in grammar order, aliases included. */
  public List<Enumerant> enumerants() {
    return Collections.unmodifiableList(Arrays.asList(list()));
  }

  /** The enumerant with this value (the first in grammar order for aliases), or null. */
  public Enumerant byValue(int value) {
    ValueIndex index = valueIndex();
    int[] sortedValues = index.sortedValues();
    Enumerant[] bySortedValue = index.bySortedValue();
    int lo = 0;
    int hi = sortedValues.length - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      int c = Integer.compareUnsigned(sortedValues[mid], value);
      if (c == 0) {
        return bySortedValue[mid];
      }
      if (c < 0) {
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return null;
  }

  /** The enumerant with this name (aliases included), or null. */
  public Enumerant byName(String enumerantName) {
    return nameIndex().get(enumerantName);
  }

  /** For a Composite kind, its parts in order ({@code PairIdRefLiteralInteger} is IdRef, LiteralInteger). */
  public List<OperandKind> bases() {
    return Arrays.asList(bases);
  }

  public int baseCount() {
    return bases.length;
  }

  public OperandKind base(int index) {
    return bases[index];
  }

  @Override
  public String toString() {
    return name;
  }
}
