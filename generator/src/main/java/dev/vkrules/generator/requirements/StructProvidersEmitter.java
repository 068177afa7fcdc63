package dev.vkrules.generator.requirements;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import dev.vkrules.generator.Emitter;
import dev.vkrules.generator.GenerationInputs;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import javax.lang.model.element.Modifier;

/**
 * Emits {@code StructProviderTable}: for each device structure of the pinned vk.xml, the core
 * versions and extensions that provide it ({@link VkXmlProviders}). The portability matrix uses
 * it not to ask for the limits of an extension a device lacks.
 */
public final class StructProvidersEmitter implements Emitter {
  private static final int STRUCTS_PER_METHOD = 150;

  @Override
  public List<JavaFile> emit(GenerationInputs inputs) {
    Path vkXml = inputs.specSources().resolve("vk.xml");
    return List.of(emit(VkXmlProviders.providers(vkXml, VkXmlStructs.deviceStructs(vkXml).keySet())));
  }

  static JavaFile emit(SortedMap<String, List<String>> providers) {
    TypeSpec.Builder type = TypeSpec.classBuilder("StructProviderTable")
        .addJavadoc("The core versions ({@code VK_VERSION_X_Y}) and extensions that provide each device structure of the"
            + " pinned vk.xml ($L structures).\n", providers.size())
        .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
        .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build())
        .addField(FieldSpec.builder(ParameterizedTypes.stringListMap(), "PROVIDERS", Modifier.PUBLIC, Modifier.STATIC,
                Modifier.FINAL)
            .addJavadoc("Structure name (aliases included) to the versions and extensions providing it, sorted.\n")
            .initializer("build()").build());
    CodeBlock.Builder build = CodeBlock.builder()
        .addStatement("$T<String, $T<String>> m = new $T<>()", Map.class, List.class, TreeMap.class);
    List<Map.Entry<String, List<String>>> all = List.copyOf(providers.entrySet());
    for (int start = 0, part = 0; start < all.size(); start += STRUCTS_PER_METHOD, part++) {
      CodeBlock.Builder body = CodeBlock.builder();
      for (Map.Entry<String, List<String>> e : all.subList(start, Math.min(all.size(), start + STRUCTS_PER_METHOD))) {
        CodeBlock names = CodeBlock.join(e.getValue().stream().map(n -> CodeBlock.of("$S", n)).toList(), ", ");
        body.addStatement("m.put($S, $T.of($L))", e.getKey(), List.class, names);
      }
      type.addMethod(MethodSpec.methodBuilder("part" + part).addModifiers(Modifier.PRIVATE, Modifier.STATIC)
          .addParameter(ParameterizedTypes.stringListMap(), "m").addCode(body.build()).build());
      build.addStatement("part$L(m)", part);
    }
    build.addStatement("return $T.unmodifiableMap(m)", java.util.Collections.class);
    type.addMethod(MethodSpec.methodBuilder("build").addModifiers(Modifier.PRIVATE, Modifier.STATIC)
        .returns(ParameterizedTypes.stringListMap()).addCode(build.build()).build());
    return JavaFile.builder(RequirementTablesEmitter.PACKAGE, type.build())
        .addFileComment(Banner.of("spec-sources/vk.xml (the <require> blocks of Vulkan versions and extensions)"))
        .skipJavaLangImports(true).build();
  }
}
