package dev.vkrules.runtime.engine;

import dev.vkrules.runtime.requirements.ModuleDeclarations;
import dev.vkrules.runtime.profile.DeviceProfile;
import dev.vkrules.runtime.requirements.RequirementCheck;
import dev.vkrules.runtime.requirements.RequirementEvaluator;
import dev.vkrules.runtime.requirements.StructEquivalenceTable;
import dev.vkrules.runtime.requirements.VulkanVersion;
import dev.vkrules.runtime.requirements.RequirementFinding;
import dev.vkrules.runtime.rules.CheckerRegistry;
import dev.vkrules.runtime.spirv.ParseResult;
import dev.vkrules.runtime.spirv.SpirvParser;
import dev.vkrules.runtime.spirv.text.Disassembler;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
    /** No errors: findings that need device information do not fail a module, but are not passes either. */
    public boolean ok() {
      return diagnostics.stream().noneMatch(Diagnostic::isError);
    }
  }

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

  /** The engine with every generated checker applicable to the target (shared, thread-safe). */
  public static Engine engine(Target target) {
    return ENGINES.computeIfAbsent(target, t -> new Engine(CheckerRegistry.all(), t));
  }

  /**
   * Also runs the capability and extension checks (pCode-01089/01090/01091/04146/04147) for
   * {@code requirements}' target and profile; diagnostics stay sorted by word offset then VUID.
   */
  public static ValidationResult validate(ByteBuffer module, Engine engine, RequirementCheck requirements) {
    Parsed p;
    try {
      p = parse(module);
    } catch (MalformedModuleException e) {
      return malformed(e);
    }
    ModuleIndex m = p.index();
    ValidationResult base = validate(p, engine);
    if (base.malformed()) {
      return base;
    }
    List<Diagnostic> all = new ArrayList<>(base.diagnostics());
    ModuleDeclarations declared = ModuleDeclarations.of(m.words());
    for (RequirementFinding f : requirements.check(declared.capabilities(), declared.extensions(), declared.firstInstruction())) {
      all.add(new Diagnostic(f.vuid().id(), f.message(), f.instruction(), f.wordOffset(), f.vuid().text(),
          f.severity() == RequirementFinding.Severity.ERROR ? Diagnostic.Severity.ERROR : Diagnostic.Severity.NEEDS_DEVICE_INFO));
    }
    all.sort(Comparator.comparingInt(Diagnostic::wordOffset).thenComparing(Diagnostic::vuid));
    return new ValidationResult(List.copyOf(all), false);
  }

  public static ValidationResult validate(ByteBuffer module, Engine engine) {
    try {
      return validate(parse(module), engine);
    } catch (MalformedModuleException e) {
      return malformed(e);
    }
  }

  /** A module read twice: by the toolkit's parser (grammar-checked, for printing) and the engine's index. */
  private record Parsed(ModuleIndex index, ParseResult toolkit) {}

  /**
   * Every instruction is checked against the grammar (operand count and kinds, enumerant
   * parameters, strings ending inside the instruction, ids below the bound) before any rule
   * runs, so no rule reads past its instruction or trusts a word of the next one.
   */
  private static Parsed parse(ByteBuffer module) throws MalformedModuleException {
    ModuleIndex m = ModuleIndex.of(module);
    ParseResult parsed = SpirvParser.parse(m.words);
    if (!parsed.ok()) {
      throw new MalformedModuleException(parsed.firstError());
    }
    return new Parsed(m, parsed);
  }

  private static ValidationResult malformed(MalformedModuleException e) {
    return new ValidationResult(List.of(new Diagnostic("", e.getMessage(), "", -1, "")), true);
  }

  private static ValidationResult validate(Parsed p, Engine engine) {
    ModuleIndex m = p.index();
    if (Integer.compareUnsigned(m.version(), engine.target().maxSpirvVersion()) > 0) {
      return new ValidationResult(List.of(new Diagnostic("", "SPIR-V version " + version(m.version())
          + " is not allowed for " + engine.target().envName() + " (at most " + version(engine.target().maxSpirvVersion())
          + ") at word 1", "", 1, "")), true);
    }
    List<Report.Failure> failures = engine.run(m);
    if (failures.isEmpty()) {
      return new ValidationResult(List.of(), false);
    }
    ParseResult parsed = p.toolkit();
    Disassembler printer = Disassembler.lines(parsed.module(), true);
    List<Diagnostic> out = new ArrayList<>();
    for (Report.Failure f : failures) {
      int index = parsed.module().instructionAt(f.offset());
      String text = index >= 0 ? printer.line(index) : Opcodes.name(m.words[f.offset()] & 0xffff);
      out.add(new Diagnostic(f.rule().vuid(), f.rule().message(), text, f.offset(), f.rule().text()));
    }
    return new ValidationResult(List.copyOf(out), false);
  }

  static String version(int v) {
    return ((v >>> 16) & 0xff) + "." + ((v >>> 8) & 0xff);
  }
}
