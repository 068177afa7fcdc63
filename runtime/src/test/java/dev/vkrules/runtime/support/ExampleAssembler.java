package dev.vkrules.runtime.support;

import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.spirv.text.Assembler;
import dev.vkrules.runtime.spirv.text.AssemblyException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Turns rule examples (SPIR-V assembly text) into binaries with vkrules' own assembler
 * ({@code dev.vkrules.runtime.spirv.text}), for the SPIR-V version {@code spirv-as
 * --target-env} would pick: the highest the target allows.
 */
public final class ExampleAssembler {
  private ExampleAssembler() {}

  /** Assembles {@code text} for {@code target}; a failure's message ends with line and column. */
  public static byte[] assemble(String text, Target target) throws IOException {
    int[] words;
    try {
      words = dev.vkrules.runtime.spirv.text.Assembler.assemble(text, target.maxSpirvVersion());
    } catch (AssemblyException e) {
      throw new IOException("cannot assemble the example: " + e.getMessage(), e);
    }
    ByteBuffer b = ByteBuffer.allocate(words.length * 4).order(ByteOrder.LITTLE_ENDIAN);
    b.asIntBuffer().put(words);
    return b.array();
  }
}
