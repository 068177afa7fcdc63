package dev.vkrules.runtime.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.runtime.support.ExampleAssembler;
import dev.vkrules.runtime.engine.Target;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code vkrules validate}: exit codes, the text report, directories, bad arguments. */
class ValidateCommandTest {
  static final String CLEAN = String.join("\n",
      "OpCapability Shader",
      "OpMemoryModel Logical GLSL450",
      "OpEntryPoint GLCompute %main \"main\"",
      "OpExecutionMode %main LocalSize 1 1 1",
      "%void = OpTypeVoid",
      "%fn = OpTypeFunction %void",
      "%main = OpFunction %void None %fn",
      "%entry = OpLabel",
      "OpReturn",
      "OpFunctionEnd", "");
  /** The clean module, declared for the lower-left origin, which the Vulkan environment forbids. */
  static final String LOWER_LEFT = CLEAN.replace("OpEntryPoint GLCompute %main \"main\"\nOpExecutionMode %main LocalSize 1 1 1",
      "OpEntryPoint Fragment %main \"main\"\nOpExecutionMode %main OriginLowerLeft");

  @TempDir Path dir;

  record Run(int exit, String out, String err) {}

  static Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exit = Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
    return new Run(exit, out.toString(), err.toString());
  }

  private Path write(String name, String asm) throws Exception {
    Path p = dir.resolve(name);
    Files.write(p, ExampleAssembler.assemble(asm, Target.VULKAN_1_3));
    return p;
  }

  @Test
  void cleanModuleExitsZeroAndPrintsNothing() throws Exception {
    Run r = run("validate", write("ok.spv", CLEAN).toString());
    assertEquals(0, r.exit(), r.err());
    assertEquals("", r.out());
  }

  @Test
  void failingRuleExitsOneWithVuidSentenceInstructionAndOffset() throws Exception {
    Path p = write("bad.spv", LOWER_LEFT);
    Run r = run("validate", p.toString());
    assertEquals(1, r.exit());
    String[] lines = r.out().split("\n");
    assertTrue(lines[0].startsWith(p + ": [VUID-StandaloneSpirv-OriginLowerLeft-04653] "), r.out());
    assertTrue(lines[0].endsWith("."), r.out());
    assertTrue(lines[1].matches("  OpExecutionMode %1 OriginLowerLeft  \\(word \\d+\\)"), r.out());
  }

  @Test
  void malformedModuleExitsOne() throws Exception {
    Path p = dir.resolve("short.spv");
    Files.write(p, new byte[] {3, 2, 35, 7});
    Run r = run("validate", p.toString());
    assertEquals(1, r.exit());
    assertTrue(r.out().contains("error: "), r.out());
  }

  @Test
  void directoryEndsWithSummary() throws Exception {
    write("a.spv", CLEAN);
    write("b.spv", LOWER_LEFT);
    Run r = run("validate", dir.toString());
    assertEquals(1, r.exit());
    assertTrue(r.out().endsWith("2 modules: 1 clean, 1 invalid, 0 malformed\n"), r.out());
  }

  @Test
  void unknownTargetIsAUsageError() throws Exception {
    Run r = run("validate", "--target-env", "vulkan9.9", write("ok.spv", CLEAN).toString());
    assertEquals(2, r.exit());
    assertTrue(r.err().contains("unknown target environment 'vulkan9.9'"), r.err());
  }

  @Test
  void missingFileIsAUsageError() {
    Run r = run("validate", dir.resolve("absent.spv").toString());
    assertEquals(2, r.exit());
    assertTrue(r.err().contains("no such file or directory"), r.err());
  }
}
