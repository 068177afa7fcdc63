package dev.vkrules.runtime.engine.pipeline;

import dev.vkrules.runtime.engine.Facts;
import dev.vkrules.runtime.engine.base.Opcodes;
import dev.vkrules.runtime.engine.base.Unknown;
import dev.vkrules.runtime.engine.interfaces.ResourceType;
import dev.vkrules.runtime.engine.interfaces.ShaderResources;
import dev.vkrules.runtime.engine.module.Decorations;
import dev.vkrules.runtime.requirements.Vuid;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One stage's resource interface against the pipeline layout, as the pipeline create infos'
 * common valid usage states it and the layers check it at pipeline creation: each resource
 * variable the entry point statically uses (its call tree, as the layers count it) needs a
 * binding at its DescriptorSet and Binding whose stage flags include the stage
 * ({@link PipelineVuids.LayoutRole#DESCRIPTOR_STAGE}), whose descriptor type backs the
 * variable's resource type in the spec's "Shader Resource and Descriptor Type Correspondence"
 * table ({@link PipelineVuids#DESCRIPTOR_TYPES}; {@code VK_DESCRIPTOR_TYPE_MUTABLE_EXT} backs
 * any; {@link PipelineVuids.LayoutRole#DESCRIPTOR_TYPE}), and whose descriptorCount is at least
 * the variable's array length ({@link PipelineVuids.LayoutRole#DESCRIPTOR_COUNT}); an array of
 * inline uniform blocks is refused ({@link PipelineVuids.LayoutRole#INLINE_UNIFORM_ARRAY}). A
 * push constant block needs a push constant range with the stage
 * ({@link PipelineVuids.LayoutRole#PUSH_CONSTANT_STAGE}) covering every byte of the block, from
 * its first member's Offset to its end ({@link PipelineVuids.LayoutRole#PUSH_CONSTANT_CONTAINED}).
 * Linear in the entry point's variables plus the layout's bindings (each found by one hash lookup).
 */
public final class DescriptorInterface {
  static final long DESCRIPTOR_SET = 34;
  static final long BINDING = 33;
  static final long PUSH_CONSTANT = 9;
  static final String MUTABLE = "VK_DESCRIPTOR_TYPE_MUTABLE_EXT";
  static final String INLINE_UNIFORM_BLOCK = "VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK";

  private DescriptorInterface() {}

  /** A binding of a set layout: descriptor type by its vk.xml name, stage flags as VkShaderStageFlags bits. */
  public record Binding(long set, long binding, String descriptorType, long descriptorCount, long stageFlags) {}

  /** A push constant range. */
  public record PushConstantRange(long stageFlags, long offset, long size) {}

  /**
   * The pipeline layout: set layouts' bindings (set numbered by position) and push constant
   * ranges; a binding is found by its set and number in one hash lookup (built once per layout,
   * shared by every stage and variable).
   */
  public static final class PipelineLayout {
    private final List<Binding> bindings;
    private final List<PushConstantRange> pushConstantRanges;
    private final Map<Long, Binding> bySetAndBinding = new HashMap<>();

    public PipelineLayout(List<Binding> bindings, List<PushConstantRange> pushConstantRanges) {
      this.bindings = List.copyOf(bindings);
      this.pushConstantRanges = List.copyOf(pushConstantRanges);
      for (Binding b : this.bindings) {
        bySetAndBinding.putIfAbsent(key(b.set(), b.binding()), b);  // the first of two alike, as a scan would find
      }
    }

    public List<Binding> bindings() {
      return bindings;
    }

    public List<PushConstantRange> pushConstantRanges() {
      return pushConstantRanges;
    }

    /** The binding {@code binding} of set {@code set}, or null. */
    Binding binding(long set, long binding) {
      return bySetAndBinding.get(key(set, binding));
    }

    private static long key(long set, long binding) {
      return set << 32 ^ binding;
    }
  }

  /** A finding: the VUID, its sentence, and the word offset of the offending OpVariable. */
  public record Finding(Vuid vuid, String message, int offset) {}

  /**
   * Checks the entry point at word offset {@code ep} of {@code f}, created as the stage
   * {@code stageBit} (a VkShaderStageFlagBits value) of a {@code createInfo}
   * ({@code VkGraphicsPipelineCreateInfo}, ...), against {@code layout}.
   */
  public static List<Finding> check(Facts f, int ep, long stageBit, String createInfo, PipelineLayout layout) {
    List<Finding> out = new ArrayList<>();
    for (int v : f.referencedVariables(ep)) {
      try {
        if (f.opcode(v) != Opcodes.OP_VARIABLE && f.opcode(v) != Opcodes.OP_UNTYPED_VARIABLE_KHR) {
          continue;
        }
        if (f.storageClass(v) == PUSH_CONSTANT) {
          pushConstant(f, v, stageBit, createInfo, layout, out);
          continue;
        }
        Long set = decorationValue(f, f.m.words[v + 2], DESCRIPTOR_SET);
        Long binding = decorationValue(f, f.m.words[v + 2], BINDING);
        if (set == null || binding == null) {
          continue;
        }
        resource(f, v, set, binding, stageBit, createInfo, layout, out);
      } catch (Unknown u) {
        // a variable this module does not define well: other rules report it
      }
    }
    out.sort((a, b) -> Integer.compare(a.offset(), b.offset())); // not comparingInt: see Findings.ORDER
    return out;
  }

  private static void resource(Facts f, int v, long set, long binding, long stageBit, String createInfo,
      PipelineLayout layout, List<Finding> out) {
    String at = "DescriptorSet " + set + " Binding " + binding;
    Binding b = layout.binding(set, binding);
    if (b == null || (b.stageFlags() & stageBit) == 0) {
      add(out, createInfo, PipelineVuids.LayoutRole.DESCRIPTOR_STAGE, b == null
          ? "The resource variable at " + at + " has no binding there in the pipeline layout."
          : "The binding at " + at + " of the pipeline layout does not include this stage in its stageFlags.", v);
      return;
    }
    ResourceType type = ShaderResources.of(f, v);
    if (type != null && !b.descriptorType().equals(MUTABLE)) {
      List<String> allowed = allowed(type);
      if (!allowed.isEmpty() && !allowed.contains(b.descriptorType())) {
        add(out, createInfo, PipelineVuids.LayoutRole.DESCRIPTOR_TYPE, "The " + rowName(type)
            + " at " + at + " is backed by " + b.descriptorType() + " in the pipeline layout, not by "
            + String.join(" or ", allowed) + ".", v);
        return;
      }
    }
    int t = f.pointee(v);
    boolean arrayed = f.opcode(t) == Opcodes.OP_TYPE_ARRAY || f.opcode(t) == Opcodes.OP_TYPE_RUNTIME_ARRAY;
    if (arrayed && b.descriptorType().equals(INLINE_UNIFORM_BLOCK)) {
      add(out, createInfo, PipelineVuids.LayoutRole.INLINE_UNIFORM_ARRAY, "The array of descriptors at " + at
          + " is backed by " + INLINE_UNIFORM_BLOCK + ".", v);
      return;
    }
    if (f.opcode(t) == Opcodes.OP_TYPE_ARRAY) {
      long length = f.arrayLength(t);
      if (length > b.descriptorCount()) {
        add(out, createInfo, PipelineVuids.LayoutRole.DESCRIPTOR_COUNT, "The array of " + length
            + " descriptors at " + at + " is longer than the binding's descriptorCount " + b.descriptorCount() + ".", v);
      }
    }
  }

  private static void pushConstant(Facts f, int v, long stageBit, String createInfo, PipelineLayout layout,
      List<Finding> out) {
    List<PushConstantRange> ranges = new ArrayList<>();
    for (PushConstantRange r : layout.pushConstantRanges()) {
      if ((r.stageFlags() & stageBit) != 0) {
        ranges.add(r);
      }
    }
    ranges.sort((a, b) -> Long.compare(a.offset(), b.offset()));
    if (ranges.isEmpty()) {
      add(out, createInfo, PipelineVuids.LayoutRole.PUSH_CONSTANT_STAGE,
          "The push constant block has no push constant range with this stage in the pipeline layout.", v);
      return;
    }
    int t = f.pointee(v);
    if (f.opcode(t) != Opcodes.OP_TYPE_STRUCT) {
      return;
    }
    long start = f.firstMemberOffset(t);
    long end = f.size(t);
    long covered = start;
    for (PushConstantRange r : ranges) {
      if (r.offset() <= covered && r.offset() + r.size() > covered) {
        covered = r.offset() + r.size();
      }
    }
    if (covered < end) {
      add(out, createInfo, PipelineVuids.LayoutRole.PUSH_CONSTANT_CONTAINED, "The push constant block spans bytes "
          + start + " to " + end + ", but the push constant ranges with this stage cover it only up to byte "
          + covered + ".", v);
    }
  }

  private static void add(List<Finding> out, String createInfo, PipelineVuids.LayoutRole role, String message, int v) {
    Vuid vuid = vuid(createInfo, role);
    if (vuid != null) {
      out.add(new Finding(vuid, message, v));
    }
  }

  /** Each create info's layout rules by role, looked up once per create info (null where it states none). */
  private static final Map<String, Vuid[]> VUIDS = new java.util.concurrent.ConcurrentHashMap<>();

  /** {@link PipelineVuids#layout}, without making its key for every finding. */
  static Vuid vuid(String createInfo, PipelineVuids.LayoutRole role) {
    return VUIDS.computeIfAbsent(createInfo, c -> {
      PipelineVuids.LayoutRole[] roles = PipelineVuids.LayoutRole.values();
      Vuid[] out = new Vuid[roles.length];
      for (PipelineVuids.LayoutRole r : roles) {
        out[r.ordinal()] = PipelineVuids.layout(c, r);
      }
      return out;
    })[role.ordinal()];
  }

  /** {@link #allowed} of every resource type, from the table once. */
  private static final Map<ResourceType, List<String>> ALLOWED = new java.util.EnumMap<>(ResourceType.class);

  static {
    for (ResourceType t : ResourceType.values()) {
      ALLOWED.put(t, List.copyOf(allowedFromTable(t)));
    }
  }

  /** The descriptor types that may back a resource type, from the spec's correspondence table. */
  static List<String> allowed(ResourceType type) {
    return ALLOWED.get(type);
  }

  private static List<String> allowedFromTable(ResourceType type) {
    List<String> out = new ArrayList<>(PipelineVuids.DESCRIPTOR_TYPES.getOrDefault(rowName(type), List.of()));
    if (type == ResourceType.UNIFORM_BUFFER) {
      // a Block struct in Uniform is a uniform buffer or an inline uniform block: the same shape
      out.addAll(PipelineVuids.DESCRIPTOR_TYPES.getOrDefault("inline uniform block", List.of()));
    }
    return out;
  }

  /** The row of the correspondence table a resource type is: the table's own names. */
  static String rowName(ResourceType type) {
    return switch (type) {
      case SAMPLE_WEIGHT_IMAGE -> "weight image";
      default -> type.name().toLowerCase(Locale.ROOT).replace('_', ' ');
    };
  }

  private static Long decorationValue(Facts f, int id, long decoration) {
    for (int d : f.m.decorationsOf(id)) {
      if (!Decorations.isMemberDecoration(f.opcode(d)) && f.decoration(d) == decoration) {
        return f.decorationParam(d, 0);
      }
    }
    return null;
  }
}
