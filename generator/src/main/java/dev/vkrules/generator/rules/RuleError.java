package dev.vkrules.generator.rules;

import dev.vkrules.generator.GeneratorException;

/** A problem in a rule file: {@code file:line:column: lower-case fragment}, as compilers print. */
public final class RuleError extends GeneratorException {
  private static final long serialVersionUID = 1L;
  private final transient YNode.Pos pos;
  private final String fragment;

  public RuleError(YNode.Pos pos, String fragment) {
    super(pos + ": " + fragment);
    this.pos = pos;
    this.fragment = fragment;
  }

  public YNode.Pos pos() {
    return pos;
  }

  public String fragment() {
    return fragment;
  }
}
