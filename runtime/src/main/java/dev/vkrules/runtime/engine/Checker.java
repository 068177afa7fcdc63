package dev.vkrules.runtime.engine;

/**
 * One compiled rule. Generated from a rule file by the generator's checker compiler; for a
 * module the checker {@link #applies} to, the engine calls {@link #check} for every instruction
 * whose opcode is in {@link #opcodes}.
 */
public interface Checker {
  RuleInfo info();

  /** The opcodes this checker subscribes to. */
  int[] opcodes();

  /**
   * Whether the rule can concern this module at all: the tests of module facts in its where
   * (declared capabilities, execution models, ...), made once per module instead of per subject.
   */
  default boolean applies(Facts f) {
    return true;
  }

  /**
   * The decorations a checker of decoration instructions is limited to (its subject's, such as
   * {@code for: {decoration: [Component]}}), or null for any instruction of its opcodes: the
   * engine offers it only the decoration instructions whose Decoration is one of these, as its
   * check would do nothing with the others. Callers must not modify the array.
   */
  default int[] decorations() {
    return null;
  }

  /**
   * Whether the check compares a measure that adds things up (shared memory, Locations, ...) with
   * a limit: an undecided finding of it lists what the measure counted, found by running it again.
   */
  default boolean sums() {
    return false;
  }

  /** Checks the instruction at word offset {@code s}, adding at most one diagnostic per failing subject. */
  void check(Facts f, int s, Report out);
}
