package dev.vkrules.runtime.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.runtime.model.ModuleModel;
import dev.vkrules.runtime.spirv.ParseResult;
import dev.vkrules.runtime.spirv.SpirvParser;
import dev.vkrules.runtime.spirv.text.Assembler;
import dev.vkrules.runtime.spirv.text.AssemblyException;
import dev.vkrules.runtime.spirv.text.Disassembler;
import org.junit.jupiter.api.Test;

class LargeModuleGeneratorTest {
  @Test
  void sizesAreCloseToTheTarget() {
    for (long target : new long[] {100_000, 1_000_000}) {
      long bytes = LargeModuleGenerator.ofSize(target).length * 4L;
      assertTrue(Math.abs(bytes - target) < target / 20, target + " -> " + bytes);
    }
  }

  @Test
  void generatedModulesParseAndModelAsDesigned() throws AssemblyException {
    int[] words = LargeModuleGenerator.generate(40);
    ParseResult r = SpirvParser.parse(words);
    assertTrue(r.ok(), r.diagnostics().toString());
    ModuleModel m = ModuleModel.build(r.module());
    assertEquals(41, m.functions().size());
    assertEquals(1, m.entryPoints().size());
    // Every function is reached from main through the call chain.
    for (var f : m.functions()) {
      assertEquals(1, m.entryPointsReaching(f.id()).size(), f.toString());
    }
    assertArrayEquals(words, Assembler.assemble(Disassembler.disassemble(r.module())));
    assertArrayEquals(words, LargeModuleGenerator.generate(40), "deterministic");
  }
}
