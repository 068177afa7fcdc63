package dev.vkrules.generator.rules;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code width-modes(N)} field of an entry point: the set of execution modes it declares
 * with Target Width N. The candidates are the ExecutionMode enumerants whose first parameter
 * the grammar names {@code Target Width} (DenormPreserve, DenormFlushToZero,
 * SignedZeroInfNanPreserve, RoundingModeRTE, RoundingModeRTZ, ...), so a new one needs no edit.
 */
final class WidthModesField {
  private static final Pattern SEGMENT = Pattern.compile("width-modes\\((\\d+)\\)");

  private WidthModesField() {}

  /** The compiled field, or null when {@code seg} is not {@code width-modes(N)}. */
  static PathCompiler.Val compile(CompileContext cx, VType.Insn insn, CodeBlock x, String seg, YNode.Pos pos) {
    Matcher m = SEGMENT.matcher(seg);
    if (!m.matches()) {
      return null;
    }
    if (!insn.opcodes().equals(java.util.Set.of("OpEntryPoint"))) {
      throw new RuleError(pos, "'" + seg + "' needs an entry point, not " + insn);
    }
    List<CodeBlock> modes = new ArrayList<>();
    ValueTests tests = new ValueTests(cx);
    for (Map.Entry<String, RuleGrammar.Enumerant> e
        : new java.util.TreeMap<>(cx.grammar.kinds().get("ExecutionMode").enumerants()).entrySet()) {
      List<RuleGrammar.Operand> params = e.getValue().parameters();
      if (!params.isEmpty() && params.get(0).name().equals("Target Width")) {
        modes.add(tests.enumerantRef("ExecutionMode", new YNode.Scalar(pos, e.getKey())));
      }
    }
    return new PathCompiler.Val(new VType.EnumSet("ExecutionMode"), CodeBlock.of("$T.of(f, $L, $LL, $L)",
        CompileContext.rt("WidthModes"), x, Long.parseLong(m.group(1)), CodeBlock.join(modes, ", ")));
  }
}
