package dev.vkrules.runtime.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.runtime.spirv.SpirvParser;
import dev.vkrules.runtime.spirv.TestModules;
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
}
