package dev.vkrules.runtime.spirv.grammar;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The SPIR-V grammar: the core instruction set and the extended instruction sets, from the
 * binary form generated from {@code spec-sources/spirv/*.grammar.json} ({@link GrammarData}).
 * Loading reads the kinds and each set's instruction numbers; instructions and enumerants are
 * decoded on first use ({@link GrammarDecoder}).
 */
public final class Grammar {
  private static final Grammar INSTANCE = load();

  private final InstructionSet core;
  private final Map<String, InstructionSet> sets;
  private final OperandKind[] kinds;

  private Grammar(InstructionSet core, Map<String, InstructionSet> sets, OperandKind[] kinds) {
    this.core = core;
    this.sets = sets;
    this.kinds = kinds;
  }

  private static Grammar load() {
    GrammarDecoder d = new GrammarDecoder(GrammarData.bytes());
    return new Grammar(d.sets().get(""), Map.copyOf(d.sets()), d.kinds());
  }

  /** The core instruction set. */
  public static InstructionSet core() {
    return INSTANCE.core;
  }

  /** The extended instruction set an {@code OpExtInstImport} of this name imports, or null. */
  public static InstructionSet extInstSet(String importName) {
    if (importName.isEmpty()) {
      return null;
    }
    return INSTANCE.sets.get(importName);
  }

  /** The known extended instruction sets, sorted by import name. */
  public static List<InstructionSet> extInstSets() {
    List<InstructionSet> out = new ArrayList<>();
    for (InstructionSet s : INSTANCE.sets.values()) {
      if (!s.isCore()) {
        out.add(s);
      }
    }
    out.sort((a, b) -> a.importName().compareTo(b.importName()));
    return out;
  }

  /** A core operand kind by name, or null. */
  public static OperandKind kind(String name) {
    return INSTANCE.core.kind(name);
  }

  /** A core operand kind by name; the name must exist (for the parser's fixed kinds). */
  static OperandKind requireKind(String name) {
    OperandKind k = kind(name);
    if (k == null) {
      throw new IllegalStateException("the grammar has no operand kind " + name);
    }
    return k;
  }

  /** Any kind by {@link OperandKind#id()}. */
  public static OperandKind kindById(int id) {
    return INSTANCE.kinds[id];
  }

  public static int kindCount() {
    return INSTANCE.kinds.length;
  }

  /**
   * A look-up by name and by every alias (the first in list order wins a shared name), as
   * instructions and enumerants are found by name; unmodifiable.
   */
  static <T> Map<String, T> byNameAndAliases(Iterable<T> items, Function<T, String> name,
      Function<T, List<String>> aliases) {
    Map<String, T> names = new HashMap<>();
    for (T item : items) {
      names.putIfAbsent(name.apply(item), item);
      for (String alias : aliases.apply(item)) {
        names.putIfAbsent(alias, item);
      }
    }
    return Collections.unmodifiableMap(names);
  }

  /**
   * The value enumerations nearly every module's parse looks values up in: the mode-setting
   * instructions' kinds, storage classes, decorations and built-ins.
   */
  private static final String[] COMMON_VALUE_KINDS = {"Capability", "AddressingModel", "MemoryModel",
      "ExecutionModel", "ExecutionMode", "StorageClass", "Decoration", "BuiltIn"};

  /**
   * Decodes the enumerants of {@link #COMMON_VALUE_KINDS} and builds their look-ups by value now
   * rather than on first use: the start-up warm-up thread calls it, so parsing a lone module finds
   * them made (each is made on first use otherwise; the result is the same). The other kinds stay
   * undecoded until a module uses them.
   */
  public static void indexCommonValues() {
    for (String name : COMMON_VALUE_KINDS) {
      OperandKind k = kind(name);
      if (k != null) {
        k.byValue(0);
      }
    }
  }

  /** Import names starting with this prefix may be ignored by consumers (SPV_KHR_non_semantic_info). */
  public static boolean isNonSemantic(String importName) {
    return importName.startsWith("NonSemantic.");
  }
}
