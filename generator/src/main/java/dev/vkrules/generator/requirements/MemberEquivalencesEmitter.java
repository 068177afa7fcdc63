package dev.vkrules.generator.requirements;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import dev.vkrules.generator.Emitter;
import dev.vkrules.generator.GenerationInputs;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import javax.lang.model.element.Modifier;

/** Emits {@code StructEquivalenceTable}: feature and property members that share a meaning (from vk.xml). */
public final class MemberEquivalencesEmitter implements Emitter {
  private static final ClassName EQUIVALENCES = ClassName.get(RequirementTablesEmitter.PACKAGE, "MemberEquivalences");
  /** Groups per helper method, keeping each method far below the JVM's 64 KiB limit. */
  private static final int GROUPS_PER_METHOD = 200;

  @Override
  public List<JavaFile> emit(GenerationInputs inputs) {
    return List.of(emit(VkXmlStructs.equivalences(inputs.specSources().resolve("vk.xml"))));
  }

  static JavaFile emit(SortedMap<String, List<String>> groupsByMember) {
    Set<List<String>> groups = new LinkedHashSet<>(groupsByMember.values());
    TypeSpec.Builder type = TypeSpec.classBuilder("StructEquivalenceTable")
        .addJavadoc("Feature and property members known under several structure names ($L groups).\n", groups.size())
        .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
        .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build())
        .addField(FieldSpec.builder(EQUIVALENCES, "EQUIVALENCES", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
            .initializer("new $T(StructEquivalenceTable::build)", EQUIVALENCES).build());
    // a hash map sized for every name up front: built at most once per run, on the first look-up
    int names = groups.stream().mapToInt(List::size).sum();
    CodeBlock.Builder build = CodeBlock.builder()
        .addStatement("$T<String, $T<String>> m = new $T<>($L)", Map.class, List.class, HashMap.class, names * 4 / 3 + 1);
    List<List<String>> all = List.copyOf(groups);
    for (int start = 0, part = 0; start < all.size(); start += GROUPS_PER_METHOD, part++) {
      CodeBlock.Builder body = CodeBlock.builder();
      for (List<String> group : all.subList(start, Math.min(all.size(), start + GROUPS_PER_METHOD))) {
        body.addStatement("group(m, $L)", CodeBlock.join(group.stream().map(n -> CodeBlock.of("$S", n)).toList(), ", "));
      }
      type.addMethod(MethodSpec.methodBuilder("part" + part).addModifiers(Modifier.PRIVATE, Modifier.STATIC)
          .addParameter(ParameterizedTypes.stringListMap(), "m").addCode(body.build()).build());
      build.addStatement("part$L(m)", part);
    }
    build.addStatement("return m");
    type.addMethod(MethodSpec.methodBuilder("build").addModifiers(Modifier.PRIVATE, Modifier.STATIC)
        .returns(ParameterizedTypes.stringListMap()).addCode(build.build()).build());
    type.addMethod(MethodSpec.methodBuilder("group").addModifiers(Modifier.PRIVATE, Modifier.STATIC)
        .addParameter(ParameterizedTypes.stringListMap(), "m").addParameter(String[].class, "names").varargs()
        .addStatement("$T<String> group = $T.of(names)", List.class, List.class)
        .beginControlFlow("for (String name : names)")
        .addStatement("m.put(name, group)")
        .endControlFlow()
        .build());
    return JavaFile.builder(RequirementTablesEmitter.PACKAGE, type.build())
        .addFileComment(Banner.of("spec-sources/vk.xml (struct aliases and the <feature> blocks of core versions)"))
        .skipJavaLangImports(true).build();
  }
}
