package dev.vkrules.generator.grammar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.palantir.javapoet.JavaFile;
import dev.vkrules.generator.GeneratorException;
import dev.vkrules.generator.grammar.GrammarSpec.Grammar;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GrammarEmittersTest {
  static final Path SPIRV = Path.of(System.getProperty("vkrules.root", ".."), "spec-sources", "spirv");

  private static String render(List<JavaFile> files) {
    return files.stream().map(f -> f.packageName() + "." + f.typeSpec().name() + "\n" + f)
        .collect(Collectors.joining("\n----\n"));
  }

  @Test
  void generatingTwiceGivesIdenticalOutput() {
    List<Grammar> a = new GrammarReader().readAll(SPIRV);
    List<Grammar> b = new GrammarReader().readAll(SPIRV);
    assertEquals(render(new GrammarDataEmitter().emit(a)), render(new GrammarDataEmitter().emit(b)));
    assertEquals(render(new GrammarConstantsEmitter().emit(a)), render(new GrammarConstantsEmitter().emit(b)));
  }

  @Test
  void everyFileHasTheBannerNamingItsSource() {
    List<Grammar> grammars = new GrammarReader().readAll(SPIRV);
    for (JavaFile f : new GrammarConstantsEmitter().emit(grammars)) {
      String text = f.toString();
      assertTrue(text.startsWith("// AUTO-GENERATED, DO NOT MODIFY."), f.typeSpec().name());
      assertTrue(text.contains("// Source: spec-sources/spirv/"), f.typeSpec().name());
    }
    for (JavaFile f : new GrammarDataEmitter().emit(grammars)) {
      assertTrue(f.toString().startsWith("// AUTO-GENERATED, DO NOT MODIFY."), f.typeSpec().name());
    }
  }

  @Test
  void everyGrammarFileGoesIntoTheOneDataClassAsPlainAsciiChunks() throws IOException {
    List<String> names;
    try (var list = Files.list(SPIRV)) {
      names = list.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".grammar.json")).toList();
    }
    List<JavaFile> out = new GrammarDataEmitter().emit(new GrammarReader().readAll(SPIRV));
    assertEquals(1, out.size(), "one GrammarData class");
    String text = out.get(0).toString();
    for (String name : names) {
      assertTrue(text.contains(name), "the banner names " + name);
    }
    assertTrue(text.chars().allMatch(c -> c == '\n' || (c >= 0x20 && c < 0x7F)), "plain ASCII source");
    // each string constant stays under the class file's limit of 65,535 bytes (two per byte at most)
    for (String line : text.split("\n")) {
      assertTrue(line.length() < 4 * GrammarDataEmitter.CHUNK + 100, "a chunk of at most CHUNK bytes");
    }
  }

  @Test
  void importNamesComeFromTheDataFileWithItsPlaceholders() {
    java.util.Map<String, String> byFile = new java.util.TreeMap<>();
    for (Grammar g : new GrammarReader().readAll(SPIRV)) {
      byFile.put(g.source(), g.importName());
    }
    assertEquals("GLSL.std.450", byFile.get("extinst.glsl.std.450.grammar.json"));
    assertEquals("OpenCL.std", byFile.get("extinst.opencl.std.100.grammar.json"));
    assertEquals("NonSemantic.DebugPrintf", byFile.get("extinst.nonsemantic.debugprintf.grammar.json"));
    assertTrue(byFile.get("extinst.nonsemantic.clspvreflection.grammar.json").matches("NonSemantic\\.ClspvReflection\\.\\d+"));
  }

  @Test
  void aSetTheDataFileDoesNotListGetsADerivedNameNotAStoppedBuild(@TempDir Path dir) throws IOException {
    Path spirv = Files.createDirectories(dir.resolve("spirv"));
    Files.copy(SPIRV.resolve(GrammarReader.CORE_FILE), spirv.resolve(GrammarReader.CORE_FILE));
    String set = "{\"revision\": 3, \"instructions\": [{\"opname\": \"Go\", \"opcode\": 1}]}";
    Files.writeString(spirv.resolve("extinst.vendor.new-fancy-ops.grammar.json"), set);
    Files.writeString(spirv.resolve("extinst.nonsemantic.fresh.thing.grammar.json"), set);
    Files.writeString(spirv.resolve("extinst.listed.ops.grammar.json"), set);
    Files.writeString(dir.resolve(GrammarReader.IMPORT_NAMES_FILE),
        "# comment\nset\timport-name\nlisted.ops\tListed.OPS.{revision}\n");
    java.util.Map<String, String> byFile = new java.util.TreeMap<>();
    for (Grammar g : new GrammarReader().readAll(spirv)) {
      byFile.put(g.source(), g.importName());
    }
    assertEquals("Vendor.NewFancyOps", byFile.get("extinst.vendor.new-fancy-ops.grammar.json"));
    assertEquals("NonSemantic.Fresh.Thing.3", byFile.get("extinst.nonsemantic.fresh.thing.grammar.json"));
    assertEquals("Listed.OPS.3", byFile.get("extinst.listed.ops.grammar.json"));
  }

  @Test
  void derivedImportNames() {
    assertEquals("SPV_AMD_shader_ballot", GrammarReader.derivedImportName("spv-amd-shader-ballot", 5));
    assertEquals("NonSemantic.Clspvreflection.5", GrammarReader.derivedImportName("nonsemantic.clspvreflection", 5));
    assertEquals("Arm.MotionEngine.100", GrammarReader.derivedImportName("arm.motion-engine.100", 1));
    assertEquals("Tosa.001000.1", GrammarReader.derivedImportName("tosa.001000.1", 1));
  }

  @Test
  void aBrokenDataFileLineNamesItsLine(@TempDir Path dir) throws IOException {
    Path f = dir.resolve(GrammarReader.IMPORT_NAMES_FILE);
    Files.writeString(f, "set\timport-name\nonly-one-column\n");
    GeneratorException e = assertThrows(GeneratorException.class, () -> GrammarReader.readImportNames(f));
    assertTrue(e.getMessage().startsWith(GrammarReader.IMPORT_NAMES_FILE + ":2: "), e.getMessage());
  }

  @Test
  void everyAliasBecomesAConstantOfItsPrimaryValue() {
    List<Grammar> grammars = new GrammarReader().readAll(SPIRV);
    String constants = render(new GrammarConstantsEmitter().emit(grammars));
    String data = new String(GrammarDataEmitter.encode(grammars), java.nio.charset.StandardCharsets.ISO_8859_1);
    int aliases = 0;
    for (GrammarSpec.Instruction in : grammars.get(0).instructions()) {
      for (String alias : in.aliases()) {
        assertTrue(constants.contains("public static final int " + alias + " = " + in.opcode() + ";"), alias);
        assertTrue(data.contains(alias), alias);
        aliases++;
      }
    }
    for (GrammarSpec.Kind k : grammars.get(0).kinds()) {
      for (GrammarSpec.Enumerant e : k.enumerants()) {
        for (String alias : e.aliases()) {
          assertTrue(constants.contains(" " + GrammarNames.constant(alias) + " = "), k.name() + "." + alias);
          aliases++;
        }
      }
    }
    // Grammars before 2024 repeat entries instead (the 1.3.239 fixture has no aliases arrays);
    // spec-sources holds a newer one, so the loop above must have checked something.
    assertTrue(aliases > 0, "no aliases in " + SPIRV);
  }

  @Test
  void aNameThatStandsForTwoNumbersIsRejected(@TempDir Path dir) throws IOException {
    Files.writeString(dir.resolve("spirv.core.grammar.json"), "{\"revision\": 1, \"major_version\": 1,"
        + " \"minor_version\": 0, \"instructions\": [ {\"opname\": \"OpX\", \"opcode\": 1},"
        + " {\"opname\": \"OpY\", \"aliases\": [\"OpX\"], \"opcode\": 2} ], \"operand_kinds\":"
        + " [{\"category\": \"ValueEnum\", \"kind\": \"Capability\", \"enumerants\": []}]}");
    GeneratorException e = assertThrows(GeneratorException.class, () -> new GrammarReader().readAll(dir));
    assertEquals("spirv.core.grammar.json: instruction name 'OpX' stands for both 1 and 2", e.getMessage());
  }

  @Test
  void generatorToolsComeFromTheRegistry() throws IOException {
    Path specSources = SPIRV.getParent();
    List<GeneratorToolsReader.Tool> tools = new GeneratorToolsReader().read(specSources);
    String xml = Files.readString(specSources.resolve("spir-v.xml"));
    String emitted = new GeneratorToolsEmitter().emit(tools).toString();
    assertEquals(emitted, new GeneratorToolsEmitter().emit(new GeneratorToolsReader().read(specSources)).toString());
    assertTrue(emitted.startsWith("// AUTO-GENERATED, DO NOT MODIFY.\n// Source: spec-sources/spir-v.xml"));
    long ids = xml.lines().filter(l -> l.strip().startsWith("<id value=")).count();
    assertEquals(ids, tools.size());
    for (GeneratorToolsReader.Tool t : tools) {
      assertTrue(emitted.contains("t[" + t.id() + "] = \"" + t.display() + "\";"), t.toString());
      assertTrue(xml.contains("vendor=\"" + t.vendor() + "\""), t.toString());
    }
  }

  @Test
  void aBrokenRegistryNamesFileAndLine(@TempDir Path dir) throws IOException {
    Files.writeString(dir.resolve("spir-v.xml"), "<registry>\n<ids type=\"vendor\">\n<id value=\"1\"</registry>");
    GeneratorException e = assertThrows(GeneratorException.class, () -> new GeneratorToolsReader().read(dir));
    assertTrue(e.getMessage().startsWith("spir-v.xml:3:"), e.getMessage());
    Files.writeString(dir.resolve("spir-v.xml"), "<registry><ids type=\"vendor\"><id value=\"x\" vendor=\"A\"/></ids></registry>");
    e = assertThrows(GeneratorException.class, () -> new GeneratorToolsReader().read(dir));
    assertEquals("spir-v.xml: tool id 'x' is not a number", e.getMessage());
  }

  @Test
  void badJsonIsReportedWithFileAndPosition(@TempDir Path dir) throws IOException {
    Files.writeString(dir.resolve("spirv.core.grammar.json"), "{\"revision\": 1,\n \"instructions\": [ {\"opname\": 3} ]}");
    GeneratorException e = assertThrows(GeneratorException.class, () -> new GrammarReader().readAll(dir));
    assertEquals("spirv.core.grammar.json: instructions[0].opname: expected a string", e.getMessage());
    Files.writeString(dir.resolve("spirv.core.grammar.json"), "{\"revision\": 1,\n \"instr");
    e = assertThrows(GeneratorException.class, () -> new GrammarReader().readAll(dir));
    assertTrue(e.getMessage().startsWith("spirv.core.grammar.json:2:"), e.getMessage());
  }

  @Test
  void unknownOperandKindIsRejected(@TempDir Path dir) throws IOException {
    Files.writeString(dir.resolve("spirv.core.grammar.json"), "{\"revision\": 1, \"major_version\": 1,"
        + " \"minor_version\": 0, \"instructions\": [ {\"opname\": \"OpX\", \"opcode\": 1,"
        + " \"operands\": [{\"kind\": \"Nope\"}]} ], \"operand_kinds\": [{\"category\": \"ValueEnum\","
        + " \"kind\": \"Capability\", \"enumerants\": []}]}");
    GeneratorException e = assertThrows(GeneratorException.class, () -> new GrammarReader().readAll(dir));
    assertEquals("spirv.core.grammar.json: OpX names unknown operand kind 'Nope'", e.getMessage());
  }
}
