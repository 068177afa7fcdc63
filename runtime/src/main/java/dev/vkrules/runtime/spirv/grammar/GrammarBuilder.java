package dev.vkrules.runtime.spirv.grammar;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Target of the generated grammar tables: they call it set by set; it resolves kind names
 * (a set may name a kind declared later in its file, or a core kind) when a set ends.
 */
final class GrammarBuilder {
  private record RawEnumerant(String kind, String name, String[] aliases, int value, int[] caps, String[] exts,
      int version, int lastVersion, String[] params) {}

  private record RawInstruction(int opcode, String name, String[] aliases, String opClass, int[] caps,
      String[] exts, int version, int lastVersion, String[] operands) {}

  final List<OperandKind> allKinds = new ArrayList<>();
  final Map<String, InstructionSet> sets = new LinkedHashMap<>();
  private Map<String, OperandKind> coreKinds = Map.of();

  private String importName;
  private String source;
  private int version;
  private int revision;
  private Map<String, OperandKind> kinds;
  private Map<String, String[]> bases;
  private List<RawEnumerant> enumerants;
  private List<RawInstruction> instructions;

  void beginSet(String importName, String source, int version, int revision) {
    this.importName = importName;
    this.source = source;
    this.version = version;
    this.revision = revision;
    this.kinds = new LinkedHashMap<>();
    this.bases = new HashMap<>();
    this.enumerants = new ArrayList<>();
    this.instructions = new ArrayList<>();
  }

  void kind(String name, String category) {
    OperandKind kind = new OperandKind(allKinds.size(), name, importName, switch (category) {
      case "Id" -> OperandKind.Category.ID;
      case "Literal" -> OperandKind.Category.LITERAL;
      case "ValueEnum" -> OperandKind.Category.VALUE_ENUM;
      case "BitEnum" -> OperandKind.Category.BIT_ENUM;
      case "Composite" -> OperandKind.Category.COMPOSITE;
      default -> throw new IllegalArgumentException("unknown category " + category);
    });
    allKinds.add(kind);
    kinds.put(name, kind);
  }

  void bases(String kind, String... baseNames) {
    bases.put(kind, baseNames);
  }

  void enumerant(String kind, String name, String[] aliases, int value, int[] caps, String[] exts,
      int version, int lastVersion, String... params) {
    enumerants.add(new RawEnumerant(kind, name, aliases, value, caps, exts, version, lastVersion, params));
  }

  void instruction(int opcode, String name, String[] aliases, String opClass, int[] caps,
      String[] exts, int version, int lastVersion, String... operands) {
    instructions.add(new RawInstruction(opcode, name, aliases, opClass, caps, exts, version, lastVersion, operands));
  }

  void endSet() {
    for (Map.Entry<String, String[]> e : bases.entrySet()) {
      String[] names = e.getValue();
      OperandKind[] resolved = new OperandKind[names.length];
      for (int i = 0; i < names.length; i++) {
        resolved[i] = resolve(names[i]);
      }
      kinds.get(e.getKey()).setBases(resolved);
    }
    Map<String, List<Enumerant>> perKind = new HashMap<>();
    for (RawEnumerant r : enumerants) {
      perKind.computeIfAbsent(r.kind(), k -> new ArrayList<>()).add(new Enumerant(
          r.name(), r.aliases(), r.value(), r.caps(), r.exts(), r.version(), r.lastVersion(), specs(r.params())));
    }
    for (Map.Entry<String, List<Enumerant>> e : perKind.entrySet()) {
      kinds.get(e.getKey()).setEnumerants(e.getValue().toArray(new Enumerant[0]));
    }
    List<InstructionInfo> infos = new ArrayList<>();
    for (RawInstruction r : instructions) {
      infos.add(new InstructionInfo(r.opcode(), r.name(), r.aliases(), r.opClass(), specs(r.operands()),
          r.caps(), r.exts(), r.version(), r.lastVersion()));
    }
    Map<String, OperandKind> visible = importName.isEmpty() ? kinds : new HashMap<>(kinds);
    sets.put(importName, new InstructionSet(importName, source, version, revision, infos, visible));
    if (importName.isEmpty()) {
      coreKinds = kinds;
    }
  }

  /** Operands come as pairs: kind name with an optional ?/* suffix, then the slot's name. */
  private OperandSpec[] specs(String[] pairs) {
    OperandSpec[] out = new OperandSpec[pairs.length / 2];
    for (int i = 0; i < out.length; i++) {
      String k = pairs[2 * i];
      Quantifier q = Quantifier.ONE;
      if (k.endsWith("?")) {
        q = Quantifier.OPTIONAL;
      } else if (k.endsWith("*")) {
        q = Quantifier.VARIADIC;
      }
      if (q != Quantifier.ONE) {
        k = k.substring(0, k.length() - 1);
      }
      out[i] = new OperandSpec(resolve(k), q, pairs[2 * i + 1]);
    }
    return out;
  }

  /** A set's own kinds shadow the core's (the debug-info sets define their own DebugInfoFlags). */
  private OperandKind resolve(String name) {
    OperandKind k = kinds.get(name);
    if (k == null) {
      k = coreKinds.get(name);
    }
    if (k == null) {
      throw new IllegalStateException("grammar tables name unknown operand kind " + name);
    }
    return k;
  }
}
