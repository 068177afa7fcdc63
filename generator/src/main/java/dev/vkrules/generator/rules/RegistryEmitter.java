package dev.vkrules.generator.rules;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeSpec;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * Emits {@code CheckerRegistry}: every generated checker, sorted by VUID, as a
 * {@code CheckerCatalog}. What the engine needs before a module asks for a checker (VUID,
 * condition, opcodes, module test) is data and code in this one class, computed here at build
 * time; each checker's own class is loaded only by {@code create}, when a module first needs it.
 */
public final class RegistryEmitter {
  static final ClassName CATALOG = CompileContext.rt("CheckerCatalog");

  private RegistryEmitter() {}

  /** A rule with a check and what its compilation gave. */
  public record Entry(RuleFile rule, CheckCompiler.Compiled compiled) {}

  public static JavaFile emit(List<Entry> executable) {
    ClassName self = ClassName.get(CheckerEmitter.PACKAGE, "CheckerRegistry");
    CodeBlock.Builder vuids = CodeBlock.builder().add("{");
    CodeBlock.Builder conditions = CodeBlock.builder().add("{");
    CodeBlock.Builder opcodes = CodeBlock.builder().add("{");
    CodeBlock.Builder create = CodeBlock.builder().beginControlFlow("switch (i)");
    List<CodeBlock> appliesCases = new ArrayList<>();
    for (int i = 0; i < executable.size(); i++) {
      Entry e = executable.get(i);
      String sep = i == 0 ? "\n" : ",\n";
      vuids.add(sep + "$S", e.rule().vuid());
      conditions.add(sep + "$S", e.rule().conditionString());
      opcodes.add(sep + "{$L}", e.compiled().dispatch());
      create.add("case $L: return new $T();\n", i,
          ClassName.get(CheckerEmitter.PACKAGE, CheckerEmitter.className(e.rule())));
      if (e.compiled().applies() != null) {
        appliesCases.add(CodeBlock.of("case $L: return $L;\n", i, e.compiled().applies()));
      }
    }
    create.add("default: throw new $T($S + i);\n", IndexOutOfBoundsException.class, "no checker ");
    create.endControlFlow();
    CodeBlock.Builder applies = CodeBlock.builder().beginControlFlow("switch (i)");
    appliesCases.forEach(applies::add);
    applies.add("default: return true;\n").endControlFlow();
    ArrayTypeName strings = ArrayTypeName.of(String.class);
    TypeSpec type = TypeSpec.classBuilder("CheckerRegistry")
        .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
        .addSuperinterface(CATALOG)
        .addJavadoc("Every checker generated from the rule files, sorted by VUID: their data here, each class loaded on"
            + " first use.\n")
        .addField(FieldSpec.builder(CATALOG, "CATALOG", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
            .initializer("new $T()", self).build())
        .addField(FieldSpec.builder(strings, "VUIDS", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
            .initializer(vuids.add("\n}").build()).build())
        .addField(FieldSpec.builder(strings, "CONDITIONS", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
            .initializer(conditions.add("\n}").build()).build())
        .addField(FieldSpec.builder(int[][].class, "OPCODES", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
            .initializer(opcodes.add("\n}").build()).build())
        .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build())
        .addMethod(override("size", int.class).addStatement("return VUIDS.length").build())
        .addMethod(override("vuid", String.class).addParameter(int.class, "i").addStatement("return VUIDS[i]").build())
        .addMethod(override("condition", String.class).addParameter(int.class, "i")
            .addStatement("return CONDITIONS[i]").build())
        .addMethod(override("opcodes", int[].class).addParameter(int.class, "i").addStatement("return OPCODES[i]").build())
        .addMethod(override("applies", boolean.class).addParameter(int.class, "i")
            .addParameter(CompileContext.FACTS, "f").addCode(applies.build()).build())
        .addMethod(override("create", CheckerEmitter.CHECKER).addParameter(int.class, "i").addCode(create.build()).build())
        .addMethod(MethodSpec.methodBuilder("all").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
            .addJavadoc("Every checker, made now (loads every checker class).\n")
            .returns(ParameterizedTypeName.get(ClassName.get(List.class), CheckerEmitter.CHECKER))
            .addStatement("$T[] all = new $T[VUIDS.length]", CheckerEmitter.CHECKER, CheckerEmitter.CHECKER)
            .beginControlFlow("for (int i = 0; i < all.length; i++)")
            .addStatement("all[i] = CATALOG.create(i)")
            .endControlFlow()
            .addStatement("return $T.of(all)", List.class).build())
        .build();
    return JavaFile.builder(CheckerEmitter.PACKAGE, type)
        .addFileComment(CheckerEmitter.banner("rules/standalone/*.yaml and rules/runtime/*.yaml", "runtime"))
        .build();
  }

  private static MethodSpec.Builder override(String name, java.lang.reflect.Type returns) {
    return MethodSpec.methodBuilder(name).addAnnotation(Override.class).addModifiers(Modifier.PUBLIC).returns(returns);
  }

  private static MethodSpec.Builder override(String name, com.palantir.javapoet.TypeName returns) {
    return MethodSpec.methodBuilder(name).addAnnotation(Override.class).addModifiers(Modifier.PUBLIC).returns(returns);
  }
}
