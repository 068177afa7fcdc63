package dev.vkrules.generator.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.palantir.javapoet.JavaFile;
import dev.vkrules.generator.GenerationInputs;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Type errors point to file:line:column with a suggestion; generation is deterministic. */
class CheckCompilerTest {
  static final Path ROOT = Path.of("..");
  static final RuleGrammar GRAMMAR = RuleGrammar.load(ROOT.resolve("spec-sources"));
  static final Path RULES = ROOT.resolve("rules");

  private static String error(String check) {
    String text = CheckFixture.ruleText(check);
    RuleError e = assertThrows(RuleError.class, () -> {
      RuleFile r = RuleLoader.parse("r.yaml", text);
      new CheckCompiler(GRAMMAR, new Tables(RULES.resolve("tables"))).compile(r.authored().check());
    });
    return e.getMessage();
  }

  @Test
  void unknownOpcodeSuggests() {
    assertEquals("r.yaml:9:25: unknown opcode 'OpAtomicStor', did you mean OpAtomicStore",
        error("for: {instruction: [OpAtomicStor]}\nrequire: true"));
  }

  @Test
  void unknownOperandSuggests() {
    assertEquals("r.yaml:10:21: unknown field or operand 'Semantic' of instruction [OpAtomicStore], did you mean Semantics",
        error("for: {instruction: [OpAtomicStore]}\nrequire: {path: Semantic, has-any: [Acquire]}"));
  }

  @Test
  void unknownEnumerantSuggests() {
    assertEquals("r.yaml:10:42: unknown MemorySemantics 'Aquire', did you mean Acquire",
        error("for: {instruction: [OpAtomicStore]}\nrequire: {path: Semantics, has-any: [Aquire]}"));
  }

  @Test
  void unknownFieldInDeepPathHasColumn() {
    assertEquals("r.yaml:10:40: unknown field or operand 'Dimm' of instruction, did you mean Dim",
        error("for: {instruction: [OpImage*Dref*]}\nrequire: {path: Sampled Image.type.Dimm, is: 3D}"));
  }

  @Test
  void operatorMustFitType() {
    assertEquals("r.yaml:10:32: operator 'at-most' does not apply to a MemorySemantics mask; "
        + "use is, has-any, has-all, has-none, at-most-one-of",
        error("for: {instruction: [OpAtomicStore]}\nrequire: {path: Semantics, at-most: 3}"));
  }

  /**
   * Upstream renames table headings (1.4.3xx: 'Type' became 'Type-Declaration instructions');
   * the error names the rule's file, line and column and lists the columns the table has now.
   */
  @Test
  void unknownTableColumnListsTheColumnsNow() {
    List<String> columns = new Tables(RULES.resolve("tables")).get("spirvenv-format-type-matching-table", null).columns();
    String message = error("for: {instruction: [OpTypeImage]}\nrequire:\n  lookup: spirvenv-format-type-matching-table\n"
        + "  key: ImageFormat\n  match:\n    Widht: Sampled Type.width");
    assertTrue(message.startsWith("r.yaml:14:9: table spirvenv-format-type-matching-table has no column 'Widht'"), message);
    assertTrue(message.endsWith("; its columns are now "
        + String.join(", ", columns.stream().map(c -> "'" + c + "'").toList())), message);
  }

  /** A VUID that left the spec keeps its authored block but is not compiled into a checker. */
  @Test
  void ruleRemovedFromTheSpecIsNotExecutable() {
    String text = String.join("\n",
        "vuid: VUID-StandaloneSpirv-None-00000",
        "extracted:",
        "  section: StandaloneSpirv",
        "REMOVED",
        "authored:",
        "  status: declarative",
        "  reviewed-hash: x",
        "  message: A sentence.",
        "  check: {for: {instruction: [OpAtomicStore]}, require: true}",
        "  examples: {invalid: [a], valid: [b]}",
        "");
    assertTrue(RuleLoader.parse("r.yaml", text.replace("REMOVED\n", "")).executable());
    RuleFile removed = RuleLoader.parse("r.yaml", text.replace("REMOVED", "  removed: true"));
    assertTrue(removed.removed());
    assertTrue(!removed.executable());
    RuleError e = assertThrows(RuleError.class, () -> RuleLoader.parse("r.yaml", text.replace("REMOVED", "  removed: yes")));
    assertTrue(e.getMessage().startsWith("r.yaml:4:"), e.getMessage());
  }

  private static CheckCompiler.Compiled compile(String check) {
    String text = CheckFixture.ruleText(check);
    RuleFile r = RuleLoader.parse("r.yaml", text);
    return new CheckCompiler(GRAMMAR, new Tables(RULES.resolve("tables"))).compile(r.authored().check());
  }

  @Test
  void literalAndIdParametersCombine() {
    // LocalSize has literal sizes, LocalSizeId ids of constants: both read as integers.
    CheckCompiler.Compiled c = compile("for: {execution-mode: [LocalSize, LocalSizeId]}\n"
        + "require: {path: y size, multiple-of: 2}");
    assertTrue(c.body().toString().contains("f.modeParam(s, 1) % 2L == 0"), c.body().toString());
  }

  private static String rule(String examples) {
    return String.join("\n",
        "vuid: VUID-StandaloneSpirv-None-00000",
        "extracted:",
        "  section: StandaloneSpirv",
        "authored:",
        "  status: declarative",
        "  reviewed-hash: x",
        "  message: A sentence.",
        "  check: {for: module, require: true}",
        "  examples:",
        examples.indent(4).stripTrailing(),
        "");
  }

  @Test
  void invalidExampleMayExplainSpirvVal() {
    RuleFile r = RuleLoader.parse("r.yaml", rule("invalid:\n- {spirv-val: reported as another VUID, asm: a}\nvalid: [b]"));
    assertEquals("reported as another VUID", r.authored().invalid().get(0).spirvVal());
    assertEquals(null, r.authored().valid().get(0).spirvVal());
  }

  @Test
  void validExampleMustNotExplainSpirvVal() {
    RuleError e = assertThrows(RuleError.class, () ->
        RuleLoader.parse("r.yaml", rule("invalid: [a]\nvalid:\n- {spirv-val: why, asm: b}")));
    assertEquals("r.yaml:12:7: 'spirv-val' explains an invalid example; a valid example must pass spirv-val",
        e.getMessage());
  }

  @Test
  void generationIsDeterministic() {
    GenerationInputs in = new GenerationInputs(ROOT.resolve("spec-sources"), RULES);
    List<String> a = new RuntimeRulesEmitter().emit(in).stream().map(JavaFile::toString).toList();
    List<String> b = new RuntimeRulesEmitter().emit(in).stream().map(JavaFile::toString).toList();
    assertEquals(a, b);
    List<String> t1 = new RuleTestEmitter().emit(in).stream().map(JavaFile::toString).toList();
    assertEquals(t1, new RuleTestEmitter().emit(in).stream().map(JavaFile::toString).toList());
    assertEquals(RuleLoader.loadAll(RULES).stream().filter(RuleFile::executable).count(), t1.size());
  }
}
