package dev.vkrules.runtime.spirv.grammar;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads the grammar's binary form (generated {@link GrammarData}; the generator's
 * {@code GrammarDataEmitter} describes it). At start-up it reads only the head: every operand
 * kind, and per set its kinds and which record each instruction number has. An instruction, a
 * kind's enumerants and a string are decoded when first asked for, once: a module uses a few
 * dozen of the grammar's 1,700 instructions, and decoding all of them in the interpreter was most
 * of a one-module run's own start-up work.
 *
 * <p>Decoding is idempotent and the objects it makes are immutable (final fields), so a cache
 * slot filled by one thread and read without a lock by another is safe; the slow paths that fill
 * them are synchronized so that each instruction and each kind's enumerants are one object
 * (callers compare them with {@code ==}).
 */
final class GrammarDecoder {
  private final byte[] d;
  /** Where the records start: offsets in the head are relative to it. */
  private final int tail;
  private final int stringTable;
  private final String[] strings;
  private final OperandKind[] kinds;
  /** By import name, core ({@code ""}) first, then the grammar files' order. */
  private final Map<String, InstructionSet> sets = new LinkedHashMap<>();

  /** A read position in {@link #d}. */
  private static final class Cursor {
    private final byte[] d;
    private int p;

    Cursor(byte[] d, int p) {
      this.d = d;
      this.p = p;
    }

    /** Unsigned LEB128, 32 bits. */
    int u() {
      int b = d[p++];
      if (b >= 0) {
        return b;
      }
      int v = b & 0x7F;
      for (int shift = 7; ; shift += 7) {
        b = d[p++];
        v |= (b & 0x7F) << shift;
        if (b >= 0) {
          return v;
        }
      }
    }
  }

  GrammarDecoder(byte[] data) {
    this.d = data;
    int count = u32(0);
    this.stringTable = u32(4);
    this.strings = new String[count];
    Cursor c = new Cursor(d, 8);
    int kindCount = c.u();
    kinds = new OperandKind[kindCount];
    int[][] bases = new int[kindCount][];
    for (int k = 0; k < kindCount; k++) {
      int name = c.u();
      String set = string(c.u());
      OperandKind.Category category = OperandKind.Category.values()[c.u()];
      bases[k] = new int[c.u()];
      for (int i = 0; i < bases[k].length; i++) {
        bases[k][i] = c.u();
      }
      int enumerants = c.u();
      int at = c.u();
      kinds[k] = new OperandKind(k, string(name), set, category, this, at, enumerants);
    }
    int setCount = c.u();
    for (int s = 0; s < setCount; s++) {
      String importName = string(c.u());
      String source = string(c.u());
      int version = c.u();
      int revision = c.u();
      Map<String, OperandKind> own = s == 0 ? new LinkedHashMap<>() : new HashMap<>();
      for (int n = c.u(); n > 0; n--) {
        OperandKind k = kinds[c.u()];
        own.put(k.name(), k);
      }
      int n = c.u();
      int[] numbers = new int[n];
      boolean[] printed = new boolean[n];
      int[] offsets = new int[n];
      for (int i = 0; i < n; i++) {
        numbers[i] = c.u();
        printed[i] = c.u() != 0;
        offsets[i] = c.u();
      }
      sets.put(importName, new InstructionSet(importName, source, version, revision, this, numbers, printed,
          offsets, own));
    }
    this.tail = c.p;
    for (int k = 0; k < kindCount; k++) {
      OperandKind[] resolved = new OperandKind[bases[k].length];
      for (int i = 0; i < resolved.length; i++) {
        resolved[i] = kinds[bases[k][i]];
      }
      kinds[k].setBases(resolved);
    }
  }

  Map<String, InstructionSet> sets() {
    return sets;
  }

  OperandKind[] kinds() {
    return kinds;
  }

  private int u32(int at) {
    return (d[at] & 0xFF) << 24 | (d[at + 1] & 0xFF) << 16 | (d[at + 2] & 0xFF) << 8 | (d[at + 3] & 0xFF);
  }

  /** String number {@code id}, decoded on first use (a race makes two equal copies: harmless). */
  String string(int id) {
    String s = strings[id];
    if (s == null) {
      int at = u32(stringTable + 4 * id);
      Cursor c = new Cursor(d, at);
      int length = c.u();
      s = new String(d, c.p, length, StandardCharsets.UTF_8);
      strings[id] = s;
    }
    return s;
  }

  private String[] strings(Cursor c) {
    int n = c.u();
    if (n == 0) {
      return NO_STRINGS;
    }
    String[] out = new String[n];
    for (int i = 0; i < n; i++) {
      out[i] = string(c.u());
    }
    return out;
  }

  private static int[] ints(Cursor c) {
    int n = c.u();
    if (n == 0) {
      return NO_INTS;
    }
    int[] out = new int[n];
    for (int i = 0; i < n; i++) {
      out[i] = c.u();
    }
    return out;
  }

  private static final String[] NO_STRINGS = new String[0];
  private static final int[] NO_INTS = new int[0];
  private static final OperandSpec[] NO_OPERANDS = new OperandSpec[0];
  private static final Quantifier[] QUANTIFIERS = {Quantifier.ONE, Quantifier.OPTIONAL, Quantifier.VARIADIC};

  private OperandSpec[] operands(Cursor c) {
    int n = c.u();
    if (n == 0) {
      return NO_OPERANDS;
    }
    OperandSpec[] out = new OperandSpec[n];
    for (int i = 0; i < n; i++) {
      OperandKind kind = kinds[c.u()];
      Quantifier q = QUANTIFIERS[c.u()];
      out[i] = new OperandSpec(kind, q, string(c.u()));
    }
    return out;
  }

  /** The {@code count} enumerants of a kind at {@code at}, in grammar order. */
  Enumerant[] enumerants(int at, int count) {
    Cursor c = new Cursor(d, tail + at);
    Enumerant[] out = new Enumerant[count];
    for (int i = 0; i < count; i++) {
      String name = string(c.u());
      String[] aliases = strings(c);
      int value = c.u();
      int[] caps = ints(c);
      String[] exts = strings(c);
      int version = c.u();
      int lastVersion = c.u();
      out[i] = new Enumerant(name, aliases, value, caps, exts, version, lastVersion, operands(c));
    }
    return out;
  }

  /** The instruction record at {@code at}. */
  InstructionInfo instruction(int at) {
    Cursor c = new Cursor(d, tail + at);
    int opcode = c.u();
    String name = string(c.u());
    String[] aliases = strings(c);
    String opClass = string(c.u());
    OperandSpec[] operands = operands(c);
    int[] caps = ints(c);
    String[] exts = strings(c);
    int version = c.u();
    int lastVersion = c.u();
    return new InstructionInfo(opcode, name, aliases, opClass, operands, caps, exts, version, lastVersion);
  }
}
