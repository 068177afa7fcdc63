package dev.vkrules.runtime.engine.pipeline;

import dev.vkrules.runtime.engine.Facts;
import dev.vkrules.runtime.engine.base.Opcodes;
import dev.vkrules.runtime.engine.base.Unknown;
import dev.vkrules.runtime.pipeline.DescriptorBinding;
import dev.vkrules.runtime.pipeline.Flags;
import dev.vkrules.runtime.pipeline.Pipeline;
import dev.vkrules.runtime.pipeline.PipelineTypes;
import dev.vkrules.runtime.pipeline.Sampler;
import dev.vkrules.runtime.pipeline.Stage;
import java.util.Optional;

/**
 * The pipeline state generated checkers query ({@code f.pipeline().flag(...)}, the
 * {@code pipeline:} predicates of the rule language): the pipeline a module is a stage of and
 * that stage, or none when the module is validated alone. As with {@link DeviceFacts}, a query
 * whose fact is not given raises {@link Unknown} and remembers which fact it was, so the check
 * reports "needs a pipeline description" (naming the state) instead of a verdict; a rule never
 * passes for want of a description. One instance belongs to one module's facts.
 */
public final class PipelineFacts {
  private static final long DESCRIPTOR_SET = 34;
  private static final long BINDING = 33;
  private final Pipeline pipeline;
  private final Stage stage;
  private String missing;
  private String runTime;
  /** The parts of the pipeline the checks asked about (what their verdicts can depend on). */
  private final java.util.Set<PipelineState> read =
      java.util.Collections.synchronizedSet(java.util.EnumSet.noneOf(PipelineState.class));

  public PipelineFacts(Pipeline pipeline, Stage stage) {
    this.pipeline = pipeline;
    this.stage = stage;
  }

  /** No pipeline: every query is unknown and needs a pipeline description. */
  public static PipelineFacts none() {
    return new PipelineFacts(null, null);
  }

  /**
   * The pipeline, or null when the module is validated alone. Checks read its state through the
   * queries below, which {@link #read()} records (a verdict that read it here could be shared by
   * stages that differ in what it read).
   */
  public Pipeline pipeline() {
    return pipeline;
  }

  /** The stage this module is, or null. */
  public Stage stage() {
    return stage;
  }

  /**
   * The parts of the pipeline state the checks have read so far: with the module's bytes and
   * specialization values, they decide its verdict as a stage (see {@link PipelineState}).
   */
  public java.util.Set<PipelineState> read() {
    java.util.Set<PipelineState> out = java.util.EnumSet.noneOf(PipelineState.class);
    synchronized (read) {
      out.addAll(read);
    }
    return out;
  }

  /** Forgets the missing fact (the check calls this before each subject). */
  void begin() {
    missing = null;
    runTime = null;
  }

  /**
   * The first fact a check asked for that only run time gives (a sampler written to a binding
   * without immutable samplers), although the description was given; null when there was none.
   */
  String runTime() {
    return runTime;
  }

  /** The outcome depends on {@code fact}, given only at run time: unknown, never a verdict. */
  private <T> T atRunTime(String fact) {
    if (runTime == null) {
      runTime = fact;
    }
    return Unknown.raise();
  }

  /** The first fact a check asked for and the description did not give, or null. */
  String missing() {
    return missing;
  }

  private <T> T unknown(String fact) {
    if (missing == null) {
      missing = fact;
    }
    return Unknown.raise();
  }

  private Pipeline given(String fact) {
    return pipeline != null ? pipeline : unknown(fact);
  }

  /**
   * True when the module is validated as a stage of a pipeline; else unknown (needs a pipeline
   * description). Native checks that read {@link #pipeline()} are guarded by it.
   */
  public boolean given() {
    given("a pipeline description");
    return true;
  }

  /** The pipeline's create flags have the bit {@code name} (a VkPipelineCreateFlagBits or ...FlagBits2 name). */
  public boolean flag(String name) {
    read.add(PipelineState.FLAGS);
    Flags flags = given("the pipeline's flags").flags();
    return flags.hasAll(PipelineTypes.bit(flags.type(), name));
  }

  /** This stage's VkPipelineShaderStageCreateFlags have the bit {@code name}. */
  public boolean stageFlag(String name) {
    read.add(PipelineState.STAGE_FLAGS);
    given("the stage's flags");
    return stage.flags().hasAll(PipelineTypes.bit(stage.flags().type(), name));
  }

  /** Whether the stage chains VkPipelineShaderStageRequiredSubgroupSizeCreateInfo. */
  public boolean hasRequiredSubgroupSize() {
    read.add(PipelineState.SUBGROUP_SIZE);
    given("VkPipelineShaderStageRequiredSubgroupSizeCreateInfo");
    return stage.hasRequiredSubgroupSize();
  }

  /** VkPipelineShaderStageRequiredSubgroupSizeCreateInfo::requiredSubgroupSize; unknown when not chained. */
  public long requiredSubgroupSize() {
    read.add(PipelineState.SUBGROUP_SIZE);
    given("VkPipelineShaderStageRequiredSubgroupSizeCreateInfo::requiredSubgroupSize");
    return stage.hasRequiredSubgroupSize() ? Integer.toUnsignedLong(stage.requiredSubgroupSize()) : Unknown.raise();
  }

  /** A member of pMultisampleState: sampleShadingEnable, alphaToCoverageEnable, alphaToOneEnable. */
  public boolean multisample(String member) {
    read.add(PipelineState.MULTISAMPLE);
    var ms = given("VkGraphicsPipelineCreateInfo::pMultisampleState").multisample();
    if (ms == null) {
      return unknown("VkGraphicsPipelineCreateInfo::pMultisampleState");
    }
    return switch (member) {
      case "sampleShadingEnable" -> ms.sampleShadingEnable();
      case "alphaToCoverageEnable" -> ms.alphaToCoverageEnable();
      case "alphaToOneEnable" -> ms.alphaToOneEnable();
      default -> throw new IllegalArgumentException("no VkBool32 " + member + " in pMultisampleState");
    };
  }

  /** pMultisampleState's minSampleShading. */
  public double minSampleShading() {
    read.add(PipelineState.MULTISAMPLE);
    var ms = given("VkGraphicsPipelineCreateInfo::pMultisampleState").multisample();
    return ms != null ? ms.minSampleShading() : unknown("VkGraphicsPipelineCreateInfo::pMultisampleState");
  }

  /** pMultisampleState's rasterizationSamples, as a count (1, 2, 4, ...). */
  public long rasterizationSamples() {
    read.add(PipelineState.MULTISAMPLE);
    var ms = given("VkGraphicsPipelineCreateInfo::pMultisampleState").multisample();
    return ms != null ? ms.rasterizationSamples() : unknown("VkGraphicsPipelineCreateInfo::pMultisampleState");
  }

  /** The view mask of the subpass or of VkPipelineRenderingCreateInfo. */
  public long viewMask() {
    read.add(PipelineState.RENDERING);
    var r = given("the render pass or VkPipelineRenderingCreateInfo").rendering();
    return r != null ? Integer.toUnsignedLong(r.viewMask()) : unknown("the render pass or VkPipelineRenderingCreateInfo");
  }

  /** How many views the view mask renders (1 without multiview). */
  public long viewCount() {
    read.add(PipelineState.RENDERING);
    var r = given("the render pass or VkPipelineRenderingCreateInfo").rendering();
    return r != null ? r.viewCount() : unknown("the render pass or VkPipelineRenderingCreateInfo");
  }

  /**
   * The layout binding of the resource variable {@code var} (its DescriptorSet and Binding
   * decorations); unknown without a layout, or when the variable is not decorated.
   */
  Optional<DescriptorBinding> binding(Facts f, int var) {
    read.add(PipelineState.LAYOUT);
    var layout = given(layoutMember(f)).layout();
    if (layout == null) {
      return unknown("the pipeline layout");
    }
    long set = -1;
    long binding = -1;
    for (int d : f.m.decorationsOf(f.m.words[var + 2])) {
      if (f.opcode(d) == Opcodes.OP_DECORATE && f.count(d) > 3) {
        if (f.word(d, 2) == DESCRIPTOR_SET) {
          set = f.word(d, 3);
        } else if (f.word(d, 2) == BINDING) {
          binding = f.word(d, 3);
        }
      }
    }
    if (set < 0 || binding < 0) {
      return Unknown.raise();
    }
    return layout.binding((int) set, (int) binding);
  }

  /**
   * The create-info member that holds the layout, named for the kind of pipeline the module's
   * entry points are stages of ({@code VkComputePipelineCreateInfo::layout} for a compute shader);
   * "the pipeline layout" when they go into pipelines of different kinds or none.
   */
  private String layoutMember(Facts f) {
    if (pipeline != null) {
      return pipeline.kind().struct() + "::layout";
    }
    java.util.Set<Pipeline.Kind> kinds = java.util.EnumSet.noneOf(Pipeline.Kind.class);
    for (int ep : f.m.entryPoints) {
      Long bit = EntryPoints.stageBit(f.m.words[ep + 1]);
      Pipeline.Kind k = bit == null ? null : kind(bit);
      if (k == null) {
        return "the pipeline layout (VkPipelineLayoutCreateInfo)";
      }
      kinds.add(k);
    }
    return kinds.size() == 1 ? kinds.iterator().next().struct() + "::layout"
        : "the pipeline layout (VkPipelineLayoutCreateInfo)";
  }

  /** The kind of pipeline a stage goes into, by its VkShaderStageFlagBits value; null for none of the three. */
  static Pipeline.Kind kind(long stageBit) {
    if (stageBit == PipelineTypes.bit("VkShaderStageFlagBits", "VK_SHADER_STAGE_COMPUTE_BIT")) {
      return Pipeline.Kind.COMPUTE;
    }
    long graphics = PipelineTypes.bit("VkShaderStageFlagBits", "VK_SHADER_STAGE_ALL_GRAPHICS")
        | PipelineTypes.bit("VkShaderStageFlagBits", "VK_SHADER_STAGE_TASK_BIT_EXT")
        | PipelineTypes.bit("VkShaderStageFlagBits", "VK_SHADER_STAGE_MESH_BIT_EXT");
    if ((stageBit & graphics) != 0) {
      return Pipeline.Kind.GRAPHICS;
    }
    for (String rt : RAY_TRACING_STAGES) {
      if (stageBit == PipelineTypes.bit("VkShaderStageFlagBits", rt)) {
        return Pipeline.Kind.RAY_TRACING;
      }
    }
    return null;
  }

  private static final java.util.List<String> RAY_TRACING_STAGES = java.util.List.of("VK_SHADER_STAGE_RAYGEN_BIT_KHR",
      "VK_SHADER_STAGE_ANY_HIT_BIT_KHR", "VK_SHADER_STAGE_CLOSEST_HIT_BIT_KHR", "VK_SHADER_STAGE_MISS_BIT_KHR",
      "VK_SHADER_STAGE_INTERSECTION_BIT_KHR", "VK_SHADER_STAGE_CALLABLE_BIT_KHR");

  /**
   * Whether some immutable sampler of {@code var}'s layout binding has the VkBool32
   * {@code member} set (unnormalizedCoordinates, anisotropyEnable, compareEnable); false when the
   * binding has no immutable samplers; unknown when the layout does not have the binding.
   */
  public boolean immutableSampler(Facts f, int var, String member) {
    Optional<DescriptorBinding> b = binding(f, var);
    if (b.isEmpty()) {
      return unknown("the layout binding of the variable");
    }
    for (Sampler s : b.get().immutableSamplers()) {
      boolean v = switch (member) {
        case "unnormalizedCoordinates" -> s.unnormalizedCoordinates();
        case "anisotropyEnable" -> s.anisotropyEnable();
        case "compareEnable" -> s.compareEnable();
        default -> throw new IllegalArgumentException("no VkBool32 " + member + " in VkSamplerCreateInfo");
      };
      if (v) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether the sampler object behind the sampler or sampled image value {@code x} has the
   * VkBool32 {@code member} set, as far as the layout decides it: {@code x} is followed to its
   * sampler variable ({@code OpSampledImage} through its Sampler, {@code OpLoad},
   * {@code OpCopyObject}, an access chain, whose constant index selects one descriptor of an
   * array binding). True when every immutable sampler the variable can select has the member,
   * false when none has it. Unknown as a run-time fact when the binding has no immutable
   * samplers (its sampler object is written at run time) or when the selectable ones disagree
   * and the index is not a constant; unknown without a verdict when {@code x} does not come from
   * a variable (a function parameter, {@code OpPhi}); needs a description without one.
   */
  public boolean immutableSamplersHave(Facts f, int x, String member) {
    given("the pipeline layout");
    int[] w = f.m.words;
    long index = -1;
    int at = x;
    for (int i = 0; i < 256 && f.opcode(at) != Opcodes.OP_VARIABLE; i++) {
      int op = f.opcode(at);
      if (op == dev.vkrules.runtime.spirv.grammar.Op.OpSampledImage) {
        at = f.def(w[at + 4]);
      } else if (op == Opcodes.OP_LOAD || op == Opcodes.OP_COPY_OBJECT) {
        at = f.def(w[at + 3]);
      } else if ((op == Opcodes.OP_ACCESS_CHAIN || op == Opcodes.OP_IN_BOUNDS_ACCESS_CHAIN) && f.count(at) == 5) {
        index = constantIndex(f, f.def(w[at + 4]));
        at = f.def(w[at + 3]);
      } else {
        return Unknown.raise();  // not from a resource variable: the rule does not judge it
      }
    }
    if (f.opcode(at) != Opcodes.OP_VARIABLE) {
      return Unknown.raise();
    }
    Optional<DescriptorBinding> b = binding(f, at);
    if (b.isEmpty()) {
      return unknown("the layout binding of the variable");
    }
    java.util.List<Sampler> samplers = b.get().immutableSamplers();
    if (samplers.isEmpty()) {
      return atRunTime("the sampler object written to set " + setOf(f, at) + ", binding " + b.get().binding()
          + " (a binding without immutable samplers)");
    }
    if (index >= 0) {
      samplers = index < samplers.size() ? java.util.List.of(samplers.get((int) index)) : java.util.List.of();
      if (samplers.isEmpty()) {
        return Unknown.raise();  // past the binding's descriptors: another rule's matter
      }
    }
    boolean some = false;
    boolean all = true;
    for (Sampler s : samplers) {
      boolean v = member(s, member);
      some |= v;
      all &= v;
    }
    if (some && !all) {
      return atRunTime("the element of set " + setOf(f, at) + ", binding " + b.get().binding()
          + " an index selects (its immutable samplers differ in " + member + ")");
    }
    return all;
  }

  /** A constant index's value; -1 (any element) when it is not a constant. */
  private static long constantIndex(Facts f, int def) {
    int op = f.opcode(def);
    if (op != Opcodes.OP_CONSTANT && op != Opcodes.OP_CONSTANT_NULL) {
      return -1;
    }
    return f.constant(def);
  }

  private static long setOf(Facts f, int var) {
    for (int d : f.m.decorationsOf(f.m.words[var + 2])) {
      if (f.opcode(d) == Opcodes.OP_DECORATE && f.count(d) > 3 && f.word(d, 2) == DESCRIPTOR_SET) {
        return f.word(d, 3);
      }
    }
    return -1;
  }

  private static boolean member(Sampler s, String member) {
    return switch (member) {
      case "unnormalizedCoordinates" -> s.unnormalizedCoordinates();
      case "anisotropyEnable" -> s.anisotropyEnable();
      case "compareEnable" -> s.compareEnable();
      default -> throw new IllegalArgumentException("no VkBool32 " + member + " in VkSamplerCreateInfo");
    };
  }

  /**
   * The value a Boolean or integer scalar constant {@code def} has in this pipeline: a
   * specialization constant's value from the stage's specialization info, else its default (what
   * the pipeline runs with), an {@code OpSpecConstantOp} evaluated on such; a plain constant its
   * own. Without a pipeline description a specialization constant's value is unknown and needs
   * one (a default says nothing of what a pipeline sets); a value computed at run time is unknown.
   */
  public long specialized(Facts f, int def) {
    int op = f.opcode(def);
    boolean spec = op == dev.vkrules.runtime.spirv.grammar.Op.OpSpecConstant
        || op == dev.vkrules.runtime.spirv.grammar.Op.OpSpecConstantTrue
        || op == dev.vkrules.runtime.spirv.grammar.Op.OpSpecConstantFalse
        || op == dev.vkrules.runtime.spirv.grammar.Op.OpSpecConstantOp;
    if (spec) {
      given("the stage's VkSpecializationInfo");
    }
    return f.defaultValue(def);
  }

  /** Whether some immutable sampler of {@code var}'s layout binding has a Y'CbCr conversion. */
  public boolean ycbcrSampler(Facts f, int var) {
    Optional<DescriptorBinding> b = binding(f, var);
    if (b.isEmpty()) {
      return unknown("the layout binding of the variable");
    }
    return b.get().immutableSamplers().stream().anyMatch(Sampler::hasYcbcrConversion);
  }
}
