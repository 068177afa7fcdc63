package dev.vkrules.generator.requirements;

import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import dev.vkrules.generator.Emitter;
import dev.vkrules.generator.GenerationInputs;
import java.nio.file.Path;
import java.util.List;
import java.util.SortedMap;
import javax.lang.model.element.Modifier;

/**
 * Emits {@code StructProviderTable}: for each device structure of the pinned vk.xml, the core
 * versions and extensions that provide it ({@link VkXmlProviders}). The portability matrix uses
 * it not to ask for the limits of an extension a device lacks.
 */
public final class StructProvidersEmitter implements Emitter {

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
        .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
    StringListMapField.add(type, "PROVIDERS",
        "Structure name (aliases included) to the versions and extensions providing it, sorted.\n", providers);
    return JavaFile.builder(RequirementTablesEmitter.PACKAGE, type.build())
        .addFileComment(Banner.of("spec-sources/vk.xml (the <require> blocks of Vulkan versions and extensions)"))
        .skipJavaLangImports(true).build();
  }
}
