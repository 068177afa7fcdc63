package dev.vkrules.runtime.spirv.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.runtime.support.Oracle;
import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.spirv.SpirvModule;
import dev.vkrules.runtime.spirv.SpirvParser;
import dev.vkrules.runtime.spirv.TestModules;
import dev.vkrules.runtime.spirv.grammar.Versions;
import dev.vkrules.runtime.support.Oracles;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Cross-checks against the SPIRV-Tools that matches the pinned spec on every test and corpus
 * module; skipped, with the locator's message, when that SPIRV-Tools is not found.
 */
class SpirvToolsOracleTest {
  private static Oracle oracle;

  /** Per test, not per class, so that each shows as skipped (the search itself runs once). */
  @BeforeEach
  void findOracle() {
    oracle = Oracles.require();
  }

  private static String run(String... command) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, p.waitFor(), String.join(" ", command) + ": " + out);
    return out;
  }

  private static final java.util.regex.Pattern EXT_INST =
      java.util.regex.Pattern.compile("(.*= OpExtInst %\\d+ %(\\d+) )(\\w+)( .*|$)");

  /**
   * Spells the instructions of NonSemantic sets by number. Some spirv-tools (2023.1) have no grammar
   * for some sets that spec-sources has (NonSemantic.DebugPrintf), so it prints and reads
   * their instructions as numbers; vkrules prints the names from the grammar.
   */
  private static String nonSemanticByNumber(String text, SpirvModule m) {
    StringBuilder out = new StringBuilder();
    for (String line : text.split("\n", -1)) {
      java.util.regex.Matcher x = EXT_INST.matcher(line);
      if (x.matches()) {
        int def = m.definition(Integer.parseInt(x.group(2)));
        String set = def < 0 ? "" : m.operandString(def, 1);
        var grammar = dev.vkrules.runtime.spirv.grammar.Grammar.extInstSet(set);
        var inst = grammar == null ? null : grammar.byName(x.group(3));
        if (dev.vkrules.runtime.spirv.grammar.Grammar.isNonSemantic(set) && inst != null) {
          line = x.group(1) + inst.opcode() + x.group(4);
        }
      }
      out.append(line).append('\n');
    }
    return out.substring(0, out.length() - 1);
  }

  @Test
  void disassemblyMatchesSpirvDisWithRawIds() throws Exception {
    List<Path> modules = TestModules.all();
    for (Path p : modules) {
      SpirvModule m = SpirvParser.parse(Files.readAllBytes(p)).module();
      // byte for byte, the "; Generator:" line included (both read the tool ids of SPIRV-Headers' spir-v.xml)
      String theirs = run(oracle.command("spirv-dis"), "--raw-id", "--no-color", p.toString());
      String ours = Disassembler.disassemble(m);
      if (!theirs.equals(ours)) {
        ours = nonSemanticByNumber(ours, m);
      }
      assertEquals(theirs, ours, p.toString());
    }
    assertTrue(modules.size() > 20);
  }

  @Test
  void assemblyMatchesSpirvAs(@TempDir Path tmp) throws Exception {
    for (Path p : TestModules.all()) {
      SpirvModule m = SpirvParser.parse(Files.readAllBytes(p)).module();
      String text = nonSemanticByNumber(Disassembler.disassemble(m, false, false), m);
      Path in = tmp.resolve("in.spvasm");
      Path out = tmp.resolve("out.spv");
      Files.writeString(in, text);
      String env = "spv" + Versions.major(m.version()) + "." + Versions.minor(m.version());
      run(oracle.command("spirv-as"), "--preserve-numeric-ids", "--target-env", env, "-o", out.toString(), in.toString());
      int[] theirs = words(Files.readAllBytes(out));
      int[] ours = Assembler.assemble(text, m.version());
      // Word 2 is the generator: spirv-as writes its own tool id, we write 0.
      theirs[2] = 0;
      assertEquals(Arrays.toString(theirs), Arrays.toString(ours), p.toString());
    }
  }

  /** The newest target environment vkrules knows (the pinned spec's). */
  private static String newest() {
    Target[] all = Target.values();
    return all[all.length - 1].envName();
  }

  private static int[] words(byte[] bytes) {
    int[] w = new int[bytes.length / 4];
    ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(w);
    return w;
  }

  @Test
  void examplesAssembledHereValidate(@TempDir Path tmp) throws Exception {
    List<String> failures = new ArrayList<>();
    Path asm = Path.of(SpirvToolsOracleTest.class.getResource("/spirv/asm").toURI());
    try (var list = Files.list(asm)) {
      for (Path src : list.sorted().toList()) {
        // SPIR-V 1.6 for vulkan1.4: the modules written for the 1.4.335 grammar need both.
        int[] w = Assembler.assemble(Files.readString(src), Versions.of(1, 6));
        ByteBuffer b = ByteBuffer.allocate(w.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        b.asIntBuffer().put(w);
        Path out = tmp.resolve(src.getFileName() + ".spv");
        Files.write(out, b.array());
        Process p = new ProcessBuilder(oracle.command("spirv-val"), "--target-env", newest(), out.toString())
            .redirectErrorStream(true).start();
        String msg = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0) {
          failures.add(src.getFileName() + ": " + msg);
        }
      }
    }
    assertEquals(List.of(), failures);
  }

  @Test
  void generatedLargeModulesPassSpirvVal(@TempDir Path tmp) throws Exception {
    for (long size : new long[] {100_000, 1_000_000}) {
      int[] w = dev.vkrules.runtime.bench.LargeModuleGenerator.ofSize(size);
      ByteBuffer b = ByteBuffer.allocate(w.length * 4).order(ByteOrder.LITTLE_ENDIAN);
      b.asIntBuffer().put(w);
      Path out = tmp.resolve("large-" + size + ".spv");
      Files.write(out, b.array());
      run(oracle.command("spirv-val"), "--target-env", newest(), out.toString());
    }
  }
}
