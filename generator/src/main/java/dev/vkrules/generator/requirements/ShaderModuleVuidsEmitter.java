package dev.vkrules.generator.requirements;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
import java.io.IOException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import javax.lang.model.element.Modifier;

/**
 * Emits {@code ShaderModuleVuids}: the {@code VkShaderModuleCreateInfo} VUIDs and their texts from
 * {@code spec-sources/validusage-shadermodule.json}, so checks name them without typing them.
 */
public final class ShaderModuleVuidsEmitter implements Emitter {
  static final String FILE = "validusage-shadermodule.json";
  private static final String STRUCT = "VkShaderModuleCreateInfo";
  private static final ClassName VUID = ClassName.get(RequirementTablesEmitter.PACKAGE, "Vuid");
  private static final Pattern TAG = Pattern.compile("<[^>]*>");

  @Override
  public List<JavaFile> emit(GenerationInputs inputs) {
    return List.of(emit(read(inputs.specSources().resolve(FILE))));
  }

  /** VUID to {condition, plain text}, sorted by VUID. */
  static Map<String, String[]> read(Path file) {
    JsonNode root;
    try {
      root = new ObjectMapper().readTree(file.toFile());
    } catch (IOException e) {
      throw new GeneratorException("cannot read spec-sources/" + FILE + ": " + e.getMessage().lines().findFirst().orElse(""));
    }
    JsonNode byCondition = root.path("validation").path(STRUCT);
    if (!byCondition.isObject()) {
      throw new GeneratorException("spec-sources/" + FILE + ": no validation." + STRUCT + " object");
    }
    Map<String, String[]> vuids = new TreeMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = byCondition.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> condition = it.next();
      for (JsonNode entry : condition.getValue()) {
        String id = entry.path("vuid").asText("");
        if (!id.startsWith("VUID-" + STRUCT + "-")) {
          throw new GeneratorException("spec-sources/" + FILE + ": unexpected vuid '" + id + "' under " + condition.getKey());
        }
        vuids.put(id, new String[] {condition.getKey(), plain(entry.path("text").asText(""))});
      }
    }
    return vuids;
  }

  /** validusage.json text is HTML: drop the tags, decode the few entities it uses, squeeze spaces. */
  static String plain(String html) {
    String text = TAG.matcher(html).replaceAll("");
    text = text.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&#8217;", "\u2019")
        .replace("&amp;", "&");
    return text.replaceAll("\\s+", " ").strip();
  }

  /** {@code VUID-VkShaderModuleCreateInfo-pCode-01090} becomes {@code PCODE_01090}. */
  static String constantName(String vuid) {
    return vuid.substring(("VUID-" + STRUCT + "-").length()).replaceAll("[^A-Za-z0-9]+", "_").toUpperCase(Locale.ROOT);
  }

  static JavaFile emit(Map<String, String[]> vuids) {
    TypeSpec.Builder type = TypeSpec.classBuilder("ShaderModuleVuids")
        .addJavadoc("The $L valid-usage rules of Vulkan 1.3.239 (from Khronos' validusage.json).\n", STRUCT)
        .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
        .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
    CodeBlock.Builder all = CodeBlock.builder();
    for (Map.Entry<String, String[]> e : vuids.entrySet()) {
      String name = constantName(e.getKey());
      type.addField(FieldSpec.builder(VUID, name, Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
          .addJavadoc("$L\n", e.getValue()[1].replace("$", "$$"))
          .initializer("new $T($S, $S, $S)", VUID, e.getKey(), e.getValue()[1], e.getValue()[0]).build());
      all.add(all.isEmpty() ? "$L" : ", $L", name);
    }
    type.addField(FieldSpec.builder(ParameterizedTypeName.get(ClassName.get(List.class), VUID), "ALL",
            Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
        .addJavadoc("All of them, sorted by id.\n")
        .initializer("$T.of($L)", List.class, all.build()).build());
    return JavaFile.builder(RequirementTablesEmitter.PACKAGE, type.build())
        .addFileComment(Banner.of("spec-sources/" + FILE))
        .skipJavaLangImports(true).build();
  }
}
