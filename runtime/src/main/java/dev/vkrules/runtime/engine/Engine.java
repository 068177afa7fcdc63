package dev.vkrules.runtime.engine;

import dev.vkrules.runtime.pipeline.Specialization;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Runs the checkers applicable to a target over one module: one pass to index the module,
 * then, leaving out the checkers whose module tests fail ({@link Checker#applies}), one pass over
 * the instructions dispatching each to the checkers subscribed to its opcode. Checkers are
 * independent, so any number of VUIDs may fire on one module.
 */
public final class Engine {
  private final Target target;
  private final List<Checker> checkers;
  /** Each checker by its rule (the same RuleInfo instance). */
  private final Map<RuleInfo, Checker> byRule = new IdentityHashMap<>();
  /** Per opcode: the checkers subscribed to it, as indexes into {@link #checkers}. */
  private final int[][] byOpcodeIndex;

  public Engine(List<Checker> all, Target target) {
    this.target = target;
    this.checkers = all.stream().filter(c -> target.holds(c.info().condition())).toList();
    checkers.forEach(c -> byRule.put(c.info(), c));
    List<List<Integer>> table = new ArrayList<>();
    for (int i = 0; i < checkers.size(); i++) {
      for (int op : checkers.get(i).opcodes()) {
        while (table.size() <= op) {
          table.add(new ArrayList<>());
        }
        table.get(op).add(i);
      }
    }
    byOpcodeIndex = table.stream().map(l -> l.stream().mapToInt(Integer::intValue).toArray()).toArray(int[][]::new);
  }

  /** The checkers of {@code indexes} (into {@link #checkers}) that are not inactive. */
  private Checker[] active(int[] indexes, boolean[] inactive) {
    int n = 0;
    for (int i : indexes) {
      n += inactive[i] ? 0 : 1;
    }
    Checker[] out = new Checker[n];
    n = 0;
    for (int i : indexes) {
      if (!inactive[i]) {
        out[n++] = checkers.get(i);
      }
    }
    return out;
  }

  public Target target() {
    return target;
  }

  /** The checkers whose condition holds for the target. */
  public List<Checker> checkers() {
    return checkers;
  }

  /** Runs every applicable checker, keeping every failure; a checker's exception propagates. */
  public List<Report.Failure> run(ModuleIndex module) {
    Outcome o = run(module, Report.UNLIMITED);
    if (!o.checkerFailures().isEmpty()) {
      CheckerFailure e = o.checkerFailures().get(0);
      throw new IllegalStateException("checker of " + e.rule().vuid() + " failed at word " + e.offset(), e.cause());
    }
    return o.failures();
  }

  /**
   * What one run found: the failures kept (sorted by word offset, then VUID), how many more
   * each rule reported beyond {@code maxPerRule} (by VUID), and the checkers that failed.
   */
  public record Outcome(List<Report.Failure> failures, Map<RuleInfo, Integer> omitted,
      List<CheckerFailure> checkerFailures, Facts facts, List<Report.Obligation> obligations,
      List<Report.Obligation> pipelineNeeds) {}

  /** The checker of a rule this engine runs, for deciding its device obligations again. */
  Checker checker(RuleInfo rule) {
    Checker c = byRule.get(rule);
    if (c == null) {
      throw new IllegalArgumentException("no checker for " + rule.vuid());
    }
    return c;
  }

  /** A checker that threw while checking the instruction at word {@code offset}. */
  public record CheckerFailure(RuleInfo rule, int offset, Throwable cause) {}

  /**
   * Runs every applicable checker, keeping at most {@code maxPerRule} failures per rule. A
   * checker that throws (a bug, or a module shape it did not expect) is recorded as an
   * internal error and skipped for the rest of this module; the other checkers still run,
   * so one broken rule never hides the verdicts of the others.
   */
  public Outcome run(ModuleIndex module, int maxPerRule) {
    return run(module, maxPerRule, true);
  }

  /**
   * As {@link #run(ModuleIndex, int)}; without {@code fastForms} every checker evaluates only
   * its exact three-valued form (for the test that shows both forms give the same verdicts).
   */
  public Outcome run(ModuleIndex module, int maxPerRule, boolean fastForms) {
    return run(module, maxPerRule, fastForms, Specialization.NONE);
  }

  /**
   * As {@link #run(ModuleIndex, int, boolean)}, with a pipeline's specialization constant values
   * in place of the defaults; a failure whose verdict read one says so in its note.
   */
  public Outcome run(ModuleIndex module, int maxPerRule, boolean fastForms, Specialization specialization) {
    return run(module, maxPerRule, fastForms, specialization, PipelineFacts.none());
  }

  /**
   * As {@link #run(ModuleIndex, int, boolean, Specialization)}, for a module that is a stage of a
   * pipeline: rules that read pipeline state ({@link PipelineFacts}) decide with it.
   */
  public Outcome run(ModuleIndex module, int maxPerRule, boolean fastForms, Specialization specialization,
      PipelineFacts pipeline) {
    Facts facts = new Facts(module, fastForms);
    facts.pipeline(pipeline);
    Specializer specializer = specialization.isEmpty() ? null : new Specializer(specialization);
    if (specializer != null) {
      facts.specialize(specializer);
    }
    Report report = new Report(maxPerRule);
    Set<Checker> failed = new HashSet<>();
    List<CheckerFailure> errors = new ArrayList<>();
    // The checkers whose module tests fail here are left out of this module's dispatch table,
    // which is filled per opcode the first time the module uses that opcode.
    boolean[] inactive = new boolean[checkers.size()];
    for (int i = 0; i < inactive.length; i++) {
      Checker c = checkers.get(i);
      try {
        inactive[i] = !c.applies(facts);
      } catch (RuntimeException | StackOverflowError e) {
        inactive[i] = true;
        errors.add(new CheckerFailure(c.info(), 0, e));
      }
    }
    Checker[][] dispatch = new Checker[byOpcodeIndex.length][];
    int[] starts = module.starts;
    int[] synthetic = module.syntheticStarts;
    // The module's instructions, then the decorations its decoration groups apply (see
    // ModuleIndex): a group's own decorations are not subjects, their applications are.
    for (int k = 0, total = starts.length + synthetic.length; k < total; k++) {
      int off = k < starts.length ? starts[k] : synthetic[k - starts.length];
      int op = module.words[off] & 0xffff;
      if (op < byOpcodeIndex.length && !(synthetic.length > 0 && k < starts.length && module.decoratesGroup(off))) {
        Checker[] subscribed = dispatch[op];
        if (subscribed == null) {
          subscribed = active(byOpcodeIndex[op], inactive);
          dispatch[op] = subscribed;
        }
        for (Checker c : subscribed) {
          if (!failed.isEmpty() && failed.contains(c)) {
            continue;
          }
          try {
            if (specializer == null) {
              c.check(facts, off, report);
            } else {
              int before = report.kept();
              specializer.clearReads();
              c.check(facts, off, report);
              if (report.kept() > before && specializer.hasReads()) {
                report.annotateSince(before, specializer.provenance());
              }
            }
          } catch (RuntimeException | StackOverflowError e) {
            failed.add(c);
            errors.add(new CheckerFailure(c.info(), off, e));
          }
        }
      }
    }
    List<Report.Failure> out = new ArrayList<>(report.failures());
    out.sort(Comparator.comparingInt(Report.Failure::offset).thenComparing(f -> f.rule().vuid()));
    Map<RuleInfo, Integer> omitted = new TreeMap<>(Comparator.comparing(RuleInfo::vuid));
    report.omitted().forEach((rule, n) -> omitted.merge(rule, n, Integer::sum));
    return new Outcome(List.copyOf(out), omitted, List.copyOf(errors), facts, List.copyOf(report.obligations()),
        List.copyOf(report.pipelineNeeds()));
  }
}
