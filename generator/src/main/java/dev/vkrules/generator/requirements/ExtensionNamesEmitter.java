package dev.vkrules.generator.requirements;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeSpec;
import dev.vkrules.generator.Emitter;
import dev.vkrules.generator.GenerationInputs;
import java.util.List;
import java.util.SortedSet;
import javax.lang.model.element.Modifier;

/**
 * Emits {@code ExtensionNameTable}: every extension name the pinned vk.xml registers
 * ({@link VkXmlExtensions}), sorted, so that the profile reader can tell a device description's
 * misspelt extension name from a real one and name the near one.
 */
public final class ExtensionNamesEmitter implements Emitter {

  @Override
  public List<JavaFile> emit(GenerationInputs inputs) {
    return List.of(emit(VkXmlExtensions.read(inputs.specSources().resolve("vk.xml"))));
  }

  static JavaFile emit(SortedSet<String> names) {
    CodeBlock.Builder list = CodeBlock.builder().add("$T.of(", List.class);
    int i = 0;
    for (String n : names) {
      list.add(i++ == 0 ? "\n$S" : ",\n$S", n);
    }
    list.add(")");
    TypeSpec type = TypeSpec.classBuilder("ExtensionNameTable")
        .addJavadoc("The extension names of the pinned vk.xml ($L extensions).\n", names.size())
        .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
        .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build())
        .addField(FieldSpec.builder(ParameterizedTypeName.get(List.class, String.class), "NAMES", Modifier.PUBLIC,
                Modifier.STATIC, Modifier.FINAL)
            .addJavadoc("Every {@code <extension name=...>} of vk.xml, sorted.\n")
            .initializer(list.build()).build())
        .build();
    return JavaFile.builder(RequirementTablesEmitter.PACKAGE, type)
        .addFileComment(Banner.of("spec-sources/vk.xml (the <extensions> block)"))
        .skipJavaLangImports(true).build();
  }
}
