package dev.vkrules.generator.rules;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import javax.lang.model.element.Modifier;

/**
 * Emits {@code OpcodeShapes}: per opcode, its name and whether it has a Result Type and a
 * Result. The engine's index needs only this much of the grammar.
 */
public final class OpcodeTableEmitter {
  private OpcodeTableEmitter() {}

  /**
   * The operand pattern the engine walks to find id operands: T result type, R result,
   * i id, l one literal word, s literal string, p pair of ids, x anything longer (the walk
   * stops there); {@code ?} and {@code *} follow an optional or variadic operand.
   */
  static String pattern(Grammar.Instruction in, Grammar grammar) {
    StringBuilder b = new StringBuilder();
    for (Grammar.Operand o : in.operands()) {
      String k = o.kind();
      char c = switch (k) {
        case "IdResultType" -> 'T';
        case "IdResult" -> 'R';
        case "IdRef", "IdScope", "IdMemorySemantics" -> 'i';
        case "LiteralString" -> 's';
        case "PairIdRefIdRef" -> 'p';
        default -> OperandLayout.singleWord(k, grammar) ? 'l' : 'x';
      };
      b.append(c);
      if (o.quantifier() != ' ') {
        b.append(o.quantifier());
      }
    }
    return b.length() == 0 ? "-" : b.toString();
  }

  public static JavaFile emit(Grammar grammar) {
    CodeBlock.Builder entries = CodeBlock.builder().add("new String[] {");
    boolean first = true;
    for (Grammar.Instruction in : grammar.instructions().values().stream()
        .sorted(java.util.Comparator.comparingInt(Grammar.Instruction::opcode).thenComparing(Grammar.Instruction::name))
        .toList()) {
      int shape = 0;
      for (int i = 0; i < Math.min(2, in.operands().size()); i++) {
        String kind = in.operands().get(i).kind();
        shape |= kind.equals("IdResultType") ? 1 : kind.equals("IdResult") ? 2 : 0;
      }
      entries.add(first ? "\n    $S" : ",\n    $S", in.opcode() + " " + in.name() + " " + shape + " "
          + pattern(in, grammar));
      first = false;
    }
    entries.add("}");
    TypeSpec type = TypeSpec.classBuilder("OpcodeShapes")
        .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
        .addJavadoc("Opcode, name, shape (1: has Result Type, 2: has Result) and operand pattern of every core instruction.\n")
        .addField(FieldSpec.builder(String[].class, "ENTRIES", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
            .initializer(entries.build()).build())
        .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build())
        .build();
    return JavaFile.builder(CheckerEmitter.PACKAGE, type)
        .addFileComment(CheckerEmitter.banner("spec-sources/spirv/spirv.core.grammar.json", "runtime"))
        .build();
  }
}
