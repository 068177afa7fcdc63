package dev.vkrules.runtime.engine;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Runs the checkers applicable to a target over one module: one pass to index the module,
 * one pass over the instructions dispatching each to the checkers subscribed to its opcode.
 * Checkers are independent, so any number of VUIDs may fire on one module.
 */
public final class Engine {
  private final Target target;
  private final List<Checker> checkers;
  private final Checker[][] byOpcode;

  public Engine(List<Checker> all, Target target) {
    this.target = target;
    this.checkers = all.stream().filter(c -> target.holds(c.info().condition())).toList();
    List<List<Checker>> table = new ArrayList<>();
    for (Checker c : checkers) {
      for (int op : c.opcodes()) {
        while (table.size() <= op) {
          table.add(new ArrayList<>());
        }
        table.get(op).add(c);
      }
    }
    byOpcode = table.stream().map(l -> l.toArray(new Checker[0])).toArray(Checker[][]::new);
  }

  public Target target() {
    return target;
  }

  /** The checkers whose condition holds for the target. */
  public List<Checker> checkers() {
    return checkers;
  }

  /** Runs every applicable checker; the failures come back sorted by word offset, then VUID. */
  public List<Report.Failure> run(ModuleIndex module) {
    Facts facts = new Facts(module);
    Report report = new Report();
    int[] words = module.words;
    for (int off : module.starts) {
      int op = words[off] & 0xffff;
      if (op < byOpcode.length) {
        for (Checker c : byOpcode[op]) {
          c.check(facts, off, report);
        }
      }
    }
    List<Report.Failure> out = new ArrayList<>(report.failures());
    out.sort(Comparator.comparingInt(Report.Failure::offset).thenComparing(f -> f.rule().vuid()));
    return out;
  }
}
