package dev.vkrules.runtime.engine.pipeline;

import dev.vkrules.runtime.engine.Facts;
import dev.vkrules.runtime.engine.base.Opcodes;
import dev.vkrules.runtime.engine.base.Unknown;
import dev.vkrules.runtime.engine.interfaces.InterfaceSlots;
import dev.vkrules.runtime.engine.module.Decorations;
import dev.vkrules.runtime.requirements.Vuid;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The interface between two linked stages: the user-defined Output variables of one entry
 * point against the Input variables of the next, as the Shader Interfaces chapter's
 * "Interface Matching" asks and as the layers check at pipeline creation. Slots come from
 * {@link InterfaceSlots} (the same layout the single-module Location rules use: per-vertex
 * arraying dropped, Patch variables apart, block members at their own Locations); each
 * (Patch, Location, Component) of the consumer's Input is compared with the producer's Output
 * there:
 *
 * <ul>
 *   <li>no Output there: {@link PipelineVuids#STAGE_DECLARED};</li>
 *   <li>a different numeric type (float against integer) or width: {@link PipelineVuids#STAGE_TYPE}
 *       (signedness need not match);</li>
 *   <li>a wider Output vector than the Input vector it feeds: {@link PipelineVuids#STAGE_VECTOR_WIDER}
 *       on targets without maintenance4, {@link PipelineVuids#STAGE_VECTOR_WIDER_MAINTENANCE4}
 *       (which needs to know whether the feature is enabled) on the others;</li>
 *   <li>PerPrimitiveEXT on one side only (mesh to fragment), and built-in blocks whose members
 *       differ in number or order (not into a fragment shader): {@link PipelineVuids#STAGE_DECORATIONS}.</li>
 * </ul>
 *
 * <p>Interpolation decorations need not match (the chapter says so). Each variable is reported
 * once per rule, at its OpVariable, for its first slot that breaks the rule. Linear in the two
 * interfaces: slots are hashed.
 */
public final class StageInterface {
  static final long PER_PRIMITIVE_EXT = 5271;
  static final long FRAGMENT = 4;

  private StageInterface() {}

  /** Which side of the link a finding points into. */
  public enum Side { PRODUCER, CONSUMER }

  /**
   * One finding: the VUID, the sentence, which module it points into and the word offset of the
   * instruction there; {@code exemptedBy} is the feature ({@link #MAINTENANCE4}) whose being enabled
   * would exempt it when the device was not known, else null (decided).
   */
  public record Finding(Vuid vuid, String message, Side side, int offset, FeatureGatedFinding.Feature exemptedBy) {}

  /** The feature that exempts a wider Output vector ({@link PipelineVuids#STAGE_VECTOR_WIDER_MAINTENANCE4}): structure, member. */
  public static final FeatureGatedFinding.Feature MAINTENANCE4 =
      new FeatureGatedFinding.Feature("VkPhysicalDeviceMaintenance4Features", "maintenance4");

  /**
   * Checks the link {@code producer}'s entry point {@code producerEp} to {@code consumer}'s
   * {@code consumerEp} (word offsets of their OpEntryPoint); {@code maintenance4Target} tells
   * whether the target has maintenance4 (Vulkan 1.3 or the extension), which decides which
   * vector rule applies; {@code maintenance4Enabled} is the device's answer (null: unknown).
   */
  public static List<Finding> check(Facts producer, int producerEp, Facts consumer, int consumerEp,
      boolean maintenance4Target, Boolean maintenance4Enabled) {
    List<Finding> out = new ArrayList<>();
    Map<Long, InterfaceSlots.Slot> outputs = new HashMap<>();
    for (int v : InterfaceSlots.interfaceVariables(producer, producerEp, InterfaceSlots.OUTPUT)) {
      for (InterfaceSlots.Slot s : InterfaceSlots.slots(producer, producerEp, v)) {
        outputs.putIfAbsent(key(s), s);
      }
    }
    // each variable is reported once per rule, at its first slot that breaks it
    Set<String> reported = new LinkedHashSet<>();
    long consumerModel = consumer.word(consumerEp, 1);
    for (int v : InterfaceSlots.interfaceVariables(consumer, consumerEp, InterfaceSlots.INPUT)) {
      for (InterfaceSlots.Slot in : InterfaceSlots.slots(consumer, consumerEp, v)) {
        InterfaceSlots.Slot o = outputs.get(key(in));
        // the slot's name ("Location 2 Component 0") is written only into a finding
        Finding f = o == null
            ? new Finding(PipelineVuids.STAGE_DECLARED, "The Input at " + where(in)
                + " has no Output of the preceding stage at that Location and Component.", Side.CONSUMER, v, null)
            : compare(producer, o, consumer, in, consumerModel, maintenance4Target, maintenance4Enabled);
        if (f != null && reported.add(f.offset() + " " + f.vuid().id())) {
          out.add(f);
        }
      }
    }
    if (consumerModel != FRAGMENT) {
      Finding b = builtInBlocks(producer, producerEp, consumer, consumerEp);
      if (b != null) {
        out.add(b);
      }
    }
    return out;
  }

  private static Finding compare(Facts pf, InterfaceSlots.Slot o, Facts cf, InterfaceSlots.Slot in,
      long consumerModel, boolean maintenance4Target, Boolean maintenance4Enabled) {
    try {
      int os = pf.scalar(o.type());
      int is = cf.scalar(in.type());
      if (pf.opcode(os) != cf.opcode(is) || pf.width(os) != cf.width(is)) {
        return new Finding(PipelineVuids.STAGE_TYPE, "The Input at " + where(in) + " is " + describe(cf, is)
            + " but the preceding stage's Output there is " + describe(pf, os) + ".", Side.CONSUMER, in.variable(), null);
      }
      if (isVector(pf, o.type()) && isVector(cf, in.type()) && pf.components(o.type()) > cf.components(in.type())) {
        String message = "The Output vector of " + pf.components(o.type()) + " components feeding " + where(in)
            + " is wider than the Input vector of " + cf.components(in.type()) + " components.";
        if (!maintenance4Target) {
          return new Finding(PipelineVuids.STAGE_VECTOR_WIDER, message, Side.PRODUCER, o.variable(), null);
        }
        if (!Boolean.TRUE.equals(maintenance4Enabled)) {
          return new Finding(PipelineVuids.STAGE_VECTOR_WIDER_MAINTENANCE4, message, Side.PRODUCER, o.variable(),
              maintenance4Enabled == null ? MAINTENANCE4 : null);
        }
      }
      boolean op = perPrimitive(pf, o);
      boolean ip = perPrimitive(cf, in);
      if (op != ip) {
        return new Finding(PipelineVuids.STAGE_DECORATIONS, "The Input at " + where(in) + (ip ? " is" : " is not")
            + " decorated PerPrimitiveEXT but the preceding stage's Output there" + (op ? " is." : " is not."),
            Side.CONSUMER, in.variable(), null);
      }
    } catch (Unknown u) {
      // a type this module does not define well: other rules report it
    }
    return null;
  }

  /** The first built-in block (a Block struct whose members are BuiltIn) of each side, compared member by member. */
  private static Finding builtInBlocks(Facts pf, int pep, Facts cf, int cep) {
    BlockMembers o = builtInBlock(pf, pep, InterfaceSlots.OUTPUT);
    BlockMembers i = builtInBlock(cf, cep, InterfaceSlots.INPUT);
    if (o == null || i == null) {
      return null;
    }
    boolean mismatch = o.builtIns().size() != i.builtIns().size();
    for (int k = 0; !mismatch && k < o.builtIns().size(); k++) {
      Long a = o.builtIns().get(k);
      Long b = i.builtIns().get(k);
      mismatch = a != null && b != null && !a.equals(b);
    }
    if (!mismatch) {
      return null;
    }
    return new Finding(PipelineVuids.STAGE_DECORATIONS, "The built-in Input block's members (BuiltIn "
        + i.builtIns() + ") differ from the preceding stage's built-in Output block's (BuiltIn " + o.builtIns() + ").",
        Side.CONSUMER, i.variable(), null);
  }

  private record BlockMembers(int variable, List<Long> builtIns) {}

  /** Whether the entry point has a built-in block (a Block struct with BuiltIn members) in the storage class. */
  static boolean hasBuiltInBlock(Facts f, int ep, long storageClass) {
    return builtInBlock(f, ep, storageClass) != null;
  }

  private static BlockMembers builtInBlock(Facts f, int ep, long storageClass) {
    for (int v : InterfaceSlots.interfaceVariables(f, ep, storageClass)) {
      try {
        int t = f.base(f.pointee(v));
        if (f.opcode(t) != Opcodes.OP_TYPE_STRUCT) {
          continue;
        }
        int id = f.m.words[t + 1];
        List<Long> members = new ArrayList<>();
        boolean any = false;
        for (int k = 0; k + 2 < f.count(t); k++) {
          Long b = memberBuiltIn(f, id, k);
          any |= b != null;
          members.add(b);
        }
        if (any) {
          return new BlockMembers(v, members);
        }
      } catch (Unknown u) {
        // not a variable with a readable type
      }
    }
    return null;
  }

  private static Long memberBuiltIn(Facts f, int structId, int member) {
    for (int d : f.m.decorationsOf(structId)) {
      if (Decorations.isMemberDecoration(f.opcode(d)) && f.word(d, 2) == member
          && f.decoration(d) == Opcodes.DECORATION_BUILTIN) {
        return f.decorationParam(d, 0);
      }
    }
    return null;
  }

  private static boolean perPrimitive(Facts f, InterfaceSlots.Slot s) {
    if (f.decorated(s.variable(), PER_PRIMITIVE_EXT)) {
      return true;
    }
    if (s.member() < 0) {
      return false;
    }
    int t = f.base(f.pointee(s.variable()));
    int id = f.m.words[t + 1];
    for (int d : f.m.decorationsOf(id)) {
      if (Decorations.isMemberDecoration(f.opcode(d)) && f.word(d, 2) == s.member() && f.decoration(d) == PER_PRIMITIVE_EXT) {
        return true;
      }
    }
    return false;
  }

  private static boolean isVector(Facts f, int t) {
    int op = f.opcode(t);
    return op == Opcodes.OP_TYPE_VECTOR || op == Opcodes.OP_TYPE_VECTOR_ID_EXT;
  }

  private static String describe(Facts f, int scalar) {
    return (f.opcode(scalar) == Opcodes.OP_TYPE_FLOAT ? "a " + f.width(scalar) + "-bit float"
        : f.opcode(scalar) == Opcodes.OP_TYPE_INT ? "a " + f.width(scalar) + "-bit integer" : "a Boolean");
  }

  private static String where(InterfaceSlots.Slot s) {
    return (s.patch() ? "Patch " : "") + "Location " + s.location() + " Component " + s.component();
  }

  private static long key(InterfaceSlots.Slot s) {
    return (s.patch() ? 1L << 50 : 0) | (s.location() << 2) | s.component();
  }
}
