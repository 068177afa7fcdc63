package dev.vkrules.generator.requirements;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import dev.vkrules.generator.Emitter;
import dev.vkrules.generator.GenerationInputs;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import javax.lang.model.element.Modifier;

/**
 * Emits {@code DeviceStructTable}: the feature, property and format-property structures of the
 * pinned vk.xml with their members, so that a device description written for another registry
 * can be told apart (an unknown structure or member is a warning, not a silent miss).
 */
public final class DeviceStructsEmitter implements Emitter {
  /** Structures per helper method, keeping each method far below the JVM's 64 KiB limit. */
  private static final int STRUCTS_PER_METHOD = 150;

  @Override
  public List<JavaFile> emit(GenerationInputs inputs) {
    return List.of(emit(VkXmlStructs.deviceStructs(inputs.specSources().resolve("vk.xml"))));
  }

  static JavaFile emit(SortedMap<String, List<String>> structs) {
    TypeSpec.Builder type = TypeSpec.classBuilder("DeviceStructTable")
        .addJavadoc("Feature, property and format-property structures of the pinned vk.xml and their members"
            + " ($L structures).\n", structs.size())
        .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
        .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build())
        .addField(FieldSpec.builder(ParameterizedTypes.stringListMap(), "MEMBERS", Modifier.PUBLIC, Modifier.STATIC,
                Modifier.FINAL)
            .addJavadoc("Structure name (aliases included) to its members.\n")
            .initializer("build()").build());
    CodeBlock.Builder build = CodeBlock.builder()
        .addStatement("$T<String, $T<String>> m = new $T<>()", Map.class, List.class, TreeMap.class);
    List<Map.Entry<String, List<String>>> all = List.copyOf(structs.entrySet());
    for (int start = 0, part = 0; start < all.size(); start += STRUCTS_PER_METHOD, part++) {
      CodeBlock.Builder body = CodeBlock.builder();
      for (Map.Entry<String, List<String>> e : all.subList(start, Math.min(all.size(), start + STRUCTS_PER_METHOD))) {
        CodeBlock members = CodeBlock.join(e.getValue().stream().map(n -> CodeBlock.of("$S", n)).toList(), ", ");
        body.addStatement("m.put($S, $T.of($L))", e.getKey(), List.class, members);
      }
      type.addMethod(MethodSpec.methodBuilder("part" + part).addModifiers(Modifier.PRIVATE, Modifier.STATIC)
          .addParameter(ParameterizedTypes.stringListMap(), "m").addCode(body.build()).build());
      build.addStatement("part$L(m)", part);
    }
    build.addStatement("return $T.unmodifiableMap(m)", java.util.Collections.class);
    type.addMethod(MethodSpec.methodBuilder("build").addModifiers(Modifier.PRIVATE, Modifier.STATIC)
        .returns(ParameterizedTypes.stringListMap()).addCode(build.build()).build());
    return JavaFile.builder(RequirementTablesEmitter.PACKAGE, type.build())
        .addFileComment(Banner.of("spec-sources/vk.xml (structures extending VkPhysicalDeviceFeatures2,"
            + " VkPhysicalDeviceProperties2 and VkFormatProperties2)"))
        .skipJavaLangImports(true).build();
  }
}
