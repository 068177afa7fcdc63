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

/** The generated tables agree with the grammar JSON they were generated from. */
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
}
