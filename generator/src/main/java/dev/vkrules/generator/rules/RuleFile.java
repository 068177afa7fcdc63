package dev.vkrules.generator.rules;

import java.util.List;

/**
 * One rule file ({@code rules/standalone/VUID-....yaml}): the extracted facts the compiler
 * needs and the authored logic. See docs/rule-files.md and docs/rule-language.md.
 */
public record RuleFile(
    String file,
    String vuid,
    String section,
    List<Condition> conditions,
    String text,
    String hash,
    boolean removed,
    Authored authored) {

  /** One level of the ifdef/ifndef stack guarding the VUID. */
  public record Condition(String directive, String expression) {}

  /**
   * An example module: SPIR-V assembly, and the target environment to run it under.
   * {@code spirvVal} is null, or why spirv-val rejects this invalid example under another
   * VUID (the oracle cross-check then accepts any rejection, and reports it). {@code also}
   * lists the other rules an invalid example must raise besides this one (empty for most).
   */
  public record Example(String asm, String targetEnv, YNode.Pos pos, String spirvVal, List<Also> also) {
    public Example {
      also = List.copyOf(also);
    }

    public Example(String asm, String targetEnv, YNode.Pos pos, String spirvVal) {
      this(asm, targetEnv, pos, spirvVal, List.of());
    }

    /** The VUIDs of {@link #also}, in file order. */
    public List<String> alsoVuids() {
      return also.stream().map(Also::vuid).toList();
    }
  }

  /**
   * Another rule an invalid example breaks of necessity (the spec's rules overlap so that no
   * module breaks this one alone), and why: the example must raise exactly its own VUID and these.
   */
  public record Also(String vuid, String why, YNode.Pos pos) {}

  /** The authored part. {@code check} is null unless the status is declarative or native. */
  public record Authored(
      String status,
      String reviewedHash,
      String message,
      YNode check,
      String nativeName,
      String justification,
      String reason,
      List<Example> invalid,
      List<Example> valid) {}

  /** The name shared by the checker and test classes: VUID without "VUID-" and dashes. */
  public String derivedName() {
    return derivedName(vuid);
  }

  public static String derivedName(String vuid) {
    return vuid.replaceFirst("^VUID-", "").replace("-", "");
  }

  /** True when this rule has a check to compile. */
  /**
   * Whether the rule is compiled into a checker: it has a check and its VUID is still in the
   * spec. A VUID that left the spec ({@code extracted.removed: true}) keeps its authored part
   * for the maintainer to move or retire, but must not be reported any more.
   */
  public boolean executable() {
    return authored.check() != null && !removed;
  }

  /** The condition stack in the runtime's string form: {@code ifdef:EXPR;ifndef:EXPR}. */
  public String conditionString() {
    StringBuilder b = new StringBuilder();
    for (Condition c : conditions) {
      if (b.length() > 0) {
        b.append(';');
      }
      b.append(c.directive()).append(':').append(c.expression());
    }
    return b.toString();
  }
}
