package dev.vkrules.runtime.engine.pipeline;

import dev.vkrules.runtime.engine.Facts;
import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.engine.base.Opcodes;
import dev.vkrules.runtime.engine.base.Unknown;
import dev.vkrules.runtime.engine.interfaces.InterfaceSlots;
import dev.vkrules.runtime.requirements.Vuid;
import java.util.ArrayList;
import java.util.List;

/**
 * What a module validated alone cannot say about the rules between linked stages
 * ({@link PipelineLinks}): for each entry point where, linked into a pipeline, one of those rules
 * could report a finding, one "needs a pipeline description" finding per rule, at the
 * OpEntryPoint. An entry point without such a subject gets none (a compute shader; a vertex
 * shader whose Outputs are built-ins or scalars), so the line is never noise: every error the
 * linked check can raise in a module is announced by its module alone.
 *
 * <ul>
 *   <li>{@link PipelineVuids#STAGE_DECLARED} and {@link PipelineVuids#STAGE_TYPE}: user-defined
 *       Input variables (with Locations) of a stage that a preceding stage feeds (tessellation
 *       control and evaluation, geometry, fragment);</li>
 *   <li>{@link PipelineVuids#STAGE_VECTOR_WIDER} (or {@link PipelineVuids#STAGE_VECTOR_WIDER_MAINTENANCE4},
 *       whichever the target has): user-defined Output vectors of a stage that feeds a next one
 *       (vertex, tessellation, geometry, mesh); the maintenance4 rule's need goes on a device whose
 *       every variant states maintenance4 enabled ({@link Need#unless}), as no link can break it then;</li>
 *   <li>{@link PipelineVuids#STAGE_DECORATIONS}: user-defined Inputs of a fragment shader
 *       (PerPrimitiveEXT), a built-in Input block of a tessellation or geometry shader;</li>
 *   <li>{@link PipelineVuids#TASK_PAYLOAD}: a MeshEXT entry point whose call tree accesses a
 *       TaskPayloadWorkgroupEXT variable.</li>
 * </ul>
 */
public final class LinkedStageNeeds {
  private LinkedStageNeeds() {}

  /**
   * One need: the rule, the OpEntryPoint's word offset, and the sentence; {@code unless}, the
   * feature whose being enabled on the device exempts every link the rule could fail on (null for
   * rules no device feature decides).
   */
  public record Need(Vuid vuid, int entryPoint, String message, FeatureGatedFinding.Feature unless) {}

  /** The needs of every entry point of the module, in entry-point order then rule order. */
  public static List<Need> of(Facts f, Target target) {
    List<Need> out = new ArrayList<>();
    for (int ep : f.m.entryPoints) {
      int executionModel = (int) f.word(ep, 1);
      // the stage by its name among the linked stages' names: no vk.xml table for a module alone
      String stage = EntryPoints.stageName(executionModel);
      int position = stage == null ? -1 : PipelineLinks.ORDER.indexOf(stage);
      String model = dev.vkrules.runtime.spirv.grammar.ExecutionModel.name(executionModel);
      if (position < 0) {
        continue;
      }
      boolean fragment = position == PipelineLinks.ORDER.size() - 1;
      boolean mesh = PipelineLinks.ORDER.get(position).equals("VK_SHADER_STAGE_MESH_BIT_EXT");
      boolean consumer = position > 0 && !mesh;
      int inputs = 0;
      if (consumer) {
        for (int v : InterfaceSlots.interfaceVariables(f, ep, InterfaceSlots.INPUT)) {
          if (InterfaceSlots.takesLocations(f, ep, v)) {
            inputs++;
          }
        }
      }
      String userInputs = inputs + " user-defined Input variable" + (inputs == 1 ? "" : "s") + " of this " + model
          + " entry point";
      if (inputs > 0) {
        add(out, target, PipelineVuids.STAGE_DECLARED, ep, "the preceding stage", userInputs);
        add(out, target, PipelineVuids.STAGE_TYPE, ep, "the preceding stage", userInputs);
      }
      if (!fragment) {
        int vectors = 0;
        for (int v : InterfaceSlots.interfaceVariables(f, ep, InterfaceSlots.OUTPUT)) {
          if (InterfaceSlots.slots(f, ep, v).stream().anyMatch(s -> isVector(f, s.type()))) {
            vectors++;
          }
        }
        if (vectors > 0) {
          String subject = vectors + " user-defined Output variable" + (vectors == 1 ? "" : "s") + " with vectors of this "
              + model + " entry point";
          // on a target with maintenance4 the rule holds only while the feature is not enabled
          if (PipelineLinks.applies(target, PipelineVuids.STAGE_VECTOR_WIDER)) {
            add(out, target, PipelineVuids.STAGE_VECTOR_WIDER, ep, "the next stage", subject);
          } else {
            add(out, target, PipelineVuids.STAGE_VECTOR_WIDER_MAINTENANCE4, ep, "the next stage", subject,
                StageInterface.MAINTENANCE4);
          }
        }
      }
      if (fragment && inputs > 0) {
        add(out, target, PipelineVuids.STAGE_DECORATIONS, ep, "the preceding stage", userInputs);
      } else if (consumer && !fragment && StageInterface.hasBuiltInBlock(f, ep, InterfaceSlots.INPUT)) {
        add(out, target, PipelineVuids.STAGE_DECORATIONS, ep, "the preceding stage",
            "the built-in Input block of this " + model + " entry point");
      }
      if (f.word(ep, 1) == PipelineLinks.MESH_EXT && accessesPayload(f, ep)) {
        add(out, target, PipelineVuids.TASK_PAYLOAD, ep, "the task stage",
            "TaskPayloadWorkgroupEXT variable this " + model + " entry point accesses");
      }
    }
    return out;
  }

  private static void add(List<Need> out, Target target, Vuid vuid, int ep, String state, String subject) {
    add(out, target, vuid, ep, state, subject, null);
  }

  private static void add(List<Need> out, Target target, Vuid vuid, int ep, String state, String subject,
      FeatureGatedFinding.Feature unless) {
    if (PipelineLinks.applies(target, vuid)) {
      out.add(new Need(vuid, ep, "Needs " + state + " of the pipeline (a pipeline description, --pipeline) to decide, for the "
          + subject + ": " + vuid.text() + (vuid.text().endsWith(".") ? "" : "."), unless));
    }
  }

  /** The entry point's place in {@link PipelineLinks#ORDER}, or -1 for a stage no Location interface links. */
  private static boolean accessesPayload(Facts f, int ep) {
    for (int v : f.referencedVariables(ep)) {
      try {
        if (f.opcode(v) == Opcodes.OP_VARIABLE && f.storageClass(v) == PipelineLinks.TASK_PAYLOAD_WORKGROUP) {
          return true;
        }
      } catch (Unknown u) {
        // not a variable with a storage class
      }
    }
    return false;
  }

  private static boolean isVector(Facts f, int t) {
    try {
      int op = f.opcode(t);
      return op == Opcodes.OP_TYPE_VECTOR || op == Opcodes.OP_TYPE_VECTOR_ID_EXT;
    } catch (Unknown u) {
      return false;
    }
  }
}
