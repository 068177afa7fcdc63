package dev.vkrules.runtime.requirements;

/**
 * One result of the capability and extension checks. {@code instruction} is the offending
 * instruction's disassembly, empty when the finding is about something missing.
 */
public record RequirementFinding(Vuid vuid, Severity severity, String message, int wordOffset, String instruction) {
  public enum Severity {
    /** The module breaks the rule for this target and device. */
    ERROR,
    /** The rule depends on the device, and no device description was given: neither passed nor failed. */
    NEEDS_DEVICE_INFO
  }

  /** {@code [VUID-...] Message.} as the first line of a diagnostic. */
  public String headline() {
    return "[" + vuid.id() + "] " + message;
  }
}
