package dev.vkrules.runtime.engine.module;

/** The bytes are not a well-formed SPIR-V module; the message ends with the word offset. */
public final class MalformedModuleException extends Exception {
  private static final long serialVersionUID = 1L;

  public MalformedModuleException(String message) {
    super(message);
  }
}
