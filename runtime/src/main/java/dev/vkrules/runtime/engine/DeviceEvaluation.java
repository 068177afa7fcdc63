package dev.vkrules.runtime.engine;

import dev.vkrules.runtime.engine.base.CountedPart;
import dev.vkrules.runtime.engine.device.DeviceFacts;
import dev.vkrules.runtime.engine.device.DeviceView;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Decides a module's device obligations for one device (or for none). Only the checker of each
 * obligation runs again, on its one instruction, with the device's facts: parsing and every
 * device-independent check were done once, so each further device costs a few predicate calls.
 */
public final class DeviceEvaluation {
  /**
   * An obligation decided: fails (with {@code note}, the device facts the failure read, or null,
   * and {@code parts}, what a summing rule counted), or still missing a fact, or an error.
   */
  public record Verdict(Report.Obligation obligation, boolean fails, String missing, Throwable error, String note,
      List<CountedPart> parts) {
    public Verdict(Report.Obligation obligation, boolean fails, String missing, Throwable error) {
      this(obligation, fails, missing, error, null, List.of());
    }
  }

  private DeviceEvaluation() {}

  /**
   * The obligations' verdicts on a device whose variants are {@code variants} (one description
   * per alternative the profile allows; a rule fails when it fails on any of them). With no
   * variant (no description), every obligation stays missing, once per rule.
   */
  public static List<Verdict> evaluate(Engine engine, Facts facts, List<Report.Obligation> obligations,
      List<DeviceView> variants, List<DeviceView> guaranteed, List<DeviceView> baseline) {
    List<Verdict> out = new ArrayList<>();
    if (variants.isEmpty()) {
      return offline(engine, facts, obligations, guaranteed);
    }
    try {
      for (Report.Obligation o : obligations) {
        Verdict v = decide(engine.checker(o.rule()), facts, o, variants);
        // a fact the description leaves out may still be guaranteed to every device (the Vulkan 1.0 minimum)
        if (v.missing() != null && !baseline.isEmpty()) {
          Verdict b = decide(engine.checker(o.rule()), facts, o, baseline);
          if (b.error() == null && !b.fails() && b.missing() == null) {
            continue;
          }
        }
        out.add(v);
      }
    } finally {
      facts.device(DeviceFacts.none());
    }
    return out;
  }

  /**
   * Without a description: an obligation met on what every device guarantees is met; the others
   * need device information, once per rule (the first such instruction), naming the fact.
   */
  private static List<Verdict> offline(Engine engine, Facts facts, List<Report.Obligation> obligations,
      List<DeviceView> guaranteed) {
    List<Verdict> out = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    try {
      for (Report.Obligation o : obligations) {
        if (seen.contains(o.rule().vuid())) {
          continue;
        }
        if (!guaranteed.isEmpty()) {
          Verdict v = decide(engine.checker(o.rule()), facts, o, guaranteed);
          if (v.error() == null && !v.fails() && v.missing() == null) {
            continue;
          }
        }
        seen.add(o.rule().vuid());
        out.add(new Verdict(o, false, o.fact(), null));
      }
    } finally {
      facts.device(DeviceFacts.none());
    }
    return out;
  }

  /**
   * What the sum counted whose comparison an undecided verdict could not make: the obligation's
   * checker run once more on its instruction, on {@code variant} (null: no description), with
   * measures that say what they count. Asked only for a verdict reported as undecided, so a
   * check that passes or is decided never pays for it; empty for a rule that sums nothing.
   */
  public static List<CountedPart> undecidedParts(Engine engine, Facts facts, Report.Obligation o,
      DeviceView variant) {
    Checker checker = engine.checker(o.rule());
    if (!checker.sums()) {
      return List.of(); // counts nothing: not worth a run
    }
    DeviceFacts counting = DeviceFacts.counting(variant);
    facts.device(counting);
    try {
      checker.check(facts, o.offset(), new Report());
      return counting.missingParts().isEmpty() ? counting.failedParts() : counting.missingParts();
    } catch (ModuleTimeLimit.Exceeded e) {
      throw e;
    } catch (RuntimeException | StackOverflowError e) {
      return List.of(); // the verdict reports the error; the parts are only what it counted
    } finally {
      facts.device(DeviceFacts.none());
    }
  }

  private static Verdict decide(Checker checker, Facts facts, Report.Obligation o, List<DeviceView> variants) {
    String missing = null;
    for (DeviceView v : variants) {
      facts.device(new DeviceFacts(v));
      Report r = new Report();
      try {
        checker.check(facts, o.offset(), r);
      } catch (ModuleTimeLimit.Exceeded e) {
        throw e; // the module's budget is spent: no verdict, not a bug
      } catch (RuntimeException | StackOverflowError e) {
        return new Verdict(o, false, null, e);
      }
      if (!r.failures().isEmpty()) {
        return new Verdict(o, true, null, null, r.failures().get(0).note(), r.failures().get(0).parts());
      }
      if (missing == null && !r.obligations().isEmpty()) {
        missing = r.obligations().get(0).fact();
      }
    }
    return new Verdict(o, false, missing, null);
  }
}
