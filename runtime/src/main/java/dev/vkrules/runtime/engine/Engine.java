package dev.vkrules.runtime.engine;

import dev.vkrules.runtime.engine.base.Opcodes;
import dev.vkrules.runtime.engine.module.Decorations;
import dev.vkrules.runtime.engine.module.ModuleIndex;
import dev.vkrules.runtime.engine.module.Specializer;
import dev.vkrules.runtime.engine.pipeline.PipelineFacts;
import dev.vkrules.runtime.pipeline.Specialization;
import dev.vkrules.runtime.spirv.IdMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Runs the checkers applicable to a target over one module: one pass to index the module,
 * then, leaving out the checkers whose module tests fail ({@link Checker#applies}), one pass over
 * the instructions dispatching each to the checkers subscribed to its opcode. Checkers are
 * independent, so any number of VUIDs may fire on one module.
 */
public final class Engine {
  private final Target target;
  private final CheckerCatalog catalog;
  /** The catalog indexes of the checkers whose condition holds for the target; positions below index this. */
  private final int[] ids;
  /** The checkers made so far, by position; each is made on first use ({@link #checker(int)}). */
  private final AtomicReferenceArray<Checker> made;
  /** Each checker's position by its rule's VUID; made on first use (byVuid()): one module never asks. */
  private volatile Map<String, Integer> byVuid;
  /** Per opcode: the checkers subscribed to it, as positions. */
  private final int[][] byOpcodeIndex;

  public Engine(List<Checker> all, Target target) {
    this(CheckerCatalog.of(all), target);
  }

  /**
   * An engine over a catalog: nothing is loaded here, only the catalog's data is read; each
   * checker is made the first time a module uses one of its opcodes and passes its module test.
   */
  public Engine(CheckerCatalog catalog, Target target) {
    this.target = target;
    this.catalog = catalog;
    int[] holding = new int[catalog.size()];
    int n = 0;
    int maxOp = -1;
    // Conditions repeat (a few dozen distinct among hundreds of checkers), and the generated
    // catalog's are string constants, one object each: decided once per object.
    Map<String, Boolean> decided = new IdentityHashMap<>();
    for (int i = 0; i < holding.length; i++) {
      String condition = catalog.condition(i);
      Boolean holds = condition == null || condition.isEmpty() ? Boolean.TRUE : decided.get(condition);
      if (holds == null) {
        holds = target.holds(condition);
        decided.put(condition, holds);
      }
      if (holds) {
        holding[n++] = i;
        for (int op : catalog.opcodes(i)) {
          maxOp = Math.max(maxOp, op);
        }
      }
    }
    ids = Arrays.copyOf(holding, n);
    made = new AtomicReferenceArray<>(n);
    int[] counts = new int[maxOp + 1];
    for (int k = 0; k < n; k++) {
      for (int op : catalog.opcodes(ids[k])) {
        counts[op]++;
      }
    }
    byOpcodeIndex = new int[maxOp + 1][];
    int[] none = new int[0]; // most of the opcode range has no checker
    for (int op = 0; op <= maxOp; op++) {
      byOpcodeIndex[op] = counts[op] == 0 ? none : new int[counts[op]];
      counts[op] = 0;
    }
    for (int k = 0; k < n; k++) {
      for (int op : catalog.opcodes(ids[k])) {
        byOpcodeIndex[op][counts[op]++] = k;
      }
    }
  }

  private Map<String, Integer> byVuid() {
    Map<String, Integer> m = byVuid;
    if (m == null) {
      m = new HashMap<>();
      for (int k = 0; k < ids.length; k++) {
        m.put(catalog.vuid(ids[k]), k);
      }
      byVuid = m; // made at most once per racing thread; every copy is equal and never changed
    }
    return m;
  }

  /** The checker at {@code position}, made now if no module needed it yet (thread-safe, made once). */
  private Checker checker(int position) {
    Checker c = made.get(position);
    if (c == null) {
      long t0 = StartupTrace.ON ? System.nanoTime() : 0;
      c = catalog.create(ids[position]);
      if (!made.compareAndSet(position, null, c)) {
        c = made.get(position);
      }
      if (StartupTrace.ON) {
        StartupTrace.add("checkers (loaded on first use)", System.nanoTime() - t0);
      }
    }
    return c;
  }

  /**
   * What identifies this engine's checkers without loading them: a SHA-256 over each catalog
   * entry's VUID, condition and opcodes, and the target. A verdict cache keys on it, so an engine
   * with other rules never reads another's verdicts.
   */
  public String catalogFingerprint() {
    try {
      java.security.MessageDigest md = java.security.MessageDigest.getInstance("SHA-256");
      StringBuilder b = new StringBuilder(target.envName()).append('\n');
      for (int i = 0; i < catalog.size(); i++) {
        b.append(catalog.vuid(i)).append(' ').append(catalog.condition(i)).append(' ')
            .append(java.util.Arrays.toString(catalog.opcodes(i))).append('\n');
      }
      return java.util.HexFormat.of().formatHex(md.digest(b.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException("no SHA-256 in this Java", e);
    }
  }

  /** How many of the target's checkers have been loaded so far (lazy loading's own measure, for tests). */
  public int loadedCount() {
    int n = 0;
    for (int k = 0; k < made.length(); k++) {
      n += made.get(k) == null ? 0 : 1;
    }
    return n;
  }

  /** How many checkers the target's conditions leave to this engine (loaded or not). */
  public int checkersHolding() {
    return ids.length;
  }

  /** Whether the checker of {@code vuid} has been loaded (false also when the target leaves it out). */
  public boolean isLoaded(String vuid) {
    Integer k = byVuid().get(vuid);
    return k != null && made.get(k) != null;
  }

  /**
   * The checkers of {@code indexes} (positions) active on this module, deciding the module test
   * of each one not yet decided ({@code state}: 0 undecided, 1 active, 2 inactive). A checker
   * whose catalog test fails is never loaded.
   */
  private Checker[] active(int[] indexes, byte[] state, Facts facts, List<CheckerFailure> errors) {
    int n = 0;
    for (int k : indexes) {
      if (state[k] == 0) {
        state[k] = 2;
        try {
          if (catalog.applies(ids[k], facts)) {
            Checker c = checker(k);
            if (c.applies(facts)) {
              state[k] = 1;
            }
          }
        } catch (ModuleTimeLimit.Exceeded e) {
          throw e; // the module's budget is spent: no verdict, not a bug
        } catch (RuntimeException | StackOverflowError e) {
          errors.add(new CheckerFailure(made.get(k) != null ? made.get(k).info()
              : new RuleInfo(catalog.vuid(ids[k]), "", catalog.condition(ids[k]), "", "", ""), 0, e));
        }
      }
      n += state[k] == 1 ? 1 : 0;
    }
    Checker[] out = new Checker[n];
    n = 0;
    for (int k : indexes) {
      if (state[k] == 1) {
        out[n++] = made.get(k);
      }
    }
    return out;
  }

  /**
   * The checkers of a decoration opcode's dispatch row that one decoration instruction concerns:
   * those limited to its Decoration ({@link Checker#decorations}) and those limited to none, in
   * the row's order; made once per module, opcode and Decoration. About 60 checkers subscribe to
   * the decoration opcodes, each for one or a few decorations.
   */
  private static final class DecorationRows {
    private IdMap slots = IdMap.hashed();
    private final List<Checker[]> rows = new ArrayList<>();

    Checker[] row(Checker[] all, int[] words, int off) {
      int op = words[off] & 0xffff;
      int at = off + (Decorations.isMemberDecoration(op) ? 3 : 2);
      if (at >= off + (words[off] >>> 16)) {
        return all; // no Decoration operand: every checker decides (a parsed module always has one)
      }
      int decoration = words[at];
      if (decoration < 0 || decoration >= 1 << 27) {
        return all; // no Decoration the grammar knows (the parser rejects those): not keyed
      }
      // the key: the Decoration and which decoration opcode, never 0 (IdMap's empty key)
      int key = decoration * 8 + decorationOpcodeIndex(op) + 1;
      int slot = slots.get(key);
      if (slot >= 0) {
        return rows.get(slot);
      }
      List<Checker> out = new ArrayList<>(all.length);
      for (Checker c : all) {
        int[] only = c.decorations();
        if (only == null || contains(only, decoration)) {
          out.add(c);
        }
      }
      Checker[] row = out.toArray(new Checker[0]);
      slots.putIfAbsent(key, rows.size());
      rows.add(row);
      return row;
    }

    /** Forgets the rows (a checker was dropped from the dispatch table they were made from). */
    void clear() {
      slots = IdMap.hashed();
      rows.clear();
    }

    private static int decorationOpcodeIndex(int op) {
      return switch (op) {
        case Opcodes.OP_DECORATE -> 0;
        case Opcodes.OP_MEMBER_DECORATE -> 1;
        case Opcodes.OP_DECORATE_ID -> 2;
        case Opcodes.OP_MEMBER_DECORATE_ID_EXT -> 3;
        case Opcodes.OP_DECORATE_STRING -> 4;
        default -> 5;
      };
    }

    private static boolean contains(int[] values, int v) {
      for (int x : values) {
        if (x == v) {
          return true;
        }
      }
      return false;
    }
  }

  /**
   * Leaves a checker that threw out of the rest of this module: out of the dispatch table's
   * filled rows, and (its state set to inactive) out of the rows filled later.
   */
  private void drop(Checker c, byte[] state, Checker[][] dispatch) {
    for (int k = 0; k < state.length; k++) {
      if (made.get(k) == c) {
        state[k] = 2;
      }
    }
    for (int op = 0; op < dispatch.length; op++) {
      Checker[] row = dispatch[op];
      if (row != null && Arrays.asList(row).contains(c)) {
        dispatch[op] = Arrays.stream(row).filter(x -> x != c).toArray(Checker[]::new);
      }
    }
  }

  public Target target() {
    return target;
  }

  /** The checkers whose condition holds for the target (loads every one of them). */
  public List<Checker> checkers() {
    List<Checker> out = new ArrayList<>(ids.length);
    for (int k = 0; k < ids.length; k++) {
      out.add(checker(k));
    }
    return List.copyOf(out);
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
      List<Report.Obligation> pipelineNeeds, List<Report.Obligation> runTime) {}

  /** The checker of a rule this engine runs, for deciding its device obligations again. */
  public Checker checker(RuleInfo rule) {
    Integer k = byVuid().get(rule.vuid());
    if (k == null) {
      throw new IllegalArgumentException("no checker for " + rule.vuid());
    }
    return checker(k);
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
      specializer.checkFits(facts);
      facts.specialize(specializer);
    }
    Report report = new Report(maxPerRule);
    List<CheckerFailure> errors = new ArrayList<>();
    // The checkers whose module tests fail here are left out of this module's dispatch table,
    // which is filled per opcode the first time the module uses that opcode: only then are the
    // tests made and the checkers that pass them loaded. A checker that throws is taken out of
    // the table (see drop), so the loop below has nothing to look up per checker.
    byte[] state = new byte[ids.length];
    long deadline = ModuleTimeLimit.deadline();
    ModuleTimeLimit.check(deadline);
    Checker[][] dispatch = new Checker[byOpcodeIndex.length][];
    int[] starts = module.starts;
    int[] synthetic = module.syntheticStarts;
    int[] words = module.words;
    boolean groups = synthetic.length > 0;
    DecorationRows byDecoration = new DecorationRows();
    // The module's instructions, then the decorations its decoration groups apply (see
    // ModuleIndex): a group's own decorations are not subjects, their applications are.
    for (int k = 0, total = starts.length + synthetic.length; k < total; k++) {
      if ((k & (ModuleTimeLimit.POLL_EVERY - 1)) == 0) {
        ModuleTimeLimit.check(deadline);
      }
      int off = k < starts.length ? starts[k] : synthetic[k - starts.length];
      int op = words[off] & 0xffff;
      if (op >= dispatch.length || (groups && k < starts.length && module.decoratesGroup(off))) {
        continue;
      }
      Checker[] subscribed = dispatch[op];
      if (subscribed == null) {
        subscribed = active(byOpcodeIndex[op], state, facts, errors);
        dispatch[op] = subscribed;
      }
      if (subscribed.length > 1 && Decorations.isDecoration(op)) {
        subscribed = byDecoration.row(subscribed, words, off);
      }
      for (int i = 0; i < subscribed.length; i++) {
        Checker c = subscribed[i];
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
        } catch (ModuleTimeLimit.Exceeded e) {
          throw e; // the module's budget is spent: no verdict, not a bug
        } catch (RuntimeException | StackOverflowError e) {
          errors.add(new CheckerFailure(c.info(), off, e));
          drop(c, state, dispatch);
          byDecoration.clear();
          subscribed = dispatch[op];
          if (subscribed.length > 1 && Decorations.isDecoration(op)) {
            subscribed = byDecoration.row(subscribed, words, off);
          }
          i--; // the next checker moved into this place (the rows keep their order)
        }
      }
    }
    ModuleTimeLimit.check(deadline);
    List<Report.Failure> out = new ArrayList<>(report.failures());
    // Comparisons written out: the JDK's Comparator combinators make serializable lambdas, which
    // the AOT cache does not keep (see Findings.ORDER).
    out.sort((a, b) -> {
      int c = Integer.compare(a.offset(), b.offset());
      return c != 0 ? c : a.rule().vuid().compareTo(b.rule().vuid());
    });
    Map<RuleInfo, Integer> omitted = new TreeMap<>((a, b) -> a.vuid().compareTo(b.vuid()));
    report.omitted().forEach((rule, n) -> omitted.merge(rule, n, Integer::sum));
    return new Outcome(List.copyOf(out), omitted, List.copyOf(errors), facts, List.copyOf(report.obligations()),
        List.copyOf(report.pipelineNeeds()), List.copyOf(report.runTime()));
  }
}
