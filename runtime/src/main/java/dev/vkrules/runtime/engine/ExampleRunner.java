package dev.vkrules.runtime.engine;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.TreeSet;

/**
 * Runs a rule's examples: an invalid example must raise exactly the rule's VUID (and the
 * other VUIDs its {@code also} declares), a valid one nothing. Used by the generated tests and by {@code vkrules rule-check}.
 */
public final class ExampleRunner {
  private ExampleRunner() {}

  /** The outcome of one example: the VUIDs raised, and a problem description or null when it passed. */
  public record Outcome(Target target, TreeSet<String> raised, String problem) {
    public boolean passed() {
      return problem == null;
    }
  }

  /** The target an example runs under: its own, else the highest one for which the rule's condition holds. */
  public static Target targetFor(String targetEnv, String condition) {
    if (targetEnv != null) {
      Target t = Target.parse(targetEnv);
      if (t == null) {
        throw new IllegalArgumentException("unknown target-env '" + targetEnv + "'");
      }
      return t;
    }
    Target t = Target.highestSatisfying(condition);
    if (t == null) {
      throw new IllegalArgumentException("the rule's condition holds for no target: " + condition);
    }
    return t;
  }

  public static Outcome run(List<Checker> checkers, String vuid, String condition, boolean invalid, String targetEnv,
      String asm) {
    return run(checkers, vuid, condition, invalid, targetEnv, asm, List.of());
  }

  /**
   * As {@link #run(List, String, String, boolean, String, String)}, for an invalid example that
   * must raise the {@code also} VUIDs besides {@code vuid} (the rules it cannot avoid breaking).
   */
  public static Outcome run(List<Checker> checkers, String vuid, String condition, boolean invalid, String targetEnv,
      String asm, List<String> also) {
    Target target = targetFor(targetEnv, condition);
    if (!target.holds(condition)) {
      return new Outcome(target, new TreeSet<>(), "the rule does not apply to " + target.envName());
    }
    byte[] binary;
    try {
      binary = Assembler.assemble(asm, target);
    } catch (IOException e) {
      return new Outcome(target, new TreeSet<>(), e.getMessage());
    }
    Validator.ValidationResult r = Validator.validate(ByteBuffer.wrap(binary), new Engine(checkers, target));
    TreeSet<String> raised = new TreeSet<>();
    for (Diagnostic d : r.diagnostics()) {
      raised.add(d.vuid().isEmpty() ? "malformed: " + d.message() : d.vuid());
    }
    String problem = null;
    TreeSet<String> expected = new TreeSet<>(also);
    expected.add(vuid);
    if (invalid && !raised.equals(expected)) {
      problem = "expected exactly " + (also.isEmpty() ? vuid : expected.toString()) + " under " + target.envName()
          + ", got " + (raised.isEmpty() ? "nothing" : raised);
    } else if (!invalid && !raised.isEmpty()) {
      problem = "expected nothing under " + target.envName() + ", got " + raised;
    }
    return new Outcome(target, raised, problem);
  }
}
