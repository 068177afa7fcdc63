package dev.vkrules.generator.requirements;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeSpec;
import dev.vkrules.generator.Emitter;
import dev.vkrules.generator.GenerationInputs;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.lang.model.element.Modifier;

/**
 * Emits {@code dev.vkrules.runtime.engine.ApiVersionAttributes}: which condition attributes are
 * API versions ({@link ApiVersions}, from vk.xml), so the runtime's target evaluation needs no
 * hand list of version names.
 */
public final class ApiVersionsEmitter implements Emitter {
  static final String PACKAGE = "dev.vkrules.runtime.engine";

  @Override
  public List<JavaFile> emit(GenerationInputs inputs) {
    return List.of(emit(ApiVersions.read(inputs.specSources().resolve("vk.xml"))));
  }

  static JavaFile emit(ApiVersions versions) {
    ParameterizedTypeName mapType = ParameterizedTypeName.get(ClassName.get(Map.class),
        ClassName.get(String.class), ClassName.get(Integer.class));
    ParameterizedTypeName setType = ParameterizedTypeName.get(Set.class, String.class);
    CodeBlock.Builder vulkan = CodeBlock.builder();
    CodeBlock.Builder other = CodeBlock.builder();
    for (ApiVersions.Block b : versions.blocks().values()) {
      if (b.apis().contains(ApiVersions.VULKAN)) {
        vulkan.add(vulkan.isEmpty() ? "\n" : ",\n").add("$T.entry($S, $L)", Map.class, b.name(), b.major() * 100 + b.minor());
      } else {
        other.add(other.isEmpty() ? "$S" : ", $S", b.name());
      }
    }
    TypeSpec type = TypeSpec.classBuilder("ApiVersionAttributes")
        .addJavadoc("The version blocks of vk.xml: condition attributes that are API versions, not extensions.\n")
        .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
        .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build())
        .addField(FieldSpec.builder(mapType, "VULKAN", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
            .addJavadoc("Blocks of the Vulkan API by name, to their version as {@code major * 100 + minor}: set from that version on.\n")
            .initializer("$T.ofEntries($L)", Map.class, vulkan.build()).build())
        .addField(FieldSpec.builder(setType, "OTHER_APIS", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
            .addJavadoc("Blocks of other APIs only (Vulkan SC): never set for Vulkan.\n")
            .initializer("$T.of($L)", Set.class, other.build()).build())
        .build();
    return JavaFile.builder(PACKAGE, type)
        .addFileComment(Banner.of("spec-sources/vk.xml (the <feature> version blocks)"))
        .skipJavaLangImports(true).build();
  }
}
