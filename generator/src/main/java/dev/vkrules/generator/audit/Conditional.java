package dev.vkrules.generator.audit;

import dev.vkrules.generator.GeneratorException;

/**
 * One entry of the ifdef/ifndef stack that guards a VUID, as the rule files record it:
 * {@code {directive: ifdef, expression: VK_VERSION_1_2,VK_KHR_vulkan_memory_model}}.
 */
public record Conditional(String directive, String expression) {
  public Conditional {
    if (!directive.equals("ifdef") && !directive.equals("ifndef")) {
      throw new GeneratorException("unknown directive '" + directive + "', expected ifdef or ifndef");
    }
    if (expression.isBlank()) {
      throw new GeneratorException("empty " + directive + " expression");
    }
  }

  public boolean ifndef() {
    return directive.equals("ifndef");
  }

  /** The validusage.json spelling of this entry: {@code (EXPR)} or {@code !(EXPR)}. */
  public String key() {
    return (ifndef() ? "!(" : "(") + expression + ")";
  }

  @Override
  public String toString() {
    return directive + "::" + expression;
  }
}
