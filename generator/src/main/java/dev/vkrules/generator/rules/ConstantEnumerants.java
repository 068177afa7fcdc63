package dev.vkrules.generator.rules;

import com.palantir.javapoet.CodeBlock;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code value-as(Kind)}: an integer constant read as an enumerant of a grammar value enum.
 * Some instructions take an enum as an {@code <id>} of a constant rather than as a literal
 * (the MemoryLayout of OpCooperativeVectorMatrixMulNV is a CooperativeVectorMatrixLayout, its
 * MatrixInterpretation a ComponentType), so a rule can compare it with enumerant names
 * ({@code {path: MemoryLayout.value-as(CooperativeVectorMatrixLayout), in: [RowMajorNV]}})
 * instead of numbers. Unknown, like {@code value}, when the id is not an OpConstant.
 */
final class ConstantEnumerants {
  private static final Pattern VALUE_AS = Pattern.compile("value-as\\((\\w+)\\)");

  private ConstantEnumerants() {}

  /** The compiled segment, or null when {@code seg} is not {@code value-as(...)}. */
  static PathCompiler.Val valueAs(CompileContext cx, CodeBlock x, String seg, YNode.Pos pos) {
    Matcher m = VALUE_AS.matcher(seg);
    if (!m.matches()) {
      return null;
    }
    String kind = m.group(1);
    RuleGrammar.Kind k = cx.grammar.kinds().get(kind);
    if (k == null || k.enumerants().isEmpty()) {
      throw new RuleError(pos, "unknown enumerated operand kind '" + kind + "'"
          + Suggest.didYouMean(kind, cx.grammar.kinds().keySet()));
    }
    if (k.isBitEnum()) {
      throw new RuleError(pos, "value-as reads a value enum; " + kind + " is a mask");
    }
    return new PathCompiler.Val(new VType.Enum(kind), CodeBlock.of("f.constant($L)", x));
  }
}
