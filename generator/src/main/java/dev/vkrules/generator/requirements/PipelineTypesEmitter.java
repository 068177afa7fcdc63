package dev.vkrules.generator.requirements;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import dev.vkrules.generator.Emitter;
import dev.vkrules.generator.GenerationInputs;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.lang.model.element.Modifier;

/**
 * Emits {@code VkPipelineTypes} (package {@code dev.vkrules.runtime.pipeline}): the create-info
 * structures a pipeline description holds, their members and member types, and the enumerants
 * of the enums and bitmasks they use, from the pinned vk.xml ({@link VkXmlPipelineTypes}), and the
 * bits of every flags member of the device structures a profile holds. The pipeline reader checks
 * every member and enumerant name of a description against it; the profile reader every bit name.
 */
public final class PipelineTypesEmitter implements Emitter {
  static final String PACKAGE = "dev.vkrules.runtime.pipeline";
  /** Statements per helper method, far below the JVM's 64 KiB method limit. */
  private static final int PER_METHOD = 400;

  @Override
  public List<JavaFile> emit(GenerationInputs inputs) {
    java.nio.file.Path vkXml = inputs.specSources().resolve("vk.xml");
    // the device structures' member types too: a profile's flags are checked against the same tables
    java.util.Set<String> deviceTypes = new java.util.TreeSet<>();
    VkXmlStructs.deviceStructTypes(vkXml).values().forEach(m -> deviceTypes.addAll(m.values()));
    return List.of(emit(VkXmlPipelineTypes.read(vkXml, deviceTypes)));
  }

  static JavaFile emit(VkXmlPipelineTypes.Types types) {
    TypeName stringMap = ParameterizedTypeName.get(Map.class, String.class, String.class);
    TypeName membersType = ParameterizedTypeName.get(ClassName.get(Map.class), ClassName.get(String.class), stringMap);
    TypeName longMap = ParameterizedTypeName.get(Map.class, String.class, Long.class);
    TypeName enumsType = ParameterizedTypeName.get(ClassName.get(Map.class), ClassName.get(String.class), longMap);
    TypeSpec.Builder type = TypeSpec.classBuilder("VkPipelineTypes")
        .addJavadoc("The pipeline create-info structures of the pinned vk.xml ($L), their members, and the enumerants"
            + " of the $L enums and bitmasks they use.\n", types.members().size(), types.enums().size())
        .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
        .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());

    List<CodeBlock> memberStatements = new ArrayList<>();
    types.members().forEach((struct, members) -> {
      List<CodeBlock> pairs = new ArrayList<>();
      members.forEach((m, t) -> pairs.add(CodeBlock.of("$S, $S", m, t)));
      memberStatements.add(CodeBlock.of("out.put($S, pairs($L))", struct, CodeBlock.join(pairs, ", ")));
    });
    type.addMethod(MethodSpec.methodBuilder("pairs").addModifiers(Modifier.PRIVATE, Modifier.STATIC)
        .addJavadoc("Member, type, member, type, ... as a map in that order.\n")
        .returns(stringMap).addParameter(String[].class, "pairs").varargs()
        .addStatement("$T<String, String> m = new $T<>()", Map.class, LinkedHashMap.class)
        .beginControlFlow("for (int i = 0; i < pairs.length; i += 2)")
        .addStatement("m.put(pairs[i], pairs[i + 1])")
        .endControlFlow()
        .addStatement("return $T.unmodifiableMap(m)", Collections.class).build());
    addTable(type, "MEMBERS", membersType, "Each structure to its members (sType and pNext left out) and their vk.xml"
        + " types, in declaration order.", memberStatements);

    List<CodeBlock> enumStatements = new ArrayList<>();
    types.enums().forEach((e, values) -> {
      enumStatements.add(CodeBlock.of("out.put($S, new $T<>())", e, TreeMap.class));
      values.forEach((n, v) -> enumStatements.add(CodeBlock.of("out.get($S).put($S, $LL)", e, n, v)));
    });
    addTable(type, "ENUMS", enumsType, "Each enum or bits type to its enumerants (aliases included) and values.",
        enumStatements);

    List<CodeBlock> bitStatements = new ArrayList<>();
    types.flagBits().forEach((f, b) -> bitStatements.add(CodeBlock.of("out.put($S, $S)", f, b)));
    addTable(type, "FLAG_BITS", stringMap, "Each flags type to the bits type it takes its bits from.", bitStatements);
    List<CodeBlock> numericStatements = new ArrayList<>();
    types.formatNumeric().forEach((f, n) -> numericStatements.add(CodeBlock.of("out.put($S, $S)", f, n)));
    addTable(type, "FORMAT_NUMERIC", stringMap, "Each format of vk.xml's formats to its components' numericFormat"
        + " (two joined by / where they differ).", numericStatements);
    List<CodeBlock> sTypeStatements = new ArrayList<>();
    types.structureTypes().forEach((st, v) -> sTypeStatements.add(CodeBlock.of("out.put($S, $S)", st, v)));
    addTable(type, "STRUCTURE_TYPES", stringMap, "Each structure to its VK_STRUCTURE_TYPE_ value.", sTypeStatements);
    TypeName stringSet = ParameterizedTypeName.get(java.util.Set.class, String.class);
    List<CodeBlock> aliasStatements = new ArrayList<>();
    types.aliases().forEach(a -> aliasStatements.add(CodeBlock.of("out.add($S)", a)));
    type.addField(FieldSpec.builder(stringSet, "ALIASES", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
        .addJavadoc("The enumerants vk.xml defines as aliases of another.\n").initializer("buildAliases()").build());
    CodeBlock.Builder aliasBody = CodeBlock.builder()
        .addStatement("$T<String> out = new $T<>()", java.util.Set.class, java.util.TreeSet.class);
    aliasStatements.forEach(aliasBody::addStatement);
    type.addMethod(MethodSpec.methodBuilder("buildAliases").addModifiers(Modifier.PRIVATE, Modifier.STATIC)
        .returns(stringSet).addCode(aliasBody.addStatement("return $T.unmodifiableSet(out)", Collections.class).build())
        .build());
    return JavaFile.builder(PACKAGE, type.build())
        .addFileComment(Banner.of("spec-sources/vk.xml (pipeline create-info structures and their enums)"))
        .skipJavaLangImports(true).build();
  }

  /** A {@code public static final} map built by helper methods of at most {@link #PER_METHOD} statements each. */
  private static void addTable(TypeSpec.Builder type, String name, TypeName mapType, String doc,
      List<CodeBlock> statements) {
    String builder = "build" + name.charAt(0) + name.substring(1).toLowerCase(java.util.Locale.ROOT).replace("_", "");
    type.addField(FieldSpec.builder(mapType, name, Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
        .addJavadoc(doc + "\n").initializer("$L()", builder).build());
    CodeBlock.Builder build = CodeBlock.builder().addStatement("$T out = new $T<>()", mapType, TreeMap.class);
    int part = 0;
    for (int start = 0; start < statements.size(); part++) {
      int end = Math.min(statements.size(), start + PER_METHOD);
      CodeBlock.Builder body = CodeBlock.builder();
      statements.subList(start, end).forEach(body::addStatement);
      type.addMethod(MethodSpec.methodBuilder(builder + part).addModifiers(Modifier.PRIVATE, Modifier.STATIC)
          .addParameter(mapType, "out").addCode(body.build()).build());
      build.addStatement("$L$L(out)", builder, part);
      start = end;
    }
    build.addStatement("return $T.unmodifiableMap(out)", Collections.class);
    type.addMethod(MethodSpec.methodBuilder(builder).addModifiers(Modifier.PRIVATE, Modifier.STATIC)
        .returns(mapType).addCode(build.build()).build());
  }
}
