package dev.vkrules.generator.rules;

import com.palantir.javapoet.CodeBlock;
import java.util.Map;

/**
 * What the id parameters of some execution modes name. The grammar types every such
 * parameter {@code IdRef}, which a path reads as an integer constant ({@code LocalSizeId}'s
 * sizes); the SPIR-V specification's text says that {@code FPFastMathDefault}'s
 * {@code Target Type} is "a scalar floating-point type" and its {@code Fast-Math Mode} "a
 * constant instruction of 32-bit integer type containing a valid FP Fast Math Mode bitmask".
 * This table carries those two sentences, so a rule reads {@code Target Type.width} and
 * {@code Fast-Math Mode} with the FPFastMathMode bit names. The Vulkan appendix calls
 * {@code OpacityMicromapIdKHR}'s {@code Enable} "its specialization constant operand"
 * (VUID-RuntimeSpirv-micromap-11630): a rule reads its definition, whose value a pipeline sets
 * ({@code {pipeline: {specialized: Enable, is: true}}}).
 */
final class IdParameters {
  /** Marks a parameter read as the instruction it names (a type, a specialization constant), not a constant's value. */
  private static final String INSTRUCTION = "";

  /** {@code Kind:Enumerant:parameter} → the operand kind of the constant's value, or {@link #INSTRUCTION}. */
  private static final Map<String, String> KINDS = Map.of(
      "ExecutionMode:FPFastMathDefault:Target Type", INSTRUCTION,
      "ExecutionMode:OpacityMicromapIdKHR:Enable", INSTRUCTION,
      "ExecutionMode:FPFastMathDefault:Fast-Math Mode", "FPFastMathMode");

  private IdParameters() {}

  /**
   * The typed value of the id parameter {@code name} at {@code index} (words after the mode or
   * decoration), when every selected enumerant lists it here; null otherwise.
   */
  static PathCompiler.Val of(VType.EnumContext ctx, String name, CodeBlock x, int index) {
    String kind = null;
    for (String enumerant : ctx.names()) {
      String k = KINDS.get(ctx.kind() + ":" + enumerant + ":" + name);
      if (k == null || (kind != null && !kind.equals(k))) {
        return null;
      }
      kind = k;
    }
    if (kind == null || !ctx.kind().equals("ExecutionMode")) {
      return null;
    }
    CodeBlock def = CodeBlock.of("f.def((int) f.word($L, $L))", x, 3 + index);
    return kind.equals(INSTRUCTION)
        ? new PathCompiler.Val(VType.Insn.any(), def)
        : new PathCompiler.Val(new VType.Mask(kind), CodeBlock.of("f.constant($L)", def));
  }
}
