package dev.vkrules.runtime.requirements;

import dev.vkrules.runtime.requirements.RequirementFinding.Severity;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The checks of {@code vkCreateShaderModule} on declared capabilities and extensions:
 * {@code Shader} must be declared (pCode-01089); every capability and extension must be one the
 * appendix lists (pCode-01090, pCode-04146) and one of its requirements must hold (pCode-01091,
 * pCode-04147). VUIDs and their texts come from the generated {@link ShaderModuleVuids}.
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

  /** The generated tables, for a target and optional profile. */
  public static RequirementCheck of(RequirementEvaluator evaluator) {
    return new RequirementCheck(RequirementTables.CAPABILITIES, RequirementTables.EXTENSIONS, evaluator);
  }

  /**
   * Checks one module's declarations, in module order. {@code firstInstructionOffset} locates
   * the finding for a missing {@code Shader} capability (there is no instruction to point at).
   */
  public List<RequirementFinding> check(List<Declaration> declaredCapabilities, List<Declaration> declaredExtensions,
      int firstInstructionOffset) {
    List<RequirementFinding> findings = new ArrayList<>();
    if (declaredCapabilities.stream().noneMatch(d -> d.name().equals("Shader"))) {
      findings.add(new RequirementFinding(ShaderModuleVuids.PCODE_01089, Severity.ERROR,
          "The module does not declare the Shader capability.", firstInstructionOffset, ""));
    }
    for (Declaration d : declaredCapabilities) {
      check(d, "Capability", capabilities, ShaderModuleVuids.PCODE_01090, ShaderModuleVuids.PCODE_01091, findings);
    }
    for (Declaration d : declaredExtensions) {
      check(d, "Extension", extensions, ShaderModuleVuids.PCODE_04146, ShaderModuleVuids.PCODE_04147, findings);
    }
    return findings;
  }

  private void check(Declaration d, String what, Map<String, SpirvRequirement> table, Vuid unknown, Vuid unmet,
      List<RequirementFinding> findings) {
    SpirvRequirement requirement = table.get(d.name());
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
