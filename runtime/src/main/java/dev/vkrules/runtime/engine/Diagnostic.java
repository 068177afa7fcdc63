package dev.vkrules.runtime.engine;

/**
 * One finding. {@code vuid} is empty for a malformed module. {@code instruction} is the
 * offending instruction as disassembly and {@code wordOffset} its position (-1 when the
 * finding is about the module as a whole).
 */
public record Diagnostic(String vuid, String message, String instruction, int wordOffset, String specText) {
  /** {@code [VUID-...] Message.} */
  public String headline() {
    return vuid.isEmpty() ? message : "[" + vuid + "] " + message;
  }
}
