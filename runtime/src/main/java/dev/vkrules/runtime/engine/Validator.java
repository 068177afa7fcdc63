package dev.vkrules.runtime.engine;

import dev.vkrules.runtime.engine.base.Opcodes;
import dev.vkrules.runtime.engine.module.MalformedModuleException;
import dev.vkrules.runtime.engine.module.ModuleIndex;
import dev.vkrules.runtime.profile.DeviceProfile;
import dev.vkrules.runtime.profile.DeviceViews;
import dev.vkrules.runtime.requirements.RequirementCheck;
import dev.vkrules.runtime.requirements.RequirementEvaluator;
import dev.vkrules.runtime.requirements.StructEquivalenceTable;
import dev.vkrules.runtime.requirements.VulkanVersion;
import dev.vkrules.runtime.rules.CheckerRegistry;
import dev.vkrules.runtime.spirv.text.Disassembler;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The library API: validates one SPIR-V module for a target and returns the diagnostics.
 *
 * <pre>{@code
 * ValidationResult r = Validator.validate(bytes, Target.VULKAN_1_3);
 * if (!r.ok()) r.diagnostics().forEach(d -> System.err.println(d.headline()));
 * }</pre>
 */
public final class Validator {
  private static final Map<Target, Engine> ENGINES = new ConcurrentHashMap<>();

  private Validator() {}

  /** The outcome: diagnostics sorted by word offset then VUID; ok when there are none. */
  public record ValidationResult(List<Diagnostic> diagnostics, boolean malformed) {
    /** The diagnostics are copied: a result is immutable, safe to hand to another thread. */
    public ValidationResult {
      diagnostics = List.copyOf(diagnostics);
    }

    /** No errors: findings that need device information do not fail a module, but are not passes either. */
    public boolean ok() {
      return diagnostics.stream().noneMatch(d -> d.isError() || d.isInternalError());
    }

    /** vkrules failed while checking this module (a bug): some rules gave no verdict. */
    public boolean internalError() {
      return diagnostics.stream().anyMatch(Diagnostic::isInternalError);
    }
  }

  /**
   * Findings kept per VUID per module unless the caller asks otherwise; the rest are counted
   * in one closing diagnostic, so output and memory stay bounded on any input.
   */
  public static final int DEFAULT_MAX_FINDINGS_PER_RULE = 20;

  public static ValidationResult validate(byte[] module, Target target) {
    return validate(ByteBuffer.wrap(module), target);
  }

  /**
   * Everything {@code vkrules validate --target-env} checks without a device profile: the rules
   * applicable to the target and the capability and extension requirements (needing device
   * information where a feature, property or extension decides).
   */
  public static ValidationResult validate(ByteBuffer module, Target target) {
    return validate(module, engine(target), requirements(target, Optional.empty()));
  }

  /** The capability and extension checks for a target and, optionally, a device profile. */
  public static RequirementCheck requirements(Target target, Optional<DeviceProfile> profile) {
    return RequirementCheck.of(new RequirementEvaluator(
        VulkanVersion.fromTargetEnv(target.envName()).orElseThrow(), profile, StructEquivalenceTable.EQUIVALENCES));
  }

  /**
   * The engine with every generated checker applicable to the target (shared, thread-safe). Its
   * checkers are loaded as modules first need them; after that a call costs nothing more.
   */
  public static Engine engine(Target target) {
    return ENGINES.computeIfAbsent(target, t -> new Engine(CheckerRegistry.CATALOG, t));
  }

  /**
   * Also runs the capability and extension checks (the VkShaderModuleCreateInfo VUIDs of ShaderModuleVuids) for
   * {@code requirements}' target and profile; diagnostics stay sorted by word offset then VUID.
   */
  public static ValidationResult validate(ByteBuffer module, Engine engine, RequirementCheck requirements) {
    return validate(module, engine, requirements, DEFAULT_MAX_FINDINGS_PER_RULE);
  }

  /**
   * As {@link #validate(ByteBuffer, Engine, RequirementCheck)}, keeping at most {@code maxPerRule}
   * findings per VUID ({@link Report#UNLIMITED} for all). A failure of vkrules itself (an
   * exception in a checker or in the module model) becomes an internal-error diagnostic for this
   * module instead of an exception, so a caller validating many modules still gets every verdict.
   */
  public static ValidationResult validate(ByteBuffer module, Engine engine, RequirementCheck requirements,
      int maxPerRule) {
    return PreparedModule.of(module, engine, maxPerRule)
        .evaluate(requirements, DeviceViews.of(requirements.evaluator().profile()));
  }

  /**
   * As {@link #validate(ByteBuffer, Engine, RequirementCheck, int)}, with specialization constant
   * values in place of the defaults ({@code --spec-constant}); a finding that read one says so.
   */
  public static ValidationResult validate(ByteBuffer module, Engine engine, RequirementCheck requirements,
      int maxPerRule, dev.vkrules.runtime.pipeline.Specialization specialization) {
    return PreparedModule.of(module, engine, maxPerRule, specialization)
        .evaluate(requirements, DeviceViews.of(requirements.evaluator().profile()));
  }

  /** The generated checkers only (no capability and extension checks), every finding kept. */
  public static ValidationResult validate(ByteBuffer module, Engine engine) {
    try {
      ModuleIndex p;
      try {
        p = ModuleIndex.of(module);
      } catch (MalformedModuleException e) {
        return malformed(e);
      }
      Checked c = validate(p, engine, Report.UNLIMITED);
      return new ValidationResult(c.diagnostics(), c.malformed());
    } catch (ModuleTimeLimit.Exceeded e) {
      throw e; // the module's budget is spent: no verdict, not a bug
    } catch (RuntimeException | StackOverflowError e) {
      return new ValidationResult(List.of(Findings.internalError("", "the module model", e, "", -1)), false);
    }
  }

  private static ValidationResult malformed(MalformedModuleException e) {
    return new ValidationResult(List.of(new Diagnostic("", e.getMessage(), "", -1, "")), true);
  }

  /** The checkers' findings (sorted) and, by VUID, how many more each reported beyond the cap. */
  private record Checked(List<Diagnostic> diagnostics, Map<String, Integer> omitted, boolean malformed) {}

  private static Checked validate(ModuleIndex m, Engine engine, int maxPerRule) {
    if (Integer.compareUnsigned(m.version(), engine.target().maxSpirvVersion()) > 0) {
      return new Checked(List.of(new Diagnostic("", "SPIR-V version " + version(m.version())
          + " is not allowed for " + engine.target().envName() + " (at most " + version(engine.target().maxSpirvVersion())
          + ") at word 1", "", 1, "")), Map.of(), true);
    }
    Engine.Outcome outcome = engine.run(m, maxPerRule);
    Map<String, Integer> omitted = new TreeMap<>();
    outcome.omitted().forEach((rule, n) -> omitted.merge(rule.vuid(), n, Integer::sum));
    if (outcome.failures().isEmpty() && outcome.checkerFailures().isEmpty()) {
      return new Checked(List.of(), omitted, false);
    }
    Disassembler printer = Disassembler.lines(m.module(), true);
    List<Diagnostic> out = new ArrayList<>();
    for (Report.Failure f : outcome.failures()) {
      int at = m.sourceOffset(f.offset());
      out.add(new Diagnostic(f.rule().vuid(), f.rule().message(), instruction(m, printer, at),
          at, f.rule().text()));
    }
    for (Engine.CheckerFailure f : outcome.checkerFailures()) {
      int at = m.sourceOffset(f.offset());
      out.add(Findings.internalError(f.rule().vuid(), "the check of this rule", f.cause(),
          instruction(m, printer, at), at));
    }
    return new Checked(Findings.sorted(out), omitted, false);
  }

  private static String instruction(ModuleIndex m, Disassembler printer, int offset) {
    int index = m.module().instructionAt(offset);
    return index >= 0 ? printer.line(index) : Opcodes.name(m.words[offset] & 0xffff);
  }

  static String version(int v) {
    return ((v >>> 16) & 0xff) + "." + ((v >>> 8) & 0xff);
  }
}
