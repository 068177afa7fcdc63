package dev.vkrules.runtime.spirv.grammar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The generated binary form of the grammar agrees with the grammar JSON it was generated from. */
class GrammarTest {
  static final Path SPIRV = Path.of("..", "spec-sources", "spirv");

  private static JsonNode json(String file) throws IOException {
    return new ObjectMapper().readTree(SPIRV.resolve(file).toFile());
  }

  private static int value(JsonNode v) {
    if (v.isInt()) {
      return v.intValue();
    }
    String t = v.textValue();
    return t.startsWith("0x") ? Integer.parseUnsignedInt(t.substring(2), 16) : Integer.parseUnsignedInt(t);
  }

  @Test
  void everyCoreInstructionMatchesTheJson() throws IOException {
    JsonNode core = json("spirv.core.grammar.json");
    int count = 0;
    for (JsonNode in : core.get("instructions")) {
      InstructionInfo info = Grammar.core().byName(in.get("opname").textValue());
      assertNotNull(info, in.get("opname").textValue());
      assertEquals(in.get("opcode").intValue(), info.opcode());
      JsonNode ops = in.get("operands");
      int n = ops == null ? 0 : ops.size();
      assertEquals(n, info.operandCount(), info.name());
      for (int i = 0; i < n; i++) {
        String q = ops.get(i).has("quantifier") ? ops.get(i).get("quantifier").textValue() : "";
        assertEquals(ops.get(i).get("kind").textValue() + q, info.operand(i).toString(), info.name());
      }
      assertEquals(in.has("capabilities") ? in.get("capabilities").size() : 0, info.capabilities().length);
      count++;
    }
    assertEquals(count, Grammar.core().instructions().size());
  }

  @Test
  void everyCoreEnumerantMatchesTheJson() throws IOException {
    JsonNode core = json("spirv.core.grammar.json");
    for (JsonNode k : core.get("operand_kinds")) {
      OperandKind kind = Grammar.kind(k.get("kind").textValue());
      assertNotNull(kind);
      assertEquals(k.get("category").textValue().toUpperCase().replace("VALUEENUM", "VALUE_ENUM")
          .replace("BITENUM", "BIT_ENUM"), kind.category().name());
      if (!k.has("enumerants")) {
        continue;
      }
      for (JsonNode e : k.get("enumerants")) {
        Enumerant en = kind.byName(e.get("enumerant").textValue());
        assertNotNull(en);
        assertEquals(value(e.get("value")), en.value());
        assertNotNull(kind.byValue(en.value()));
        int params = e.has("parameters") ? e.get("parameters").size() : 0;
        assertEquals(params, en.parameterCount(), kind + "." + en.name());
        List<String> exts = new ArrayList<>();
        if (e.has("extensions")) {
          e.get("extensions").forEach(x -> exts.add(x.textValue()));
        }
        assertEquals(exts, en.extensions());
        if (e.has("capabilities")) {
          for (JsonNode c : e.get("capabilities")) {
            assertTrue(en.requiresCapability(Grammar.kind("Capability").byName(c.textValue()).value()));
          }
        }
        String v = e.has("version") ? e.get("version").textValue() : "";
        int expected = v.isEmpty() ? Versions.ANY : v.equals("None") ? Versions.NONE
            : Versions.of(Integer.parseInt(v.split("\\.")[0]), Integer.parseInt(v.split("\\.")[1]));
        assertEquals(expected, en.version());
      }
    }
  }

  @Test
  void everyExtendedSetIsLoadedWithItsInstructions() throws IOException {
    List<Path> files;
    try (var list = Files.list(SPIRV)) {
      files = list.filter(p -> p.getFileName().toString().startsWith("extinst.")).sorted().toList();
    }
    assertEquals(files.size(), Grammar.extInstSets().size());
    for (Path f : files) {
      JsonNode g = json(f.getFileName().toString());
      InstructionSet set = Grammar.extInstSets().stream()
          .filter(s -> s.source().equals(f.getFileName().toString())).findFirst().orElseThrow();
      assertSame(set, Grammar.extInstSet(set.importName()));
      for (JsonNode in : g.get("instructions")) {
        InstructionInfo info = set.byNumber(in.get("opcode").intValue());
        assertNotNull(info);
        assertEquals(in.get("opname").textValue(), set.byName(in.get("opname").textValue()).name());
      }
    }
    assertNotNull(Grammar.extInstSet("GLSL.std.450"));
    assertNull(Grammar.extInstSet("no.such.set"));
  }

  @Test
  void instructionAliasesPrintTheirAlphabeticallyFirstName() throws IOException {
    JsonNode core = json("spirv.core.grammar.json");
    for (JsonNode in : core.get("instructions")) {
      InstructionInfo info = Grammar.core().byNumber(in.get("opcode").intValue());
      String first = null;
      for (JsonNode other : core.get("instructions")) {
        String name = other.get("opname").textValue();
        if (other.get("opcode").intValue() == info.opcode() && (first == null || name.compareTo(first) < 0)) {
          first = name;
        }
      }
      assertEquals(first, info.name());
    }
  }

  @Test
  void enumerantAliasesPrintTheFirstNameInGrammarOrder() throws IOException {
    JsonNode core = json("spirv.core.grammar.json");
    for (JsonNode k : core.get("operand_kinds")) {
      if (!k.has("enumerants")) {
        continue;
      }
      OperandKind kind = Grammar.kind(k.get("kind").textValue());
      java.util.Map<Integer, String> first = new java.util.HashMap<>();
      for (JsonNode e : k.get("enumerants")) {
        first.putIfAbsent(value(e.get("value")), e.get("enumerant").textValue());
      }
      first.forEach((v, name) -> assertEquals(name, kind.byValue(v).name()));
    }
  }

  @Test
  void generatedConstantsAgreeWithTheTables() {
    assertEquals(Grammar.core().byName("OpLoad").opcode(), Op.OpLoad);
    assertEquals(Grammar.kind("StorageClass").byName("Uniform").value(), StorageClass.Uniform);
    assertEquals("Uniform", StorageClass.name(StorageClass.Uniform));
    assertEquals(Grammar.extInstSet(GlslStd450.IMPORT_NAME).byName("FMix").opcode(), GlslStd450.FMix);
    assertEquals("FMix", GlslStd450.name(GlslStd450.FMix));
    assertEquals(Grammar.kind("Dim").byName("2D").value(), Dim._2D);
  }
  private static String version(JsonNode entry, String field) {
    return entry.has(field) ? entry.get(field).textValue() : "";
  }

  private static int versionWord(String v) {
    return v.isEmpty() ? Versions.ANY : v.equals("None") ? Versions.NONE
        : Versions.of(Integer.parseInt(v.split("\\.")[0]), Integer.parseInt(v.split("\\.")[1]));
  }

  private static List<String> texts(JsonNode entry, String field) {
    List<String> out = new ArrayList<>();
    if (entry.has(field)) {
      entry.get(field).forEach(x -> out.add(x.textValue()));
    }
    return out;
  }

  /** Operands as the JSON writes them: kind with its quantifier, and the name ("" when none). */
  private static List<String> operands(JsonNode list) {
    List<String> out = new ArrayList<>();
    if (list != null) {
      for (JsonNode o : list) {
        out.add(o.get("kind").textValue() + (o.has("quantifier") ? o.get("quantifier").textValue() : "")
            + " " + (o.has("name") ? o.get("name").textValue() : ""));
      }
    }
    return out;
  }

  private static List<String> operands(List<OperandSpec> specs) {
    return specs.stream().map(o -> o + " " + o.name()).toList();
  }

  /**
   * Every field of every instruction and enumerant of every grammar file comes back from the binary
   * form as the JSON has it: names, aliases, class, operands with their names, capabilities,
   * extensions and versions (the form is decoded lazily: this decodes all of it).
   */
  @Test
  void everyFieldOfEverySetRoundTripsThroughTheBinaryForm() throws IOException {
    List<Path> files;
    try (var list = Files.list(SPIRV)) {
      files = list.filter(p -> p.getFileName().toString().endsWith(".grammar.json")).sorted().toList();
    }
    OperandKind capability = Grammar.kind("Capability");
    int checked = 0;
    for (Path f : files) {
      JsonNode g = json(f.getFileName().toString());
      InstructionSet set = f.getFileName().toString().equals("spirv.core.grammar.json") ? Grammar.core()
          : Grammar.extInstSets().stream().filter(s -> s.source().equals(f.getFileName().toString()))
              .findFirst().orElseThrow();
      List<InstructionInfo> all = set.instructions();
      assertEquals(g.get("instructions").size(), all.size(), set.toString());
      int i = 0;
      for (JsonNode in : g.get("instructions")) {
        InstructionInfo info = all.get(i++);
        String where = set + " " + info.name();
        assertEquals(in.get("opname").textValue(), info.name(), where);
        assertEquals(texts(in, "aliases"), info.aliases(), where);
        for (String alias : info.aliases()) {
          assertSame(set.byName(info.name()), set.byName(alias), where + " alias " + alias);
        }
        assertEquals(in.get("opcode").intValue(), info.opcode(), where);
        assertEquals(in.has("class") ? in.get("class").textValue() : "", info.opClass(), where);
        assertEquals(operands(in.get("operands")), operands(info.operands()), where);
        List<Integer> caps = texts(in, "capabilities").stream().map(c -> capability.byName(c).value()).toList();
        assertEquals(caps, java.util.Arrays.stream(info.capabilities()).boxed().toList(), where);
        assertEquals(texts(in, "extensions"), info.extensions(), where);
        assertEquals(versionWord(version(in, "version")), info.version(), where);
        assertEquals(versionWord(version(in, "lastVersion")), info.lastVersion(), where);
        checked++;
      }
      if (!g.has("operand_kinds")) {
        continue;
      }
      for (JsonNode k : g.get("operand_kinds")) {
        OperandKind kind = set.kind(k.get("kind").textValue());
        assertNotNull(kind, set + " kind " + k.get("kind").textValue());
        assertEquals(set.importName(), kind.set());
        assertEquals(texts(k, "bases"), kind.bases().stream().map(OperandKind::name).toList());
        List<Enumerant> enumerants = kind.enumerants();
        assertEquals(k.has("enumerants") ? k.get("enumerants").size() : 0, enumerants.size(), kind.name());
        int e = 0;
        for (JsonNode en : k.has("enumerants") ? k.get("enumerants") : List.<JsonNode>of()) {
          Enumerant got = enumerants.get(e++);
          String where = set + " " + kind + "." + got.name();
          assertEquals(en.get("enumerant").textValue(), got.name(), where);
          assertEquals(texts(en, "aliases"), got.aliases(), where);
          assertEquals(value(en.get("value")), got.value(), where);
          List<Integer> caps = texts(en, "capabilities").stream().map(c -> capability.byName(c).value()).toList();
          assertEquals(caps, java.util.Arrays.stream(got.capabilities()).boxed().toList(), where);
          assertEquals(texts(en, "extensions"), got.extensions(), where);
          assertEquals(versionWord(version(en, "version")), got.version(), where);
          assertEquals(versionWord(version(en, "lastVersion")), got.lastVersion(), where);
          assertEquals(operands(en.get("parameters")), operands(got.parameters()), where);
          checked++;
        }
      }
    }
    assertTrue(checked > 2_000, "instructions and enumerants checked: " + checked);
  }

  /**
   * A fresh decoder asked by several threads at once, in different orders, gives each of them the
   * same instruction and enumerant objects (the lazy decoding makes each once; callers compare
   * with ==), equal in content to the shared grammar's.
   */
  @Test
  void racingThreadsGetOneObjectPerInstructionAndPerKindsEnumerants() throws Exception {
    GrammarDecoder fresh = new GrammarDecoder(GrammarData.bytes());
    InstructionSet core = fresh.sets().get("");
    int threads = 4;
    java.util.concurrent.CyclicBarrier start = new java.util.concurrent.CyclicBarrier(threads);
    List<java.util.concurrent.Future<List<Object>>> seen = new ArrayList<>();
    java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(threads);
    try {
      for (int t = 0; t < threads; t++) {
        boolean backwards = t % 2 == 1;
        seen.add(pool.submit(() -> {
          start.await();
          List<Object> got = new ArrayList<>();
          for (int i = 0; i < core.numberLimit(); i++) {
            got.add(core.byNumber(backwards ? core.numberLimit() - 1 - i : i));
          }
          for (int i = 0; i < fresh.kinds().length; i++) {
            got.add(fresh.kinds()[backwards ? fresh.kinds().length - 1 - i : i].enumerants().isEmpty() ? null
                : fresh.kinds()[backwards ? fresh.kinds().length - 1 - i : i].enumerants().get(0));
          }
          if (backwards) {
            java.util.Collections.reverse(got.subList(0, core.numberLimit()));
            java.util.Collections.reverse(got.subList(core.numberLimit(), got.size()));
          }
          return got;
        }));
      }
      List<Object> first = seen.get(0).get();
      for (var f : seen) {
        List<Object> other = f.get();
        for (int i = 0; i < first.size(); i++) {
          assertSame(first.get(i), other.get(i), "entry " + i);
        }
      }
      for (int op = 0; op < core.numberLimit(); op++) {
        InstructionInfo mine = (InstructionInfo) first.get(op);
        InstructionInfo shared = Grammar.core().byNumber(op);
        assertEquals(shared == null, mine == null, "opcode " + op);
        if (mine != null) {
          assertEquals(shared.name(), mine.name());
          assertEquals(operands(shared.operands()), operands(mine.operands()));
        }
      }
    } finally {
      pool.shutdownNow();
    }
  }
}
