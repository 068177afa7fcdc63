package dev.vkrules.generator.rules;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeSpec;
import java.util.List;
import javax.lang.model.element.Modifier;

/** Emits {@code CheckerRegistry}: every generated checker, sorted by VUID. */
public final class RegistryEmitter {
  private RegistryEmitter() {}

  public static JavaFile emit(List<RuleFile> executable) {
    CodeBlock.Builder list = CodeBlock.builder().add("return $T.of(", List.class);
    for (int i = 0; i < executable.size(); i++) {
      list.add(i == 0 ? "\n    new $T()" : ",\n    new $T()",
          ClassName.get(CheckerEmitter.PACKAGE, CheckerEmitter.className(executable.get(i))));
    }
    list.add(")");
    TypeSpec type = TypeSpec.classBuilder("CheckerRegistry")
        .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
        .addJavadoc("Every checker generated from the rule files, sorted by VUID.\n")
        .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build())
        .addMethod(MethodSpec.methodBuilder("all").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
            .returns(ParameterizedTypeName.get(ClassName.get(List.class), CheckerEmitter.CHECKER))
            .addStatement(list.build()).build())
        .build();
    return JavaFile.builder(CheckerEmitter.PACKAGE, type)
        .addFileComment(CheckerEmitter.banner("rules/standalone/*.yaml and rules/runtime/*.yaml", "runtime"))
        .build();
  }
}
