package dev.vkrules.runtime.requirements;

import dev.vkrules.runtime.requirements.RequirementFinding.Severity;
import dev.vkrules.runtime.spirv.grammar.Enumerant;
import dev.vkrules.runtime.spirv.grammar.Grammar;
import dev.vkrules.runtime.spirv.grammar.OperandKind;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The checks of {@code vkCreateShaderModule} on declared capabilities and extensions:
 * {@code Shader} must be declared; every capability and extension must be one the appendix lists
 * and one of its requirements must hold. Each is a {@code VkShaderModuleCreateInfo} VUID whose id
 * and text come from the generated {@link ShaderModuleVuids}, found there by its role.
 */
public final class RequirementCheck {
  private final Map<String, SpirvRequirement> capabilities;
  private final Map<String, SpirvRequirement> extensions;
  private final RequirementEvaluator evaluator;

  public RequirementCheck(Map<String, SpirvRequirement> capabilities, Map<String, SpirvRequirement> extensions,
      RequirementEvaluator evaluator) {
    this.capabilities = capabilities;
    this.extensions = extensions;
    this.evaluator = evaluator;
  }

  /** The target and profile the requirements are evaluated for. */
  public RequirementEvaluator evaluator() {
    return evaluator;
  }

  /** The generated tables, for a target and optional profile. */
  public static RequirementCheck of(RequirementEvaluator evaluator) {
    return new RequirementCheck(RequirementTables.CAPABILITIES, RequirementTables.EXTENSIONS, evaluator);
  }

  /**
   * Checks one module's declarations, in module order. Only explicit declarations are checked
   * against the tables (as the validation layers do); implicit ones count for {@code Shader}. {@code firstInstructionOffset} locates
   * the finding for a missing {@code Shader} capability (there is no instruction to point at).
   */
  public List<RequirementFinding> check(List<Declaration> declaredCapabilities, List<Declaration> declaredExtensions,
      int firstInstructionOffset) {
    List<RequirementFinding> findings = new ArrayList<>();
    if (!declaresShader(declaredCapabilities)) {
      findings.add(new RequirementFinding(ShaderModuleVuids.SHADER_CAPABILITY, Severity.ERROR,
          "The module does not declare the Shader capability.", firstInstructionOffset, ""));
    }
    for (Declaration d : declaredCapabilities) {
      check(d, "Capability", capabilities, ShaderModuleVuids.CAPABILITY_SUPPORTED, ShaderModuleVuids.CAPABILITY_REQUIREMENTS, findings);
    }
    for (Declaration d : declaredExtensions) {
      check(d, "Extension", extensions, ShaderModuleVuids.EXTENSION_SUPPORTED, ShaderModuleVuids.EXTENSION_REQUIREMENTS, findings);
    }
    return findings;
  }

  /** A declared capability or extension whose requirement does not hold, with the VUID it breaks. */
  public record Unmet(Declaration declaration, SpirvRequirement requirement, Vuid vuid) {}

  /**
   * The declarations whose requirement is not met (unsatisfied, or needing device information
   * without a profile), in module order: what {@link #check} reports as the requirements VUID,
   * with the table entry, so a report can say what is missing ({@link RequirementEvaluator#missing}).
   */
  public List<Unmet> unmet(List<Declaration> declaredCapabilities, List<Declaration> declaredExtensions) {
    List<Unmet> out = new ArrayList<>();
    for (Declaration d : declaredCapabilities) {
      SpirvRequirement r = lookup(capabilities, d.name(), true);
      if (r != null && evaluator.evaluate(r) != Outcome.SATISFIED) {
        out.add(new Unmet(d, r, ShaderModuleVuids.CAPABILITY_REQUIREMENTS));
      }
    }
    for (Declaration d : declaredExtensions) {
      SpirvRequirement r = lookup(extensions, d.name(), false);
      if (r != null && evaluator.evaluate(r) != Outcome.SATISFIED) {
        out.add(new Unmet(d, r, ShaderModuleVuids.EXTENSION_REQUIREMENTS));
      }
    }
    return out;
  }

  /**
   * Every requirement the declarations have, met or not (the requirements view lists them); a
   * declaration the tables do not know has none.
   */
  public List<Unmet> all(List<Declaration> declaredCapabilities, List<Declaration> declaredExtensions) {
    List<Unmet> out = new ArrayList<>();
    for (Declaration d : declaredCapabilities) {
      SpirvRequirement r = lookup(capabilities, d.name(), true);
      if (r != null) {
        out.add(new Unmet(d, r, ShaderModuleVuids.CAPABILITY_REQUIREMENTS));
      }
    }
    for (Declaration d : declaredExtensions) {
      SpirvRequirement r = lookup(extensions, d.name(), false);
      if (r != null) {
        out.add(new Unmet(d, r, ShaderModuleVuids.EXTENSION_REQUIREMENTS));
      }
    }
    return out;
  }

  /**
   * Whether {@code Shader} is declared, explicitly or implicitly: a capability implicitly declares
   * the ones it depends on in the grammar ({@code Tessellation} declares {@code Shader}), and
   * glslang relies on that, emitting {@code OpCapability Tessellation} alone.
   */
  static boolean declaresShader(List<Declaration> declared) {
    OperandKind kind = Grammar.kind("Capability");
    Enumerant shader = kind.byName("Shader");
    Deque<Enumerant> work = new ArrayDeque<>();
    Set<Integer> seen = new HashSet<>();
    for (Declaration d : declared) {
      Enumerant e = kind.byName(d.name());
      if (e != null) {
        work.add(e);
      }
    }
    while (!work.isEmpty()) {
      Enumerant e = work.pop();
      if (e.value() == shader.value()) {
        return true;
      }
      if (seen.add(e.value())) {
        for (int implied : e.capabilities()) {
          Enumerant next = kind.byValue(implied);
          if (next != null) {
            work.add(next);
          }
        }
      }
    }
    return false;
  }

  /**
   * The table entry for a capability, under the name it is declared with or under another
   * grammar name of the same value: vk.xml 1.3.239 lists {@code DemoteToHelperInvocationEXT},
   * the grammar calls the value {@code DemoteToHelperInvocation} first.
   */
  private static SpirvRequirement lookup(Map<String, SpirvRequirement> table, String name, boolean capability) {
    SpirvRequirement direct = table.get(name);
    if (direct != null || !capability) {
      return direct;
    }
    OperandKind kind = Grammar.kind("Capability");
    Enumerant e = kind.byName(name);
    if (e == null) {
      return null;
    }
    // Newer grammars give a value one entry with an aliases array; older ones repeat the entry.
    for (Enumerant same : kind.enumerants()) {
      if (same.value() != e.value()) {
        continue;
      }
      if (table.containsKey(same.name())) {
        return table.get(same.name());
      }
      for (String alias : same.aliases()) {
        if (table.containsKey(alias)) {
          return table.get(alias);
        }
      }
    }
    return null;
  }

  private void check(Declaration d, String what, Map<String, SpirvRequirement> table, Vuid unknown, Vuid unmet,
      List<RequirementFinding> findings) {
    SpirvRequirement requirement = lookup(table, d.name(), what.equals("Capability"));
    if (requirement == null) {
      findings.add(new RequirementFinding(unknown, Severity.ERROR,
          what + " " + d.name() + " is not supported by Vulkan.", d.wordOffset(), d.instruction()));
      return;
    }
    Outcome outcome = evaluator.evaluate(requirement);
    if (outcome == Outcome.SATISFIED) {
      return;
    }
    String needs = d.name() + " needs " + AlternativeText.anyOf(requirement.anyOf(), evaluator::requiresMet);
    String message;
    Severity severity = Severity.ERROR;
    if (outcome == Outcome.NEEDS_DEVICE_INFO) {
      message = needs + ", which only device information can confirm.";
      severity = Severity.NEEDS_DEVICE_INFO;
    } else if (evaluator.profile().isPresent()) {
      message = needs + ", which profile " + evaluator.profile().get().name() + " does not provide.";
    } else {
      message = needs + ", which Vulkan " + evaluator.target() + " does not provide.";
    }
    findings.add(new RequirementFinding(unmet, severity, message, d.wordOffset(), d.instruction()));
  }
}
