package dev.vkrules.generator;

/**
 * A problem with the generator's input (a rule file, a spec source, an argument).
 *
 * <p>The message is a lower-case fragment that ends with the position, for example
 * {@code "rules/x.yaml:12:5: unknown opcode OpFoo, did you mean OpFunction"}; the command
 * line prints it on one line, without a stack trace, and exits 2.
 */
public class GeneratorException extends RuntimeException {
  public GeneratorException(String message) {
    super(message);
  }

  public GeneratorException(String message, Throwable cause) {
    super(message, cause);
  }
}
