package dev.vkrules.runtime.engine.pipeline;

import dev.vkrules.runtime.engine.module.ModuleIndex;
import dev.vkrules.runtime.pipeline.PipelineTypes;
import dev.vkrules.runtime.spirv.grammar.ExecutionModel;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Finds a pipeline stage's entry point: an {@code OpEntryPoint} named {@code pName} whose
 * execution model matches the stage. The specification pairs execution models and
 * VkShaderStageFlagBits by name only, so the bit is derived from the grammar's enumerant name as
 * the generator's ShaderStages does ({@code TessellationControl} is
 * {@code VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT}, {@code MeshEXT} {@code ..._MESH_BIT_EXT};
 * {@code GLCompute} is COMPUTE and {@code RayGeneration} RAYGEN) and compared by value in vk.xml.
 */
final class EntryPoints {
  private static final java.util.regex.Pattern MODEL = java.util.regex.Pattern.compile("(.*?[a-z])([A-Z]{2,})?");
  private static final java.util.regex.Pattern WORD = java.util.regex.Pattern.compile("([a-z0-9])([A-Z])");
  /** Execution model to stage bit (-1 for none), filled on first use. */
  private static final java.util.Map<Integer, Long> BITS = new java.util.concurrent.ConcurrentHashMap<>();

  private EntryPoints() {}

  /** Null when the module has the entry point; else a sentence saying what is missing. */
  static String missing(ModuleIndex m, String name, String stageBit) {
    long want = PipelineTypes.bit("VkShaderStageFlagBits", stageBit);
    boolean named = false;
    for (int ep : m.entryPoints) {
      int count = m.words[ep] >>> 16;
      String epName = literal(m.words, ep + 3, ep + count);
      if (!epName.equals(name)) {
        continue;
      }
      named = true;
      Long bit = stageBit(m.words[ep + 1]);
      if (bit != null && bit == want) {
        return null;
      }
    }
    return named
        ? "The module has an OpEntryPoint \"" + name + "\", but none whose execution model matches " + stageBit + "."
        : "The module has no OpEntryPoint \"" + name + "\" for " + stageBit + ".";
  }

  /** The VkShaderStageFlagBits value of an execution model, or null when it has no stage. */
  static Long stageBit(int executionModel) {
    long bit = BITS.computeIfAbsent(executionModel, m -> {
      Long b = derive(m);
      return b == null ? -1L : b;
    });
    return bit < 0 ? null : bit;
  }

  private static Long derive(int executionModel) {
    String name = stageName(executionModel);
    if (name == null) {
      return null;
    }
    try {
      return PipelineTypes.bit("VkShaderStageFlagBits", name);
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  /** Execution model to stage name (null for none), filled on first use. */
  private static final java.util.Map<Integer, String> NAMES = new java.util.concurrent.ConcurrentHashMap<>();

  /**
   * The {@code VkShaderStageFlagBits} name an execution model's stage would have, derived from the
   * grammar's name alone (no vk.xml look-up: the caller compares it with names it holds, and
   * {@link #stageBit} checks it against vk.xml), or null for an execution model the grammar lacks.
   */
  static String stageName(int executionModel) {
    String name = NAMES.computeIfAbsent(executionModel, m -> {
      String model = ExecutionModel.name(m);
      java.util.regex.Matcher x = model == null ? null : MODEL.matcher(model);
      if (x == null || !x.matches()) {
        return "";
      }
      String core = switch (x.group(1)) {
        case "GLCompute" -> "Compute";
        case "RayGeneration" -> "Raygen";
        default -> x.group(1);
      };
      String words = WORD.matcher(core).replaceAll("$1_$2").toUpperCase(Locale.ROOT);
      return "VK_SHADER_STAGE_" + words + "_BIT" + (x.group(2) == null ? "" : "_" + x.group(2));
    });
    return name.isEmpty() ? null : name;
  }

  /** A nul-terminated UTF-8 literal string starting at word {@code from}. */
  static String literal(int[] words, int from, int end) {
    java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
    for (int i = from; i < end; i++) {
      for (int k = 0; k < 4; k++) {
        int c = (words[i] >>> (8 * k)) & 0xff;
        if (c == 0) {
          return b.toString(StandardCharsets.UTF_8);
        }
        b.write(c);
      }
    }
    return b.toString(StandardCharsets.UTF_8);
  }
}
