package dev.vkrules.runtime.engine.natives;

import dev.vkrules.runtime.engine.Facts;
import dev.vkrules.runtime.engine.module.StaticCallGraph;

/**
 * Native predicate for entry points: the static call graph reachable from the entry point
 * has no cycle. Cycle detection over a graph is an algorithm, not a declarative fact,
 * hence native (see the rule file's justification).
 */
public final class NoStaticRecursion {
  private NoStaticRecursion() {}

  public static boolean test(Facts f, int entryPoint) {
    return !StaticCallGraph.of(f).hasCycleFrom(entryPoint);
  }
}
