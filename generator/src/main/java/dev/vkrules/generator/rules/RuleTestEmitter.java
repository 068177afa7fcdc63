package dev.vkrules.generator.rules;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import dev.vkrules.generator.Emitter;
import dev.vkrules.generator.GenerationInputs;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * The "tests" target: one JUnit class per rule with a check. Each invalid example must
 * raise exactly the rule's VUID (and no other); each valid example must raise nothing.
 */
public final class RuleTestEmitter implements Emitter {
  public static final String PACKAGE = "dev.vkrules.tests.rules";
  static final ClassName EXAMPLES = ClassName.get("dev.vkrules.tests", "RuleExamples");
  static final ClassName TEST = ClassName.get("org.junit.jupiter.api", "Test");

  @Override
  public List<JavaFile> emit(GenerationInputs inputs) {
    List<JavaFile> files = new ArrayList<>();
    for (RuleFile rule : RuleLoader.loadAll(inputs.rules())) {
      if (rule.executable()) {
        files.add(emit(rule, inputs.rules().resolve("tables")));
      }
    }
    return files;
  }

  public static JavaFile emit(RuleFile rule) {
    return emit(rule, null);
  }

  /** {@code tablesDir} locates vk.xml for examples that carry a device (null: none may). */
  public static JavaFile emit(RuleFile rule, java.nio.file.Path tablesDir) {
    TypeSpec.Builder type = TypeSpec.classBuilder(rule.derivedName() + "Test")
        .addModifiers(Modifier.FINAL)
        .addJavadoc("The examples of {@code $L}.\n", rule.vuid())
        .addField(FieldSpec.builder(String.class, "VUID", Modifier.STATIC, Modifier.FINAL)
            .initializer("$S", rule.vuid()).build())
        .addField(FieldSpec.builder(String.class, "CONDITION", Modifier.STATIC, Modifier.FINAL)
            .initializer("$S", rule.conditionString()).build());
    add(type, rule, rule.authored().invalid(), "invalid", "assertRaisesExactly", tablesDir);
    add(type, rule, rule.authored().valid(), "valid", "assertClean", tablesDir);
    return JavaFile.builder(PACKAGE, type.build())
        .addFileComment(CheckerEmitter.banner(rule.file(), "tests"))
        .build();
  }

  /** The example's {@code also} VUIDs as string literals. */
  private static CodeBlock also(RuleFile.Example e) {
    return CodeBlock.join(e.also().stream().map(v -> CodeBlock.of("$S", v)).toList(), ", ");
  }

  private static void add(TypeSpec.Builder type, RuleFile rule, List<RuleFile.Example> examples, String kind,
      String assertion, java.nio.file.Path tablesDir) {
    for (int i = 0; i < examples.size(); i++) {
      RuleFile.Example e = examples.get(i);
      // device (a Vulkan Profiles document or null) before the also VUIDs (varargs)
      CodeBlock call = e.pipeline() != null
          ? CodeBlock.of("$T.assertWithPipeline(VUID, CONDITION, $L, $S, $S, $S, $S$L)", EXAMPLES,
              assertion.equals("assertClean") ? "false" : "true", e.targetEnv(), e.asm(), e.deviceJson(tablesDir),
              e.pipelineJson(), e.also().isEmpty() ? "" : ", " + also(e))
          : e.device() == null && e.also().isEmpty()
          ? CodeBlock.of("$T.$L(VUID, CONDITION, $S, $S)", EXAMPLES, assertion, e.targetEnv(), e.asm())
          : e.also().isEmpty()
              ? CodeBlock.of("$T.$L(VUID, CONDITION, $S, $S, $S)", EXAMPLES, assertion, e.targetEnv(), e.asm(),
                  e.deviceJson(tablesDir))
              : CodeBlock.of("$T.$L(VUID, CONDITION, $S, $S, $S, $L)", EXAMPLES, assertion, e.targetEnv(), e.asm(),
                  e.deviceJson(tablesDir), also(e));
      type.addMethod(MethodSpec.methodBuilder(kind + i)
          .addAnnotation(TEST)
          .addAnnotation(AnnotationSpec.builder(ClassName.get("org.junit.jupiter.api", "DisplayName"))
              .addMember("value", "$S", kind + " example " + i + " (" + e.pos() + ")").build())
          .addStatement(call)
          .build());
    }
  }
}
