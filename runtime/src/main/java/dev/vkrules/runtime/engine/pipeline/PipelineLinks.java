package dev.vkrules.runtime.engine.pipeline;

import dev.vkrules.runtime.engine.Diagnostic;
import dev.vkrules.runtime.engine.Facts;
import dev.vkrules.runtime.engine.PreparedModule;
import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.engine.base.Opcodes;
import dev.vkrules.runtime.engine.base.Unknown;
import dev.vkrules.runtime.engine.module.ModuleIndex;
import dev.vkrules.runtime.pipeline.DescriptorBinding;
import dev.vkrules.runtime.pipeline.Pipeline;
import dev.vkrules.runtime.pipeline.PipelineTypes;
import dev.vkrules.runtime.pipeline.SetLayout;
import dev.vkrules.runtime.pipeline.Stage;
import dev.vkrules.runtime.requirements.Vuid;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The checks of a pipeline that no single stage decides: the interface between each two
 * consecutive graphics stages ({@link StageInterface}) and each stage's resources against the
 * pipeline layout ({@link DescriptorInterface}). Runs once per pipeline, after every stage's
 * module has been prepared, on the facts those preparations built (no module is read twice);
 * its findings are added to the stage they point into.
 */
final class PipelineLinks {
  /** The order graphics stages feed each other in (task shaders feed mesh shaders through the payload, not Locations). */
  static final List<String> ORDER = List.of("VK_SHADER_STAGE_VERTEX_BIT", "VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT",
      "VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT", "VK_SHADER_STAGE_GEOMETRY_BIT", "VK_SHADER_STAGE_MESH_BIT_EXT",
      "VK_SHADER_STAGE_FRAGMENT_BIT");
  private static final Pattern LEVEL = Pattern.compile("(!?)\\(([^()]*)\\)");

  private PipelineLinks() {}

  /** A prepared stage's module facts and entry point, or null when the stage has no usable module. */
  record Linked(Stage stage, PreparedModule module, Facts facts, int entryPoint, String name) {}

  /**
   * The findings of a pipeline's links, by index in pStages: those decided without a device, and
   * those a device feature decides ({@link FeatureGatedFinding}), decided per device when each
   * stage's results are evaluated.
   */
  record Findings(Map<Integer, List<Diagnostic>> decided, Map<Integer, List<FeatureGatedFinding>> gated) {}

  /** The findings of {@code pipeline}'s links. */
  static Findings check(Pipeline pipeline, List<Linked> stages, Target target) {
    Map<Integer, List<Diagnostic>> out = new HashMap<>();
    Map<Integer, List<FeatureGatedFinding>> gated = new HashMap<>();
    if (pipeline.kind() == Pipeline.Kind.GRAPHICS) {
      // the first stage of each bit, in the order the stages feed each other
      Linked[] byOrder = new Linked[ORDER.size()];
      for (Linked l : stages) {
        int k = l == null ? -1 : ORDER.indexOf(l.stage().stage());
        if (k >= 0 && byOrder[k] == null) {
          byOrder[k] = l;
        }
      }
      List<Linked> ordered = new ArrayList<>();
      for (Linked l : byOrder) {
        if (l != null) {
          ordered.add(l);
        }
      }
      boolean m4 = !applies(target, PipelineVuids.STAGE_VECTOR_WIDER);
      for (int i = 0; i + 1 < ordered.size(); i++) {
        Linked p = ordered.get(i);
        Linked c = ordered.get(i + 1);
        String preceding = null;
        String next = null;
        for (StageInterface.Finding f : StageInterface.check(p.facts(), p.entryPoint(), c.facts(), c.entryPoint(), m4,
            null)) {
          if (!applies(target, f.vuid())) {
            continue;
          }
          Linked at = f.side() == StageInterface.Side.CONSUMER ? c : p;
          String other;
          if (f.side() == StageInterface.Side.CONSUMER) {
            other = preceding != null ? preceding : (preceding = " (preceding stage: " + stageName(p) + ")");
          } else {
            other = next != null ? next : (next = " (next stage: " + stageName(c) + ")");
          }
          Diagnostic d = diagnostic(at, f.vuid(), f.message() + other, f.offset(), Diagnostic.Severity.ERROR);
          if (f.exemptedBy() != null) {
            // no device is known yet: each device the stage is evaluated for decides it
            gated.computeIfAbsent(at.stage().index(), k -> new ArrayList<>()).add(new FeatureGatedFinding(d,
                f.exemptedBy()));
          } else {
            out.computeIfAbsent(at.stage().index(), k -> new ArrayList<>()).add(d);
          }
        }
      }
    }
    GraphicsCreateInfo.check(pipeline, stages, target, out);
    if (pipeline.kind() == Pipeline.Kind.GRAPHICS && applies(target, PipelineVuids.TASK_PAYLOAD)) {
      try {
        taskPayload(stages, out);
      } catch (Unknown u) {
        // a payload type this module does not define well: other rules report it
      }
    }
    boolean layoutRules = applies(target, DescriptorInterface.vuid(pipeline.kind().struct(),
        PipelineVuids.LayoutRole.DESCRIPTOR_STAGE));
    // the description's layout in the engine's terms, once for every stage
    DescriptorInterface.PipelineLayout layout = layoutRules && pipeline.layout() != null ? layout(pipeline) : null;
    String layoutName = null;  // " (layout: pipeline.json layout)", made for the first finding
    for (Linked l : stages) {
      if (l == null || !layoutRules) {
        continue;
      }
      List<Diagnostic> found = out.computeIfAbsent(l.stage().index(), k -> new ArrayList<>());
      if (layout == null) {
        continue;  // layout VK_NULL_HANDLE or not described: the layout rules state nothing then
      }
      long bit = PipelineTypes.bit("VkShaderStageFlagBits", l.stage().stage());
      for (DescriptorInterface.Finding f : DescriptorInterface.check(l.facts(), l.entryPoint(), bit,
          pipeline.kind().struct(), layout)) {
        if (applies(target, f.vuid())) {
          if (layoutName == null) {
            layoutName = " (layout: " + pipeline.layout().source() + ")";
          }
          found.add(diagnostic(l, f.vuid(), f.message() + layoutName, f.offset(), Diagnostic.Severity.ERROR));
        }
      }
    }
    return new Findings(out, gated);
  }

  static final long TASK_PAYLOAD_WORKGROUP = 5402;
  static final int OP_EMIT_MESH_TASKS_EXT = 5294;
  static final long MESH_EXT = 5365;

  /**
   * The task-to-mesh payload: a MeshEXT stage whose call tree accesses a TaskPayloadWorkgroupEXT
   * variable needs a task stage whose OpEmitMeshTasksEXT passes a TaskPayloadWorkgroupEXT
   * variable of the same type. Static access stands for dynamic access (the spec's word): a
   * payload read only in a branch never taken is reported too, and the message says "accesses
   * in its call tree".
   */
  private static void taskPayload(List<Linked> stages, Map<Integer, List<Diagnostic>> out) {
    Linked mesh = stages.stream().filter(l -> l != null && l.facts().word(l.entryPoint(), 1) == MESH_EXT)
        .findFirst().orElse(null);
    if (mesh == null) {
      return;
    }
    int payload = -1;
    for (int v : mesh.facts().referencedVariables(mesh.entryPoint())) {
      if (mesh.facts().opcode(v) == Opcodes.OP_VARIABLE && mesh.facts().storageClass(v) == TASK_PAYLOAD_WORKGROUP) {
        payload = v;
        break;
      }
    }
    if (payload < 0) {
      return;
    }
    Linked task = stages.stream().filter(l -> l != null && l.stage().stage().equals("VK_SHADER_STAGE_TASK_BIT_EXT"))
        .findFirst().orElse(null);
    String problem = null;
    if (task == null) {
      problem = "the pipeline has no task stage";
    } else {
      Facts t = task.facts();
      boolean emits = false;
      boolean matches = false;
      for (int x : t.m.starts) {
        if ((t.m.words[x] & 0xffff) != OP_EMIT_MESH_TASKS_EXT
            || !java.util.Arrays.stream(t.entryPoints(x)).anyMatch(e -> e == task.entryPoint())) {
          continue;
        }
        emits = true;
        if (t.count(x) > 4) {
          int v = t.def(t.m.words[x + 4]);
          matches |= t.opcode(v) == Opcodes.OP_VARIABLE && t.storageClass(v) == TASK_PAYLOAD_WORKGROUP
              && sameType(t, t.pointee(v), mesh.facts(), mesh.facts().pointee(payload), 0);
        }
      }
      if (!matches) {
        problem = emits ? "no OpEmitMeshTasksEXT of the task stage (" + task.stage().source() + ")"
            + " passes a TaskPayloadWorkgroupEXT variable of the same type"
            : "the task stage (" + task.stage().source() + ") has no OpEmitMeshTasksEXT in its call tree";
      }
    }
    if (problem != null) {
      out.computeIfAbsent(mesh.stage().index(), k -> new ArrayList<>()).add(diagnostic(mesh, PipelineVuids.TASK_PAYLOAD,
          "The mesh stage accesses a TaskPayloadWorkgroupEXT variable in its call tree, but " + problem + ".",
          payload, Diagnostic.Severity.ERROR));
    }
  }

  /** How a finding names the other stage of a link: {@code pipeline.json pStages[3], a.geom.spv}. */
  private static String stageName(Linked l) {
    return l.stage().source() + ", " + l.stage().module().name();
  }

  /** Two types of two modules are the same: opcode and literal operands, and their member or element types, recursively. */
  static boolean sameType(Facts a, int x, Facts b, int y, int depth) {
    if (depth > 64 || a.opcode(x) != b.opcode(y) || a.count(x) != b.count(y)) {
      return false;
    }
    return switch (a.opcode(x)) {
      case Opcodes.OP_TYPE_INT, Opcodes.OP_TYPE_FLOAT, Opcodes.OP_TYPE_BOOL ->
          java.util.Arrays.equals(a.m.words, x + 2, x + a.count(x), b.m.words, y + 2, y + b.count(y));
      case Opcodes.OP_TYPE_VECTOR, Opcodes.OP_TYPE_MATRIX -> a.word(x, 3) == b.word(y, 3)
          && sameType(a, a.element(x), b, b.element(y), depth + 1);
      case Opcodes.OP_TYPE_ARRAY -> a.constant(a.def(a.m.words[x + 3])) == b.constant(b.def(b.m.words[y + 3]))
          && sameType(a, a.element(x), b, b.element(y), depth + 1);
      case Opcodes.OP_TYPE_RUNTIME_ARRAY -> sameType(a, a.element(x), b, b.element(y), depth + 1);
      case Opcodes.OP_TYPE_STRUCT -> {
        for (int i = 2; i < a.count(x); i++) {
          if (!sameType(a, a.def(a.m.words[x + i]), b, b.def(b.m.words[y + i]), depth + 1)) {
            yield false;
          }
        }
        yield true;
      }
      default -> false;
    };
  }

  static Diagnostic diagnostic(Linked l, Vuid vuid, String message, int offset, Diagnostic.Severity severity) {
    int at = l.module().index().sourceOffset(offset);
    return l.module().located(new Diagnostic(vuid.id(), message, l.module().instructionAt(at), at, vuid.text(), severity));
  }

  /** The description's layout in the engine's terms: bindings numbered by set, flags as bits. */
  static DescriptorInterface.PipelineLayout layout(Pipeline p) {
    List<DescriptorInterface.Binding> bindings = new ArrayList<>();
    List<SetLayout> sets = p.layout().setLayouts();
    for (int s = 0; s < sets.size(); s++) {
      for (DescriptorBinding b : sets.get(s).bindings()) {
        bindings.add(new DescriptorInterface.Binding(s, Integer.toUnsignedLong(b.binding()), b.descriptorType(),
            Integer.toUnsignedLong(b.descriptorCount()), b.stageFlags().bits()));
      }
    }
    List<DescriptorInterface.PushConstantRange> ranges = p.layout().pushConstantRanges().stream()
        .map(r -> new DescriptorInterface.PushConstantRange(r.stageFlags().bits(), Integer.toUnsignedLong(r.offset()),
            Integer.toUnsignedLong(r.size()))).toList();
    return new DescriptorInterface.PipelineLayout(bindings, ranges);
  }

  /** {@link #applies} by target and condition: a pipeline asks the same few VUIDs for every stage and finding. */
  private static final Map<Target, Map<String, Boolean>> APPLIES = new java.util.EnumMap<>(Target.class);

  static {
    for (Target t : Target.values()) {
      APPLIES.put(t, new java.util.concurrent.ConcurrentHashMap<>());
    }
  }

  /** Whether a VUID's condition (validusage.json's key: {@code core}, {@code (A,B)+!(C)}) holds for the target. */
  static boolean applies(Target target, Vuid vuid) {
    if (vuid == null) {
      return false;
    }
    return APPLIES.get(target).computeIfAbsent(vuid.condition(), c -> holds(target, c));
  }

  private static boolean holds(Target target, String condition) {
    StringBuilder stack = new StringBuilder();
    Matcher m = LEVEL.matcher(condition);
    while (m.find()) {
      stack.append(stack.length() == 0 ? "" : ";").append(m.group(1).isEmpty() ? "ifdef:" : "ifndef:").append(m.group(2));
    }
    return target.holds(stack.toString());
  }

  /** The offset of the OpEntryPoint named {@code name} whose execution model is the stage, or -1. */
  static int entryPoint(ModuleIndex m, String name, String stageBit) {
    long want = PipelineTypes.bit("VkShaderStageFlagBits", stageBit);
    for (int ep : m.entryPoints) {
      int count = m.words[ep] >>> 16;
      if (EntryPoints.literal(m.words, ep + 3, ep + count).equals(name)) {
        Long bit = EntryPoints.stageBit(m.words[ep + 1]);
        if (bit != null && bit == want) {
          return ep;
        }
      }
    }
    return -1;
  }
}
