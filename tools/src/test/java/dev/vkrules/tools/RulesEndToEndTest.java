package dev.vkrules.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.palantir.javapoet.JavaFile;
import dev.vkrules.generator.rules.CheckCompiler;
import dev.vkrules.generator.rules.CheckerEmitter;
import dev.vkrules.generator.rules.Grammar;
import dev.vkrules.generator.rules.RuleFile;
import dev.vkrules.generator.rules.RuleLoader;
import dev.vkrules.generator.rules.RuntimeRulesEmitter;
import dev.vkrules.generator.rules.Tables;
import dev.vkrules.runtime.engine.Assembler;
import dev.vkrules.runtime.engine.Checker;
import dev.vkrules.runtime.engine.Engine;
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
    CheckCompiler compiler = new CheckCompiler(Grammar.load(ROOT.resolve("spec-sources")),
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
    byte[] spv = Assembler.assemble(asm, Target.VULKAN_1_3);
    // Only the rules this module is built to break, so that rules added later cannot change the answer.
    TreeSet<String> expected = new TreeSet<>(List.of("Image-04965", "None-04634", "OpMemoryBarrier-04733",
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
    List<Checker> barrier = checkers.stream().filter(c -> c.info().vuid().endsWith("OpMemoryBarrier-04733")).toList();
    Validator.ValidationResult r = Validator.validate(java.nio.ByteBuffer.wrap(Assembler.assemble(asm, Target.VULKAN_1_3)),
        new Engine(barrier, Target.VULKAN_1_3));
    assertEquals(1, r.diagnostics().size());
    assertEquals("OpMemoryBarrier %uint_1 %uint_8", r.diagnostics().get(0).instruction());
  }

  @Test
  void conditionsSelectRulesByTarget() {
    Engine v10 = new Engine(checkers, Target.VULKAN_1_0);
    Engine v11 = new Engine(checkers, Target.VULKAN_1_1);
    assertTrue(has(v10, "SubgroupVoteKHR-06997") && !has(v10, "None-04642"));
    assertTrue(!has(v11, "SubgroupVoteKHR-06997") && has(v11, "None-04642"));
  }

  private static boolean has(Engine e, String suffix) {
    return e.checkers().stream().anyMatch(c -> c.info().vuid().endsWith(suffix));
  }
}
