package dev.vkrules.generator.requirements;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
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
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import javax.lang.model.element.Modifier;

/**
 * Emits {@code dev.vkrules.runtime.engine.pipeline.PipelineVuids}: the VUIDs the pipeline checks report
 * under, with their texts, read from the rule files ({@code rules/runtime/} for the rules
 * between linked stages, {@code rules/pipeline/} for the pipeline create infos' layout rules,
 * which {@code extract} writes there). Each is found by what its text says, never by its
 * number, as {@link ShaderModuleVuidsEmitter} finds its roles: a role matched by no rule or by
 * two is a build error naming the role.
 */
public final class PipelineVuidsEmitter implements Emitter {
  static final String PACKAGE = "dev.vkrules.runtime.engine.pipeline";
  private static final ClassName VUID = ClassName.get(RequirementTablesEmitter.PACKAGE, "Vuid");
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  /** The rules between two linked stages: one RuntimeSpirv VUID each. */
  enum StageRole {
    STAGE_TYPE("must have the same type and width for each Component"),
    STAGE_DECLARED("must have all Location slots and Component words declared in the preceding shader stage"),
    STAGE_DECORATIONS("must have matching decorations as defined in interface matching"),
    // 1.4.357 says "any vector type", 1.4.335 "any OpTypeVector": the phrases hold for both
    STAGE_VECTOR_WIDER("output interface variables must not have a higher Component Count", "maintenance4"),
    STAGE_VECTOR_WIDER_MAINTENANCE4("If the maintenance4 feature is not enabled, any"),
    TASK_PAYLOAD("matching TaskPayloadWorkgroupEXT Storage Class variable in the TaskEXT");

    final String phrase;
    /** A word the text must not have (tells apart two rules of the same phrase), or null. */
    final String without;

    StageRole(String phrase) {
      this(phrase, null);
    }

    StageRole(String phrase, String without) {
      this.phrase = phrase;
      this.without = without;
    }
  }

  /** The layout rules: one VUID per pipeline create info. */
  enum LayoutRole {
    PUSH_CONSTANT_STAGE("a push constant range in layout must match the shader stage"),
    PUSH_CONSTANT_CONTAINED("the block must be contained inside the push constant range"),
    DESCRIPTOR_STAGE("the corresponding descriptor set in layout must match the shader stage"),
    DESCRIPTOR_TYPE("must match the descriptor type"),
    DESCRIPTOR_COUNT("must have a descriptorCount that is greater than or equal to the length of the array"),
    INLINE_UNIFORM_ARRAY("must not be VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK");

    final String phrase;

    LayoutRole(String phrase) {
      this.phrase = phrase;
    }
  }

  /** The graphics create-info checks: one VUID each, of VkGraphicsPipelineCreateInfo's own valid usage. */
  enum GraphicsRole {
    VERTEX_ATTRIBUTE_MISSING("must contain a location in VkVertexInputAttributeDescription::location"),
    VERTEX_ATTRIBUTE_TYPE("must be the same as VkVertexInputAttributeDescription::format"),
    TESSELLATION_CONTROL_ALONE("includes a tessellation control shader stage, it must include a tessellation evaluation"),
    TESSELLATION_EVALUATION_ALONE("includes a tessellation evaluation shader stage, it must include a tessellation control"),
    TESSELLATION_TOPOLOGY("the topology member of pInputAssembly must be VK_PRIMITIVE_TOPOLOGY_PATCH_LIST"),
    PATCH_LIST_TESSELLATION("then pStages must include tessellation shader stages");

    final String phrase;

    GraphicsRole(String phrase) {
      this.phrase = phrase;
    }
  }

  /**
   * The specialization checks: one VUID each, of {@code VkSpecializationInfo}'s and
   * {@code VkSpecializationMapEntry}'s valid usage, checked where a stage's map entries meet the
   * module's {@code SpecId} constants.
   */
  enum SpecializationRole {
    OFFSET_IN_DATA("VkSpecializationInfo", "must be less than dataSize"),
    SIZE_IN_DATA("VkSpecializationInfo", "must be less than or equal to dataSize minus offset"),
    CONSTANT_ID_UNIQUE("VkSpecializationInfo", "must be unique within pMapEntries"),
    ENTRY_SIZE("VkSpecializationMapEntry", "size must match the byte size of the constantID");

    final String page;
    final String phrase;

    SpecializationRole(String page, String phrase) {
      this.page = page;
      this.phrase = phrase;
    }
  }

  /** One rule file's extracted part: id, section (ref page), condition key, plain text. */
  record Rule(String id, String section, String condition, String text) {}

  @Override
  public List<JavaFile> emit(GenerationInputs inputs) {
    List<Rule> pipeline = read(inputs.rules().resolve("pipeline"));
    return List.of(emit(read(inputs.rules().resolve("runtime")), pipeline, descriptorTypes(inputs.specSources())),
        specialization(pipeline));
  }

  /** Where the "Shader Resource and Descriptor Type Correspondence" table is, relative to spec-sources. */
  static final String INTERFACES = "spec/chapters/interfaces.adoc";
  private static final String TABLE_ANCHOR = "[[interfaces-resources-correspondence]]";
  private static final java.util.regex.Pattern ENAME = java.util.regex.Pattern.compile("ename:(VK_DESCRIPTOR_TYPE_\\w+)");
  private static final java.util.regex.Pattern BLOCK_DIRECTIVE =
      java.util.regex.Pattern.compile("(ifdef|ifndef|endif)::([^\\[]*)\\[\\]");

  /**
   * The rows of the spec's "Shader Resource and Descriptor Type Correspondence" table: resource
   * type (as the table names it) to the descriptor types that may back it, in an
   * all-extensions build. The descriptor-heap alternative of the combined image sampler row
   * ("when using heaps") is left out: it is about heaps, and these checks are about layouts.
   */
  static Map<String, List<String>> descriptorTypes(Path specSources) {
    Path file = specSources.resolve(INTERFACES);
    List<String> lines;
    try {
      lines = Files.readAllLines(file);
    } catch (IOException e) {
      throw new GeneratorException("cannot read spec-sources/" + INTERFACES + ": " + e.getMessage());
    }
    int at = lines.indexOf(TABLE_ANCHOR);
    int open = at < 0 ? -1 : lines.subList(at, lines.size()).indexOf("|====");
    if (open < 0) {
      throw new GeneratorException("spec-sources/" + INTERFACES + ": no " + TABLE_ANCHOR + " table");
    }
    Map<String, List<String>> out = new java.util.LinkedHashMap<>();
    String row = null;
    boolean header = true;
    java.util.Deque<Boolean> skip = new java.util.ArrayDeque<>();
    for (int i = at + open + 1; i < lines.size() && !lines.get(i).equals("|===="); i++) {
      String line = lines.get(i).strip();
      java.util.regex.Matcher d = BLOCK_DIRECTIVE.matcher(line);
      if (d.matches()) {
        if (d.group(1).equals("endif")) {
          skip.poll();
        } else {
          skip.push(d.group(2).equals("VK_EXT_descriptor_heap"));
        }
        continue;
      }
      if (skip.contains(true)) {
        continue;
      }
      if (line.startsWith("|")) {
        String[] cells = line.substring(1).split("\\|", 2);
        row = cells[0].strip();
        line = cells.length > 1 ? cells[1] : "";
        if (header) {
          header = false;
          row = null;
          continue;
        }
        out.put(row, new ArrayList<>());
      }
      if (row != null) {
        java.util.regex.Matcher m = ENAME.matcher(line);
        while (m.find()) {
          out.get(row).add(m.group(1));
        }
      }
    }
    if (out.isEmpty() || out.values().stream().anyMatch(List::isEmpty)) {
      throw new GeneratorException("spec-sources/" + INTERFACES + ": the " + TABLE_ANCHOR
          + " table has no rows or a row without a descriptor type: " + out);
    }
    return out;
  }

  /** The active rule files of a directory, sorted by VUID; none when the directory is absent. */
  static List<Rule> read(Path dir) {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    List<Rule> out = new ArrayList<>();
    try (Stream<Path> files = Files.list(dir)) {
      for (Path p : files.filter(f -> f.getFileName().toString().matches("VUID-.*\\.yaml")).sorted().toList()) {
        JsonNode x = YAML.readTree(p.toFile());
        JsonNode ex = x.path("extracted");
        if (ex.path("removed").asBoolean(false)) {
          continue;
        }
        out.add(new Rule(x.path("vuid").asText(), ex.path("section").asText(), ex.path("condition").asText("core"),
            ex.path("text").asText()));
      }
    } catch (IOException e) {
      throw new GeneratorException("cannot read " + dir + ": " + String.valueOf(e.getMessage()).lines().findFirst().orElse(""));
    }
    return out;
  }

  /** Role to rule; a role matched by none or by two rules of {@code rules} is an error naming it. */
  static Rule find(List<Rule> rules, String phrase, String role, String where) {
    return find(rules, phrase, null, role, where);
  }

  static Rule find(List<Rule> rules, String phrase, String without, String role, String where) {
    List<Rule> hits = rules.stream()
        .filter(r -> r.text().contains(phrase) && (without == null || !r.text().contains(without))).toList();
    if (hits.size() != 1) {
      throw new GeneratorException(where + ": " + hits.size() + " rules say '" + phrase + "' ("
          + String.join(", ", hits.stream().map(Rule::id).toList()) + "); expected exactly one for " + role);
    }
    return hits.get(0);
  }

  /** The package of the pipeline description reader, which refuses what the specialization rules forbid. */
  static final String DESCRIPTION_PACKAGE = "dev.vkrules.runtime.pipeline";

  /**
   * {@code dev.vkrules.runtime.pipeline.SpecializationVuids}: the VUIDs of the specialization
   * structures, for the description reader and the module's specialization alike; null fields for
   * an import without the pipeline chapter.
   */
  static JavaFile specialization(List<Rule> pipeline) {
    TypeSpec.Builder type = TypeSpec.classBuilder("SpecializationVuids")
        .addJavadoc("The VUIDs of VkSpecializationInfo and VkSpecializationMapEntry, from the rule files (found by their texts).\n")
        .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
        .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
    for (SpecializationRole role : SpecializationRole.values()) {
      List<Rule> page = pipeline.stream().filter(r -> r.section().equals(role.page)).toList();
      FieldSpec.Builder field = FieldSpec.builder(VUID, role.name(), Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL);
      if (page.isEmpty()) {
        // an import without the pipeline chapter: the description's own check stands, with no VUID
        type.addField(field.initializer("null").build());
        continue;
      }
      Rule r = find(page, role.phrase, role.name(), "rules/pipeline");
      type.addField(field.addJavadoc("$L: $L\n", r.id(), r.text().replace("$", "$$"))
          .initializer("new $T($S, $S, $S)", VUID, r.id(), r.text(), r.condition()).build());
    }
    return JavaFile.builder(DESCRIPTION_PACKAGE, type.build())
        .addFileComment(Banner.of("rules/pipeline")).skipJavaLangImports(true).build();
  }

  static JavaFile emit(List<Rule> runtime, List<Rule> pipeline, Map<String, List<String>> descriptorTypes) {
    TypeSpec.Builder type = TypeSpec.classBuilder("PipelineVuids")
        .addJavadoc("The VUIDs the pipeline checks report under, from the rule files (found by their texts).\n")
        .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
        .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
    for (StageRole role : StageRole.values()) {
      Rule r = find(runtime, role.phrase, role.without, role.name(), "rules/runtime");
      type.addField(FieldSpec.builder(VUID, role.name(), Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
          .addJavadoc("$L: $L\n", r.id(), r.text().replace("$", "$$"))
          .initializer("new $T($S, $S, $S)", VUID, r.id(), r.text(), r.condition()).build());
    }
    List<Rule> graphics = pipeline.stream().filter(r -> r.section().equals("VkGraphicsPipelineCreateInfo")).toList();
    for (GraphicsRole role : GraphicsRole.values()) {
      if (graphics.isEmpty()) {
        // an import without the pipeline chapter: the checks have no VUID and do not run
        type.addField(FieldSpec.builder(VUID, role.name(), Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
            .initializer("null").build());
        continue;
      }
      Rule r = find(graphics, role.phrase, role.name(), "rules/pipeline");
      type.addField(FieldSpec.builder(VUID, role.name(), Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
          .addJavadoc("$L: $L\n", r.id(), r.text().replace("$", "$$"))
          .initializer("new $T($S, $S, $S)", VUID, r.id(), r.text(), r.condition()).build());
    }
    TypeSpec.Builder roles = TypeSpec.enumBuilder("LayoutRole").addModifiers(Modifier.PUBLIC)
        .addJavadoc("The layout rules every pipeline create info states.\n");
    for (LayoutRole role : LayoutRole.values()) {
      roles.addEnumConstant(role.name(), TypeSpec.anonymousClassBuilder("")
          .addJavadoc("Its text says \"$L\".\n", role.phrase).build());
    }
    type.addType(roles.build());
    Map<String, List<Rule>> bySection = new TreeMap<>();
    // the layout rules are the pipeline create infos' (the specialization pages state none)
    pipeline.stream().filter(r -> r.section().contains("PipelineCreateInfo"))
        .forEach(r -> bySection.computeIfAbsent(r.section(), k -> new ArrayList<>()).add(r));
    CodeBlock.Builder table = CodeBlock.builder();
    for (Map.Entry<String, List<Rule>> s : bySection.entrySet()) {
      for (LayoutRole role : LayoutRole.values()) {
        Rule r = find(s.getValue(), role.phrase, s.getKey() + " " + role.name(), "rules/pipeline");
        table.add(table.isEmpty() ? "" : ",\n").add("$T.entry($S, new $T($S, $S, $S))", Map.class,
            s.getKey() + "/" + role.name(), VUID, r.id(), r.text(), r.condition());
      }
    }
    ClassName roleType = ClassName.get(PACKAGE, "PipelineVuids", "LayoutRole");
    type.addField(FieldSpec.builder(ParameterizedTypeName.get(ClassName.get(Map.class), ClassName.get(String.class), VUID),
            "LAYOUT", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
        .initializer(bySection.isEmpty() ? CodeBlock.of("$T.of()", Map.class)
            : CodeBlock.builder().add("$T.ofEntries(\n", Map.class).indent().add(table.build()).unindent().add(")").build())
        .build());
    type.addField(FieldSpec.builder(ParameterizedTypeName.get(List.class, String.class), "CREATE_INFOS",
            Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
        .addJavadoc("The create infos whose layout rules are known, sorted.\n")
        .initializer("$T.of($L)", List.class, String.join(", ",
            bySection.keySet().stream().map(k -> "\"" + k + "\"").toList())).build());
    type.addMethod(MethodSpec.methodBuilder("layout").addModifiers(Modifier.PUBLIC, Modifier.STATIC).returns(VUID)
        .addJavadoc("The layout rule of a create info ({@code VkGraphicsPipelineCreateInfo}), null when it states none.\n")
        .addParameter(String.class, "createInfo").addParameter(roleType, "role")
        .addStatement("return LAYOUT.get(createInfo + \"/\" + role.name())").build());
    CodeBlock.Builder rows = CodeBlock.builder();
    descriptorTypes.forEach((resource, types) -> rows.add(rows.isEmpty() ? "" : ",\n")
        .add("$T.entry($S, $T.of($L))", Map.class, resource, List.class,
            String.join(", ", types.stream().map(t -> "\"" + t + "\"").toList())));
    type.addField(FieldSpec.builder(ParameterizedTypeName.get(ClassName.get(Map.class), ClassName.get(String.class),
            ParameterizedTypeName.get(List.class, String.class)), "DESCRIPTOR_TYPES",
            Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
        .addJavadoc("The spec's \"Shader Resource and Descriptor Type Correspondence\" table: resource type (as the\n"
            + "table names it) to the descriptor types that may back it.\n")
        .initializer(CodeBlock.builder().add("$T.ofEntries(\n", Map.class).indent().add(rows.build()).unindent().add(")").build())
        .build());
    return JavaFile.builder(PACKAGE, type.build())
        .addFileComment(Banner.of("rules/runtime, rules/pipeline and spec-sources/" + INTERFACES))
        .skipJavaLangImports(true).build();
  }
}
