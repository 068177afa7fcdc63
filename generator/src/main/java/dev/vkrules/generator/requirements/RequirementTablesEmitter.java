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
import dev.vkrules.generator.GeneratorException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.lang.model.element.Modifier;

/**
 * Emits {@code dev.vkrules.runtime.requirements.RequirementTables}: every SPIR-V capability and
 * extension with its alternatives, after the authored overrides, plus the overrides themselves.
 */
public final class RequirementTablesEmitter implements Emitter {
  static final String PACKAGE = "dev.vkrules.runtime.requirements";
  private static final ClassName REQUIREMENT = ClassName.get(PACKAGE, "SpirvRequirement");
  private static final ClassName KIND = REQUIREMENT.nestedClass("Kind");
  private static final ClassName ALTERNATIVE = ClassName.get(PACKAGE, "Alternative");
  private static final ClassName VERSION = ClassName.get(PACKAGE, "VulkanVersion");
  private static final ClassName NOTE = ClassName.get(PACKAGE, "OverrideNote");
  private static final Pattern VERSION_NAME = Pattern.compile("VK_VERSION_(\\d+)_(\\d+)");

  @Override
  public List<JavaFile> emit(GenerationInputs inputs) {
    RequirementSources.Loaded loaded = RequirementSources.load(inputs);
    // a fix upstream made retires the override: a warning, not a stopped build
    loaded.overrides().retirements(loaded.extracted())
        .forEach(r -> System.err.println("vkrules generate: warning: " + r.describe()));
    return List.of(emit(loaded.table(), loaded.overrides(), loaded.sourceNames()));
  }

  static JavaFile emit(RequirementTable table, Overrides overrides, String sources) {
    ParameterizedTypeName mapType = ParameterizedTypeName.get(ClassName.get(Map.class), ClassName.get(String.class), REQUIREMENT);
    ParameterizedTypeName notesType = ParameterizedTypeName.get(ClassName.get(Map.class), ClassName.get(String.class), NOTE);
    TypeSpec type = TypeSpec.classBuilder("RequirementTables")
        .addJavadoc("The appendix's capability and extension requirement tables, with authored overrides applied.\n")
        .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
        .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build())
        .addField(FieldSpec.builder(mapType, "CAPABILITIES", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
            .addJavadoc("SPIR-V capabilities by name, in table order.\n")
            .initializer("capabilities()").build())
        .addField(FieldSpec.builder(mapType, "EXTENSIONS", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
            .addJavadoc("SPIR-V extensions by name, in table order.\n")
            .initializer("extensions()").build())
        .addField(FieldSpec.builder(notesType, "OVERRIDES", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
            .addJavadoc("The authored overrides by id, in file order.\n")
            .initializer("overrides()").build())
        .addMethod(tableMethod("capabilities", table.capabilities(), mapType))
        .addMethod(tableMethod("extensions", table.extensions(), mapType))
        .addMethod(overridesMethod(overrides, notesType))
        .addMethod(putMethod(mapType))
        .build();
    return JavaFile.builder(PACKAGE, type).addFileComment(Banner.of(sources)).skipJavaLangImports(true).build();
  }

  private static MethodSpec tableMethod(String name, List<RequirementEntry> entries, ParameterizedTypeName mapType) {
    CodeBlock.Builder body = CodeBlock.builder()
        .addStatement("$T<String, $T> m = new $T<>()", Map.class, REQUIREMENT, LinkedHashMap.class);
    for (RequirementEntry e : entries) {
      List<CodeBlock> alternatives = new ArrayList<>();
      for (Enable enable : e.enables()) {
        alternatives.add(alternative(enable, e.name()));
      }
      List<CodeBlock> ids = e.overrides().stream().map(id -> CodeBlock.of("$S", id)).toList();
      body.addStatement("put(m, $T.$L, $S, $T.of($L), $T.of($L))",
          KIND, e.kind().name(), e.name(), List.class, CodeBlock.join(alternatives, ",\n    "),
          List.class, CodeBlock.join(ids, ", "));
    }
    body.addStatement("return $T.unmodifiableMap(m)", Collections.class);
    return MethodSpec.methodBuilder(name).addModifiers(Modifier.PRIVATE, Modifier.STATIC)
        .returns(mapType).addCode(body.build()).build();
  }

  static CodeBlock alternative(Enable e, String owner) {
    return switch (e.kind()) {
      case VERSION -> CodeBlock.of("new $T.Version($L)", ALTERNATIVE, version(e.version(), owner));
      case EXTENSION -> CodeBlock.of("new $T.Extension($S)", ALTERNATIVE, e.extension());
      case FEATURE -> CodeBlock.of("new $T.Feature($S, $S, $L, $L)", ALTERNATIVE, e.struct(), e.member(),
          strings(e.requires()), e.alias().isEmpty()
              ? CodeBlock.of("$T.empty()", Optional.class) : CodeBlock.of("$T.of($S)", Optional.class, e.alias()));
      case PROPERTY -> CodeBlock.of("new $T.Property($S, $S, $S, $L)", ALTERNATIVE, e.struct(), e.member(), e.value(),
          strings(e.requires()));
      case ALL_OF -> CodeBlock.of("new $T.AllOf($T.of($L))", ALTERNATIVE, List.class,
          CodeBlock.join(e.allOf().stream().map(p -> alternative(p, owner)).toList(), ", "));
    };
  }

  /** Versions must use the registry's {@code VK_VERSION_X_Y}; anything else needs an override. */
  private static CodeBlock version(String name, String owner) {
    Matcher m = VERSION_NAME.matcher(name);
    if (!m.matches()) {
      throw new GeneratorException("requirement of " + owner + " names version '" + name
          + "', which is not a VK_VERSION_X_Y name; correct it in rules/" + Overrides.FILE);
    }
    return CodeBlock.of("new $T($L, $L)", VERSION, Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
  }

  private static CodeBlock strings(List<String> values) {
    return CodeBlock.of("$T.of($L)", List.class, CodeBlock.join(values.stream().map(v -> CodeBlock.of("$S", v)).toList(), ", "));
  }

  private static MethodSpec overridesMethod(Overrides overrides, ParameterizedTypeName type) {
    CodeBlock.Builder body = CodeBlock.builder()
        .addStatement("$T<String, $T> m = new $T<>()", Map.class, NOTE, LinkedHashMap.class);
    for (Overrides.Override o : overrides.list()) {
      body.addStatement("m.put($S, new $T($S, $S, $S))", o.id(), NOTE, o.id(), o.reason().strip(), o.upstream().strip());
    }
    body.addStatement("return $T.unmodifiableMap(m)", Collections.class);
    return MethodSpec.methodBuilder("overrides").addModifiers(Modifier.PRIVATE, Modifier.STATIC)
        .returns(type).addCode(body.build()).build();
  }

  private static MethodSpec putMethod(ParameterizedTypeName mapType) {
    ParameterizedTypeName alternatives = ParameterizedTypeName.get(ClassName.get(List.class), ALTERNATIVE);
    ParameterizedTypeName ids = ParameterizedTypeName.get(List.class, String.class);
    return MethodSpec.methodBuilder("put").addModifiers(Modifier.PRIVATE, Modifier.STATIC)
        .addParameter(mapType, "m").addParameter(KIND, "kind").addParameter(String.class, "name")
        .addParameter(alternatives, "anyOf").addParameter(ids, "overrides")
        .addStatement("m.put(name, new $T(kind, name, anyOf, overrides))", REQUIREMENT)
        .build();
  }
}
