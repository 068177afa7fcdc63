package dev.vkrules.generator.grammar;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import dev.vkrules.generator.Emitter;
import dev.vkrules.generator.GenerationInputs;
import dev.vkrules.generator.GeneratorException;
import dev.vkrules.generator.grammar.GrammarSpec.Enumerant;
import dev.vkrules.generator.grammar.GrammarSpec.Grammar;
import dev.vkrules.generator.grammar.GrammarSpec.Instruction;
import dev.vkrules.generator.grammar.GrammarSpec.Kind;
import dev.vkrules.generator.grammar.GrammarSpec.Operand;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import javax.lang.model.element.Modifier;

/**
 * Emits every grammar file as one binary form, held by the runtime's {@code GrammarData} class in
 * string constants (one ISO 8859-1 character per byte): the runtime's {@code GrammarDecoder}
 * reads the kinds and the instruction numbers of each set at start-up and decodes an
 * instruction, or a kind's enumerants, only when something asks for it. A module uses a few
 * dozen of the grammar's 1,700 instructions and a dozen of its kinds; building all of them as
 * objects took the largest part of a one-module run's own start-up work.
 *
 * <p>Everything a look-up would otherwise resolve at run time is resolved here: operand kinds
 * become kind numbers (a set's own kinds shadow the core's), capabilities become their values,
 * and each instruction number names the entry that prints it (older grammars list a number once
 * per name: the alphabetically first is printed, as spirv-dis of that era did).
 *
 * <p>The form, all integers unsigned LEB128 unless fixed ({@code u32}: four bytes, big-endian):
 * <pre>
 * u32 string count S, u32 offset of the string table
 * kinds: K, then per kind (its number is its position): name, its set's import name, category
 *   (0 Id, 1 Literal, 2 ValueEnum, 3 BitEnum, 4 Composite), base count, base kinds,
 *   enumerant count, offset of its enumerants
 * sets (core first): N, then per set: import name, source, version, revision, own kind count,
 *   own kinds, entry count, per entry: number, 1 when it is the printed one else 0, offset
 * enumerant: name, alias count, aliases, value, capability count, capabilities,
 *   extension count, extensions, version, last version, parameter count, parameters
 * instruction: number, name, alias count, aliases, class, operand count, operands,
 *   capability count, capabilities, extension count, extensions, version, last version
 * operand: kind, quantifier (0 one, 1 optional, 2 variadic), name
 * string table: S times u32 offset; at each: byte length, then its UTF-8 bytes
 * </pre>
 * Names, classes and extensions are string numbers. The form is deterministic: the same
 * grammars give the same bytes.
 */
public final class GrammarDataEmitter implements Emitter {
  static final String CLASS_NAME = "GrammarData";
  /** Bytes per string constant: at most two class-file bytes each, under the constant limit of 65,535. */
  static final int CHUNK = 16_000;

  @Override
  public List<JavaFile> emit(GenerationInputs inputs) {
    return emit(new GrammarReader().readAll(inputs.specSources().resolve("spirv")));
  }

  /** Pure: grammars in (core first, then sets in file-name order), the one class out. */
  public List<JavaFile> emit(List<Grammar> grammars) {
    byte[] data = encode(grammars);
    MethodSpec.Builder bytes = MethodSpec.methodBuilder("bytes")
        .addJavadoc("The binary form ($L bytes; GrammarDataEmitter describes it).\n", data.length)
        .addModifiers(Modifier.STATIC)
        .returns(byte[].class)
        .addStatement("byte[] out = new byte[$L]", data.length)
        .addStatement("int at = 0");
    for (int from = 0; from < data.length; from += CHUNK) {
      bytes.addStatement("at = put(out, at, $L)", literal(data, from, Math.min(data.length, from + CHUNK)));
    }
    bytes.addStatement("return out");
    MethodSpec put = MethodSpec.methodBuilder("put")
        .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
        .returns(int.class)
        .addParameter(byte[].class, "out")
        .addParameter(int.class, "at")
        .addParameter(String.class, "chunk")
        .addStatement("byte[] b = chunk.getBytes($T.ISO_8859_1)", StandardCharsets.class)
        .addStatement("System.arraycopy(b, 0, out, at, b.length)")
        .addStatement("return at + b.length")
        .build();
    TypeSpec type = TypeSpec.classBuilder(CLASS_NAME)
        .addJavadoc("The grammar files in the binary form {@code GrammarDecoder} reads: a class, not a resource,\n"
            + "so that a run takes it from the class-data archive without opening the jar.\n")
        .addModifiers(Modifier.FINAL)
        .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build())
        .addMethod(bytes.build())
        .addMethod(put)
        .build();
    String sources = grammars.stream().map(Grammar::source).collect(Collectors.joining(", "));
    return List.of(JavaFile.builder(GrammarNames.PACKAGE, type)
        .addFileComment("$L", String.format(GrammarNames.BANNER_FORMAT, sources))
        .skipJavaLangImports(true)
        .build());
  }

  /**
   * A string literal of {@code data[from, to)}, one character per byte: printable ASCII as itself,
   * the rest as octal escapes (not Unicode escapes, which javac reads before the literal, where
   * {@code \u000a} would end the line), so that the source is plain ASCII.
   */
  private static CodeBlock literal(byte[] data, int from, int to) {
    StringBuilder s = new StringBuilder((to - from) * 2 + 2).append('"');
    for (int i = from; i < to; i++) {
      int b = data[i] & 0xFF;
      if (b >= 0x20 && b < 0x7F && b != '"' && b != '\\') {
        s.append((char) b);
      } else {
        s.append('\\').append((char) ('0' + (b >> 6))).append((char) ('0' + ((b >> 3) & 7))).append((char) ('0' + (b & 7)));
      }
    }
    return CodeBlock.of("$L", s.append('"'));
  }

  /** The binary form of {@code grammars}. */
  static byte[] encode(List<Grammar> grammars) {
    return new Encoder(grammars).encode();
  }

  /** One pass over the grammars: kinds numbered, strings pooled, records placed. */
  private static final class Encoder {
    private final List<Grammar> grammars;
    private final Map<String, Integer> capabilities;
    /** Per set: kind name to kind number, the set's own kinds over the core's. */
    private final List<Map<String, Integer>> visible = new ArrayList<>();
    private final List<Kind> kinds = new ArrayList<>();
    private final List<Integer> kindSets = new ArrayList<>();
    private final Map<String, Integer> stringIds = new LinkedHashMap<>();

    Encoder(List<Grammar> grammars) {
      this.grammars = grammars;
      this.capabilities = capabilityValues(grammars.get(0));
      Map<String, Integer> core = new HashMap<>();
      for (int s = 0; s < grammars.size(); s++) {
        Map<String, Integer> own = new HashMap<>(s == 0 ? Map.of() : core);
        for (Kind k : grammars.get(s).kinds()) {
          own.put(k.name(), kinds.size());
          kinds.add(k);
          kindSets.add(s);
        }
        if (s == 0) {
          core = own;
        }
        visible.add(own);
      }
    }

    byte[] encode() {
      // Records first (their offsets are known once the head's size is), so lay out the tail,
      // then write the head with offsets relative to where the tail will start.
      Buffer tail = new Buffer();
      int[] enumerantAt = new int[kinds.size()];
      for (int k = 0; k < kinds.size(); k++) {
        enumerantAt[k] = tail.size();
        Kind kind = kinds.get(k);
        Grammar g = grammars.get(kindSets.get(k));
        for (Enumerant e : kind.enumerants()) {
          tail.u(string(e.name()));
          strings(tail, e.aliases());
          tail.u(e.value());
          capabilities(tail, g, kind.name() + "." + e.name(), e.capabilities());
          strings(tail, e.extensions());
          tail.u(GrammarNames.version(g.source(), e.version()));
          tail.u(GrammarNames.version(g.source(), e.lastVersion()));
          operands(tail, kindSets.get(k), e.parameters());
        }
      }
      List<int[]> entryAt = new ArrayList<>();
      for (int s = 0; s < grammars.size(); s++) {
        Grammar g = grammars.get(s);
        int[] at = new int[g.instructions().size()];
        for (int i = 0; i < at.length; i++) {
          Instruction in = g.instructions().get(i);
          at[i] = tail.size();
          tail.u(in.opcode());
          tail.u(string(in.name()));
          strings(tail, in.aliases());
          tail.u(string(in.opClass()));
          operands(tail, s, in.operands());
          capabilities(tail, g, in.name(), in.capabilities());
          strings(tail, in.extensions());
          tail.u(GrammarNames.version(g.source(), in.version()));
          tail.u(GrammarNames.version(g.source(), in.lastVersion()));
        }
        entryAt.add(at);
      }

      // The head, with offsets into the tail; the string table after the tail.
      Buffer head = new Buffer();
      head.u(kinds.size());
      for (int k = 0; k < kinds.size(); k++) {
        Kind kind = kinds.get(k);
        head.u(string(kind.name()));
        head.u(string(grammars.get(kindSets.get(k)).importName()));
        head.u(category(kind));
        head.u(kind.bases().size());
        for (String base : kind.bases()) {
          head.u(kindNumber(kindSets.get(k), base));
        }
        head.u(kind.enumerants().size());
        head.u(enumerantAt[k]);
      }
      head.u(grammars.size());
      for (int s = 0; s < grammars.size(); s++) {
        Grammar g = grammars.get(s);
        head.u(string(g.importName()));
        head.u(string(g.source()));
        head.u(g.isCore() ? (g.major() << 16) | (g.minor() << 8) : g.major());
        head.u(g.revision());
        List<Integer> own = new ArrayList<>();
        for (int k = 0; k < kinds.size(); k++) {
          if (kindSets.get(k) == s) {
            own.add(k);
          }
        }
        head.u(own.size());
        own.forEach(head::u);
        Map<Integer, Integer> printed = printedEntries(g);
        head.u(g.instructions().size());
        for (int i = 0; i < g.instructions().size(); i++) {
          int number = g.instructions().get(i).opcode();
          head.u(number);
          head.u(printed.get(number) == i ? 1 : 0);
          head.u(entryAt.get(s)[i]);
        }
      }

      // Offsets in the head are relative to the tail's start; the decoder adds it.
      List<String> pool = new ArrayList<>(stringIds.keySet());
      int tailStart = 8 + head.size();
      int tableStart = tailStart + tail.size();
      Buffer out = new Buffer();
      out.u32(pool.size());
      out.u32(tableStart);
      out.append(head);
      out.append(tail);
      int textAt = tableStart + 4 * pool.size();
      Buffer text = new Buffer();
      for (String s : pool) {
        out.u32(textAt + text.size());
        byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
        text.u(utf8.length);
        text.bytes(utf8);
      }
      out.append(text);
      return out.toByteArray();
    }

    /** Per instruction number, the index of the entry printed for it: the alphabetically first name. */
    private static Map<Integer, Integer> printedEntries(Grammar g) {
      Map<Integer, Integer> out = new HashMap<>();
      for (int i = 0; i < g.instructions().size(); i++) {
        Instruction in = g.instructions().get(i);
        Integer old = out.get(in.opcode());
        if (old == null || in.name().compareTo(g.instructions().get(old).name()) < 0) {
          out.put(in.opcode(), i);
        }
      }
      return out;
    }

    private int string(String s) {
      return stringIds.computeIfAbsent(s, k -> stringIds.size());
    }

    private void strings(Buffer b, List<String> values) {
      b.u(values.size());
      for (String v : values) {
        b.u(string(v));
      }
    }

    private void capabilities(Buffer b, Grammar g, String where, List<String> caps) {
      b.u(caps.size());
      for (String c : caps) {
        Integer v = capabilities.get(c);
        if (v == null) {
          throw new GeneratorException(g.source() + ": " + where + " names unknown capability '" + c + "'");
        }
        b.u(v);
      }
    }

    private void operands(Buffer b, int set, List<Operand> operands) {
      b.u(operands.size());
      for (Operand o : operands) {
        b.u(kindNumber(set, o.kind()));
        b.u(switch (o.quantifier()) {
          case "" -> 0;
          case "?" -> 1;
          case "*" -> 2;
          default -> throw new GeneratorException("unknown quantifier '" + o.quantifier() + "' of " + o.kind());
        });
        b.u(string(o.name()));
      }
    }

    private int kindNumber(int set, String name) {
      Integer k = visible.get(set).get(name);
      if (k == null) {
        throw new GeneratorException(grammars.get(set).source() + ": unknown operand kind '" + name + "'");
      }
      return k;
    }

    private static int category(Kind k) {
      return switch (k.category()) {
        case "Id" -> 0;
        case "Literal" -> 1;
        case "ValueEnum" -> 2;
        case "BitEnum" -> 3;
        case "Composite" -> 4;
        default -> throw new GeneratorException("unknown operand kind category '" + k.category() + "' of " + k.name());
      };
    }

    private static Map<String, Integer> capabilityValues(Grammar core) {
      Map<String, Integer> out = new HashMap<>();
      for (Kind k : core.kinds()) {
        if (k.name().equals("Capability")) {
          k.enumerants().forEach(e -> out.putIfAbsent(e.name(), e.value()));
        }
      }
      if (out.isEmpty()) {
        throw new GeneratorException(core.source() + ": no Capability operand kind");
      }
      return out;
    }
  }

  /** A growing byte array with the form's two integer encodings. */
  private static final class Buffer {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

    /** Unsigned LEB128 of the 32-bit pattern: 1 byte below 128, 5 for -1. */
    void u(int v) {
      long x = v & 0xFFFF_FFFFL;
      while (x >= 0x80) {
        bytes.write((int) (x & 0x7F) | 0x80);
        x >>>= 7;
      }
      bytes.write((int) x);
    }

    void u32(int v) {
      bytes.write(v >>> 24);
      bytes.write(v >>> 16);
      bytes.write(v >>> 8);
      bytes.write(v);
    }

    void bytes(byte[] b) {
      bytes.writeBytes(b);
    }

    void append(Buffer other) {
      bytes.writeBytes(other.toByteArray());
    }

    int size() {
      return bytes.size();
    }

    byte[] toByteArray() {
      return bytes.toByteArray();
    }
  }
}
