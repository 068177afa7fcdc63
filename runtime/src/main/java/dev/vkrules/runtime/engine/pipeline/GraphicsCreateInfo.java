package dev.vkrules.runtime.engine.pipeline;

import dev.vkrules.runtime.engine.Diagnostic;
import dev.vkrules.runtime.engine.Facts;
import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.engine.base.Opcodes;
import dev.vkrules.runtime.engine.base.Unknown;
import dev.vkrules.runtime.engine.interfaces.InterfaceSlots;
import dev.vkrules.runtime.pipeline.GraphicsState;
import dev.vkrules.runtime.pipeline.Pipeline;
import dev.vkrules.runtime.pipeline.VkPipelineTypes;
import dev.vkrules.runtime.requirements.Vuid;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The checks of {@code VkGraphicsPipelineCreateInfo}'s own valid usage that a renderer's pipeline
 * is held to at creation and that its stages and fixed-function state decide offline, as the
 * layers check them at pipeline creation:
 *
 * <ul>
 *   <li>vertex input state against the vertex shader's inputs: each Location an Input variable of
 *       the Vertex entry point takes needs an attribute ({@link PipelineVuids#VERTEX_ATTRIBUTE_MISSING}),
 *       and the attribute's format must have the Input's numeric type, float, signed or unsigned
 *       integer ({@link PipelineVuids#VERTEX_ATTRIBUTE_TYPE}); not when vertex input is dynamic;</li>
 *   <li>tessellation stages in pairs ({@link PipelineVuids#TESSELLATION_CONTROL_ALONE},
 *       {@link PipelineVuids#TESSELLATION_EVALUATION_ALONE});</li>
 *   <li>the patch-list topology exactly with tessellation stages
 *       ({@link PipelineVuids#TESSELLATION_TOPOLOGY}, {@link PipelineVuids#PATCH_LIST_TESSELLATION});
 *       with the topology dynamic, whether the rule applies is the device's
 *       {@code dynamicPrimitiveTopologyUnrestricted}, so a finding then needs device information.</li>
 * </ul>
 *
 * <p>Each rule applies when the pipeline holds the subsets its text names (all of them for a
 * complete pipeline; a graphics pipeline library's flags and those of the libraries it links).
 * Findings point at the vertex shader's Input variable, or at the OpEntryPoint of the stage the
 * rule is about. Linear in the vertex shader's interface and the attributes.
 */
final class GraphicsCreateInfo {
  static final String VERTEX = "VK_SHADER_STAGE_VERTEX_BIT";
  static final String TESC = "VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT";
  static final String TESE = "VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT";
  static final String PATCH_LIST = "VK_PRIMITIVE_TOPOLOGY_PATCH_LIST";
  static final String DYNAMIC_TOPOLOGY = "VK_DYNAMIC_STATE_PRIMITIVE_TOPOLOGY";
  static final String DYNAMIC_VERTEX_INPUT = "VK_DYNAMIC_STATE_VERTEX_INPUT_EXT";
  /** What decides the two feature conditions of the missing-attribute rule. */
  static final String ATTRIBUTE_FEATURES = "VkPhysicalDeviceVertexAttributeRobustnessFeaturesEXT::vertexAttributeRobustness"
      + " and VkPhysicalDeviceMaintenance9FeaturesKHR::maintenance9 as enabled by the application";
  static final String UNRESTRICTED = "VkPhysicalDeviceExtendedDynamicState3PropertiesEXT::dynamicPrimitiveTopologyUnrestricted";

  private GraphicsCreateInfo() {}

  /** Adds the findings of {@code p}'s create info to {@code out}, by index in pStages. */
  static void check(Pipeline p, List<PipelineLinks.Linked> stages, Target target, Map<Integer, List<Diagnostic>> out) {
    GraphicsState g = p.graphics();
    if (p.kind() != Pipeline.Kind.GRAPHICS || g == null) {
      return;
    }
    boolean preRasterization = g.has(GraphicsState.PRE_RASTERIZATION);
    boolean hasTesc = !p.stagesOf(TESC).isEmpty();
    boolean hasTese = !p.stagesOf(TESE).isEmpty();
    PipelineLinks.Linked tesc = linked(stages, TESC);
    PipelineLinks.Linked tese = linked(stages, TESE);
    PipelineLinks.Linked vertex = linked(stages, VERTEX);
    if (preRasterization) {
      if (tesc != null && !hasTese) {
        add(out, target, tesc, PipelineVuids.TESSELLATION_CONTROL_ALONE, "The pipeline has a tessellation control"
            + " stage but no tessellation evaluation stage.", tesc.entryPoint(), null);
      }
      if (tese != null && !hasTesc) {
        add(out, target, tese, PipelineVuids.TESSELLATION_EVALUATION_ALONE, "The pipeline has a tessellation evaluation"
            + " stage but no tessellation control stage.", tese.entryPoint(), null);
      }
    }
    // vertex input state: a pipeline that holds it and draws with a vertex shader (not mesh shading)
    boolean vertexInput = g.has(GraphicsState.VERTEX_INPUT) && !p.stagesOf(VERTEX).isEmpty();
    if (preRasterization && vertexInput && g.topology() != null) {
      boolean dynamic = g.dynamic(DYNAMIC_TOPOLOGY);
      String needs = dynamic ? UNRESTRICTED : null;
      String dyn = dynamic ? " (" + DYNAMIC_TOPOLOGY + " is dynamic)" : "";
      PipelineLinks.Linked tess = tesc != null ? tesc : tese;
      if (tess != null && !g.topology().equals(PATCH_LIST)) {
        add(out, target, tess, PipelineVuids.TESSELLATION_TOPOLOGY, "The pipeline has tessellation stages but its"
            + " input assembly topology is " + g.topology() + dyn + ", not " + PATCH_LIST + ". (topology: "
            + g.topologySource() + ")", tess.entryPoint(), needs);
      }
      if (!hasTesc && !hasTese && g.topology().equals(PATCH_LIST) && vertex != null) {
        add(out, target, vertex, PipelineVuids.PATCH_LIST_TESSELLATION, "The pipeline's input assembly topology is "
            + PATCH_LIST + dyn + " but it has no tessellation stages. (topology: " + g.topologySource() + ")",
            vertex.entryPoint(), needs);
      }
    }
    if (vertexInput && vertex != null && g.vertexInput() != null && !g.dynamic(DYNAMIC_VERTEX_INPUT)) {
      vertexAttributes(g.vertexInput(), vertex, target, out);
    }
  }

  /** Each Location of the vertex shader's user-defined Input variables against the attributes. */
  private static void vertexAttributes(GraphicsState.VertexInput vi, PipelineLinks.Linked vertex, Target target,
      Map<Integer, List<Diagnostic>> out) {
    Map<Long, GraphicsState.Attribute> byLocation = new java.util.HashMap<>();
    for (GraphicsState.Attribute a : vi.attributes()) {
      byLocation.putIfAbsent(Integer.toUnsignedLong(a.location()), a);
    }
    Facts f = vertex.facts();
    Set<String> reported = new HashSet<>();
    for (int v : InterfaceSlots.interfaceVariables(f, vertex.entryPoint(), InterfaceSlots.INPUT)) {
      for (InterfaceSlots.Slot s : InterfaceSlots.slots(f, vertex.entryPoint(), v)) {
        GraphicsState.Attribute a = byLocation.get(s.location());
        if (a == null) {
          if (reported.add(v + " missing")) {
            add(out, target, vertex, PipelineVuids.VERTEX_ATTRIBUTE_MISSING, "The Input at Location " + s.location()
                + " has no VkVertexInputAttributeDescription at that location. (pVertexInputState: " + vi.source() + ")",
                v, ATTRIBUTE_FEATURES);
          }
          continue;
        }
        String input;
        try {
          input = numericType(f, f.scalar(s.type()));
        } catch (Unknown u) {
          continue;  // a type this module does not define well: other rules report it
        }
        String format = formatType(a.format());
        if (input != null && format != null && !input.equals(format) && reported.add(v + " type")) {
          add(out, target, vertex, PipelineVuids.VERTEX_ATTRIBUTE_TYPE, "The Input at Location " + s.location()
              + " is of " + input + " type but the attribute's format " + a.format() + " is of " + format
              + " type. (attribute: " + a.source() + ")", v, null);
        }
      }
    }
  }

  /** The Input's numeric type: float, signed integer or unsigned integer; null for another scalar. */
  static String numericType(Facts f, int scalar) {
    if (f.opcode(scalar) == Opcodes.OP_TYPE_FLOAT) {
      return "float";
    }
    if (f.opcode(scalar) == Opcodes.OP_TYPE_INT) {
      return f.word(scalar, 3) == 1 ? "signed integer" : "unsigned integer";
    }
    return null;
  }

  /**
   * A format's numeric type from its components' numericFormat in vk.xml: UINT is unsigned, SINT
   * signed integer, every other numeric format (UNORM, SNORM, USCALED, SSCALED, UFLOAT, SFLOAT,
   * SRGB, SFIXED5) float, as the spec's "Interpretation of Numeric Format" table gives them; null
   * for a format with mixed components or none in vk.xml (not decided).
   */
  static String formatType(String format) {
    String numeric = VkPipelineTypes.FORMAT_NUMERIC.get(format);
    if (numeric == null || numeric.contains("/")) {
      return null;
    }
    return switch (numeric) {
      case "UINT" -> "unsigned integer";
      case "SINT" -> "signed integer";
      default -> "float";
    };
  }

  private static PipelineLinks.Linked linked(List<PipelineLinks.Linked> stages, String bit) {
    return stages.stream().filter(l -> l != null && l.stage().stage().equals(bit)).findFirst().orElse(null);
  }

  private static void add(Map<Integer, List<Diagnostic>> out, Target target, PipelineLinks.Linked at, Vuid vuid,
      String message, int offset, String needsDevice) {
    if (!PipelineLinks.applies(target, vuid)) {
      return;
    }
    Diagnostic.Severity severity = Diagnostic.Severity.ERROR;
    if (needsDevice != null) {
      message = "Needs " + needsDevice + " to decide: " + message;
      severity = Diagnostic.Severity.NEEDS_DEVICE_INFO;
    }
    out.computeIfAbsent(at.stage().index(), k -> new ArrayList<>())
        .add(PipelineLinks.diagnostic(at, vuid, message, offset, severity));
  }
}
