package dev.vkrules.generator.rules;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.TypeName;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeMap;

/**
 * The VkShaderStageFlagBits bit of each SPIR-V ExecutionModel. The specification pairs them
 * by name only ("an execution model that matches pname:stage", VUID-VkPipelineShaderStageCreateInfo-pName-00707),
 * so the bit is derived from the grammar's enumerant name and looked up in vk.xml: the words of
 * the name in upper snake case, the vendor suffix after {@code _BIT} ({@code TessellationControl}
 * is {@code VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT}, {@code MeshEXT} is
 * {@code VK_SHADER_STAGE_MESH_BIT_EXT}). Two names differ from their bits and are listed:
 * {@code GLCompute} (COMPUTE) and {@code RayGeneration} (RAYGEN). An execution model whose
 * derived bit vk.xml lacks (Kernel) has no stage.
 */
final class ShaderStages {
  private static final java.util.Map<String, String> RENAMED = java.util.Map.of("GLCompute", "Compute",
      "RayGeneration", "Raygen");

  private ShaderStages() {}

  /** The bit names (with their aliases) of one execution model; empty when it has no stage. */
  static SortedSet<String> bits(DeviceRegistry registry, String executionModel) {
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("(.*?[a-z])([A-Z]{2,})?").matcher(executionModel);
    if (!m.matches()) {
      return new java.util.TreeSet<>();
    }
    String core = RENAMED.getOrDefault(m.group(1), m.group(1));
    String words = core.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toUpperCase(java.util.Locale.ROOT);
    String name = "VK_SHADER_STAGE_" + words + "_BIT" + (m.group(2) == null ? "" : "_" + m.group(2));
    return registry.stageBitNames(name);
  }

  /**
   * Two static tables for the runtime: {@code long[]} of the execution model values that have a
   * stage, sorted, and {@code String[][]} of their bit names, in the same order.
   */
  static String[] tables(CompileContext cx) {
    TreeMap<Long, SortedSet<String>> byValue = new TreeMap<>();
    cx.grammar.kinds().get("ExecutionModel").enumerants().values().forEach(e -> {
      SortedSet<String> b = bits(cx.deviceRegistry(), e.name());
      if (!b.isEmpty()) {
        byValue.put(e.value(), b);
      }
    });
    List<CodeBlock> values = new ArrayList<>();
    List<CodeBlock> names = new ArrayList<>();
    byValue.forEach((v, b) -> {
      values.add(CodeBlock.of("$LL", v));
      names.add(CodeBlock.of("{$L}", CodeBlock.join(b.stream().map(n -> CodeBlock.of("$S", n)).toList(), ", ")));
    });
    String models = cx.field(ArrayTypeName.of(TypeName.LONG), CodeBlock.of("{$L}", CodeBlock.join(values, ", ")));
    String bits = cx.field(ArrayTypeName.of(ArrayTypeName.of(TypeName.get(String.class))),
        CodeBlock.of("{$L}", CodeBlock.join(names, ", ")));
    return new String[] {models, bits};
  }
}
