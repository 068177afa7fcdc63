package dev.vkrules.generator.rules;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Built-in fields of an entry point about its stage's interface as a whole, which the
 * Shader Interfaces chapter limits per stage ("Shader Input and Output Locations"):
 * {@code input-locations} and {@code output-locations}, the number of Locations its
 * user-defined Input or Output interface spans. Computed by the runtime's
 * {@code InterfaceSlots} in one pass over the interface.
 */
final class StageFields {
  static final Map<String, String> FIELDS = new TreeMap<>(Map.of(
      "input-locations", "the Locations an entry point's user-defined non-Patch Input interface spans (highest consumed plus one)",
      "output-locations", "the Locations an entry point's user-defined non-Patch Output interface spans (highest consumed plus one)",
      "emitted-streams", "the number of distinct vertex streams an entry point's call tree emits to (OpEmitVertex is stream 0)",
      "largest-stream-data-size", "the largest sum, over one vertex stream, of the data sizes of the transform feedback buffers writing to it",
      "combined-output-resources", "the storage buffer and storage image variables an entry point's call tree uses plus its distinct output Locations"));

  private static final ClassName SLOTS = CompileContext.rt("InterfaceSlots");

  private StageFields() {}

  static PathCompiler.Val compile(CompileContext cx, VType.Insn insn, CodeBlock x, String seg, YNode.Pos pos) {
    if (!insn.opcodes().equals(Set.of("OpEntryPoint"))) {
      throw new RuleError(pos, "field '" + seg + "' needs an entry point, not " + insn);
    }
    // every field but the count of streams adds things up
    cx.sums |= !seg.equals("emitted-streams");
    if (seg.equals("combined-output-resources")) {
      return new PathCompiler.Val(new VType.Int(),
          CodeBlock.of("f.combinedOutputResources($L)", x));
    }
    if (seg.equals("emitted-streams")) {
      return new PathCompiler.Val(new VType.Int(), CodeBlock.of("f.emittedStreams($L)", x));
    }
    if (seg.equals("largest-stream-data-size")) {
      return new PathCompiler.Val(new VType.Int(), CodeBlock.of("f.largestStreamDataSize($L)", x));
    }
    String storageClass = new ValueTests(cx).enumerant("StorageClass",
        new YNode.Scalar(pos, seg.startsWith("input") ? "Input" : "Output"));
    return new PathCompiler.Val(new VType.Int(), CodeBlock.of("$T.locationsSpanned(f, $L, $L)", SLOTS, x, storageClass));
  }
}
