package dev.vkrules.runtime.pipeline;

import java.util.List;
import java.util.Optional;

/**
 * One pipeline of a description, in the shape of the create-info structure it stands for
 * ({@code VkGraphicsPipelineCreateInfo}, {@code VkComputePipelineCreateInfo} or
 * {@code VkRayTracingPipelineCreateInfoKHR}): what a rule may read about the pipeline a module
 * is linked into. Members a description leaves out are null or empty; a rule that needs one
 * it lacks is undecided, never passed.
 *
 * @param name the pipeline's name in reports: the file, with {@code #key} for one of several
 * @param kind which create-info structure
 * @param flags {@code flags} (and {@code VkPipelineCreateFlags2CreateInfo::flags} from pNext)
 * @param stages {@code pStages}, in order
 * @param multisample {@code pMultisampleState}; null when not given (compute, ray tracing, or left out)
 * @param rendering the render pass subpass or dynamic rendering state; null when not given
 * @param layout {@code layout}; null when not given
 * @param source where in which file the pipeline is described (for provenance in findings)
 * @param graphics the fixed-function state the graphics create-info checks read (vertex input,
 *     input assembly, dynamic states, which graphics pipeline library subsets the pipeline holds);
 *     null for compute and ray tracing
 * @param groups {@code pGroups} of a ray tracing pipeline (empty otherwise)
 * @param libraries the {@code pLibraryInfo->pLibraries} the pipeline links, by where each is
 *     described; their stages are in {@code stages}, after the pipeline's own
 */
public record Pipeline(String name, Kind kind, Flags flags, List<Stage> stages, MultisampleState multisample,
    RenderingState rendering, PipelineLayout layout, Source source, GraphicsState graphics, List<ShaderGroup> groups,
    List<Source> libraries) {

  public Pipeline {
    stages = List.copyOf(stages);
    groups = List.copyOf(groups);
    libraries = List.copyOf(libraries);
  }

  /** A pipeline without fixed-function state, groups or libraries (as rule examples build them). */
  public Pipeline(String name, Kind kind, Flags flags, List<Stage> stages, MultisampleState multisample,
      RenderingState rendering, PipelineLayout layout, Source source) {
    this(name, kind, flags, stages, multisample, rendering, layout, source, null, List.of(), List.of());
  }

  /** The create-info structure a pipeline is described by. */
  public enum Kind {
    GRAPHICS("VkGraphicsPipelineCreateInfo"),
    COMPUTE("VkComputePipelineCreateInfo"),
    RAY_TRACING("VkRayTracingPipelineCreateInfoKHR");

    private final String struct;

    Kind(String struct) {
      this.struct = struct;
    }

    /** The vk.xml name of the structure. */
    public String struct() {
      return struct;
    }
  }

  /** The stages whose {@code stage} is {@code bit} (one for graphics and compute; any number for ray tracing). */
  public List<Stage> stagesOf(String stageBit) {
    return stages.stream().filter(s -> s.stage().equals(stageBit)).toList();
  }

  /** The stage at {@code index} of pStages. */
  public Optional<Stage> stage(int index) {
    return index >= 0 && index < stages.size() ? Optional.of(stages.get(index)) : Optional.empty();
  }
}
