package dev.vkrules.runtime.engine;

import java.util.List;

/**
 * One finding. {@code vuid} is empty for a malformed module. {@code instruction} is the
 * offending instruction as disassembly and {@code wordOffset} its position (-1 when the
 * finding is about the module as a whole). {@code severity} tells a broken rule from one that
 * could not be decided without a device description, and both from vkrules' own failure.
 * {@code parts} is what a rule that adds things up counted (the variables of a shared-memory
 * sum, the Locations of an interface), largest first; empty for every other finding.
 */
public record Diagnostic(String vuid, String message, String instruction, int wordOffset, String specText,
    Severity severity, List<Part> parts) {

  /**
   * One thing a summing rule counted: its display name (the {@code OpName}, {@code Block.member}
   * for a member of a block, {@code %id} when unnamed), its size in {@code unit} ({@code bytes},
   * {@code Locations}, {@code descriptors}), and the word offset of the instruction declaring it
   * (the OpVariable; for a member, its OpTypeStruct).
   */
  public record Part(String name, long size, String unit, int wordOffset) {}

  public Diagnostic {
    parts = parts == null ? List.of() : List.copyOf(parts);
  }

  /** A finding without parts. */
  public Diagnostic(String vuid, String message, String instruction, int wordOffset, String specText,
      Severity severity) {
    this(vuid, message, instruction, wordOffset, specText, severity, List.of());
  }

  /** How a finding counts. */
  public enum Severity {
    /** The module breaks the rule. */
    ERROR,
    /** The rule depends on the device and no profile was given: neither passed nor failed. */
    NEEDS_DEVICE_INFO,
    /**
     * The rule depends on pipeline state (linked stages, specialization, flags, layouts) and the
     * module was validated without a pipeline description ({@code --pipeline}): neither passed nor failed.
     */
    NEEDS_PIPELINE,
    /**
     * The pipeline description leaves the verdict to an object or value given only at run time
     * (a sampler written to a binding without immutable samplers): neither passed nor failed.
     */
    RUN_TIME,
    /** vkrules itself failed while checking (a bug): the module got no verdict for this rule. */
    INTERNAL_ERROR
  }

  /** An error (the form every generated checker reports). */
  public Diagnostic(String vuid, String message, String instruction, int wordOffset, String specText) {
    this(vuid, message, instruction, wordOffset, specText, Severity.ERROR);
  }

  /** {@code [VUID-...] Message.} */
  public String headline() {
    return vuid.isEmpty() ? message : "[" + vuid + "] " + message;
  }

  public boolean isError() {
    return severity == Severity.ERROR;
  }

  public boolean isInternalError() {
    return severity == Severity.INTERNAL_ERROR;
  }
}
