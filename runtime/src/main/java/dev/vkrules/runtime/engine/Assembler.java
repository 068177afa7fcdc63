package dev.vkrules.runtime.engine;

import java.io.IOException;

/**
 * Turns rule examples (SPIR-V assembly text) into binaries. Until the SPIR-V toolkit's own
 * assembler is merged, this is a stand-in that runs Debian's {@code spirv-as}.
 */
public final class Assembler {
  private Assembler() {}

  /** Assembles {@code text} for {@code target}. */
  public static byte[] assemble(String text, Target target) throws IOException {
    return Oracle.spirvAs(text, target);
  }
}
