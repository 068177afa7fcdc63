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
   * {@code spirvVal} is null, or why spirv-val 2023.1 rejects this invalid example under
   * another VUID (the oracle cross-check then accepts any rejection, and reports it).
   * {@code also} lists the VUIDs an invalid example necessarily breaks besides the rule's own,
   * for a rule no module can break alone (empty for almost every example). {@code device} is the
   * device description the example runs against (null for none); {@code pipeline} the pipeline
   * description its module is a stage of (null for none: validated alone).
   */
  public record Example(String asm, String targetEnv, YNode.Pos pos, String spirvVal, List<String> also, YNode device,
      YNode pipeline) {
    public Example(String asm, String targetEnv, YNode.Pos pos, String spirvVal) {
      this(asm, targetEnv, pos, spirvVal, List.of(), null, null);
    }

    public Example(String asm, String targetEnv, YNode.Pos pos, String spirvVal, List<String> also, YNode device) {
      this(asm, targetEnv, pos, spirvVal, also, device, null);
    }

    /** The example's pipeline description as JSON (vkrules' own form), null when it has none. */
    public String pipelineJson() {
      return pipeline == null ? null : ExamplePipeline.toJson(pipeline);
    }

    /**
     * The example's device as a Vulkan Profiles document, null when it has none; names are
     * resolved against the vk.xml of the project holding {@code tablesDir}.
     */
    public String deviceJson(java.nio.file.Path tablesDir) {
      return device == null ? null : ExampleDevice.toProfileJson(device, DeviceRegistry.forTables(tablesDir));
    }
  }

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
      List<Example> valid,
      CompilersEmit compilersEmit) {

    /** Without a {@code compilers-emit} review (the form most code and tests build). */
    public Authored(String status, String reviewedHash, String message, YNode check, String nativeName,
        String justification, String reason, List<Example> invalid, List<Example> valid) {
      this(status, reviewedHash, message, check, nativeName, justification, reason, invalid, valid, null);
    }
  }

  /**
   * The {@code compilers-emit} review: why a finding of the rule is right by the spec's words
   * though common compilers emit such modules ({@code reason}, one line), and where that is
   * said ({@code references}: https URLs, the spec's words first, then the upstream discussion).
   */
  public record CompilersEmit(String reason, List<String> references) {}

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
