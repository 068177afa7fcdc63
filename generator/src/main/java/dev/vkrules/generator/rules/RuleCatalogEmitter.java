package dev.vkrules.generator.rules;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeSpec;
import dev.vkrules.generator.Emitter;
import dev.vkrules.generator.GenerationInputs;
import dev.vkrules.generator.requirements.ShaderModuleVuidsEmitter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.lang.model.element.Modifier;

/**
 * Emits {@code RuleCatalog}: every VUID vkrules knows (each rule file still in the spec, and the
 * {@code VkShaderModuleCreateInfo} VUIDs the capability checks report), sorted, with its readable
 * name ({@link RuleNames}) and the rule's {@code compilers-emit} review. {@code validate --ignore}
 * and the configuration file accept exactly these VUIDs; SARIF takes its rule names from here.
 */
public final class RuleCatalogEmitter implements Emitter {
  @Override
  public List<JavaFile> emit(GenerationInputs inputs) {
    Map<String, String> sentences = new TreeMap<>();
    Map<String, RuleFile.CompilersEmit> notes = new TreeMap<>();
    for (RuleFile rule : RuleLoader.loadAll(inputs.rules())) {
      if (rule.removed()) {
        continue;
      }
      String m = rule.authored().message();
      sentences.put(rule.vuid(), m != null ? m : rule.text() == null ? rule.vuid() : rule.text());
      if (rule.authored().compilersEmit() != null) {
        notes.put(rule.vuid(), rule.authored().compilersEmit());
      }
    }
    ShaderModuleVuidsEmitter.vuids(inputs.specSources()).forEach((vuid, conditionAndText) ->
        sentences.putIfAbsent(vuid, conditionAndText[1]));
    String release = dev.vkrules.generator.audit.PeerList.release(inputs.specSources().resolve("vk.xml"));
    return List.of(emit(RuleNames.names(sentences), notes, release));
  }

  static JavaFile emit(Map<String, String> names, Map<String, RuleFile.CompilersEmit> notes, String release) {
    List<String> vuids = new ArrayList<>(names.keySet());
    ArrayTypeName strings = ArrayTypeName.of(String.class);
    TypeSpec type = TypeSpec.classBuilder("RuleCatalog")
        .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
        .addJavadoc("Every VUID vkrules knows, sorted, with its readable name and the project's compilers-emit review.\n")
        .addField(FieldSpec.builder(String.class, "SPEC_RELEASE", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
            .addJavadoc("The pinned release of the Vulkan specification these VUIDs come from (vk.xml's header version).\n")
            .initializer("$S", release).build())
        .addField(array(strings, "VUIDS", vuids.stream().map(v -> v).toList()))
        .addField(array(strings, "NAMES", vuids.stream().map(names::get).toList()))
        .addField(array(strings, "COMPILERS_EMIT", vuids.stream()
            .map(v -> notes.containsKey(v) ? notes.get(v).reason() : null).toList()))
        .addField(references(vuids.stream()
            .map(v -> notes.containsKey(v) ? notes.get(v).references() : null).toList()))
        .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build())
        .addMethod(MethodSpec.methodBuilder("index").addModifiers(Modifier.PRIVATE, Modifier.STATIC)
            .returns(int.class).addParameter(String.class, "vuid")
            .addStatement("return $T.binarySearch(VUIDS, vuid)", Arrays.class).build())
        .addMethod(MethodSpec.methodBuilder("known").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
            .addJavadoc("Whether {@code vuid} is a VUID of the pinned spec that vkrules knows.\n")
            .returns(boolean.class).addParameter(String.class, "vuid")
            .addStatement("return index(vuid) >= 0").build())
        .addMethod(MethodSpec.methodBuilder("name").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
            .addJavadoc("The readable PascalCase name of {@code vuid}, null for an unknown VUID.\n")
            .returns(String.class).addParameter(String.class, "vuid")
            .addStatement("int i = index(vuid)")
            .addStatement("return i < 0 ? null : NAMES[i]").build())
        .addMethod(MethodSpec.methodBuilder("compilersEmit").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
            .addJavadoc("The rule's compilers-emit review (right by the spec's words, though common compilers emit it), or null.\n")
            .returns(String.class).addParameter(String.class, "vuid")
            .addStatement("int i = index(vuid)")
            .addStatement("return i < 0 ? null : COMPILERS_EMIT[i]").build())
        .addMethod(MethodSpec.methodBuilder("compilersEmitReferences").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
            .addJavadoc("Where the rule's compilers-emit review is said (https URLs: the spec's words, then the upstream\n"
                + "discussion); empty for a rule without one.\n")
            .returns(ParameterizedTypeName.get(ClassName.get(List.class), ClassName.get(String.class)))
            .addParameter(String.class, "vuid")
            .addStatement("int i = index(vuid)")
            .addStatement("return i < 0 || COMPILERS_EMIT_REFERENCES[i] == null ? $T.of() : $T.of(COMPILERS_EMIT_REFERENCES[i])",
                List.class, List.class).build())
        .addMethod(MethodSpec.methodBuilder("vuids").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
            .addJavadoc("Every known VUID, sorted.\n")
            .returns(ParameterizedTypeName.get(ClassName.get(List.class), ClassName.get(String.class)))
            .addStatement("return $T.of(VUIDS)", List.class).build())
        .build();
    return JavaFile.builder(CheckerEmitter.PACKAGE, type)
        .addFileComment(CheckerEmitter.banner("rules/standalone/*.yaml, rules/runtime/*.yaml and spec-sources/"
            + "validusage-shadermodule.json", "runtime"))
        .build();
  }

  /** {@code COMPILERS_EMIT_REFERENCES}: per VUID, its review's references or null. */
  private static FieldSpec references(List<List<String>> values) {
    CodeBlock.Builder b = CodeBlock.builder().add("{");
    for (int i = 0; i < values.size(); i++) {
      b.add(i == 0 ? "\n    " : ",\n    ");
      List<String> refs = values.get(i);
      if (refs == null) {
        b.add("null");
        continue;
      }
      b.add("{");
      for (int j = 0; j < refs.size(); j++) {
        b.add(j == 0 ? "$S" : ", $S", refs.get(j));
      }
      b.add("}");
    }
    b.add("}");
    return FieldSpec.builder(ArrayTypeName.of(ArrayTypeName.of(String.class)), "COMPILERS_EMIT_REFERENCES",
        Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL).initializer(b.build()).build();
  }

  private static FieldSpec array(ArrayTypeName type, String name, List<String> values) {
    CodeBlock.Builder b = CodeBlock.builder().add("{");
    for (int i = 0; i < values.size(); i++) {
      b.add(i == 0 ? "\n    $S" : ",\n    $S", values.get(i));
    }
    b.add("}");
    return FieldSpec.builder(type, name, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL).initializer(b.build()).build();
  }
}
