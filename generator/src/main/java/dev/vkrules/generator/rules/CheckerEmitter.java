package dev.vkrules.generator.rules;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import javax.lang.model.element.Modifier;

/** Emits one checker class for a rule with a check. Pure: rule and compiled check in, file out. */
public final class CheckerEmitter {
  public static final String PACKAGE = "dev.vkrules.runtime.rules";
  static final ClassName CHECKER = CompileContext.rt("Checker");
  static final ClassName RULE_INFO = CompileContext.rt("RuleInfo");
  static final ClassName REPORT = CompileContext.rt("Report");

  private CheckerEmitter() {}

  public static String className(RuleFile rule) {
    return rule.derivedName() + "Checker";
  }

  public static JavaFile emit(RuleFile rule, CheckCompiler.Compiled compiled) {
    TypeSpec.Builder type = TypeSpec.classBuilder(className(rule))
        .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
        .addSuperinterface(CHECKER)
        .addJavadoc("Checks {@code $L}: $L\n", rule.vuid(), escape(rule.authored().message()));
    type.addField(FieldSpec.builder(RULE_INFO, "INFO", Modifier.STATIC, Modifier.FINAL)
        .initializer("new $T($S, $S, $S, $S, $S, $S)", RULE_INFO, rule.vuid(), rule.authored().message(),
            rule.conditionString(), rule.authored().status(), rule.text() == null ? "" : rule.text(), rule.file())
        .build());
    compiled.fields().forEach(type::addField);
    type.addMethod(MethodSpec.methodBuilder("info").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
        .returns(RULE_INFO).addStatement("return INFO").build());
    type.addMethod(MethodSpec.methodBuilder("opcodes").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
        .returns(int[].class).addStatement("return new int[] {$L}", compiled.dispatch()).build());
    if (compiled.decorations() != null) {
      type.addField(FieldSpec.builder(int[].class, "DECORATIONS", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
          .initializer("{$L}", compiled.decorations()).build());
      type.addMethod(MethodSpec.methodBuilder("decorations").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
          .returns(int[].class).addStatement("return DECORATIONS").build());
    }
    if (compiled.applies() != null) {
      type.addMethod(MethodSpec.methodBuilder("applies").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
          .addParameter(CompileContext.FACTS, "f").returns(boolean.class)
          .addStatement("return $L", compiled.applies()).build());
    }
    if (compiled.sums()) {
      type.addMethod(MethodSpec.methodBuilder("sums").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
          .returns(boolean.class).addStatement("return true").build());
    }
    type.addMethod(MethodSpec.methodBuilder("check").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
        .addParameter(CompileContext.FACTS, "f").addParameter(int.class, "s").addParameter(REPORT, "out")
        .addCode(compiled.body()).build());
    compiled.methods().forEach(type::addMethod);
    return JavaFile.builder(PACKAGE, type.build())
        .addFileComment(banner(rule.file(), "runtime"))
        .skipJavaLangImports(true)
        .build();
  }

  static String banner(String source, String target) {
    return "AUTO-GENERATED, DO NOT MODIFY.\nGenerated from " + source + " by `GenerateMain " + target
        + "` (regenerate: mvn -B -pl " + (target.equals("tests") ? "generated-tests" : "runtime")
        + " -am generate-sources).\nEdit the rule file instead.";
  }

  private static String escape(String s) {
    return s == null ? "" : s.replace("$", "$$").replace("*/", "*&#47;");
  }
}
