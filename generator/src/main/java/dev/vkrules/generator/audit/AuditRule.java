package dev.vkrules.generator.audit;

import java.util.List;

/**
 * What the audit needs to know of one rule file: the extracted facts and the authored status.
 *
 * @param vuid the full VUID string
 * @param file the rule file, relative to the rules directory ({@code standalone/VUID-...yaml})
 * @param section {@code StandaloneSpirv} or {@code RuntimeSpirv}
 * @param condition the validusage.json condition key ({@code core} when unconditional)
 * @param conditions the ifdef/ifndef stack, outermost first
 * @param hash the extracted text hash
 * @param stale whether the authored part was reviewed against another text
 * @param status the authored status
 * @param reason why a not-checkable rule cannot be checked offline (else null)
 * @param reviewedHash the hash the authored part was reviewed against (null if none)
 * @param text the spec's text of the VUID, as extracted
 * @param validExamples number of valid examples
 * @param invalidExamples number of invalid examples
 * @param retired whether the VUID left the spec: the file is under {@code retired/} or its
 *     extracted part says {@code removed: true} (extract moves such rules there); a retired rule
 *     is no VUID of the appendix
 * @param pipeline whether the rule is decided only when the module is validated as a stage of a
 *     pipeline ({@code validate --pipeline}), its pipeline reach: a rule of the pipeline create infos
 *     (under {@code pipeline/}, checked against the description's layout) or one whose check reads
 *     pipeline state ({@code pipeline:} predicates); other checked rules are decided from the module
 *     (and device) alone
 */
public record AuditRule(
    String vuid,
    String file,
    String section,
    String condition,
    List<Conditional> conditions,
    String source,
    String hash,
    boolean stale,
    Status status,
    String reason,
    String reviewedHash,
    int validExamples,
    int invalidExamples,
    String text,
    boolean retired,
    boolean pipeline) {
  public AuditRule {
    conditions = List.copyOf(conditions);
  }

  /** A rule that reads no pipeline state. */
  public AuditRule(String vuid, String file, String section, String condition, List<Conditional> conditions,
      String source, String hash, boolean stale, Status status, String reason, String reviewedHash, int validExamples,
      int invalidExamples, String text, boolean retired) {
    this(vuid, file, section, condition, conditions, source, hash, stale, status, reason, reviewedHash, validExamples,
        invalidExamples, text, retired, false);
  }

  /** "pipeline" for a checked rule decided under --pipeline only, "module" for another checked rule, else null. */
  public String reach() {
    if (status != Status.DECLARATIVE && status != Status.NATIVE) {
      return null;
    }
    return pipeline ? "pipeline" : "module";
  }

  /**
   * The derived name shared by the rule's checker and test classes: the VUID without its
   * {@code VUID-} prefix and dashes ({@code StandaloneSpirvNone04633}).
   */
  public String derivedName() {
    return derivedName(vuid);
  }

  public static String derivedName(String vuid) {
    String s = vuid.startsWith("VUID-") ? vuid.substring(5) : vuid;
    return s.replace("-", "");
  }

  /** Whether the authored part was written for a text that is no longer the spec's. */
  public boolean isStale() {
    return stale || (reviewedHash != null && !reviewedHash.equals(hash));
  }
}
