package dev.vkrules.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.palantir.javapoet.JavaFile;
import dev.vkrules.generator.rules.CheckCompiler;
import dev.vkrules.generator.rules.CheckerEmitter;
import dev.vkrules.generator.rules.RuleFile;
import dev.vkrules.generator.rules.RuleGrammar;
import dev.vkrules.generator.rules.RuleLoader;
import dev.vkrules.generator.rules.RuntimeRulesEmitter;
import dev.vkrules.generator.rules.Tables;
import dev.vkrules.runtime.engine.Checker;
import dev.vkrules.runtime.engine.Engine;
import dev.vkrules.runtime.support.ExampleAssembler;
import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.engine.Validator;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * End to end over the rules of {@code rules/}: compile every executable rule in memory (the
 * path {@code rule-check} takes), load the classes, and run modules through the engine with
 * all of them at once. Each rule's own examples run in the generated tests.
 */
class RulesEndToEndTest {
  static final Path ROOT = Path.of(System.getProperty("vkrules.root", ".."));
  static final Path RULES = ROOT.resolve("rules");
  static List<RuleFile> rules;
  static List<Checker> checkers;

  @BeforeAll
  static void compileAll() throws Exception {
    CheckCompiler compiler = new CheckCompiler(RuleGrammar.load(ROOT.resolve("spec-sources")),
        new Tables(RULES.resolve("tables")));
    rules = RuleLoader.loadAll(RULES).stream().filter(RuleFile::executable).toList();
    Map<String, String> sources = new TreeMap<>();
    for (RuleFile r : rules) {
      JavaFile f = CheckerEmitter.emit(r, RuntimeRulesEmitter.compile(compiler, r));
      sources.put(f.packageName() + "." + f.typeSpec().name(), f.toString());
    }
    checkers = new ArrayList<>();
    for (Class<?> c : InMemoryJava.compile(sources).values()) {
      checkers.add((Checker) c.getDeclaredConstructor().newInstance());
    }
  }

  @Test
  void inMemoryCompilationMatchesTheBuiltRegistry() {
    assertEquals(dev.vkrules.runtime.rules.CheckerRegistry.all().stream().map(c -> c.info().vuid()).sorted().toList(),
        checkers.stream().map(c -> c.info().vuid()).sorted().toList());
    assertTrue(rules.size() >= 18, "executable rules: " + rules.size());
  }

  /** One module breaking several rules at once: each fires, on its own instruction. */
  @Test
  void manyVuidsOnOneModule() throws Exception {
    String asm = String.join("\n",
        "OpCapability Shader",
        "OpMemoryModel Logical GLSL450",
        "OpEntryPoint Fragment %main \"main\"",
        "OpExecutionMode %main OriginLowerLeft",
        "%void = OpTypeVoid",
        "%fn = OpTypeFunction %void",
        "%float = OpTypeFloat 32",
        "%uint = OpTypeInt 32 0",
        "%img = OpTypeImage %float 2D 0 0 0 0 Rgba32ui",
        "%device = OpConstant %uint 1",
        "%sem = OpConstant %uint 8",
        "%main = OpFunction %void None %fn",
        "%entry = OpLabel",
        "OpMemoryBarrier %device %sem",
        "%c = OpFunctionCall %void %main",
        "OpReturn",
        "OpFunctionEnd", "");
    byte[] spv = ExampleAssembler.assemble(asm, Target.VULKAN_1_3);
    // Only the rules this module is built to break, so that rules added later cannot change the answer.
    TreeSet<String> expected = new TreeSet<>(List.of("Image-04965", "MemorySemantics-10870", "None-04634",
        "OpTypeImage-04657", "OriginLowerLeft-04653"));
    List<Checker> some = checkers.stream()
        .filter(c -> expected.contains(c.info().vuid().replace("VUID-StandaloneSpirv-", ""))).toList();
    assertEquals(expected.size(), some.size());
    Validator.ValidationResult r = Validator.validate(java.nio.ByteBuffer.wrap(spv), new Engine(some, Target.VULKAN_1_3));
    TreeSet<String> raised = new TreeSet<>();
    r.diagnostics().forEach(d -> raised.add(d.vuid().replace("VUID-StandaloneSpirv-", "")));
    assertEquals(expected, raised);
    assertEquals(expected.size(), r.diagnostics().size(), "one diagnostic per broken rule");
  }

  /** The offending instruction prints as spirv-val prints it: friendly names, enumerant names. */
  @Test
  void diagnosticsShowTheInstructionWithFriendlyNames() throws Exception {
    String asm = String.join("\n",
        "OpCapability Shader",
        "OpMemoryModel Logical GLSL450",
        "OpEntryPoint GLCompute %main \"main\"",
        "OpExecutionMode %main LocalSize 1 1 1",
        "OpName %main \"main\"",
        "%void = OpTypeVoid",
        "%fn = OpTypeFunction %void",
        "%uint = OpTypeInt 32 0",
        "%device = OpConstant %uint 1",
        "%sem = OpConstant %uint 8",
        "%main = OpFunction %void None %fn",
        "%entry = OpLabel",
        "OpMemoryBarrier %device %sem",
        "OpReturn",
        "OpFunctionEnd", "");
    List<Checker> barrier = checkers.stream().filter(c -> c.info().vuid().endsWith("MemorySemantics-10870")).toList();
    Validator.ValidationResult r = Validator.validate(java.nio.ByteBuffer.wrap(ExampleAssembler.assemble(asm, Target.VULKAN_1_3)),
        new Engine(barrier, Target.VULKAN_1_3));
    assertEquals(1, r.diagnostics().size());
    assertEquals("OpMemoryBarrier %uint_1 %uint_8", r.diagnostics().get(0).instruction());
  }

  /**
   * A rule runs under a target when its condition stack holds there; version attributes are
   * vk.xml's version blocks (1.4.3xx writes VK_COMPUTE_VERSION_1_1 and the like), and the
   * Vulkan SC block never holds. The pinned rules with checks are all unconditional, so the
   * rules here are compiled from rule files written for the test.
   */
  @Test
  void conditionsSelectRulesByTarget() throws Exception {
    String[][] cases = {
        {"10001", "ifdef", "VK_COMPUTE_VERSION_1_1"},
        {"10002", "ifndef", "VK_COMPUTE_VERSION_1_1"},
        {"10003", "ifdef", "VKSC_VERSION_1_0"},
        {"10004", "ifdef", "VK_GRAPHICS_VERSION_1_4"},
        {"10005", "ifdef", "VK_VERSION_1_2,VK_KHR_anything"}};
    CheckCompiler compiler = new CheckCompiler(RuleGrammar.load(ROOT.resolve("spec-sources")), new Tables(RULES.resolve("tables")));
    Map<String, String> sources = new TreeMap<>();
    for (String[] c : cases) {
      RuleFile r = RuleLoader.parse("r" + c[0] + ".yaml", String.join("\n",
          "vuid: VUID-StandaloneSpirv-None-" + c[0],
          "extracted:",
          "  section: StandaloneSpirv",
          "  conditions:",
          "  - {directive: " + c[1] + ", expression: '" + c[2] + "'}",
          "authored:",
          "  status: declarative",
          "  reviewed-hash: x",
          "  message: A sentence.",
          "  check: {for: {instruction: [OpNop]}, require: true}",
          "  examples: {invalid: [a], valid: [b]}", ""));
      JavaFile f = CheckerEmitter.emit(r, RuntimeRulesEmitter.compile(compiler, r));
      sources.put(f.packageName() + "." + f.typeSpec().name(), f.toString());
    }
    List<Checker> conditional = new ArrayList<>();
    for (Class<?> c : InMemoryJava.compile(sources).values()) {
      conditional.add((Checker) c.getDeclaredConstructor().newInstance());
    }
    assertEquals(List.of("10002", "10005"), selected(conditional, Target.VULKAN_1_0));
    assertEquals(List.of("10001", "10005"), selected(conditional, Target.VULKAN_1_1));
    assertEquals(List.of("10001", "10005"), selected(conditional, Target.VULKAN_1_3));
    assertEquals(List.of("10001", "10004", "10005"), selected(conditional, Target.VULKAN_1_4));
  }

  private static List<String> selected(List<Checker> checkers, Target target) {
    return new Engine(checkers, target).checkers().stream()
        .map(c -> c.info().vuid().substring(c.info().vuid().lastIndexOf('-') + 1)).sorted().toList();
  }

}
