package dev.vkrules.runtime.engine;

import dev.vkrules.runtime.engine.base.CountedPart;
import dev.vkrules.runtime.spirv.debug.SourceLocation;
import dev.vkrules.runtime.spirv.debug.Subject;
import java.util.List;

/**
 * One finding. {@code vuid} is empty for a malformed module. {@code instruction} is the
 * offending instruction as disassembly and {@code wordOffset} its position (-1 when the
 * finding is about the module as a whole). {@code severity} tells a broken rule from one that
 * could not be decided without a device description, and both from vkrules' own failure.
 * {@code source} is where it lands in the shader's source; {@code parts} is what a rule that adds
 * things up counted (the variables of a shared-memory sum, the Locations of an interface), largest
 * first; empty for every other finding.
 */
public record Diagnostic(String vuid, String message, String instruction, int wordOffset, String specText,
    Severity severity, Source source, List<CountedPart> parts) {

  public Diagnostic {
    source = source == null ? Source.NONE : source;
    parts = parts == null ? List.of() : List.copyOf(parts);
  }

  /**
   * Where the finding lands in the shader's source and what it is about, from the module's debug
   * information and names ({@link dev.vkrules.runtime.spirv.debug.SourceMap}): {@code location}
   * null without debug information, {@code subject} null when the instruction names nothing.
   */
  public record Source(SourceLocation location, Subject subject) {
    public static final Source NONE = new Source(null, null);
  }

  /** A finding without a source location (as a module without debug information reports). */
  public Diagnostic(String vuid, String message, String instruction, int wordOffset, String specText,
      Severity severity) {
    this(vuid, message, instruction, wordOffset, specText, severity, Source.NONE, List.of());
  }

  /** A finding with what it counted, not yet placed in the source. */
  public Diagnostic(String vuid, String message, String instruction, int wordOffset, String specText,
      Severity severity, List<CountedPart> parts) {
    this(vuid, message, instruction, wordOffset, specText, severity, Source.NONE, parts);
  }

  /** The same finding with its parts placed in the source too. */
  public Diagnostic withParts(List<CountedPart> placed) {
    return new Diagnostic(vuid, message, instruction, wordOffset, specText, severity, source, placed);
  }

  /** The same finding placed at {@code source}. */
  public Diagnostic withSource(Source source) {
    return new Diagnostic(vuid, message, instruction, wordOffset, specText, severity, source, parts);
  }

  /** The source location, or null. */
  public SourceLocation location() {
    return source.location();
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
    INTERNAL_ERROR,
    /**
     * The module breaks the rule, and the run reports that rule as a warning: a finding the project
     * reviewed as right by the spec's words though common compilers emit it, under {@code validate}'s
     * compiler-compatibility preset. The engine itself never reports one; it fails no run unless asked.
     */
    WARNING
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

  /** A rule the run could not decide: it needs device information, a pipeline description or the run time. */
  public boolean isUndecided() {
    return severity == Severity.NEEDS_DEVICE_INFO || severity == Severity.NEEDS_PIPELINE || severity == Severity.RUN_TIME;
  }

  /** This finding with another severity (the same rule, message and place). */
  public Diagnostic withSeverity(Severity s) {
    return s == severity ? this : new Diagnostic(vuid, message, instruction, wordOffset, specText, s, source, parts);
  }
}
