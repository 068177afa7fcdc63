package dev.vkrules.runtime.engine;

/**
 * One compiled rule. Generated from a rule file by the generator's checker compiler; the
 * engine calls {@link #check} for every instruction whose opcode is in {@link #opcodes}.
 */
public interface Checker {
  RuleInfo info();

  /** The opcodes this checker subscribes to. */
  int[] opcodes();

  /** Checks the instruction at word offset {@code s}, adding at most one diagnostic per failing subject. */
  void check(Facts f, int s, Report out);
}
