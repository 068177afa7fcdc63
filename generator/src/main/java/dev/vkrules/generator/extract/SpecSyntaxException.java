package dev.vkrules.generator.extract;

import dev.vkrules.generator.GeneratorException;

/** Malformed spec input; the message is one line ending with {@code at FILE:LINE}. */
public final class SpecSyntaxException extends GeneratorException {
  public SpecSyntaxException(String what, String file, int line) {
    super(what + " at " + file + ":" + line);
  }

  public SpecSyntaxException(String what, String file) {
    super(what + " at " + file);
  }
}
