package dev.vkrules.runtime.engine;

import java.util.List;

/**
 * The checkers an {@link Engine} may run, described without loading them: each one's VUID,
 * condition, opcodes and module test are plain data and code in one class (the generated
 * {@code CheckerRegistry}), and a checker's own class is loaded and instantiated only by
 * {@link #create}, when a module first needs it. So a run on a fragment shader never loads the
 * mesh, ray-tracing or tensor checkers, nor those subscribed to opcodes the module lacks.
 */
public interface CheckerCatalog {
  /** How many checkers, indexed 0 .. size-1 (sorted by VUID in the generated catalog). */
  int size();

  String vuid(int i);

  /** The checker's condition, as {@link RuleInfo#condition()} (for {@link Target#holds}). */
  String condition(int i);

  /** The opcodes the checker subscribes to, as {@link Checker#opcodes()}; callers must not modify it. */
  int[] opcodes(int i);

  /**
   * The checker's module test without loading it: false when {@link Checker#applies} is false
   * for this module (true when it cannot say; the loaded checker's own test then decides).
   */
  boolean applies(int i, Facts f);

  /** A new instance of checker {@code i}: its class is loaded on the first call. */
  Checker create(int i);

  /** A catalog of checkers already made (tests, rule-check): their own data, no module test ahead. */
  static CheckerCatalog of(List<Checker> checkers) {
    List<Checker> list = List.copyOf(checkers);
    return new CheckerCatalog() {
      @Override
      public int size() {
        return list.size();
      }

      @Override
      public String vuid(int i) {
        return list.get(i).info().vuid();
      }

      @Override
      public String condition(int i) {
        return list.get(i).info().condition();
      }

      @Override
      public int[] opcodes(int i) {
        return list.get(i).opcodes();
      }

      @Override
      public boolean applies(int i, Facts f) {
        return true;
      }

      @Override
      public Checker create(int i) {
        return list.get(i);
      }
    };
  }
}
