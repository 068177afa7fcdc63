package dev.vkrules.runtime.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.runtime.spirv.SpirvParser;
import dev.vkrules.runtime.spirv.TestModules;
import dev.vkrules.runtime.support.ExampleAssembler;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The validator reads a module only after the grammar check, and accepts any bound below 2^32. */
class MalformedBeforeRulesTest {
  private static int[] words(byte[] bytes) {
    int[] w = new int[bytes.length / 4];
    ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(w);
    return w;
  }

  private static byte[] bytes(int[] words) {
    ByteBuffer b = ByteBuffer.allocate(words.length * 4).order(ByteOrder.LITTLE_ENDIAN);
    b.asIntBuffer().put(words);
    return b.array();
  }

  private static List<Path> someModules() {
    return TestModules.all().stream().filter(p -> p.getFileName().toString().endsWith(".spv")).limit(40).toList();
  }

  @Test
  void aBoundFarAboveTheModuleIsLegalAndChangesNoVerdict() {
    for (Path p : someModules()) {
      byte[] original = TestModules.read(p);
      int[] w = words(original);
      w[3] = 0xffffffff;
      Validator.ValidationResult before = Validator.validate(original, Target.VULKAN_1_3);
      Validator.ValidationResult after = Validator.validate(bytes(w), Target.VULKAN_1_3);
      assertFalse(after.malformed(), p + ": " + after.diagnostics());
      assertEquals(before.diagnostics().stream().map(Diagnostic::headline).toList(),
          after.diagnostics().stream().map(Diagnostic::headline).toList(), p.toString());
    }
  }

  @Test
  void anInstructionMissingAnOperandMidModuleIsMalformedWithItsOffset() {
    for (Path p : someModules()) {
      int[] w = words(TestModules.read(p));
      // Shorten the first OpTypePointer by its last word and close the gap: the module stays
      // structurally whole, and only the grammar check can tell.
      int off = 5;
      while (off < w.length && (w[off] & 0xffff) != 32) {
        off += w[off] >>> 16;
      }
      if (off >= w.length) {
        continue;
      }
      int[] cut = new int[w.length - 1];
      System.arraycopy(w, 0, cut, 0, off + 3);
      System.arraycopy(w, off + 4, cut, off + 3, w.length - off - 4);
      cut[off] = (3 << 16) | 32;
      Validator.ValidationResult r = Validator.validate(bytes(cut), Target.VULKAN_1_3);
      assertTrue(r.malformed(), p.toString());
      assertEquals(List.of(SpirvParser.parse(cut).firstError()), r.diagnostics().stream().map(Diagnostic::message)
          .toList());
      assertEquals("OpTypePointer at word " + off + " is missing operand 'Type' (IdRef) at word " + (off + 3),
          r.diagnostics().get(0).message(), p.toString());
      return;
    }
    throw new AssertionError("no module with an OpTypePointer among " + Arrays.toString(someModules().toArray()));
  }

  private static final String HEADER = String.join("\n",
      "OpCapability Shader",
      "OpCapability PhysicalStorageBufferAddresses",
      "OpMemoryModel PhysicalStorageBuffer64 GLSL450",
      "OpEntryPoint GLCompute %main \"main\"",
      "OpExecutionMode %main LocalSize 1 1 1",
      "%void = OpTypeVoid",
      "%fn = OpTypeFunction %void",
      "%uint = OpTypeInt 32 0", "");
  private static final String MAIN = String.join("\n",
      "%main = OpFunction %void None %fn",
      "%entry = OpLabel",
      "OpReturn",
      "OpFunctionEnd", "");

  @Test
  void aTypeNamingAnIdDefinedAfterItIsMalformed() throws Exception {
    // A struct that contains itself: the grammar allows the id, SPIR-V's layout does not.
    byte[] self = ExampleAssembler.assemble(HEADER + "%s = OpTypeStruct %uint %s\n" + MAIN, Target.VULKAN_1_3);
    Validator.ValidationResult r = Validator.validate(self, Target.VULKAN_1_3);
    assertTrue(r.malformed(), r.diagnostics().toString());
    assertEquals(1, r.diagnostics().size());
    assertTrue(r.diagnostics().get(0).message().matches("OpTypeStruct names %\\d+, which is not defined before it, at word \\d+"),
        r.diagnostics().get(0).message());
    // A vector of a scalar type declared after it.
    byte[] late = ExampleAssembler.assemble(HEADER + "%v = OpTypeVector %f 2\n%f = OpTypeFloat 32\n" + MAIN,
        Target.VULKAN_1_3);
    assertTrue(Validator.validate(late, Target.VULKAN_1_3).malformed());
  }

  @Test
  void aPointerDeclaredByOpTypeForwardPointerMayBeNamedBeforeItsDefinition() throws Exception {
    byte[] list = ExampleAssembler.assemble(HEADER + String.join("\n",
        "OpTypeForwardPointer %ptr PhysicalStorageBuffer",
        "%node = OpTypeStruct %uint %ptr",
        "%ptr = OpTypePointer PhysicalStorageBuffer %node", "") + MAIN, Target.VULKAN_1_3);
    Validator.ValidationResult r = Validator.validate(list, Target.VULKAN_1_3);
    assertFalse(r.malformed(), r.diagnostics().toString());
  }
}
