package dev.vkrules.generator.grammar;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import dev.vkrules.generator.Emitter;
import dev.vkrules.generator.GenerationInputs;
import dev.vkrules.generator.grammar.GeneratorToolsReader.Tool;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * Emits {@code GeneratorTools}: the names of the tool ids registered in {@code spir-v.xml},
 * for the disassembler's {@code ; Generator:} line and the assembler that reads it back.
 */
public final class GeneratorToolsEmitter implements Emitter {
  static final String BANNER = "AUTO-GENERATED, DO NOT MODIFY.\n"
      + "Source: spec-sources/" + GeneratorToolsReader.FILE + "\n"
      + "Regenerate: mvn -B -pl runtime -am generate-sources"
      + " (runs dev.vkrules.generator.GenerateMain runtime);\n"
      + "edit spir-v.xml or dev.vkrules.generator.grammar.GeneratorToolsEmitter instead.";

  @Override
  public List<JavaFile> emit(GenerationInputs inputs) {
    return List.of(emit(new GeneratorToolsReader().read(inputs.specSources())));
  }

  /** Pure: tools sorted by id in, one file out. */
  public JavaFile emit(List<Tool> tools) {
    int max = tools.get(tools.size() - 1).id();
    CodeBlock.Builder names = CodeBlock.builder().add("new String[$L]", max + 1);
    MethodSpec.Builder init = MethodSpec.methodBuilder("table")
        .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
        .returns(ArrayTypeName.of(String.class))
        .addStatement("String[] t = $L", names.build());
    for (Tool t : tools) {
      init.addStatement("t[$L] = $S", t.id(), t.display());
    }
    init.addStatement("return t");
    TypeSpec type = TypeSpec.classBuilder("GeneratorTools")
        .addJavadoc("SPIR-V tool ids (the generator word's high 16 bits) as spirv-dis names them.\n")
        .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
        .addField(FieldSpec.builder(ArrayTypeName.of(String.class), "NAMES", Modifier.PRIVATE, Modifier.STATIC,
            Modifier.FINAL).initializer("table()").build())
        .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build())
        .addMethod(init.build())
        .addMethod(MethodSpec.methodBuilder("name")
            .addJavadoc("The registered name of a tool id, or null when the registry has none.\n")
            .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
            .returns(String.class)
            .addParameter(int.class, "tool")
            .addStatement("return tool >= 0 && tool < NAMES.length ? NAMES[tool] : null")
            .build())
        .addMethod(MethodSpec.methodBuilder("id")
            .addJavadoc("The lowest tool id registered under this name, or -1 (names are not unique:\n"
                + "two ARM ids have no tool name).\n")
            .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
            .returns(int.class)
            .addParameter(String.class, "name")
            .beginControlFlow("for (int i = 0; i < NAMES.length; i++)")
            .beginControlFlow("if (name.equals(NAMES[i]))")
            .addStatement("return i")
            .endControlFlow()
            .endControlFlow()
            .addStatement("return -1")
            .build())
        .build();
    return JavaFile.builder(GrammarNames.PACKAGE, type)
        .addFileComment("$L", BANNER)
        .skipJavaLangImports(true)
        .build();
  }
}
