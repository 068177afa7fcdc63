package dev.vkrules.generator.rules;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import dev.vkrules.generator.GenerateMain;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * The "tests" target: one JUnit class per rule with a check. Each invalid example must
 * raise exactly the rule's VUID and its {@code also} VUIDs (and no other); each valid example
 * must raise nothing.
 */
public final class RuleTestEmitter implements GenerateMain.Emitter {
  public static final String PACKAGE = "dev.vkrules.tests.rules";
  static final ClassName EXAMPLES = ClassName.get("dev.vkrules.tests", "RuleExamples");
  static final ClassName TEST = ClassName.get("org.junit.jupiter.api", "Test");

  @Override
  public List<JavaFile> emit(GenerateMain.GenerationInputs inputs) {
    List<JavaFile> files = new ArrayList<>();
    for (RuleFile rule : RuleLoader.loadAll(inputs.rules())) {
      if (rule.executable()) {
        files.add(emit(rule));
      }
    }
    return files;
  }

  public static JavaFile emit(RuleFile rule) {
    TypeSpec.Builder type = TypeSpec.classBuilder(rule.derivedName() + "Test")
        .addModifiers(Modifier.FINAL)
        .addJavadoc("The examples of {@code $L}.\n", rule.vuid())
        .addField(FieldSpec.builder(String.class, "VUID", Modifier.STATIC, Modifier.FINAL)
            .initializer("$S", rule.vuid()).build())
        .addField(FieldSpec.builder(String.class, "CONDITION", Modifier.STATIC, Modifier.FINAL)
            .initializer("$S", rule.conditionString()).build());
    add(type, rule, rule.authored().invalid(), "invalid", "assertRaisesExactly");
    add(type, rule, rule.authored().valid(), "valid", "assertClean");
    return JavaFile.builder(PACKAGE, type.build())
        .addFileComment(CheckerEmitter.banner(rule.file(), "tests"))
        .build();
  }

  /** The example's {@code also} VUIDs as further arguments: the VUIDs it must raise besides the rule's. */
  private static CodeBlock also(RuleFile.Example e) {
    CodeBlock.Builder b = CodeBlock.builder();
    for (String v : e.alsoVuids()) {
      b.add(", $S", v);
    }
    return b.build();
  }

  private static void add(TypeSpec.Builder type, RuleFile rule, List<RuleFile.Example> examples, String kind,
      String assertion) {
    for (int i = 0; i < examples.size(); i++) {
      RuleFile.Example e = examples.get(i);
      type.addMethod(MethodSpec.methodBuilder(kind + i)
          .addAnnotation(TEST)
          .addAnnotation(AnnotationSpec.builder(ClassName.get("org.junit.jupiter.api", "DisplayName"))
              .addMember("value", "$S", kind + " example " + i + " (" + e.pos() + ")").build())
          .addStatement("$T.$L(VUID, CONDITION, $S, $S$L)", EXAMPLES, assertion, e.targetEnv(), e.asm(), also(e))
          .build());
    }
  }
}
