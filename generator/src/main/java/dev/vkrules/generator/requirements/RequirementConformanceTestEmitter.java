package dev.vkrules.generator.requirements;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import dev.vkrules.generator.Emitter;
import dev.vkrules.generator.GenerationInputs;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * Emits one JUnit test per capability and per SPIR-V extension of the requirement tables: each
 * compares the generated runtime table entry with vk.xml, read independently at test time
 * (overridden entries are compared with vk.xml plus their listed overrides).
 */
public final class RequirementConformanceTestEmitter implements Emitter {
  static final String PACKAGE = "dev.vkrules.tests.requirements";
  private static final ClassName TEST = ClassName.get("org.junit.jupiter.api", "Test");
  private static final ClassName DISPLAY_NAME = ClassName.get("org.junit.jupiter.api", "DisplayName");
  private static final ClassName CONFORMANCE = ClassName.get(PACKAGE, "RequirementConformance");

  @Override
  public List<JavaFile> emit(GenerationInputs inputs) {
    RequirementSources.Loaded loaded = RequirementSources.load(inputs);
    return List.of(
        emit("CapabilityRequirementsTest", "capability", loaded.table().capabilities(), loaded.sourceNames()),
        emit("ExtensionRequirementsTest", "SPIR-V extension", loaded.table().extensions(), loaded.sourceNames()));
  }

  static JavaFile emit(String className, String what, List<RequirementEntry> entries, String sources) {
    TypeSpec.Builder type = TypeSpec.classBuilder(className)
        .addJavadoc("One test per $L ($L): its requirement list equals vk.xml's, overrides excepted.\n", what, entries.size());
    for (RequirementEntry e : entries) {
      type.addMethod(MethodSpec.methodBuilder(methodName(e.name()))
          .addAnnotation(TEST)
          .addAnnotation(AnnotationSpec.builder(DISPLAY_NAME).addMember("value", "$S", e.name()).build())
          .addStatement("$T.assertMatchesVkXml($T.Kind.$L, $S)", CONFORMANCE,
              ClassName.get(RequirementTablesEmitter.PACKAGE, "SpirvRequirement"), e.kind().name(), e.name())
          .build());
    }
    return JavaFile.builder(PACKAGE, type.build()).addFileComment(Banner.of(sources).replace(
        "mvn -B -pl generator,runtime -am generate-sources\n(runs dev.vkrules.generator.GenerateMain runtime)",
        "mvn -B -pl generated-tests -am generate-test-sources\n(runs dev.vkrules.generator.GenerateMain tests)"))
        .skipJavaLangImports(true).build();
  }

  /** Capability and extension names are identifiers already; anything else becomes one. */
  static String methodName(String name) {
    String id = name.replaceAll("[^A-Za-z0-9_]", "_");
    return Character.isJavaIdentifierStart(id.charAt(0)) ? id : "_" + id;
  }
}
