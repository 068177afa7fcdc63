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
    return List.of(emit(vuids(inputs.specSources())));
  }

  /**
   * The VUIDs of a spec-sources directory: from {@code validusage-shadermodule.json} when the
   * release came with Khronos' validusage.json, else from the spec's AsciiDoc
   * ({@link ShaderModuleValidUsage}: the same entries but the implicit ones).
   */
  public static Map<String, String[]> vuids(Path specSources) {
    Path json = specSources.resolve(FILE);
    return java.nio.file.Files.isRegularFile(json) ? read(json) : ShaderModuleValidUsage.read(specSources);
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

  /**
   * The roles the capability and extension checks report under, each found by what its text
   * says, never by its number: Khronos renumbers these VUIDs when it rewords them (1.3.239's
   * {@code pCode-01089} is {@code pCode-08738} since the shader-object rewording).
   */
  enum Role {
    SHADER_CAPABILITY("must declare the Shader capability"),
    CAPABILITY_SUPPORTED("must not declare any capability that is not supported"),
    CAPABILITY_REQUIREMENTS("declares any of the capabilities listed"),
    EXTENSION_SUPPORTED("must not declare any SPIR-V extension that is not supported"),
    EXTENSION_REQUIREMENTS("declares any of the SPIR-V extensions listed");

    final String phrase;

    Role(String phrase) {
      this.phrase = phrase;
    }
  }

  /** Role to VUID; a role matched by no text, or by two, is an error naming the role. */
  static Map<Role, String> roles(Map<String, String[]> vuids) {
    Map<Role, String> out = new java.util.EnumMap<>(Role.class);
    for (Role r : Role.values()) {
      List<String> hits = vuids.entrySet().stream().filter(e -> e.getValue()[1].contains(r.phrase))
          .map(Map.Entry::getKey).toList();
      if (hits.size() != 1) {
        throw new GeneratorException("spec-sources/" + FILE + ": " + hits.size() + " " + STRUCT
            + " VUIDs say '" + r.phrase + "' (" + String.join(", ", hits) + "); expected exactly one for " + r);
      }
      out.put(r, hits.get(0));
    }
    return out;
  }

  /** {@code VUID-VkShaderModuleCreateInfo-pCode-01090} becomes {@code PCODE_01090}. */
  static String constantName(String vuid) {
    return vuid.substring(("VUID-" + STRUCT + "-").length()).replaceAll("[^A-Za-z0-9]+", "_").toUpperCase(Locale.ROOT);
  }

  static JavaFile emit(Map<String, String[]> vuids) {
    TypeSpec.Builder type = TypeSpec.classBuilder("ShaderModuleVuids")
        .addJavadoc("The $L valid-usage rules of the pinned release (from Khronos' validusage.json).\n", STRUCT)
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
    for (Map.Entry<Role, String> r : roles(vuids).entrySet()) {
      type.addField(FieldSpec.builder(VUID, r.getKey().name(), Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
          .addJavadoc("The VUID whose text says \"$L\".\n", r.getKey().phrase)
          .initializer("$L", constantName(r.getValue())).build());
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
