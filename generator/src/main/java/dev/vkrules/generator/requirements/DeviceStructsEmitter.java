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

  @Override
  public List<JavaFile> emit(GenerationInputs inputs) {
    return List.of(emitTyped(VkXmlStructs.deviceStructTypes(inputs.specSources().resolve("vk.xml"))));
  }

  static JavaFile emitTyped(SortedMap<String, Map<String, String>> typed) {
    SortedMap<String, List<String>> structs = new TreeMap<>();
    typed.forEach((name, types) -> structs.put(name, List.copyOf(types.keySet())));
    return emit(structs, typed);
  }

  static JavaFile emit(SortedMap<String, List<String>> structs) {
    return emit(structs, new TreeMap<>());
  }

  private static JavaFile emit(SortedMap<String, List<String>> structs, SortedMap<String, Map<String, String>> typed) {
    TypeSpec.Builder type = TypeSpec.classBuilder("DeviceStructTable")
        .addJavadoc("Feature, property and format-property structures of the pinned vk.xml and their members"
            + " ($L structures).\n", structs.size())
        .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
        .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
    StringListMapField.add(type, "MEMBERS", "Structure name (aliases included) to its members.\n", structs);
    // Member types, "Struct::member" to the C type (uint32_t, VkBool32, float[2], ...)
    com.palantir.javapoet.ParameterizedTypeName stringMap =
        com.palantir.javapoet.ParameterizedTypeName.get(Map.class, String.class, String.class);
    type.addField(FieldSpec.builder(stringMap, "TYPES", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
        .addJavadoc("{@code Struct::member} to the member's C type as vk.xml declares it; an array with its length"
            + " ({@code uint32_t[3]}, {@code []} when vk.xml names a constant).\n")
        .initializer("types()").build());
    CodeBlock.Builder types = CodeBlock.builder()
        .addStatement("$T<String, String> m = new $T<>()", Map.class, java.util.HashMap.class);
    List<String[]> entries = new java.util.ArrayList<>();
    typed.forEach((struct, members) -> members.forEach((m, t) -> entries.add(new String[] {struct + "::" + m, t})));
    for (int start = 0, part = 0; start < entries.size(); start += 8 * StringListMapField.ENTRIES_PER_METHOD, part++) {
      CodeBlock.Builder body = CodeBlock.builder();
      for (String[] e : entries.subList(start, Math.min(entries.size(), start + 8 * StringListMapField.ENTRIES_PER_METHOD))) {
        body.addStatement("m.put($S, $S)", e[0], e[1]);
      }
      type.addMethod(MethodSpec.methodBuilder("types" + part).addModifiers(Modifier.PRIVATE, Modifier.STATIC)
          .addParameter(stringMap, "m").addCode(body.build()).build());
      types.addStatement("types$L(m)", part);
    }
    types.addStatement("return $T.unmodifiableMap(m)", java.util.Collections.class);
    type.addMethod(MethodSpec.methodBuilder("types").addModifiers(Modifier.PRIVATE, Modifier.STATIC)
        .returns(stringMap).addCode(types.build()).build());
    return JavaFile.builder(RequirementTablesEmitter.PACKAGE, type.build())
        .addFileComment(Banner.of("spec-sources/vk.xml (structures extending VkPhysicalDeviceFeatures2,"
            + " VkPhysicalDeviceProperties2 and VkFormatProperties2)"))
        .skipJavaLangImports(true).build();
  }
}
