package dev.vkrules.runtime.spirv;

/**
 * A problem found while reading a module: a lower-case fragment ending with its position,
 * such as {@code "instruction at word 57 claims 9 words but 4 remain"}.
 *
 * @param word the word offset the message is about (0 is the magic number)
 */
public record ParseProblem(int word, String message) {
  @Override
  public String toString() {
    return message;
  }
}
