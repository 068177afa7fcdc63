package dev.vkrules.generator;

/**
 * A problem with the generator's input (a rule file, a spec source, an argument).
 *
 * <p>The message is a lower-case fragment that ends with the position, for example
 * {@code "rules/x.yaml:12:5: unknown opcode OpFoo, did you mean OpFunction"}; the command
 * line prints it on one line, without a stack trace, and exits 2. Input quoted in it (an
 * anchor cut by a line break, a YAML string with a newline) has its control characters
 * escaped, {@code \n}, so the message stays one line.
 */
public class GeneratorException extends RuntimeException {
  public GeneratorException(String message) {
    super(oneLine(message));
  }

  public GeneratorException(String message, Throwable cause) {
    super(oneLine(message), cause);
  }

  static String oneLine(String message) {
    if (message == null || message.chars().noneMatch(GeneratorException::breaksALine)) {
      return message;
    }
    StringBuilder b = new StringBuilder(message.length() + 8);
    message.chars().forEach(c -> {
      switch (c) {
        case '\n' -> b.append("\\n");
        case '\r' -> b.append("\\r");
        case '\t' -> b.append("\\t");
        default -> b.append(breaksALine(c) ? String.format("\\u%04x", c) : String.valueOf((char) c));
      }
    });
    return b.toString();
  }

  private static boolean breaksALine(int c) {
    return c < 0x20 || c == 0x7f || c == 0x85 || c == 0x2028 || c == 0x2029;
  }
}
