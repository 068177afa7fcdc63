package dev.vkrules.generator.rules;

import com.palantir.javapoet.CodeBlock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Built-in fields of image instructions: the Image Operands mask (none when the optional
 * operand is absent), the OpTypeImage an instruction accesses, and the signedness of the
 * access as the appendix's "Signedness of SPIR-V Image Accesses" defines it (SignExtend
 * makes it signed, ZeroExtend unsigned, otherwise the Sampled Type's). Positions come from
 * the grammar per opcode, so the fields apply to every instruction that has the operand.
 */
final class ImageFields {
  static final Map<String, String> FIELDS = new TreeMap<>(Map.of(
      "image-operands", "the Image Operands mask of an image instruction (no bits when absent)",
      "image", "the OpTypeImage an image instruction accesses (through OpTypeSampledImage or a pointer)",
      "access-signedness", "the signedness of an image access: 1 signed, 0 unsigned (SignExtend, ZeroExtend, else the Sampled Type's)"));

  /** Operand names that hold the accessed image, in the grammar's spelling. */
  private static final List<String> IMAGE_OPERANDS = List.of("Image", "Sampled Image");

  private final CompileContext cx;

  ImageFields(CompileContext cx) {
    this.cx = cx;
  }

  PathCompiler.Val compile(VType.Insn insn, CodeBlock x, String seg, YNode.Pos pos) {
    return switch (seg) {
      case "image-operands" -> new PathCompiler.Val(new VType.Mask("ImageOperands"),
          CodeBlock.of("f.optionalWord($L, $L)", x, operandsTable(insn, pos, seg)));
      case "image" -> new PathCompiler.Val(VType.Insn.of(java.util.Set.of("OpTypeImage")),
          CodeBlock.of("f.imageType(f.ref($L, $L))", x, imageTable(insn, pos, seg)));
      case "access-signedness" -> new PathCompiler.Val(new VType.Int(),
          CodeBlock.of("f.accessSignedness(f.optionalWord($L, $L), f.imageType(f.ref($L, $L)))",
              x, table(insn, pos, seg, List.of("ImageOperands"), true, false), x, imageTable(insn, pos, seg)));
      default -> throw new IllegalStateException(seg);
    };
  }

  /** Where each selected opcode keeps its Image Operands (a missing one is an error). */
  private String operandsTable(VType.Insn insn, YNode.Pos pos, String seg) {
    return table(insn, pos, seg, List.of("ImageOperands"), true, true);
  }

  private String imageTable(VType.Insn insn, YNode.Pos pos, String seg) {
    return table(insn, pos, seg, IMAGE_OPERANDS, false, true);
  }

  /**
   * Where each selected opcode keeps the operand (by kind or by name); a missing one is an
   * error when {@code required}, else the opcode is left out (OpImageTexelPointer has no
   * Image Operands: its access takes the Sampled Type's signedness).
   */
  private String table(VType.Insn insn, YNode.Pos pos, String seg, List<String> names, boolean byKind,
      boolean required) {
    if (insn.opcodes().isEmpty()) {
      throw new RuleError(pos, "field '" + seg + "' needs the subject's opcodes; select image instructions");
    }
    Map<Integer, Integer> positions = new TreeMap<>();
    List<String> missing = new ArrayList<>();
    for (String name : insn.opcodes()) {
      RuleGrammar.Instruction in = cx.grammar.instructions().get(name);
      int index = -1;
      for (int i = 0; i < in.operands().size() && index < 0; i++) {
        RuleGrammar.Operand o = in.operands().get(i);
        if (names.contains(byKind ? o.kind() : o.name())) {
          index = i;
        }
      }
      int enc = index < 0 ? OperandLayout.UNSUPPORTED : OperandLayout.encode(in.operands(), index, cx.grammar);
      if (enc == OperandLayout.UNSUPPORTED) {
        if (required || index >= 0) {
          missing.add(name);
        }
      } else {
        positions.put(in.opcode(), enc);
      }
    }
    if (!missing.isEmpty()) {
      throw new RuleError(pos, "field '" + seg + "' needs " + (byKind ? "an Image Operands operand" : "an Image or "
          + "Sampled Image operand") + ", which " + String.join(", ", missing) + " lacks");
    }
    return cx.positionTable(positions);
  }
}
