package dev.vkrules.runtime.engine;

import dev.vkrules.runtime.engine.Validator.ValidationResult;
import dev.vkrules.runtime.engine.base.CountedPart;
import dev.vkrules.runtime.engine.base.Opcodes;
import dev.vkrules.runtime.engine.device.DeviceView;
import dev.vkrules.runtime.engine.module.MalformedModuleException;
import dev.vkrules.runtime.engine.module.ModuleIndex;
import dev.vkrules.runtime.engine.pipeline.FeatureGatedFinding;
import dev.vkrules.runtime.engine.pipeline.LinkedStageNeeds;
import dev.vkrules.runtime.engine.pipeline.PipelineFacts;
import dev.vkrules.runtime.pipeline.Specialization;
import dev.vkrules.runtime.profile.GuaranteedDevice;
import dev.vkrules.runtime.requirements.ModuleDeclarations;
import dev.vkrules.runtime.requirements.RequirementCheck;
import dev.vkrules.runtime.requirements.RequirementEvaluator;
import dev.vkrules.runtime.requirements.RequirementFinding;
import dev.vkrules.runtime.requirements.StructProviderTable;
import dev.vkrules.runtime.requirements.VulkanVersion;
import dev.vkrules.runtime.spirv.SpirvModule;
import dev.vkrules.runtime.spirv.debug.SourceMap;
import dev.vkrules.runtime.spirv.text.Disassembler;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A module parsed and checked once, ready to be judged for any number of devices: the
 * device-independent findings are kept, and the device obligations (subjects whose verdict
 * depends on a device fact) are decided per device by {@link #evaluate}. This is what makes
 * the portability matrix cost one parse and one engine pass per module.
 */
public final class PreparedModule {
  private final Engine engine;
  private final int maxPerRule;
  /** The verdict for every device when the module is malformed or the model failed; else null. */
  private final ValidationResult fixed;
  private final ModuleIndex index;
  private final List<Diagnostic> base;
  private final Map<String, Integer> omitted;
  private final Facts facts;
  private final List<Report.Obligation> obligations;
  private final ModuleDeclarations declared;
  /**
   * Needs of the rules between linked stages that a device feature settles (the module's Output
   * vectors cannot break maintenance4-06817 on a device that enables maintenance4): reported on a
   * device unless every variant states the feature enabled.
   */
  private final List<ExemptedNeed> exemptedNeeds = new ArrayList<>();
  private Disassembler printer;

  private record ExemptedNeed(Diagnostic need, FeatureGatedFinding.Feature unless) {}
  private SourceMap sourceMap;

  private PreparedModule(Engine engine, int maxPerRule, ValidationResult fixed, ModuleIndex index,
      List<Diagnostic> base, Map<String, Integer> omitted, Facts facts, List<Report.Obligation> obligations,
      ModuleDeclarations declared) {
    this.engine = engine;
    this.maxPerRule = maxPerRule;
    this.fixed = fixed;
    this.index = index;
    this.base = base;
    this.omitted = omitted;
    this.facts = facts;
    this.obligations = obligations;
    this.declared = declared;
  }

  /**
   * Parses {@code module} (grammar-checked before any rule runs) and runs the engine once. A
   * failure of vkrules itself becomes an internal-error verdict instead of an exception.
   */
  public static PreparedModule of(ByteBuffer module, Engine engine, int maxPerRule) {
    return of(module, engine, maxPerRule, Specialization.NONE);
  }

  /**
   * As {@link #of(ByteBuffer, Engine, int)}, with a pipeline's specialization constant values in
   * place of the defaults; a finding whose verdict read one ends with where it came from.
   */
  public static PreparedModule of(ByteBuffer module, Engine engine, int maxPerRule, Specialization specialization) {
    return of(module, engine, maxPerRule, specialization, PipelineFacts.none());
  }

  /**
   * As {@link #of(ByteBuffer, Engine, int, Specialization)} for a stage of a pipeline: rules that
   * read pipeline state decide with {@code pipeline}; without one ({@link PipelineFacts#none})
   * they need a pipeline description.
   */
  public static PreparedModule of(ByteBuffer module, Engine engine, int maxPerRule, Specialization specialization,
      PipelineFacts pipeline) {
    PREPARED.incrementAndGet();
    try {
      ModuleIndex m;
      try {
        m = ModuleIndex.of(module);
      } catch (MalformedModuleException e) {
        return fixed(engine, maxPerRule, malformed(e.getMessage(), -1));
      }
      if (Integer.compareUnsigned(m.version(), engine.target().maxSpirvVersion()) > 0) {
        return fixed(engine, maxPerRule, malformed("SPIR-V version " + Validator.version(m.version())
            + " is not allowed for " + engine.target().envName() + " (at most "
            + Validator.version(engine.target().maxSpirvVersion()) + ") at word 1", 1));
      }
      Engine.Outcome outcome = engine.run(m, maxPerRule, true, specialization, pipeline);
      Map<String, Integer> omitted = new TreeMap<>();
      outcome.omitted().forEach((rule, n) -> omitted.merge(rule.vuid(), n, Integer::sum));
      PreparedModule p = new PreparedModule(engine, maxPerRule, null, m, new ArrayList<>(), omitted,
          outcome.facts(), outcome.obligations(), ModuleDeclarations.of(m.words));
      for (Report.Failure f : outcome.failures()) {
        int at = m.sourceOffset(f.offset());
        String message = f.note() == null ? f.rule().message() : f.rule().message() + " " + f.note();
        p.base.add(new Diagnostic(f.rule().vuid(), message, p.instruction(at), at, f.rule().text(),
            Diagnostic.Severity.ERROR, inSource(m, f.parts())));
      }
      for (Report.Obligation o : outcome.pipelineNeeds()) {
        int at = m.sourceOffset(o.offset());
        String message = pipeline.pipeline() == null
            ? "Needs " + o.fact() + " (a pipeline description, --pipeline) to decide: " + o.rule().message()
            : "Needs " + o.fact() + ", which the pipeline description does not give, to decide: " + o.rule().message();
        p.base.add(new Diagnostic(o.rule().vuid(), message, p.instruction(at), at, o.rule().text(),
            Diagnostic.Severity.NEEDS_PIPELINE));
      }
      for (Report.Obligation o : outcome.runTime()) {
        int at = m.sourceOffset(o.offset());
        p.base.add(new Diagnostic(o.rule().vuid(), "Decided at run time by " + o.fact() + ": " + o.rule().message(),
            p.instruction(at), at, o.rule().text(), Diagnostic.Severity.RUN_TIME));
      }
      if (pipeline.pipeline() == null && outcome.facts() != null) {
        // alone, the rules between linked stages are neither passed nor failed where they have a subject
        for (LinkedStageNeeds.Need n : LinkedStageNeeds.of(outcome.facts(), engine.target())) {
          int at = m.sourceOffset(n.entryPoint());
          Diagnostic need = new Diagnostic(n.vuid().id(), n.message(), p.instruction(at), at, n.vuid().text(),
              Diagnostic.Severity.NEEDS_PIPELINE);
          if (n.unless() == null) {
            p.base.add(need);
          } else {
            p.exemptedNeeds.add(new ExemptedNeed(need, n.unless()));
          }
        }
      }
      for (Engine.CheckerFailure f : outcome.checkerFailures()) {
        int at = m.sourceOffset(f.offset());
        p.base.add(Findings.internalError(f.rule().vuid(), "the check of this rule", f.cause(),
            p.instruction(at), at));
      }
      return p;
    } catch (ModuleTimeLimit.Exceeded e) {
      throw e; // the module's budget is spent: no verdict, not a bug
    } catch (dev.vkrules.runtime.pipeline.Specialization.Unusable e) {
      return fixed(engine, maxPerRule, new ValidationResult(List.of(Findings.unusable(e)), false));
    } catch (RuntimeException | StackOverflowError e) {
      return fixed(engine, maxPerRule,
          new ValidationResult(List.of(Findings.internalError("", "the module model", e, "", -1)), false));
    }
  }

  /** How many modules were prepared (parsed and checked); a test reads it. */
  private static final java.util.concurrent.atomic.AtomicLong PREPARED = new java.util.concurrent.atomic.AtomicLong();

  /**
   * How many modules this process has parsed and run the engine on: what a verdict cache saves is
   * counted here (a run served from the cache adds nothing), not timed.
   */
  public static long preparedCount() {
    return PREPARED.get();
  }

  private static PreparedModule fixed(Engine engine, int maxPerRule, ValidationResult r) {
    return new PreparedModule(engine, maxPerRule, r, null, List.of(), Map.of(), null, List.of(), null);
  }

  private static ValidationResult malformed(String message, int offset) {
    return new ValidationResult(List.of(new Diagnostic("", message, "", offset, "")), true);
  }

  /** The module's index, or null when it is malformed or the model failed. */
  public ModuleIndex index() {
    return index;
  }

  /** The facts the engine pass built, or null when the module is malformed or the model failed. */
  public Facts facts() {
    return facts;
  }

  /** The disassembled instruction at a word offset (as findings show it). */
  public String instructionAt(int offset) {
    return instruction(offset);
  }

  /** Whether some verdict of this module depends on device facts. */
  public boolean deviceDependent() {
    return !obligations.isEmpty();
  }

  /**
   * The module's diagnostics for one device: its device-independent findings, its device
   * obligations decided on {@code variants} (none: each needs device information, once per
   * rule), and, unless {@code requirements} is null, the capability and extension checks.
   * {@code deviceName} names the description in "needs" messages (null without one).
   */
  public ValidationResult evaluate(RequirementCheck requirements, List<DeviceView> variants) {
    if (fixed != null) {
      return fixed;
    }
    try {
      List<Diagnostic> all = new ArrayList<>(base);
      for (ExemptedNeed n : exemptedNeeds) {
        if (!enabledOnEvery(variants, n.unless())) {
          all.add(n.need());
        }
      }
      String device = variants.isEmpty() ? null : variants.get(0).name();
      // what the device lacks for the module's declared capabilities and extensions: the limits of
      // a structure only those extensions provide are absent on it, not unknown (no noise about them)
      // (computed only when some fact is missing: most cells need none of it)
      Set<String> lacking = null;
      // The guaranteed minimum is read only for a module with device obligations: most modules have none.
      List<DeviceView> guaranteed = variants.isEmpty() && !obligations.isEmpty()
          ? GuaranteedDevice.of(engine.target().envName().replace("vulkan", "")) : List.of();
      for (DeviceEvaluation.Verdict v : DeviceEvaluation.evaluate(engine, facts, obligations, variants, guaranteed,
          obligations.isEmpty() ? List.of() : GuaranteedDevice.of("1.0"))) {
        if (lacking == null && v.missing() != null) {
          lacking = new HashSet<>();
          if (requirements != null && !variants.isEmpty()) {
            for (RequirementCheck.Unmet u : requirements.unmet(declared.capabilities(), declared.extensions())) {
              lacking.addAll(RequirementEvaluator.providers(u.requirement()));
            }
          }
        }
        RuleInfo rule = v.obligation().rule();
        int at = index.sourceOffset(v.obligation().offset());
        if (v.error() != null) {
          all.add(Findings.internalError(rule.vuid(), "the check of this rule", v.error(), instruction(at), at));
        } else if (v.fails()) {
          String message = v.note() == null ? rule.message() : rule.message() + " " + v.note();
          all.add(new Diagnostic(rule.vuid(), message, instruction(at), at, rule.text(), Diagnostic.Severity.ERROR,
              inSource(index, v.parts())));
        } else if (v.missing() != null && !absent(v.missing(), lacking, variants)) {
          // what a sum counted is worked out only now, for the verdict reported
          List<CountedPart> parts = DeviceEvaluation.undecidedParts(engine, facts, v.obligation(),
              variants.isEmpty() ? null : variants.get(0));
          all.add(new Diagnostic(rule.vuid(), needs(rule.message(), v.missing(), device), instruction(at), at,
              rule.text(), Diagnostic.Severity.NEEDS_DEVICE_INFO, inSource(index, parts)));
        }
      }
      if (requirements != null) {
        for (RequirementFinding f : requirements.check(declared.capabilities(), declared.extensions(),
            declared.firstInstruction())) {
          all.add(new Diagnostic(f.vuid().id(), f.message(), f.instruction(), f.wordOffset(), f.vuid().text(),
              f.severity() == RequirementFinding.Severity.ERROR ? Diagnostic.Severity.ERROR
                  : Diagnostic.Severity.NEEDS_DEVICE_INFO));
        }
      }
      return new ValidationResult(located(Findings.bounded(all, maxPerRule, omitted)), false);
    } catch (ModuleTimeLimit.Exceeded e) {
      throw e; // the module's budget is spent: no verdict, not a bug
    } catch (dev.vkrules.runtime.pipeline.Specialization.Unusable e) {
      return new ValidationResult(List.of(Findings.unusable(e)), false);
    } catch (RuntimeException | StackOverflowError e) {
      return new ValidationResult(List.of(Findings.internalError("", "the module model", e, "", -1)), false);
    }
  }

  /** Whether the device has variants and every one states {@code feature} enabled (a feature unstated is unknown). */
  private static boolean enabledOnEvery(List<DeviceView> variants, FeatureGatedFinding.Feature feature) {
    if (variants.isEmpty()) {
      return false;
    }
    for (DeviceView v : variants) {
      if (!Boolean.TRUE.equals(v.feature(feature.struct(), feature.member()))) {
        return false;
      }
    }
    return true;
  }

  /** The module's OpCapability and OpExtension declarations (null for a malformed module). */
  public ModuleDeclarations declarations() {
    return declared;
  }

  /**
   * Whether {@code fact} ({@code Struct::member...}) belongs to a structure that only versions or
   * extensions the device lacks provide, one of them named by an unmet requirement of the module:
   * the module already fails for that, and the structure's limits do not exist on the device.
   */
  static boolean absent(String fact, Set<String> lacking, List<DeviceView> variants) {
    int sep = fact.indexOf("::");
    if (lacking.isEmpty() || sep < 0) {
      return false;
    }
    List<String> providers = StructProviderTable.PROVIDERS.get(fact.substring(0, sep));
    if (providers == null || providers.stream().noneMatch(lacking::contains)) {
      return false;
    }
    for (DeviceView v : variants) {
      for (String p : providers) {
        if (provides(v, p)) {
          return false;
        }
      }
    }
    return true;
  }

  /**
   * Whether the device can state {@code fact} ({@code Struct::member...}): every variant has a
   * version or extension that provides the structure (true when the fact names no known structure).
   */
  public static boolean provided(String fact, List<DeviceView> variants) {
    int sep = fact.indexOf("::");
    List<String> providers = sep < 0 ? null : StructProviderTable.PROVIDERS.get(fact.substring(0, sep));
    if (providers == null) {
      return true;
    }
    return variants.stream().allMatch(v -> providers.stream().anyMatch(p -> provides(v, p)));
  }

  /** Whether the device has the extension, or a version at least {@code VK_VERSION_X_Y} (an unstated version might). */
  private static boolean provides(DeviceView v, String provider) {
    java.util.Optional<VulkanVersion> version = VulkanVersion.fromMacro(provider);
    if (version.isEmpty()) {
      return v.extension(provider);
    }
    int[] api = v.apiVersion();
    return api == null || new VulkanVersion(api[0], api[1]).atLeast(version.get());
  }

  /** "Needs X to decide: message": the rule's own sentence, with the fact that would decide it first. */
  public static String needs(String message, String fact, String device) {
    return "Needs " + fact + (device == null ? "" : ", which " + device + " does not state,") + " to decide: "
        + message;
  }

  /**
   * The findings placed in the shader's source ({@link Diagnostic#source}): the module's debug
   * information and names are read on the first finding that has an instruction, once per module.
   */
  private List<Diagnostic> located(List<Diagnostic> findings) {
    List<Diagnostic> out = null;
    for (int k = 0; k < findings.size(); k++) {
      Diagnostic d = findings.get(k);
      if (d.wordOffset() < SpirvModule.HEADER_WORDS || d.wordOffset() >= index.module().wordCount()) {
        continue;
      }
      Diagnostic.Source source = source(d.wordOffset());
      List<CountedPart> parts = placed(d.parts());
      if (source == Diagnostic.Source.NONE && parts == d.parts()) {
        continue;
      }
      if (out == null) {
        out = new ArrayList<>(findings);
      }
      out.set(k, d.withSource(source).withParts(parts));
    }
    return out == null ? findings : List.copyOf(out);
  }

  /** A summing finding's parts with the source lines of their declarations (the same list when none has one). */
  private List<CountedPart> placed(List<CountedPart> parts) {
    List<CountedPart> out = null;
    for (int k = 0; k < parts.size(); k++) {
      CountedPart p = parts.get(k);
      if (p.wordOffset() < SpirvModule.HEADER_WORDS || p.wordOffset() >= index.module().wordCount()) {
        continue;
      }
      dev.vkrules.runtime.spirv.debug.SourceLocation at = source(p.wordOffset()).location();
      if (at == null) {
        continue;
      }
      if (out == null) {
        out = new ArrayList<>(parts);
      }
      out.set(k, new CountedPart(p.name(), p.size(), p.unit(), p.wordOffset(), at));
    }
    return out == null ? parts : out;
  }

  /** Where the instruction at {@code offset} lands in the source, and what it names. */
  public Diagnostic.Source source(int offset) {
    try {
      if (sourceMap == null) {
        sourceMap = SourceMap.of(index.module());
      }
      SourceMap.Resolved r = sourceMap.resolve(offset);
      return r.location() == null && r.subject() == null ? Diagnostic.Source.NONE
          : new Diagnostic.Source(r.location(), r.subject());
    } catch (RuntimeException | StackOverflowError e) {
      // debug information vkrules cannot read takes nothing from the verdicts: the finding keeps its word offset
      return Diagnostic.Source.NONE;
    }
  }

  /** The same finding placed in the source (for findings made from this module elsewhere, as between linked stages). */
  public Diagnostic located(Diagnostic d) {
    if (fixed != null || d.wordOffset() < SpirvModule.HEADER_WORDS || d.wordOffset() >= index.module().wordCount()) {
      return d;
    }
    Diagnostic.Source s = source(d.wordOffset());
    return s == Diagnostic.Source.NONE ? d : d.withSource(s);
  }

  /** Parts with the word offsets of the module as given (a specialized module's own are mapped back). */
  private static List<CountedPart> inSource(ModuleIndex m, List<CountedPart> parts) {
    if (parts.isEmpty()) {
      return parts;
    }
    List<CountedPart> out = new ArrayList<>(parts.size());
    for (CountedPart p : parts) {
      out.add(new CountedPart(p.name(), p.size(), p.unit(), m.sourceOffset(p.wordOffset())));
    }
    return out;
  }

  private String instruction(int offset) {
    if (printer == null) {
      printer = Disassembler.lines(index.module(), true);
    }
    int i = index.module().instructionAt(offset);
    return i >= 0 ? printer.line(i) : Opcodes.name(index.words[offset] & 0xffff);
  }
}
